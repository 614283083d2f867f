import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ESCAPING_SYMLINKS, type PathTrick, UPPER_CASE_WORKSPACE_TOKEN, WORKSPACE_TOKEN } from '../../reliability/corpora/pathTricks';

export interface PathTrickWorkspace {
  /** The workspace folder, holding the corpus's escaping links. */
  workspace: string;
  /** A folder beside it, holding `secret.txt`: what the tricks try to reach. */
  outside: string;
  /** The trick's path as a tool would receive it, placeholders filled in. */
  pathOf(trick: PathTrick): string;
  remove(): void;
}

const LINK_TARGETS = { 'outside folder': '', 'outside file': 'secret.txt', 'missing outside file': 'not-yet.txt' } as const;

/** A temporary workspace, with `docs/`, a folder beside it holding a secret, and the links of ESCAPING_SYMLINKS. */
export function pathTrickWorkspace(): PathTrickWorkspace {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'path-tricks-'));
  const workspace = path.join(root, 'workspace');
  const outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(workspace, 'docs'), { recursive: true });
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'not for tools');
  for (const { link, target } of ESCAPING_SYMLINKS) fs.symlinkSync(path.join(outside, LINK_TARGETS[target]), path.join(workspace, link));
  return {
    workspace,
    outside,
    pathOf: (trick) => trick.path.replace(WORKSPACE_TOKEN, workspace).replace(UPPER_CASE_WORKSPACE_TOKEN, workspace.toUpperCase()),
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

// The path-trick corpus for the workspace tools: the fixture's links really lead out of the
// workspace, and every trick must be refused by the tools' path resolution.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ESCAPING_SYMLINKS, PATH_TRICKS, type PathTrickKind } from '../../reliability/corpora/pathTricks';
import { resolveInWorkspace } from '../../../src/workspace/pathPolicy';
import { realpathFollowingLinks } from '../../../src/workspace/realpath';
import { pathTrickWorkspace } from './pathTrickWorkspace';

const KINDS: readonly PathTrickKind[] = [
  'parent segments',
  'absolute path',
  'backslashes',
  'symlink',
  'unicode',
  'case',
  'control characters',
  'windows names',
];

test('the corpus covers every kind of trick, each path once', () => {
  assert.equal(new Set(PATH_TRICKS.map((t) => t.path)).size, PATH_TRICKS.length);
  for (const kind of KINDS) assert.ok(PATH_TRICKS.filter((t) => t.kind === kind).length >= 3, kind);
});

test("the fixture's links lead out of the workspace, so a resolver that follows them would escape", () => {
  const fixture = pathTrickWorkspace();
  try {
    for (const { link } of ESCAPING_SYMLINKS) {
      const target = path.resolve(path.dirname(path.join(fixture.workspace, link)), fs.readlinkSync(path.join(fixture.workspace, link)));
      assert.ok(target.startsWith(`${fixture.outside}${path.sep}`) || target === fixture.outside, `${link} → ${target}`);
    }
    assert.equal(fs.readFileSync(path.join(fixture.workspace, 'linked-outside', 'secret.txt'), 'utf8'), 'not for tools');
    const sibling = PATH_TRICKS.find((t) => t.path.endsWith('-sibling/secret.txt'));
    assert.ok(sibling && fixture.pathOf(sibling).startsWith(fixture.workspace), 'the sibling trick shares the workspace path as a prefix');
  } finally {
    fixture.remove();
  }
});

test("every trick is refused by the tools' workspace path resolution", () => {
  const fixture = pathTrickWorkspace();
  try {
    const resolved = PATH_TRICKS.flatMap((trick) => {
      const result = resolveInWorkspace([fixture.workspace], fixture.pathOf(trick), realpathFollowingLinks);
      return result.ok ? [`${trick.kind}: ${JSON.stringify(trick.path)} → ${result.path}`] : [];
    });
    assert.deepEqual(resolved, []);
    assert.ok(resolveInWorkspace([fixture.workspace], 'docs/readme.md', realpathFollowingLinks).ok, 'an ordinary path of the fixture still resolves');
  } finally {
    fixture.remove();
  }
});

/**
 * Paths a model may pass to a workspace tool to reach outside the workspace
 * or into files that run code. Every one must be refused by the tools'
 * workspace path resolution, on every platform.
 */

export type PathTrickKind = 'parent segments' | 'absolute path' | 'backslashes' | 'symlink' | 'unicode' | 'case' | 'control characters' | 'windows names';

export interface PathTrick {
  kind: PathTrickKind;
  /** As a tool call's arguments would carry it, with WORKSPACE_TOKEN or UPPER_CASE_WORKSPACE_TOKEN for the workspace folder. */
  path: string;
  /** Why it is dangerous. */
  why: string;
}

/** Placeholder in PathTrick.path for the workspace folder's absolute path. */
export const WORKSPACE_TOKEN = '<workspace>';
/** Placeholder for that path in upper case: another folder on a case-sensitive file system. */
export const UPPER_CASE_WORKSPACE_TOKEN = '<WORKSPACE>';

/**
 * Links a test creates inside the workspace before trying the tricks, each
 * pointing out of it: at a folder beside the workspace (`outside/`, holding
 * `secret.txt`), at that file, or at a file that does not exist yet (a write
 * through it would create a file outside).
 */
export const ESCAPING_SYMLINKS: ReadonlyArray<{ link: string; target: 'outside folder' | 'outside file' | 'missing outside file' }> = [
  { link: 'linked-outside', target: 'outside folder' },
  { link: 'docs/linked-secret.txt', target: 'outside file' },
  { link: 'dangling.txt', target: 'missing outside file' },
];

export const PATH_TRICKS: readonly PathTrick[] = [
  { kind: 'parent segments', path: '../secret.txt', why: 'the parent of the workspace' },
  { kind: 'parent segments', path: '../../etc/passwd', why: 'climbs to the file system root' },
  { kind: 'parent segments', path: 'docs/../../secret.txt', why: 'a folder, then out through it' },
  { kind: 'parent segments', path: './../secret.txt', why: 'a dot segment first' },
  { kind: 'parent segments', path: 'docs/./../.././secret.txt', why: 'dot and dot-dot segments mixed' },
  { kind: 'parent segments', path: '..', why: 'the parent folder itself' },
  { kind: 'parent segments', path: `docs/${'../'.repeat(40)}etc/passwd`, why: 'more parent segments than folders' },
  { kind: 'parent segments', path: 'docs//..//..//secret.txt', why: 'doubled separators' },
  { kind: 'parent segments', path: `${WORKSPACE_TOKEN}/../secret.txt`, why: 'the workspace path, then out of it' },
  { kind: 'parent segments', path: `${WORKSPACE_TOKEN}-sibling/secret.txt`, why: 'shares the workspace path as a string prefix' },
  { kind: 'absolute path', path: '/etc/passwd', why: 'a POSIX absolute path' },
  { kind: 'absolute path', path: '/tmp/written-by-a-tool.txt', why: 'a writable folder outside' },
  { kind: 'absolute path', path: '~/.ssh/authorized_keys', why: 'the home folder, as a shell expands it' },
  { kind: 'absolute path', path: 'file:///etc/passwd', why: 'a file URI' },
  { kind: 'absolute path', path: 'C:\\Windows\\System32\\drivers\\etc\\hosts', why: 'a Windows drive path' },
  { kind: 'absolute path', path: 'C:/Windows/win.ini', why: 'a Windows drive path with slashes' },
  { kind: 'absolute path', path: 'c:secret.txt', why: 'a drive-relative Windows path' },
  { kind: 'absolute path', path: '\\\\attacker\\share\\payload.txt', why: 'a UNC share (also leaks credentials on Windows)' },
  { kind: 'absolute path', path: '//attacker/share/payload.txt', why: 'a UNC share with slashes' },
  { kind: 'absolute path', path: '\\\\?\\C:\\Windows\\win.ini', why: 'a Windows extended-length path' },
  { kind: 'absolute path', path: '\\Windows\\win.ini', why: 'rooted on the current drive' },
  { kind: 'backslashes', path: '..\\secret.txt', why: 'a parent segment with a Windows separator' },
  { kind: 'backslashes', path: 'docs\\..\\..\\secret.txt', why: 'out through a folder, Windows separators' },
  { kind: 'backslashes', path: 'docs/..\\../secret.txt', why: 'mixed separators' },
  { kind: 'backslashes', path: '..\\..\\..\\etc\\passwd', why: 'climbs with Windows separators' },
  { kind: 'symlink', path: 'linked-outside/secret.txt', why: 'a folder link pointing outside' },
  { kind: 'symlink', path: 'linked-outside/new-file.txt', why: 'creates a file through a folder link' },
  { kind: 'symlink', path: 'docs/linked-secret.txt', why: 'a file link pointing outside' },
  { kind: 'symlink', path: 'dangling.txt', why: 'writing through a dangling link creates its target outside' },
  { kind: 'symlink', path: 'linked-outside/../../secret.txt', why: 'parent segments after a link' },
  { kind: 'unicode', path: '\uFF0E\uFF0E/secret.txt', why: 'fullwidth full stops normalise (NFKC) to ..' },
  { kind: 'unicode', path: '..\uFF0Fsecret.txt', why: 'a fullwidth solidus normalises to /' },
  { kind: 'unicode', path: '..\u2215secret.txt', why: 'a division slash, read as / by some tools' },
  { kind: 'unicode', path: '\u2024\u2024/secret.txt', why: 'one-dot leaders normalise to ..' },
  { kind: 'unicode', path: '..\uFE68secret.txt', why: 'a small reverse solidus normalises to \\' },
  { kind: 'unicode', path: '\u202Etxt.terces/../..', why: 'a right-to-left override hides the real order' },
  { kind: 'case', path: `${UPPER_CASE_WORKSPACE_TOKEN}/secret.txt`, why: 'equal to the workspace path ignoring case, yet another folder here' },
  { kind: 'case', path: '.GIT/hooks/pre-commit', why: 'a git hook runs code; a case-insensitive file system maps it to .git' },
  { kind: 'case', path: '.Git/config', why: 'git config can run commands (core.fsmonitor); .git under another case' },
  { kind: 'case', path: '.VSCode/tasks.json', why: 'workspace tasks run commands; .vscode under another case' },
  { kind: 'control characters', path: 'docs/readme.md\u0000/../../../etc/passwd', why: 'a NUL byte cuts the path in native code' },
  { kind: 'control characters', path: '../secret.txt\n', why: 'a trailing newline hides the segment' },
  { kind: 'control characters', path: '..\t/secret.txt', why: 'a tab inside a parent segment' },
  { kind: 'windows names', path: '.. /secret.txt', why: 'Windows drops trailing spaces: a parent segment' },
  { kind: 'windows names', path: '..../secret.txt', why: 'Windows drops trailing dots: a parent segment' },
  { kind: 'windows names', path: 'docs/CON', why: 'a Windows device name' },
  { kind: 'windows names', path: 'secret.txt::$DATA', why: 'an NTFS alternate data stream' },
];

/**
 * VS Code's glob syntax (`**`, `*`, `?`, `{a,b}`, `[abc]`) as a test of
 * workspace-relative paths with '/' separators. Pure. Used where ripgrep
 * cannot take the include itself: its `--glob` lets a file through that a
 * .gitignore ignores.
 */
import { expandBraces } from './excludeGlobs';

export function globMatcher(glob: string): (relativePath: string) => boolean {
  const patterns = expandBraces(glob.replace(/^\.?\//, '')).map(globRegExp);
  return (relativePath) => patterns.some((pattern) => pattern.test(relativePath));
}

function globRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` matches any number of folders, including none; a final `**` anything.
      const slash = glob[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) source += '\\[';
      else {
        source += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

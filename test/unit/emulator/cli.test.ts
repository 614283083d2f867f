import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

test('the CLI prints its address and key, serves, and closes on SIGINT', async () => {
  const child = spawn(process.execPath, [join(__dirname, '../../emulator/main.js'), '--port', '0', '--key', 'cli-key', '--rate', '100'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  while (!output.includes('\n') || output.split('\n').length < 3) {
    const [chunk] = (await once(child.stdout, 'data')) as [string];
    output += chunk;
  }
  const [first, second] = output.split('\n');
  const match = /^Gateway emulator listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)$/.exec(first ?? '');
  assert.ok(match, first);
  assert.match(second ?? '', /cli-key/);
  const res = await fetch(`${match[1]}/models`, { headers: { authorization: 'Bearer cli-key' } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-ratelimit-limit-requests'), '100');
  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  assert.equal(code, 0);
});

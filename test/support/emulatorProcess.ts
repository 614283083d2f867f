import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

export interface EmulatorProcess {
  url: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** The emulator in a process of its own, so a test can measure the client's memory alone. */
export async function startEmulatorProcess(args: string[] = []): Promise<EmulatorProcess> {
  const main = path.resolve(__dirname, '../emulator/main.js');
  const child: ChildProcess = spawn(process.execPath, [main, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    const onData = (data: Buffer) => {
      out += data.toString('utf8');
      if (/Accepting API key/.test(out)) {
        child.stdout?.off('data', onData);
        resolve(out.split('\n'));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
  });
  const url = lines
    .find((l) => l.startsWith('Gateway emulator listening on'))!
    .split(' on ')[1]
    .trim();
  const apiKey = lines.find((l) => l.startsWith('Accepting API key'))!.split(' ')[3];
  return {
    url,
    apiKey,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

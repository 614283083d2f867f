/**
 * Runs the emulator in the foreground:
 *   node out/test/emulator/main.js --port <p> [--key K] [--rate N] [--chunk-delay ms] [--large-video-bytes N] [--dialect NAME]
 */

import { DIALECT_NAMES, DialectName, isDialectName } from './chat/dialects/types';
import { startEmulator } from './index';

interface CliOptions {
  port: number;
  key?: string;
  rate?: number;
  chunkDelay?: number;
  largeVideoBytes?: number;
  dialect?: DialectName;
}

function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { port: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    switch (flag) {
      case '--port':
        options.port = integer(flag, value);
        break;
      case '--key':
        options.key = value;
        break;
      case '--rate':
        options.rate = integer(flag, value);
        break;
      case '--chunk-delay':
        options.chunkDelay = integer(flag, value);
        break;
      case '--large-video-bytes':
        options.largeVideoBytes = integer(flag, value);
        break;
      case '--dialect':
        if (!isDialectName(value)) throw new Error(`--dialect must be one of ${DIALECT_NAMES.join(', ')}, got ${value}`);
        options.dialect = value;
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return options;
}

function integer(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got ${value}`);
  return Number(value);
}

async function main(): Promise<void> {
  let cli: CliOptions;
  try {
    cli = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(
      `${(error as Error).message}\nusage: main.js --port <p> [--key K] [--rate N] [--chunk-delay ms] [--large-video-bytes N] [--dialect NAME]\n`,
    );
    process.exit(2);
  }
  const emulator = await startEmulator({
    port: cli.port,
    ...(cli.key !== undefined ? { apiKey: cli.key } : {}),
    ...(cli.rate !== undefined ? { rateLimitPerMinute: cli.rate } : {}),
    ...(cli.chunkDelay !== undefined ? { chunkDelayMs: cli.chunkDelay } : {}),
    ...(cli.largeVideoBytes !== undefined ? { largeVideoBytes: cli.largeVideoBytes } : {}),
    ...(cli.dialect !== undefined ? { dialect: cli.dialect } : {}),
  });
  process.stdout.write(`Gateway emulator listening on ${emulator.url}\n`);
  process.stdout.write(`Accepting API key ${emulator.apiKey} (or access token ${emulator.accessToken})\n`);
  if (cli.dialect !== undefined) process.stdout.write(`Chat streams in the ${cli.dialect} dialect\n`);
  const stop = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();

// npm run demo: the extension in a real VS Code (code-server) against the gateway emulator.
//
//   node out/test/vscode/demo.js [--port 8787] [--code-server-port 8080]
//                                [--host 127.0.0.1] [--public-authority HOST:PORT]
//
// --port              emulator port (default 8787)
// --code-server-port  code-server port (default 8080)
// --host              code-server bind address (0.0.0.0 to reach it from another machine)
// --public-authority  host:port your browser uses, when it is not host:port (port forwarding)
//
// The workspace (a fresh copy of test/vscode/fixtures/workspace) has genaiGateway.baseUrl set
// to the emulator; the API key reaches the extension host through its environment
// (GENAI_GATEWAY_API_KEY), never through settings. Runs until Ctrl+C, then stops everything.
import { seedMediaConversation } from './lib/mediaConversation';
import { emulatorEnv, startSession } from './lib/session';
import { checkPrerequisites, OUTPUT_DIR } from './lib/paths';
import { cleanupAll, installSignalHandlers, log } from './lib/proc';

function parse(argv: string[]): { port: number; csPort: number; host: string; publicAuthority?: string } {
  const o = { port: 8787, csPort: 8080, host: '127.0.0.1', publicAuthority: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port') o.port = Number(value());
    else if (flag === '--code-server-port') o.csPort = Number(value());
    else if (flag === '--host') o.host = value();
    else if (flag === '--public-authority') o.publicAuthority = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: npm run demo -- [--port 8787] [--code-server-port 8080] [--host 127.0.0.1] [--public-authority HOST:PORT]');
      process.exit(0);
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  return o;
}

async function main(): Promise<void> {
  installSignalHandlers();
  const o = parse(process.argv.slice(2));
  checkPrerequisites();
  let session;
  try {
    session = await startSession({
      name: 'demo',
      emulatorPort: o.port,
      // stream chat replies visibly
      // DeepSeek's stream dialect: a message containing "think" streams reasoning first (the Thinking block)
      emulatorOptions: { chunkDelayMs: 15, dialect: 'deepseek' },
      codeServerPort: o.csPort,
      host: o.host,
      publicAuthority: o.publicAuthority,
      // the extension host inherits the server's environment: the key stays out of the URL
      serverEnv: (emulator) => ({ ...emulatorEnv(emulator), GENAI_HARNESS: 'demo' }),
      reconnectionGraceTime: 30,
    });
  } catch (e) {
    log('demo failed to start:', e instanceof Error ? e.message : e);
    await cleanupAll();
    process.exit(1);
  }
  const url = session.workbenchUrl({ env: false });
  log('building the opening conversation against the emulator: an image, a video task, a reading aloud (about a minute)');
  await seedMediaConversation(url, session.emulator).catch((e: unknown) =>
    log('the opening conversation could not be built (the demo runs without it):', e instanceof Error ? e.message : e),
  );
  console.log(`
GenAI Gateway demo is running.

  Emulator     ${session.emulator.url}
  API key      ${session.emulator.apiKey}   (extension host env GENAI_GATEWAY_API_KEY)
  Workspace    ${session.workspace}
  Extension    ${session.extensionPath} (development mode)
  Logs         ${OUTPUT_DIR}/logs/demo/ (when stopped)

Open the GenAI Gateway view in the activity bar (or Ctrl+Alt+G, "GenAI Gateway: Open Chat"): its chat
has a conversation showing generated media: an image in its card (click it, or use
its actions), a video task followed to its last frame (Play, Extend), a reading aloud (Read again), and
Read Aloud on every answer. Chat streams in DeepSeek's dialect: put "think" in a message to see the
model reason first.

Open this URL in a browser (it loads the extension in development mode):

  ${url}

Press Ctrl+C to stop.
`);
  // keep running until a signal; installSignalHandlers() cleans up and exits
  setInterval(() => undefined, 1 << 30);
}

void main();

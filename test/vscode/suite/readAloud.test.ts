// Reading aloud in the extension host: the real commands (player view, output folder, settings)
// against the harness's emulator, and the controller against an emulator of its own that can be
// slowed down, with the player replaced by a stand-in that "plays" what it gets.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { GatewayClient } from '../../../src/gateway/client';
import type { SpeechFormat } from '../../../src/gateway/types/speech';
import type { SpeechSettings } from '../../../src/platform/settings';
import type { PlayerHostMessage, PlayerWebviewMessage } from '../../../src/protocol/playerProtocol';
import { ReadAloudController, type ReadAloudServices } from '../../../src/readAloud/readAloudController';
import { PlayerViewProvider, type PlayerPort } from '../../../src/readAloud/playerView';
import type { SavedSpeech } from '../../../src/mediaActions/commandContracts';
import { SpeechSaver } from '../../../src/readAloud/speechSaver';
import type { ReadingReport } from '../../../src/speech/readingSession';
import { startEmulator, type Emulator } from '../../emulator';
import { untilInVsCode as until } from '../../support/until';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const LONG_TEXT = Array.from({ length: 80 }, (_, i) => `Sentence ${i} of the document is read aloud, one after another.`).join(' ');

async function editorWith(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'markdown' });
  const editor = await vscode.window.showTextDocument(document);
  editor.selection = new vscode.Selection(document.positionAt(0), document.positionAt(text.length));
  return editor;
}

/** A player that records what it is sent and reports each chunk played after `playMs`. */
class FakePlayer implements PlayerPort {
  readonly sent: PlayerHostMessage[] = [];
  private readonly messages = new vscode.EventEmitter<PlayerWebviewMessage>();
  readonly onMessage = this.messages.event;
  readonly onDidClose = new vscode.EventEmitter<void>().event;
  constructor(private readonly playMs: number) {}
  async open(): Promise<void> {
    this.messages.fire({ type: 'ready' });
  }
  post(message: PlayerHostMessage): void {
    this.sent.push(message);
    if (message.type !== 'audio' || this.playMs < 0) return;
    const { readingId, index } = message;
    setTimeout(() => {
      this.messages.fire({ type: 'chunkStarted', readingId, index });
      for (let position = 0; position <= 1; position += 0.02) this.messages.fire({ type: 'progress', readingId, index, position });
      this.messages.fire({ type: 'chunkEnded', readingId, index });
    }, this.playMs);
  }
  click(message: PlayerWebviewMessage): void {
    this.messages.fire(message);
  }
}

/**
 * A webview view whose first page never says it is ready (as when VS Code's webview service
 * worker gives up on its script); every later page does.
 */
class StuckOncePlayerView {
  loads = 0;
  private readonly messages = new vscode.EventEmitter<unknown>();

  asWebviewView(): vscode.WebviewView {
    const load = (): void => {
      this.loads++;
      if (this.loads > 1) setTimeout(() => this.messages.fire({ type: 'ready' }), 10);
    };
    const webview = {
      options: {},
      cspSource: 'vscode-resource:',
      asWebviewUri: (uri: vscode.Uri) => uri,
      onDidReceiveMessage: this.messages.event,
      postMessage: async () => true,
      set html(_: string) {
        load();
      },
    };
    return { webview, visible: true, show: () => undefined, onDidDispose: new vscode.EventEmitter<void>().event } as unknown as vscode.WebviewView;
  }
}

suite('Read aloud', () => {
  suiteSetup(async function () {
    if (!process.env.GENAI_EMULATOR_URL) this.skip();
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
  });

  test('the commands are registered', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['readSelection', 'readFile', 'stop', 'saveSelection', 'selectVoice']) {
      assert.ok(commands.includes(`genaiGateway.readAloud.${id}`), id);
    }
  });

  for (const [format, magic] of [
    ['mp3', /^(ID3|\xff[\xe0-\xff])/],
    ['wav', /^RIFF....WAVE/s],
    ['flac', /^fLaC/],
    ['pcm', /^/],
  ] as const) {
    test(`Save Selection as Speech writes a valid ${format} file in the output folder, with its sidecar`, async () => {
      await editorWith(`# Saved as ${format}\n\nThis **selection** is saved as speech. It has two sentences.`);
      const saved = await vscode.commands.executeCommand<SavedSpeech | undefined>('genaiGateway.readAloud.saveSelection', { format });
      assert.ok(saved, 'the command returns what it saved');
      assert.strictEqual(path.dirname(saved.path), path.join(process.env.GENAI_TEST_WORKSPACE!, 'generated'));
      assert.ok(saved.path.endsWith(`.${format}`));
      const bytes = fs.readFileSync(saved.path);
      assert.ok(bytes.length > 1000);
      assert.match(bytes.subarray(0, 12).toString('latin1'), magic);
      const sidecar = JSON.parse(fs.readFileSync(`${saved.path}.json`, 'utf8')) as {
        format: string;
        voice: string;
        model: string;
        usage: { totalTokens: number };
      };
      assert.strictEqual(sidecar.format, format);
      assert.strictEqual(sidecar.voice, 'af_heart');
      assert.strictEqual(sidecar.model, 'kokoro');
      assert.ok(sidecar.usage.totalTokens > 0);
    });
  }

  test("a format the server refuses (opus) fails with the server's message, and leaves no file", async () => {
    const client = new GatewayClient({
      baseUrl: process.env.GENAI_EMULATOR_URL!,
      userAgent: 'read-aloud-test',
      getCredential: async () => process.env.GENAI_EMULATOR_KEY,
      retry: { maxAttempts: 1 },
    });
    const dir = fs.mkdtempSync(path.join(process.env.GENAI_TEST_TMP ?? '/tmp', 'opus-'));
    const services: ReadAloudServices = {
      clients: { get: () => client },
      settings: {
        model: () => 'kokoro',
        speech: (): SpeechSettings => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'mp3' }),
        setSpeechSpeed: async () => undefined,
        speechFileLimitMegabytes: () => 256,
      },
      log: { info: () => undefined, warn: () => undefined },
    };
    const saver = new SpeechSaver(services, {
      newPath: async (_p, ext) => path.join(dir, `speech.${ext}`),
      openFile: (p) => import('../../../src/files/atomicFile').then((m) => m.openAtomicFile(p)),
      writeSidecar: async (p) => `${p}.json`,
    });
    await assert.rejects(
      saver.save({ text: 'Hello there.', format: 'opus' as SpeechFormat }, new AbortController().signal),
      /opus.*supported formats: mp3, flac, wav, pcm/,
    );
    assert.deepStrictEqual(fs.readdirSync(dir), []);
    await client.close();
  });

  test('Read Selection Aloud opens the player, hands it the first audio, and Stop ends the reading', async () => {
    // The view's page loads once, the first time it is shown.
    await vscode.commands.executeCommand('genaiGateway.readAloud.focus');
    await new Promise((r) => setTimeout(r, 3000));
    await editorWith(LONG_TEXT);
    const reading = vscode.commands.executeCommand<ReadingReport | undefined>('genaiGateway.readAloud.readSelection', { speed: 4 });
    await new Promise((r) => setTimeout(r, 5000));
    await vscode.commands.executeCommand('genaiGateway.readAloud.stop');
    const report = await reading;
    assert.ok(report, 'the reading ran');
    assert.strictEqual(report.outcome, 'stopped');
    assert.ok(report.firstAudioMs !== undefined, 'the first audio reached the player');
    assert.ok(report.requested < report.chunkCount, `${report.requested} of ${report.chunkCount} chunks requested`);
  });

  test('Stop right after Read File Aloud (the player possibly still opening) stops the reading', async () => {
    await editorWith(LONG_TEXT);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    const reading = vscode.commands.executeCommand<ReadingReport | undefined>('genaiGateway.readAloud.readFile');
    await vscode.commands.executeCommand('genaiGateway.readAloud.stop');
    const report = await reading;
    assert.strictEqual(report?.outcome, 'stopped');
  });

  test('Select Speech Voice with arguments sets the default voice, or the voice for a language', async () => {
    const config = () => vscode.workspace.getConfiguration('genaiGateway.speech');
    try {
      await vscode.commands.executeCommand('genaiGateway.readAloud.selectVoice', { voice: 'bf_emma' });
      assert.strictEqual(config().get('voice'), 'bf_emma');
      await vscode.commands.executeCommand('genaiGateway.readAloud.selectVoice', { voice: 'jf_nezumi', language: 'Japanese' });
      assert.strictEqual(config().get<Record<string, string>>('voiceByLanguage')?.Japanese, 'jf_nezumi');
    } finally {
      await config().update('voice', undefined, vscode.ConfigurationTarget.Global);
      await config().update('voiceByLanguage', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('a player page that never says it is ready is loaded again after the wait, so the next open finds the player', async () => {
    const view = new StuckOncePlayerView();
    const player = new PlayerViewProvider(vscode.Uri.file('/extension'), { warn: () => undefined }, 300);
    player.resolveWebviewView(view.asWebviewView());
    assert.strictEqual(view.loads, 1);
    await assert.rejects(player.open(), /did not open/);
    await until('the page loaded again', () => view.loads === 2);
    await player.open();
    assert.strictEqual(view.loads, 2, 'a ready page is not loaded again');
    player.dispose();
  });

  suite('controller against a slowed-down emulator', () => {
    let emulator: Emulator;
    let client: GatewayClient;
    const highlighted: string[] = [];
    let document: vscode.TextDocument;

    suiteSetup(async () => {
      emulator = await startEmulator();
      client = new GatewayClient({
        baseUrl: emulator.url,
        userAgent: 'read-aloud-test',
        getCredential: async () => emulator.apiKey,
        retry: { maxAttempts: 1 },
      });
      document = (await editorWith(`Intro line.\n\n## A heading\n\n${LONG_TEXT}`)).document;
    });
    suiteTeardown(async () => {
      await client?.close();
      await emulator?.close();
    });

    function controller(player: FakePlayer): ReadAloudController {
      const services: ReadAloudServices = {
        clients: { get: () => client },
        settings: {
          model: () => 'kokoro',
          speech: () => ({ voice: 'af_heart', voiceByLanguage: {}, speed: 1, format: 'wav' }),
          setSpeechSpeed: async () => undefined,
          speechFileLimitMegabytes: () => 256,
        },
        log: { info: () => undefined, warn: () => undefined },
      };
      const highlighter = {
        show: (_uri: vscode.Uri, start: number, end: number) => highlighted.push(document.getText().slice(start, end)),
        clear: () => undefined,
      };
      const statusBar = { show: () => undefined, hide: () => undefined, setPaused: () => undefined, setUsage: () => undefined };
      return new ReadAloudController(services, player, highlighter, statusBar, () => undefined);
    }

    test('the whole text is read in order, each sentence highlighted in the document as it is read', async () => {
      const player = new FakePlayer(5);
      const reader = controller(player);
      const report = await reader.read({ text: document.getText(), title: 'doc', source: { uri: document.uri, offset: 0 } });
      assert.strictEqual(report.outcome, 'finished');
      const audio = player.sent.filter((m) => m.type === 'audio');
      assert.deepStrictEqual(
        audio.map((m) => m.type === 'audio' && m.index),
        Array.from({ length: report.chunkCount }, (_, i) => i),
      );
      assert.ok(audio.every((m) => m.type === 'audio' && m.mimeType === 'audio/wav' && m.bytes.length > 44));
      assert.ok(player.sent.some((m) => m.type === 'usage' && /^Tokens: \d+ in \+ \d+ out = \d+$/.test(m.text)));
      assert.ok(highlighted.includes('Intro line.'), 'the first sentence');
      assert.ok(highlighted.includes('A heading'), 'a heading maps back to its text without the markup');
      assert.ok(highlighted.some((h) => /^Sentence \d+ of the document is read aloud, one after another\.$/.test(h)));
      reader.dispose();
    });

    test('Stop (from the player) aborts the requests still pending: the emulator gets no more', async () => {
      emulator.setFaults({ slowChunkMs: 150, pathPrefix: '/audio' });
      try {
        const player = new FakePlayer(-1);
        const reader = controller(player);
        const before = emulator.requests.length;
        const reading = reader.read({ text: LONG_TEXT, title: 'long' });
        await until('the first audio', () => player.sent.some((m) => m.type === 'audio'));
        await until('the next request', () => emulator.requests.length - before >= 2);
        player.click({ type: 'stop' });
        const report = await reading;
        assert.strictEqual(report.outcome, 'stopped');
        assert.ok(player.sent.some((m) => m.type === 'stopped'));
        const requests = emulator.requests.length;
        await new Promise((r) => setTimeout(r, 500));
        assert.strictEqual(emulator.requests.length, requests, 'nothing requested after Stop');
        assert.ok(report.fetched < report.chunkCount);
        reader.dispose();
      } finally {
        emulator.setFaults(undefined);
      }
    });
  });
});

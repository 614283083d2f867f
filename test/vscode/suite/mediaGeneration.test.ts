// Generate Image / Generate Video inside VS Code: the commands with an argument object (as chat tools
// will call them), the editor context menu's way with a selection, against an emulator of this suite's
// own (so it can see what was sent and slow a response down), files in the workspace's output folder.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { GenerateCommandArgs, GenerateCommandResult } from '../../../src/mediaActions/commandContracts';
import { startEmulator, type Emulator } from '../../emulator';
import { renderMp4 } from '../../emulator/media/mp4';
import { pngSize, renderPng } from '../../emulator/media/png';
import { untilInVsCode as until } from '../../support/until';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const OUTPUT_FOLDER = 'media-generation-test';
const INPUTS = 'media-inputs';

/** From a caller (argument object) or from the editor context menu (the editor's URI). */
type CommandArgument = GenerateCommandArgs | vscode.Uri;
const generateImage = (arg: CommandArgument) => vscode.commands.executeCommand<GenerateCommandResult | undefined>('genaiGateway.generateImage', arg);
const generateVideo = (arg: CommandArgument) => vscode.commands.executeCommand<GenerateCommandResult | undefined>('genaiGateway.generateVideo', arg);

function workspace(): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'a workspace folder is open');
  return folder;
}

const outputDir = (): string => path.join(workspace(), OUTPUT_FOLDER);
const listing = (): string[] => (fs.existsSync(outputDir()) ? fs.readdirSync(outputDir()).sort() : []);
const sidecar = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(`${file}.json`, 'utf8')) as Record<string, unknown>;

/** The tab showing a file, whatever editor shows it (image and media previews are custom editors). */
function tabOf(file: string): vscode.Tab | undefined {
  return vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .find((tab) => {
      const input = tab.input;
      const uri = input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText ? input.uri : undefined;
      return uri?.fsPath === file;
    });
}

async function rejection(run: Thenable<unknown>): Promise<Error & { kind?: string; param?: string }> {
  try {
    await run;
  } catch (error) {
    return error as Error & { kind?: string; param?: string };
  }
  throw new Error('expected the command to fail');
}

suite('Media generation', () => {
  let emulator: Emulator;
  const config = () => vscode.workspace.getConfiguration('genaiGateway');
  let savedBaseUrl: string | undefined;

  const sentTo = (route: string) => emulator.requests.filter((r) => r.path === `/v1${route}`);

  suiteSetup(async function () {
    this.timeout(60000);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    emulator = await startEmulator({ apiKey: process.env.GENAI_GATEWAY_API_KEY ?? process.env.GENAI_EMULATOR_KEY });
    savedBaseUrl = config().inspect<string>('baseUrl')?.globalValue;
    await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await config().update('outputFolder', OUTPUT_FOLDER, vscode.ConfigurationTarget.Global);
    fs.mkdirSync(path.join(workspace(), INPUTS), { recursive: true });
    fs.writeFileSync(path.join(workspace(), INPUTS, 'cat.png'), renderPng({ width: 64, height: 48, prompt: 'cat' }));
    fs.writeFileSync(path.join(workspace(), INPUTS, 'clip.mp4'), renderMp4({ width: 32, height: 32, seconds: 0.5, prompt: 'clip' }));
  });

  suiteTeardown(async () => {
    emulator.setFaults(undefined);
    await config().update('baseUrl', savedBaseUrl, vscode.ConfigurationTarget.Global);
    await config().update('outputFolder', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await emulator.close();
  });

  test('the commands are contributed with their menus: editor selection, images and MP4s in the explorer', () => {
    const contributes = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes as {
      commands: Array<{ command: string; title: string; category: string }>;
      menus: Record<string, Array<{ command?: string; submenu?: string; when?: string }>>;
    };
    const title = (id: string) => contributes.commands.find((c) => c.command === id);
    assert.deepStrictEqual(
      ['generateImage', 'generateVideo', 'editImage', 'useAsFirstFrame', 'extendVideo'].map(
        (id) => `${title(`genaiGateway.${id}`)?.category}: ${title(`genaiGateway.${id}`)?.title}`,
      ),
      [
        'GenAI Gateway: Generate Image...',
        'GenAI Gateway: Generate Video...',
        'GenAI Gateway: Edit Image with Prompt...',
        'GenAI Gateway: Use as First Frame...',
        'GenAI Gateway: Extend Video...',
      ],
    );
    const when = (menu: string, id: string) => contributes.menus[menu].find((m) => m.command === `genaiGateway.${id}`)?.when ?? '';
    const selectionSubmenu = contributes.menus['editor/context'].find((m) => m.submenu === 'genaiGateway.editorContext');
    assert.strictEqual(selectionSubmenu?.when, 'editorHasSelection', 'the GenAI Gateway submenu shows on a selection');
    for (const id of ['generateImage', 'generateVideo'])
      assert.ok(
        contributes.menus['genaiGateway.editorContext'].some((m) => m.command === `genaiGateway.${id}`),
        id,
      );
    const matches = (condition: string, ext: string) => new RegExp(/=~ \/(.+)\/i/.exec(condition)![1], 'i').test(ext);
    assert.deepStrictEqual(
      ['.png', '.jpg', '.jpeg', '.webp', '.mp4', '.txt'].map((ext) => matches(when('explorer/context', 'editImage'), ext)),
      [true, true, true, true, false, false],
    );
    assert.deepStrictEqual(
      ['.png', '.jpg', '.jpeg', '.webp'].map((ext) => matches(when('explorer/context', 'useAsFirstFrame'), ext)),
      [true, true, true, false],
    );
    assert.deepStrictEqual(
      ['.mp4', '.MP4', '.png'].map((ext) => matches(when('explorer/context', 'extendVideo'), ext)),
      [true, true, false],
    );
  });

  test('Generate Image with arguments: saved in the output folder from prompt and time, opened, with its sidecar', async () => {
    const result = await generateImage({ prompt: 'a red lighthouse on a cliff', model: 'bytedance-seedream-4-5', fields: { size: '2560x1440', seed: 11 } });
    assert.ok(result);
    assert.strictEqual(result.files.length, 1);
    const [file] = result.files;
    assert.strictEqual(path.dirname(file), outputDir());
    assert.match(path.basename(file), /^a-red-lighthouse-on-a-cliff-\d{8}-\d{6}\.png$/);
    assert.deepStrictEqual(pngSize(fs.readFileSync(file)), { width: 2560, height: 1440 });
    assert.deepStrictEqual(result.sidecars, [`${file}.json`]);
    const data = sidecar(file);
    assert.strictEqual(data.model, 'bytedance-seedream-4-5');
    assert.strictEqual(data.seed, 11);
    assert.deepStrictEqual(data.request, {
      model: 'bytedance-seedream-4-5',
      prompt: 'a red lighthouse on a cliff',
      sequential_image_generation: 'disabled',
      size: '2560x1440',
      seed: 11,
      watermark: true,
      response_format: 'url',
    });
    assert.ok(data.usage && data.request_id);
    await until('the image preview', () => tabOf(file));
  });

  test('Generate Video with a workspace image as first frame (sent as base64), URL output downloaded and opened in the media preview', async () => {
    const before = sentTo('/videos/generation').length;
    const result = await generateVideo({
      prompt: 'the cat starts to run',
      model: 'google-veo-3-1',
      inputs: { image: [`${INPUTS}/cat.png`] },
      fields: { output_format: 'url', duration: 4, resize_mode: 'crop' },
    });
    assert.ok(result);
    const sent = sentTo('/videos/generation');
    assert.strictEqual(sent.length, before + 1);
    const body = sent[sent.length - 1].body as Record<string, { mime_type: string; base_64_encoded: string }>;
    assert.deepStrictEqual(body.image, {
      mime_type: 'image/png',
      base_64_encoded: fs.readFileSync(path.join(workspace(), INPUTS, 'cat.png')).toString('base64'),
    });
    const [file] = result.files;
    assert.match(path.basename(file), /^the-cat-starts-to-run-\d{8}-\d{6}\.mp4$/);
    assert.strictEqual(fs.readFileSync(file).subarray(4, 8).toString('latin1'), 'ftyp');
    const data = sidecar(file);
    assert.deepStrictEqual(data.inputs, { image: [`${INPUTS}/cat.png`] });
    assert.deepStrictEqual((data.request as Record<string, unknown>).image, { mime_type: 'image/png', base_64_encoded: { file: `${INPUTS}/cat.png` } });
    const tab = await until('the video tab', () => tabOf(file));
    assert.ok(tab.input instanceof vscode.TabInputCustom, 'a custom editor (media preview) shows the MP4');
  });

  test('inputs given as URIs: extend a video (V3) and edit an image (4.0) without opening the results', async () => {
    const clip = vscode.Uri.file(path.join(workspace(), INPUTS, 'clip.mp4'));
    const extended = await generateVideo({ prompt: 'the clip goes on', model: 'google-veo-3', inputs: { video: [clip] }, openResults: false });
    assert.ok(extended);
    assert.match(path.basename(extended.files[0]), /^the-clip-goes-on-\d{8}-\d{6}\.mp4$/);
    assert.deepStrictEqual(sidecar(extended.files[0]).inputs, { video: [`${INPUTS}/clip.mp4`] });
    const cat = vscode.Uri.file(path.join(workspace(), INPUTS, 'cat.png'));
    const edited = await generateImage({
      prompt: 'give the cat a hat',
      model: 'bytedance-seedream-4',
      inputs: { image: [cat] },
      fields: { response_format: 'b64_json', size: '512x512' },
      openResults: false,
    });
    assert.ok(edited);
    assert.deepStrictEqual(pngSize(fs.readFileSync(edited.files[0])), { width: 512, height: 512 });
    assert.ok(!tabOf(edited.files[0]), 'openResults: false');
  });

  test('a set with a failed member: the failure is returned, the others are saved as a numbered group', async () => {
    const result = await generateImage({
      prompt: 'three moods of the sea fail-one',
      model: 'bytedance-seedream-4-5',
      fields: { sequential_image_generation: 'auto', max_images: 3, size: '2560x1440', response_format: 'b64_json' },
      openResults: false,
    });
    assert.ok(result);
    assert.deepStrictEqual(
      result.files.map((f) => /-(\d)\.png$/.exec(f)?.[1]),
      ['1', '2'],
    );
    assert.deepStrictEqual(
      result.failed.map((f) => f.member),
      [3],
    );
    assert.match(result.failed[0].message, /OutputImageSensitiveContentDetected/);
    assert.deepStrictEqual(
      result.files.map((f) => sidecar(f).member),
      [
        { index: 1, of: 3 },
        { index: 2, of: 3 },
      ],
    );
  });

  test('refusals reject the command, naming the field, before anything is sent', async () => {
    const generations = () => emulator.requests.filter((r) => /^\/v1\/(images|videos)\//.test(r.path)).length;
    const sentBefore = generations();
    const filesBefore = listing();
    const big = path.join(workspace(), INPUTS, 'huge.png');
    fs.writeFileSync(big, renderPng({ width: 8, height: 8, prompt: 'big' }));
    fs.truncateSync(big, 11 * 1024 * 1024);
    // Each command starts only when its turn comes: a rejection nobody awaits yet is reported as unhandled.
    const cases: Array<[() => Thenable<unknown>, string, RegExp]> = [
      [() => generateImage({ prompt: '', model: 'bytedance-seedream-4-5' }), 'prompt', /non-empty text/],
      [() => generateImage({ prompt: 'x', model: 'bytedance-seedream-4', fields: { seed: 3 } }), 'seed', /image model 4\.5 only|Image \(Seedream 4\.0\)/],
      [() => generateImage({ prompt: 'x', model: 'bytedance-seedream-4-5', fields: { image: ['a.png'] } }), 'fields.image', /under "inputs"/],
      [() => generateImage({ prompt: 'x', model: 'gpt-4o-mini' }), 'model', /an image model/],
      [() => generateImage({ prompt: 'x', model: 'bytedance-seedream-4-5', inputs: { image: [big] } }), 'image', /at most 10 MB/],
      [() => generateImage({ prompt: 'x', promt: 'typo' } as GenerateCommandArgs), 'promt', /only the arguments/],
      [() => generateVideo({ prompt: 'x', model: 'veo-2', fields: { n: 11 } }), 'n', /from 1 to 10/],
      [() => generateVideo({ prompt: 'x', model: 'google-veo-3', fields: { duration: 4, resolution: '1080p' } }), 'resolution', /needs duration 8/],
      [() => generateVideo({ prompt: 'x', model: 'veo-2', inputs: { image: [`${INPUTS}/cat.png`] } }), 'model', /takes image/],
    ];
    for (const [run, param, message] of cases) {
      const error = await rejection(run());
      assert.strictEqual(error.kind, 'validation', `${param}: ${error.message}`);
      assert.strictEqual(error.param, param, error.message);
      assert.match(error.message, message);
    }
    assert.strictEqual(generations(), sentBefore, 'nothing was sent');
    assert.deepStrictEqual(listing(), filesBefore);
  });

  test("Cancel (the caller's token) while a video streams in: rejected as aborted, no file and no .part left", async () => {
    emulator.setFaults({ slowChunkMs: 150, pathPrefix: '/videos' });
    try {
      const before = listing();
      const source = new vscode.CancellationTokenSource();
      const run = generateVideo({ prompt: 'a long slow river at dusk', model: 'veo-2', cancellation: source.token, openResults: false });
      await until('a file being written', () => listing().some((name) => name.endsWith('.part')));
      source.cancel();
      const error = await rejection(run);
      assert.strictEqual(error.kind, 'aborted', error.message);
      await until('the partial file to go', () => listing().every((name) => !name.endsWith('.part')) || undefined, 5000);
      assert.deepStrictEqual(listing(), before);
    } finally {
      emulator.setFaults(undefined);
    }
  });

  test('from the editor context menu: the selection is the prompt and the guided form starts at Generate', async () => {
    const file = path.join(workspace(), 'docs', 'prompt.md');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    const firstLine = editor.document.lineAt(0);
    editor.selection = new vscode.Selection(firstLine.range.start, firstLine.range.end);
    const prompt = firstLine.text.trim();
    assert.ok(prompt.length > 0);
    let settled = false;
    const run = generateImage(editor.document.uri).then((result) => {
      settled = true;
      return result;
    });
    // Accept the highlighted row (Generate) once the form shows.
    while (!settled) {
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((r) => setTimeout(r, 300));
    }
    const result = await run;
    assert.ok(result, 'the form was accepted');
    assert.strictEqual(result.files.length, 1);
    assert.strictEqual(sidecar(result.files[0]).prompt, prompt);
    assert.strictEqual((sidecar(result.files[0]).request as Record<string, unknown>).prompt, prompt);
  });

  test('neither the key nor input bytes appear in any sidecar', () => {
    const key = process.env.GENAI_GATEWAY_API_KEY ?? '';
    const catBase64 = fs.readFileSync(path.join(workspace(), INPUTS, 'cat.png')).toString('base64');
    const sidecars = listing().filter((name) => name.endsWith('.json'));
    assert.ok(sidecars.length >= 6, `sidecars: ${sidecars.join(', ')}`);
    for (const name of sidecars) {
      const text = fs.readFileSync(path.join(outputDir(), name), 'utf8');
      assert.ok(!key || !text.includes(key), `key in ${name}`);
      assert.ok(!text.includes('base64,') && !text.includes(catBase64.slice(0, 32)), `input bytes in ${name}`);
    }
  });
});

// Video tasks inside the extension host. The real extension's commands run against an emulator of
// this suite's own (so task timing can be set), reached by pointing genaiGateway.baseUrl at it; the
// tree and the resume after a reload are checked on instances built here with a memory memento.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { GatewayClient } from '../../../src/gateway/client';
import type { TaskStatus } from '../../../src/gateway/types/tasks';
import { OutputFiles } from '../../../src/output/outputFiles';
import { Settings } from '../../../src/platform/settings';
import type { KeyValueStore } from '../../../src/tasks/gatewayTaskStorage';
import { JsonFileStore } from '../../../src/tasks/jsonFileStore';
import type { TaskRecipe } from '../../../src/tasks/taskEntry';
import { TASK_COMMANDS, TASKS_VIEW_ID } from '../../../src/mediaActions/commandIds';
import { TaskResults } from '../../../src/tasksView/taskResults';
import { TaskTreeProvider, type TaskTreeNode } from '../../../src/tasksView/taskTreeProvider';
import { VideoTasks } from '../../../src/tasksView/videoTasks';
import { startEmulator, type Emulator } from '../../emulator';
import { untilInVsCode as until } from '../../support/until';

const EXTENSION_ID = 'genai-gateway.genai-gateway';
const PRO = 'seedance-1-0-pro-250528';
const LITE = 'seedance-1-0-lite-i2v-250428';
const TASKS_PATH = '/v1/contents/generations/tasks';
/** A valid 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

class MemoryMemento implements KeyValueStore {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return structuredClone(this.values.get(key)) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.values.set(key, structuredClone(value));
    return Promise.resolve();
  }
}

function outputDir(): string {
  return path.join(process.env.GENAI_TEST_WORKSPACE ?? '', 'generated');
}

suite('Video tasks', () => {
  let emulator: Emulator;
  let client: GatewayClient;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('genaiGateway');
  let originalBaseUrl: string | undefined;

  const serverStatus = async (id: string): Promise<TaskStatus | 404> =>
    client.tasks.get(id).then(
      (t) => t.status,
      (e: { status?: number }) => (e.status === 404 ? 404 : Promise.reject(e)),
    );
  const createPosts = () => emulator.requests.filter((r) => r.method === 'POST' && r.path === TASKS_PATH);

  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    emulator = await startEmulator({ apiKey: process.env.GENAI_EMULATOR_KEY, taskTiming: { queuedMs: 200, runningMs: 300 } });
    client = new GatewayClient({ baseUrl: emulator.url, userAgent: 'video-tasks-test', getCredential: async () => emulator.apiKey, retry: { maxAttempts: 1 } });
    originalBaseUrl = config().inspect<string>('baseUrl')?.globalValue;
    await config().update('baseUrl', emulator.url, vscode.ConfigurationTarget.Global);
    await config().update('videoTasks.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await config().update('baseUrl', originalBaseUrl, vscode.ConfigurationTarget.Global);
    await config().update('videoTasks.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Workspace);
    await client?.close();
    await emulator?.close();
  });

  test('the view, its commands and its menus are contributed and registered', async () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: {
        views: Record<string, Array<{ id: string; name: string }>>;
        menus: Record<string, Array<{ command?: string; submenu?: string; when?: string }>>;
      };
    };
    assert.deepStrictEqual(manifest.contributes.views.genaiGateway.find((v) => v.id === TASKS_VIEW_ID)?.name, 'Video Tasks');
    const registered = await vscode.commands.getCommands(true);
    for (const id of Object.values(TASK_COMMANDS)) assert.ok(registered.includes(id), `${id} registered`);
    const itemMenu = manifest.contributes.menus['view/item/context'].filter((m) => m.when?.includes(TASKS_VIEW_ID));
    assert.ok(itemMenu.some((m) => m.command === TASK_COMMANDS.cancel && /queued/.test(m.when ?? '')));
    assert.ok(itemMenu.some((m) => m.command === TASK_COMMANDS.delete && /succeeded\|failed\|expired/.test(m.when ?? '')));
    assert.ok(manifest.contributes.menus['editor/context'].some((m) => m.submenu === 'genaiGateway.editorContext' && m.when === 'editorHasSelection'));
    assert.ok(
      manifest.contributes.menus['genaiGateway.editorContext'].some((m) => m.command === TASK_COMMANDS.create),
      'Create Video Task is in the selection submenu',
    );
  });

  test('Create with an argument object: the task succeeds and its video, last frame and sidecar land in the output folder', async () => {
    const before = new Set(fs.existsSync(outputDir()) ? fs.readdirSync(outputDir()) : []);
    const id = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, {
      model: PRO,
      prompt: 'a lighthouse at dawn',
      duration: 2,
      ratio: '16:9',
      returnLastFrame: true,
    });
    assert.match(id ?? '', /^cgt-\d{14}-[a-z0-9]{5}$/);
    assert.deepStrictEqual(createPosts().at(-1)?.body, {
      model: PRO,
      content: [{ type: 'text', text: 'a lighthouse at dawn' }],
      ratio: '16:9',
      duration: 2,
      return_last_frame: true,
    });
    const files = await until('the downloaded video', () => {
      const added = fs.existsSync(outputDir()) ? fs.readdirSync(outputDir()).filter((f) => !before.has(f) && f.startsWith('a-lighthouse-at-dawn')) : [];
      return added.length >= 3 ? added.sort() : undefined;
    });
    const video = files.find((f) => f.endsWith('.mp4'))!;
    assert.ok(video, JSON.stringify(files));
    assert.strictEqual(fs.readFileSync(path.join(outputDir(), video)).toString('latin1', 4, 8), 'ftyp');
    assert.ok(files.includes(video.replace(/\.mp4$/, '-last-frame.png')), JSON.stringify(files));
    const sidecar = JSON.parse(fs.readFileSync(path.join(outputDir(), `${video}.json`), 'utf8')) as {
      task: { id: string; status: string; content?: unknown };
      request: { duration: number };
    };
    assert.strictEqual(sidecar.task.id, id);
    assert.strictEqual(sidecar.task.status, 'succeeded');
    assert.strictEqual(sidecar.task.content, undefined, 'no expiring links in the sidecar');
    assert.strictEqual(sidecar.request.duration, 2);
    const again = await vscode.commands.executeCommand<{ video?: string }>(TASK_COMMANDS.download, { taskId: id });
    assert.strictEqual(again?.video, path.join(outputDir(), video), 'Download of a saved result gives the saved file');
  });

  test('a last frame that cannot be downloaded: the video stays saved and recorded, Download gives that file instead of a second copy and fetches the frame once it can; a sidecar that cannot be written fails nothing', async () => {
    emulator.setOptions({ taskTiming: { queuedMs: 200, runningMs: 1500 } });
    const before = new Set(fs.existsSync(outputDir()) ? fs.readdirSync(outputDir()) : []);
    const added = () => (fs.existsSync(outputDir()) ? fs.readdirSync(outputDir()).filter((f) => !before.has(f) && f.startsWith('a-lost-frame')) : []);
    try {
      const id = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, {
        model: PRO,
        prompt: 'a lost frame',
        duration: 2,
        returnLastFrame: true,
      });
      emulator.setFaults({ errorBody: 'openai', errorStatus: 404, pathPrefix: `/files/${id}-last` });
      const video = await until('the video and its sidecar', () => {
        const mp4 = added().find((f) => f.endsWith('.mp4'));
        return mp4 && added().includes(`${mp4}.json`) ? mp4 : undefined;
      });
      const again = await vscode.commands.executeCommand<{ video?: string; lastFrame?: string }>(TASK_COMMANDS.download, { taskId: id });
      assert.strictEqual(again?.video, path.join(outputDir(), video), 'Download gives the saved video');
      assert.strictEqual(again?.lastFrame, undefined);
      assert.deepStrictEqual(added().sort(), [video, `${video}.json`], 'one video and its sidecar, nothing downloaded twice');
      emulator.setFaults(undefined);
      const frame = video.replace(/\.mp4$/, '-last-frame.png');
      const retried = await vscode.commands.executeCommand<{ video?: string; lastFrame?: string }>(TASK_COMMANDS.download, { taskId: id });
      assert.deepStrictEqual(
        retried,
        { video: path.join(outputDir(), video), lastFrame: path.join(outputDir(), frame) },
        'the last frame, beside the saved video',
      );
      assert.deepStrictEqual(added().sort(), [video, frame, `${video}.json`].sort(), 'still one video');
      const sidecar = JSON.parse(fs.readFileSync(path.join(outputDir(), `${video}.json`), 'utf8')) as { lastFrame?: string };
      assert.strictEqual(sidecar.lastFrame, frame);
      // Moved away, downloaded again, its sidecar's place taken by a folder: the video is still saved, recorded and given.
      for (const file of [video, frame, `${video}.json`]) fs.rmSync(path.join(outputDir(), file));
      fs.mkdirSync(path.join(outputDir(), `${video}.json`, 'in-the-way'), { recursive: true });
      const unrecorded = await vscode.commands.executeCommand<{ video?: string; lastFrame?: string }>(TASK_COMMANDS.download, { taskId: id });
      assert.deepStrictEqual(unrecorded, retried, 'saved without its sidecar');
      fs.rmSync(path.join(outputDir(), `${video}.json`), { recursive: true });
    } finally {
      emulator.setFaults(undefined);
      emulator.setOptions({ taskTiming: { queuedMs: 200, runningMs: 300 } });
    }
  });

  test('the video is saved in the output folder of the window that created the task, though the setting changed meanwhile (as in another window)', async () => {
    const elsewhere = path.join(process.env.GENAI_TEST_WORKSPACE ?? '', 'generated-elsewhere');
    const saved = (dir: string): string[] =>
      fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('a-harbour-at-dusk') && f.endsWith('.mp4')) : [];
    // Long enough for the setting to change before the task succeeds.
    emulator.setOptions({ taskTiming: { queuedMs: 200, runningMs: 2500 } });
    try {
      const id = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, { model: PRO, prompt: 'a harbour at dusk', duration: 2 });
      await config().update('outputFolder', 'generated-elsewhere', vscode.ConfigurationTarget.Workspace);
      assert.notStrictEqual(await serverStatus(id), 'succeeded', 'the setting changed before the task succeeded');
      const files = await until('the downloaded video', () => (saved(outputDir()).length > 0 ? saved(outputDir()) : undefined));
      assert.strictEqual(files.length, 1);
      assert.deepStrictEqual(saved(elsewhere), [], 'nothing saved in the folder the setting names now');
    } finally {
      emulator.setOptions({ taskTiming: { queuedMs: 200, runningMs: 300 } });
      await config().update('outputFolder', undefined, vscode.ConfigurationTarget.Workspace);
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  test('first and last frame from workspace images are sent as data URLs; flags go into the prompt', async () => {
    const dir = path.join(process.env.GENAI_TEST_WORKSPACE ?? '', 'frames');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'start.png'), PNG);
    fs.writeFileSync(path.join(dir, 'end.png'), PNG);
    const id = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, {
      model: LITE,
      prompt: 'the door opens',
      mode: 'first-last',
      images: ['frames/start.png', 'frames/end.png'],
      resolution: '480p',
      camerafixed: true,
      settingsAs: 'flags',
    });
    assert.ok(id);
    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    assert.deepStrictEqual(createPosts().at(-1)?.body, {
      model: LITE,
      content: [
        { type: 'text', text: 'the door opens --rs 480p --cf true' },
        { type: 'image_url', image_url: { url: dataUrl }, role: 'first_frame' },
        { type: 'image_url', image_url: { url: dataUrl }, role: 'last_frame' },
      ],
    });
    const shown = await vscode.commands.executeCommand<string>(TASK_COMMANDS.showRequest, { taskId: id });
    assert.match(shown ?? '', /<data URL of frames\/start\.png>/);
    assert.doesNotMatch(shown ?? '', /base64/);
  });

  test('a refused request sends nothing: an image of the wrong type, a mode the model lacks', async () => {
    const posts = createPosts().length;
    fs.writeFileSync(path.join(process.env.GENAI_TEST_WORKSPACE ?? '', 'notes.png'), 'not an image');
    assert.strictEqual(await vscode.commands.executeCommand(TASK_COMMANDS.create, { model: LITE, prompt: 'x', images: ['notes.png'] }), undefined);
    assert.strictEqual(await vscode.commands.executeCommand(TASK_COMMANDS.create, { model: LITE, prompt: 'text only is not for lite' }), undefined);
    assert.strictEqual(createPosts().length, posts);
  });

  test('Cancel a queued task and Delete a finished one, by POST, when confirmed; Retry is a new task', async () => {
    emulator.setOptions({ taskTiming: { queuedMs: 60_000, runningMs: 1000 } });
    const queued = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, { model: PRO, prompt: 'never runs' });
    assert.strictEqual(await vscode.commands.executeCommand(TASK_COMMANDS.cancel, { taskId: queued, confirmed: true }), 'cancelled');
    assert.strictEqual(await serverStatus(queued!), 'cancelled');

    emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 0 } });
    const done = await vscode.commands.executeCommand<string>(TASK_COMMANDS.create, { model: PRO, prompt: 'quick one', duration: 2 });
    await until(
      'the finished task downloaded',
      () => fs.existsSync(outputDir()) && fs.readdirSync(outputDir()).some((f) => f.startsWith('quick-one') && f.endsWith('.mp4')),
    );
    const postsBefore = createPosts().length;
    const retried = await vscode.commands.executeCommand<string>(TASK_COMMANDS.retry, { taskId: done, confirmed: true });
    assert.ok(retried && retried !== done);
    assert.strictEqual(createPosts().length, postsBefore + 1, 'exactly one new create');
    assert.deepStrictEqual(createPosts().at(-1)?.body, createPosts().at(-2)?.body, 'the same parameters');

    assert.strictEqual(await vscode.commands.executeCommand(TASK_COMMANDS.delete, { taskId: done, confirmed: true }), 'deleted');
    assert.strictEqual(await serverStatus(done!), 404);
    assert.strictEqual(await vscode.commands.executeCommand(TASK_COMMANDS.copyId, { taskId: retried }), retried);
    assert.strictEqual(await vscode.env.clipboard.readText(), retried);
    emulator.setOptions({ taskTiming: { queuedMs: 200, runningMs: 300 } });
  });

  suite('tree and reload (instances of this suite)', () => {
    const emptyConnection = new vscode.EventEmitter<void>();
    const opened: vscode.Disposable[] = [];
    teardown(() => opened.splice(0).forEach((d) => d.dispose()));

    function open(
      memento: KeyValueStore,
      connection: vscode.Event<void> = emptyConnection.event,
    ): { tasks: VideoTasks; tree: TaskTreeProvider; errors: unknown[] } {
      const tasks = new VideoTasks({
        clients: { get: () => client, onDidChangeConnection: connection },
        settings: { connection: () => ({ baseUrl: emulator.url }), videoTasksPollIntervalSeconds: () => 0.05 },
        log: { warn: () => undefined },
        state: memento,
      });
      tasks.setVisible(true);
      const errors: unknown[] = [];
      const tree = new TaskTreeProvider(tasks, (e) => errors.push(e));
      const results = new TaskResults(tasks, {
        clients: { get: () => client },
        settings: { videoTasksAutoDownload: () => true },
        outputFiles: new OutputFiles(new Settings()),
        log: { info: () => undefined, warn: () => undefined },
      });
      opened.push(results, tree, tasks);
      return { tasks, tree, errors };
    }

    const recipe = (prompt: string): TaskRecipe => ({ model: PRO, prompt, images: [], settings: { duration: 2 }, settingsAs: 'body', returnLastFrame: false });
    const noImages = async (): Promise<string> => assert.fail('no images');

    test('a list that failed (no key yet, the gateway away) is asked for again once the connection changes, without Refresh', async () => {
      const connectionChanged = new vscode.EventEmitter<void>();
      opened.push(connectionChanged);
      emulator.setFaults({ statusBurst: { status: 503, count: 100 }, pathPrefix: '/contents' });
      const { tasks, tree, errors } = open(new MemoryMemento(), connectionChanged.event);
      try {
        const tracker = tasks.require();
        tree.getChildren();
        await until('the list to fail', () => errors.length > 0, 30000);
        tree.getChildren();
        assert.strictEqual(tracker.hasMore(), undefined, 'not asked again by itself while nothing changed');
      } finally {
        emulator.setFaults(undefined);
      }
      const asked = emulator.requests.filter((r) => r.path.startsWith('/v1/contents')).length;
      // A key set, a header or proxy changed: the same gateway, another connection.
      connectionChanged.fire();
      tree.getChildren();
      await until('the first page after the connection changed', () => tasks.current?.hasMore() !== undefined, 30000);
      assert.ok(emulator.requests.filter((r) => r.path.startsWith('/v1/contents')).length > asked);
    });

    test('a reload while tasks run resumes polling from the state file and still downloads the result', async () => {
      emulator.setOptions({ taskTiming: { queuedMs: 400, runningMs: 400 } });
      const stateFile = path.join(process.env.GENAI_TEST_TMP ?? '', 'video-tasks-reload.json');
      const first = open(JsonFileStore.openSync(stateFile));
      const entry = await first.tasks.require().create(recipe('resumed after reload'), noImages);
      await first.tasks.require().settled();
      first.tasks.dispose();
      const second = open(JsonFileStore.openSync(stateFile));
      assert.deepStrictEqual(second.tasks.require().registry.activeIds(), [entry.record.id]);
      await until('downloaded after the reload', () => second.tasks.current?.registry.get(entry.record.id)?.downloads?.video);
      assert.strictEqual(second.tasks.current?.registry.get(entry.record.id)?.record.status, 'succeeded');
    });

    test("a recorded output folder is used while it or its parent exists; once its workspace is gone, this window's output folder", async () => {
      emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 0 } });
      const { tasks } = open(new MemoryMemento());
      const tracker = tasks.require();
      const savedIn = async (outputFolder: string, prompt: string): Promise<string> => {
        const entry = await tracker.create(recipe(prompt), noImages, undefined, { outputFolder });
        return path.dirname(await until(`the video of "${prompt}"`, () => tracker.registry.get(entry.record.id)?.downloads?.video));
      };
      const otherWorkspace = path.join(process.env.GENAI_TEST_TMP ?? '', 'other-workspace');
      fs.mkdirSync(otherWorkspace, { recursive: true });
      assert.strictEqual(await savedIn(path.join(otherWorkspace, 'generated'), 'made in the other workspace'), path.join(otherWorkspace, 'generated'));
      const goneWorkspace = path.join(process.env.GENAI_TEST_TMP ?? '', 'deleted-workspace');
      assert.strictEqual(await savedIn(path.join(goneWorkspace, 'generated'), 'made in a deleted workspace'), outputDir());
      assert.strictEqual(fs.existsSync(goneWorkspace), false, 'a deleted workspace is not made again');
    });

    test('the tree groups by status with icons, labels, descriptions, menus; filters; Load More pages the server list', async () => {
      emulator.setOptions({ taskTiming: { queuedMs: 0, runningMs: 0 } });
      for (let i = 0; i < 22; i++) await client.tasks.create({ model: PRO, content: [{ type: 'text', text: `listed ${i}` }] });
      const { tasks, tree, errors } = open(new MemoryMemento());
      const tracker = tasks.require();
      const failed = await tracker.create(recipe('this one will fail'), noImages);
      emulator.setOptions({ taskTiming: { queuedMs: 60_000, runningMs: 60_000 } });
      const waiting = await tracker.create(recipe('still waiting --rs 720p'), noImages);
      tree.getChildren(); // what the view does when first shown: asks for the first page of the server's list
      await until(
        'the first page and the failure',
        () => tracker.hasMore() !== undefined && tracker.registry.get(failed.record.id)?.record.status === 'failed',
      );
      assert.deepStrictEqual(errors, []);

      const roots = tree.getChildren();
      assert.deepStrictEqual(
        roots.map((n) => (n.kind === 'group' ? n.status : n.kind)),
        ['queued', 'succeeded', 'failed', 'loadMore'],
      );
      const items = (node: TaskTreeNode) => tree.getChildren(node).map((n) => tree.getTreeItem(n));
      const [queuedItem] = items(roots[0]);
      assert.strictEqual(queuedItem.label, 'still waiting');
      assert.match(String(queuedItem.description), /^1\.0 pro · \d+s$/);
      assert.strictEqual(queuedItem.contextValue, 'videoTask.queued.local');
      assert.strictEqual((queuedItem.iconPath as vscode.ThemeIcon).id, 'clock');
      assert.match((queuedItem.tooltip as vscode.MarkdownString).value, new RegExp(waiting.record.id.replace(/-/g, '\\\\-')));
      const [failedItem] = items(roots[2]);
      assert.strictEqual(failedItem.contextValue, 'videoTask.failed.local');
      assert.match((failedItem.tooltip as vscode.MarkdownString).value, /OutputVideoSensitiveContentDetected/);
      const listed = items(roots[1]);
      assert.ok(listed.length >= 18, `${listed.length} listed`);
      assert.ok(
        listed.every((i) => i.contextValue === 'videoTask.succeeded' && /^cgt-/.test(String(i.label))),
        'server tasks: labelled by id, no Retry',
      );
      assert.strictEqual(tree.getTreeItem(roots[3]).command?.command, TASK_COMMANDS.loadMore);

      await tracker.loadMore();
      assert.ok(!tree.getChildren().some((n) => n.kind === 'loadMore'), 'no Load More once all is listed');
      tree.setFilter('failed');
      assert.deepStrictEqual(
        tree.getChildren().map((n) => (n.kind === 'task' ? n.entry.record.id : n.kind)),
        [failed.record.id],
      );
      assert.deepStrictEqual(tree.getParent({ kind: 'task', entry: failed }), undefined);
      tree.setFilter(undefined);
      assert.deepStrictEqual(tree.getParent({ kind: 'task', entry: failed }), { kind: 'group', status: 'failed' });
    });
  });
});

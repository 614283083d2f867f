/** Video tasks as the Video Tasks view runs them: created, polled, listed, deleted, their results downloaded. */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { writeFileAtomic } from '../../../../src/files/atomicFile';
import type { TaskRecipe } from '../../../../src/tasks/taskEntry';
import type { TaskTracker } from '../../../../src/tasks/taskTracker';
import { until } from '../../../support/until';
import type { ClientFixture } from '../../client/harness';
import { taskTrackerFor } from '../taskTrackerFor';
import { type Endpoint, outcomeOf } from './endpoint';
import { verifyMediaFolder } from './mediaEndpoints';

const RECIPE: TaskRecipe = {
  model: 'seedance-1-0-pro-250528',
  prompt: 'a paper boat drifting down a gutter',
  images: [],
  settings: { duration: 3 },
  settingsAs: 'body',
  returnLastFrame: false,
};
const noImages = (): Promise<string> => assert.fail('the recipe has no image');

/** One tracker per emulator, made on first use, as the extension keeps one per gateway. */
class TrackerSlot {
  private tracker: TaskTracker | undefined;

  of(fixture: ClientFixture): TaskTracker {
    this.tracker ??= taskTrackerFor(fixture.client, 25);
    return this.tracker;
  }

  dispose(): void {
    this.tracker?.dispose();
  }
}

/** A task created without faults, finished (the fixtures' tasks finish at once). */
async function finishedTask(fixture: ClientFixture): Promise<string> {
  const { id } = await fixture.client.tasks.create({ model: RECIPE.model, content: [{ type: 'text', text: RECIPE.prompt }] });
  await until(`${id} to succeed`, async () => (await fixture.client.tasks.get(id)).status === 'succeeded');
  return id;
}

export function taskCreation(): Endpoint {
  const slot = new TrackerSlot();
  let before = 0;
  return {
    name: 'video task creation',
    faultPath: '/contents',
    retry: 'paid',
    specificFaults: [],
    midBodyBytes: 10,
    async prepare({ fixture }) {
      // The poller must not meet the fault of the next case.
      await until('the tasks created before to finish', () => slot.of(fixture).registry.activeIds().length === 0);
      before = fixture.emu.tasks().length;
    },
    run: ({ fixture }) => outcomeOf(() => slot.of(fixture).create(RECIPE, noImages)),
    verify({ fixture }, outcome) {
      const created = fixture.emu.tasks().length - before;
      assert.ok(created <= 1, `never a second task: ${created} were created`);
      if (outcome.ok) assert.equal(created, 1);
    },
    dispose: () => slot.dispose(),
  };
}

export function taskStatus(): Endpoint {
  const slot = new TrackerSlot();
  let id = '';
  return {
    name: 'video task status',
    faultPath: '/contents',
    retry: 'safe',
    specificFaults: [],
    midBodyBytes: 100,
    async prepare({ fixture }) {
      id ||= await finishedTask(fixture);
    },
    run: ({ fixture }) =>
      outcomeOf(async () => {
        assert.equal((await slot.of(fixture).refreshOne(id))?.record.status, 'succeeded');
      }),
    dispose: () => slot.dispose(),
  };
}

export function taskList(): Endpoint {
  const slot = new TrackerSlot();
  return {
    name: 'video task list',
    faultPath: '/contents',
    retry: 'safe',
    specificFaults: [],
    midBodyBytes: 100,
    async prepare({ fixture }) {
      if (fixture.emu.tasks().length === 0) await finishedTask(fixture);
    },
    run: ({ fixture }) =>
      outcomeOf(async () => {
        const tracker = slot.of(fixture);
        await tracker.refresh();
        assert.ok(tracker.registry.get(fixture.emu.tasks()[0]?.id ?? ''), 'the listed task is known');
      }),
    dispose: () => slot.dispose(),
  };
}

export function taskDeletion(): Endpoint {
  const slot = new TrackerSlot();
  let id = '';
  return {
    name: 'video task deletion',
    faultPath: '/contents',
    retry: 'never',
    specificFaults: [],
    midBodyBytes: 1,
    // The answer is `{}`: a cut after its first byte is reported or, once all of it arrived, harmless.
    expectations: { 'reset mid-body': 'either', 'truncated body': 'either' },
    async prepare({ fixture }) {
      id = await finishedTask(fixture);
      await slot.of(fixture).refreshOne(id);
    },
    run: ({ fixture }) => outcomeOf(() => slot.of(fixture).cancelOrDelete(id)),
    verify({ fixture }, outcome) {
      if (outcome.ok) assert.ok(!fixture.emu.tasks().some((t) => t.id === id), 'deleted on the gateway');
    },
    dispose: () => slot.dispose(),
  };
}

/** A finished task's video saved into the output folder, as TaskResults does. */
export function taskResultDownload(): Endpoint {
  let id = '';
  return {
    name: 'video task result download',
    faultPath: '/files',
    linkPath: '/contents',
    retry: 'safe',
    specificFaults: ['expired signed URL'],
    midBodyBytes: 300,
    async prepare({ fixture }) {
      id ||= await finishedTask(fixture);
    },
    run: ({ fixture, folder }) =>
      outcomeOf(async () => {
        const url = (await fixture.client.tasks.get(id)).content?.video_url ?? assert.fail('a video link');
        await writeFileAtomic(path.join(folder, 'task.mp4'), (await fixture.client.download(url)).body);
      }),
    verify: verifyMediaFolder,
  };
}

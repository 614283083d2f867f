/** What runs during the load test: chat users, an image maker and a task creator, each checking that nothing was lost. */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChatSession } from '../../../src/chat/chatSession';
import { newConversation } from '../../../src/chat/conversation';
import type { GatewayClient } from '../../../src/gateway/client';
import { givenValues } from '../../../src/mediaGeneration/forms/formValues';
import { formFor } from '../../../src/mediaGeneration/forms/mediaForms';
import { prepareGeneration } from '../../../src/mediaGeneration/generation/generationPlan';
import { runGeneration } from '../../../src/mediaGeneration/generation/generationRun';
import type { TaskTracker } from '../../../src/tasks/taskTracker';
import { wordsAnswer } from '../../emulator/chat/answers';
import { folderMediaOutput } from '../../support/folderMediaOutput';
import { until } from '../../support/until';
import { isWholeMediaFile } from '../../support/wholeMediaFile';
import { resultFiles } from './leftoverFiles';

/** One user chatting until `deadline`, a new conversation each time; every answer must arrive whole, in the session and in what the view was sent. */
export async function chatUser(client: GatewayClient, words: number, deadline: number): Promise<number> {
  let answers = 0;
  while (Date.now() < deadline) {
    const conversation = newConversation('gpt-4o-mini', '');
    let streamed = '';
    const session = new ChatSession(conversation, {
      backend: () => client.chat,
      requestOptions: () => ({}),
      listener: {
        structureChanged: () => undefined,
        textAppended: (_turn, text) => {
          streamed += text;
        },
        turnChanged: () => undefined,
        toolCallChanged: () => undefined,
        toolCallsGrew: () => undefined,
      },
    });
    await session.send(`length ${words}`);
    const answer = conversation.turns.at(-1);
    assert.ok(answer?.kind === 'assistant');
    assert.equal(answer.status, 'done', answer.error?.message);
    assert.equal(answer.text, wordsAnswer(words), 'the answer arrived whole');
    assert.equal(streamed, answer.text, 'the view was sent every piece');
    answers++;
  }
  return answers;
}

/** Images generated every `everyMs` into `folder`, each checked whole, then removed. */
export async function imageMaker(client: GatewayClient, folder: string, everyMs: number, deadline: number): Promise<number> {
  const form = formFor('image-4.0');
  const prepared = await prepareGeneration(
    {
      form,
      model: 'bytedance-seedream-4',
      prompt: 'a kite above the dunes at noon',
      values: givenValues(form, { size: '512x512', response_format: 'b64_json' }),
    },
    (file) => file,
  );
  let images = 0;
  while (Date.now() < deadline) {
    const outcome = await runGeneration(client, folderMediaOutput(folder), prepared, new AbortController().signal);
    assert.deepEqual(outcome.failed, []);
    const [image] = resultFiles(folder);
    assert.ok(image && isWholeMediaFile(fs.readFileSync(path.join(folder, image))), 'a whole image');
    fs.rmSync(folder, { recursive: true });
    fs.mkdirSync(folder);
    images++;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return images;
}

/** Tasks created every `everyMs` until `deadline`; resolves with their ids once each was reported succeeded, exactly once. */
export async function taskCreator(tracker: TaskTracker, everyMs: number, deadline: number): Promise<string[]> {
  const ids: string[] = [];
  const successes = new Map<string, number>();
  const stopListening = tracker.onDidTransition.on(({ entry }) => {
    if (entry.record.status === 'succeeded') successes.set(entry.record.id, (successes.get(entry.record.id) ?? 0) + 1);
  });
  try {
    const recipe = { model: 'seedance-1-0-pro-250528', images: [], settings: { duration: 3 }, settingsAs: 'body' as const };
    while (Date.now() < deadline) {
      ids.push((await tracker.create({ ...recipe, prompt: `a lantern, take ${ids.length + 1}` }, () => assert.fail('no image'))).record.id);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    await until('every task to be seen succeeding', () => ids.every((id) => successes.has(id)), 30_000);
    assert.deepEqual(
      [...successes.values()].filter((n) => n !== 1),
      [],
      'each success is reported once',
    );
    return ids;
  } finally {
    stopListening();
  }
}

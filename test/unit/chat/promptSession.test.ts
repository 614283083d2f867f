// A message from a prompt file: its tools narrow what every request of its answer offers (and what runs),
// Regenerate keeps them; each answer records the instructions its request carried, chosen from the files in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChatSession, type ChatSessionListener } from '../../../src/chat/chatSession';
import { newConversation, type Turn } from '../../../src/chat/conversation';
import { responseFiles } from '../../../src/chat/instructionSelection';
import type { ToolRuntime } from '../../../src/chat/toolLoop';
import { answers, toolModel, toolRuntime } from './toolTestHelpers';

const listener: ChatSessionListener = {
  structureChanged: () => undefined,
  textAppended: () => undefined,
  turnChanged: () => undefined,
  toolCallChanged: () => undefined,
  toolCallsGrew: () => undefined,
};

/** The fake runtime, with switches honoured as the real executor honours them. */
function switchedRuntime(names: string[]): { runtime: ToolRuntime; runs: string[] } {
  const { runtime, seen } = toolRuntime(names.map((name) => ({ name, readOnly: true })));
  const all = runtime.executor.offered();
  return {
    runtime: { ...runtime, executor: { ...runtime.executor, offered: (switches) => all.filter((t) => switches?.[t.definition.function.name] !== false) } },
    get runs() {
      return seen.runs.map((r) => r.name);
    },
  };
}

const offeredNames = (request: { tools?: { function: { name: string } }[] }) => (request.tools ?? []).map((t) => t.function.name);

test("a prompt file's tools narrow every request of its answer and what runs; Regenerate keeps them; the user's switches still count", async () => {
  const backend = toolModel((_request, i) =>
    i === 0
      ? [
          { name: 'edit_file', arguments: '{}' },
          { name: 'read_file', arguments: '{"path":"a.ts"}' },
        ]
      : [],
  );
  const tools = switchedRuntime(['read_file', 'search_text', 'edit_file']);
  const c = newConversation('gpt-x', '');
  c.toolSwitches = { search_text: false };
  const s = new ChatSession(c, { backend: () => backend, requestOptions: () => ({}), listener, tools: tools.runtime });
  await s.send('Review', { name: 'review', tools: ['read_file', 'search_text'] });
  assert.deepEqual(offeredNames(backend.requests[0]!), ['read_file'], 'search_text stays off: the user switched it off');
  assert.deepEqual(offeredNames(backend.requests[1]!), ['read_file'], 'the request after the tool results too');
  assert.deepEqual(tools.runs, ['read_file'], 'a call of a tool the prompt does not allow does not run');
  assert.equal(answers(c)[0]!.toolCalls!.find((call) => call.name === 'edit_file')!.status === 'succeeded', false);
  assert.deepEqual(c.turns[0]!.kind === 'user' && c.turns[0].prompt, { name: 'review', tools: ['read_file', 'search_text'] });

  await s.regenerate();
  assert.deepEqual(offeredNames(backend.requests.at(-1)!), ['read_file']);

  await s.send('A plain message');
  assert.deepEqual(offeredNames(backend.requests.at(-1)!), ['read_file', 'edit_file'], 'the next message is not narrowed');
});

test('each answer records the instructions its request carried, chosen from the history it answers', async () => {
  const backend = toolModel((_request, i) => (i === 0 ? [{ name: 'read_file', arguments: '{"path":"pkg/a.ts"}' }] : []));
  const tools = switchedRuntime(['read_file']);
  const c = newConversation('gpt-x', '');
  const seen: string[][] = [];
  const s = new ChatSession(c, {
    backend: () => backend,
    requestOptions: (history: readonly Turn[]) => {
      const files = responseFiles(history);
      seen.push(files);
      const instructions = [{ file: 'AGENTS.md', text: 'root', cut: false }];
      if (files.includes('pkg/a.ts')) instructions.push({ file: 'pkg/AGENTS.md', text: 'pkg', cut: false });
      return { instructions };
    },
    listener,
    tools: tools.runtime,
  });
  await s.send('Look at pkg');
  assert.deepEqual(seen, [[], ['pkg/a.ts']]);
  assert.deepEqual(
    answers(c).map((a) => a.instructions),
    [['AGENTS.md'], ['AGENTS.md', 'pkg/AGENTS.md']],
  );
  assert.match(backend.requests[1]!.messages[0]!.content as string, /<instructions file="pkg\/AGENTS.md">\npkg\n/);
  assert.doesNotMatch(backend.requests[0]!.messages[0]!.content as string, /pkg\/AGENTS/);
});

// The pure parts of offering VS Code's registered tools (other extensions', MCP servers'): where a tool
// comes from, its schema, what its result becomes for the model, the per-conversation switches and the cap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseConversation, serializeConversation } from '../../../src/chat/persistence';
import { BUILTIN_SOURCE, type ToolSource } from '../../../src/chat/toolSources';
import { validateTools } from '../../../src/gateway/validation/chatTools';
import { readWebviewMessage } from '../../../src/protocol/chatProtocol';
import { externalToolParameters, externalToolSource } from '../../../src/tools/externalToolSource';
import { EMPTY_TOOL_RESULT, toolResultText } from '../../../src/tools/toolResultText';
import { DEFAULT_MAX_TOOLS, overLimitNote, selectTools, type AvailableTool } from '../../../src/tools/toolSelection';
import { toolDefinition } from '../../../src/tools/toolSpec';
import { newConversation } from '../../../src/chat/conversation';

const info = (name: string, tags: string[] = [], extra: object = {}) => ({ name, description: `${name} does things`, inputSchema: undefined, tags, ...extra });

test('an MCP tool is known by its tag, an extension tool by the manifest declaring it, the rest is VS Code', () => {
  assert.deepEqual(externalToolSource(info('mcp_shop_lookup', ['mcp']), undefined), { kind: 'mcp', label: 'MCP server' });
  // VS Code's proposed `source` (given where proposed APIs are on) names the server.
  assert.deepEqual(externalToolSource(info('mcp_shop_lookup', ['mcp'], { source: { label: 'testShop', name: 'gateway-test-shop' } }), undefined), {
    kind: 'mcp',
    label: 'MCP server testShop',
  });
  assert.deepEqual(externalToolSource(info('mcp_x', ['mcp'], { source: { label: '  ' } }), undefined), { kind: 'mcp', label: 'MCP server' });
  assert.deepEqual(externalToolSource(info('renderMermaidDiagram'), { id: 'vscode.mermaid-markdown-features', name: 'Mermaid' }), {
    kind: 'extension',
    label: 'Mermaid (vscode.mermaid-markdown-features)',
  });
  assert.deepEqual(externalToolSource(info('run_in_terminal'), undefined), { kind: 'vscode', label: 'VS Code' });
});

test('external schemas become object schemas the gateway validator accepts', () => {
  assert.deepEqual(externalToolParameters(undefined), { type: 'object', properties: {} });
  assert.deepEqual(externalToolParameters({ properties: { id: { type: 'string' } }, required: ['id'] }), {
    type: 'object',
    properties: { id: { type: 'string' } },
    required: ['id'],
  });
  assert.deepEqual(externalToolParameters([]), { type: 'object', properties: {} });
  const definitions = [undefined, { type: 'object', properties: { id: { type: 'string' } } }, { properties: {} }].map((schema, i) =>
    toolDefinition({ name: `t${i}`, description: 'd', parameters: externalToolParameters(schema), readOnly: false }),
  );
  assert.deepEqual(validateTools(definitions), ['t0', 't1', 't2']);
  // An MCP schema with optional properties is not sent as strict.
  assert.equal(definitions[1]!.function.strict, undefined);
});

test('tool results: text as is, JSON and text data decoded, images and binary named but not sent, nothing said so', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  assert.equal(toolResultText([{ value: 'Order 42: shipped' }]), 'Order 42: shipped');
  assert.equal(toolResultText([{ value: 'a' }, { value: 'b' }]), 'a\nb');
  assert.equal(toolResultText([{ data: bytes('{"id":7}'), mimeType: 'application/json' }]), '{"id":7}');
  assert.equal(toolResultText([{ data: bytes('<a/>'), mimeType: 'application/vnd.api+xml' }]), '<a/>');
  assert.equal(toolResultText([{ data: bytes('# hi'), mimeType: 'text/markdown' }]), '# hi');
  const image = toolResultText([{ value: 'Label' }, { data: new Uint8Array(74), mimeType: 'image/png' }]);
  assert.match(image, /^Label\n\[Image \(image\/png, 74 bytes\) returned by the tool: not sent, the chat format carries only text in tool results\.\]$/);
  assert.match(toolResultText([{ data: new Uint8Array(3), mimeType: 'application/octet-stream' }]), /^\[Data \(application\/octet-stream, 3 bytes\)/);
  assert.equal(toolResultText([{ value: { node: { type: 1 } } }]), '{"node":{"type":1}}');
  assert.equal(toolResultText([]), EMPTY_TOOL_RESULT);
  assert.equal(toolResultText([null, 3, { value: '' }]), EMPTY_TOOL_RESULT);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.equal(toolResultText([{ value: cyclic }]), EMPTY_TOOL_RESULT);
});

const mcp: ToolSource = { kind: 'mcp', label: 'MCP server shop' };
const tool = (name: string, source: ToolSource = mcp, defaultOn = true): AvailableTool => ({ name, description: name, source, defaultOn });

test('switches choose the tools, defaults apply to tools not switched, and the cap keeps the first ones', () => {
  const available = [tool('read_file', BUILTIN_SOURCE), tool('a'), tool('b'), tool('terminal', { kind: 'vscode', label: 'VS Code' }, false)];
  const states = (switches: Record<string, boolean> | undefined, max = DEFAULT_MAX_TOOLS) =>
    selectTools(available, switches, max).map((t) => `${t.name}:${t.state}`);
  assert.deepEqual(states(undefined), ['read_file:on', 'a:on', 'b:on', 'terminal:off']);
  assert.deepEqual(states({ a: false, terminal: true }), ['read_file:on', 'a:off', 'b:on', 'terminal:on']);
  assert.deepEqual(states({ terminal: true }, 2), ['read_file:on', 'a:on', 'b:overLimit', 'terminal:overLimit']);
  // Switching one off lets the next one in.
  assert.deepEqual(states({ a: false, terminal: true }, 2), ['read_file:on', 'a:off', 'b:on', 'terminal:overLimit']);
});

test('200 MCP tools: 128 offered, the note says how many are left out and how to choose', () => {
  const many = Array.from({ length: 200 }, (_, i) => tool(`mcp_t${i}`));
  const selected = selectTools(many, undefined, DEFAULT_MAX_TOOLS);
  assert.equal(selected.filter((t) => t.state === 'on').length, 128);
  assert.equal(selected[127]!.state, 'on');
  assert.equal(selected[128]!.state, 'overLimit');
  assert.equal(
    overLimitNote(selected, 128),
    '72 tools are switched on but not offered: a request carries at most 128 tools (genaiGateway.tools.maxTools). Switch some off to choose which ones the model gets.',
  );
  assert.equal(overLimitNote(selectTools(many.slice(0, 10), undefined, 128), 128), undefined);
  assert.match(overLimitNote(selectTools(many.slice(0, 3), undefined, 2), 2)!, /^1 tool is switched on/);
});

test("switches and a call's source survive a save; malformed ones are refused", () => {
  const c = newConversation('m', '');
  c.toolSwitches = { mcp_shop_lookup: false, run_in_terminal: true };
  c.turns.push({
    kind: 'assistant',
    id: 't',
    model: 'm',
    text: '',
    status: 'done',
    createdAt: 1,
    toolCalls: [{ id: 'c', name: 'mcp_shop_lookup', arguments: '{}', status: 'succeeded', result: 'ok', source: mcp }],
  });
  const back = parseConversation(serializeConversation(c));
  assert.deepEqual(back.toolSwitches, c.toolSwitches);
  assert.deepEqual(back.turns[0]!.kind === 'assistant' && back.turns[0].toolCalls![0]!.source, mcp);
  const stored = JSON.parse(serializeConversation(c));
  stored.conversation.toolSwitches = { x: 'yes' };
  assert.throws(() => parseConversation(JSON.stringify(stored)), /toolSwitches\.x/);
  stored.conversation.toolSwitches = {};
  stored.conversation.turns[0].toolCalls[0].source = { kind: 'plugin', label: 'x' };
  assert.throws(() => parseConversation(JSON.stringify(stored)), /toolSource\.kind/);
});

test("the tool picker's messages are read field by field", () => {
  assert.deepEqual(readWebviewMessage({ type: 'setToolEnabled', name: 'mcp_a', enabled: false, x: 1 }), {
    type: 'setToolEnabled',
    name: 'mcp_a',
    enabled: false,
  });
  assert.equal(readWebviewMessage({ type: 'setToolEnabled', name: 'mcp_a', enabled: 'no' }), undefined);
  assert.equal(readWebviewMessage({ type: 'setToolEnabled', enabled: true }), undefined);
  assert.deepEqual(readWebviewMessage({ type: 'refreshTools', extra: 1 }), { type: 'refreshTools' });
  assert.deepEqual(readWebviewMessage({ type: 'startMcpServers' }), { type: 'startMcpServers' });
});

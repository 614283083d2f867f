// A tiny stdio MCP server for the tests, built on the official SDK. VS Code
// starts it from a workspace `.vscode/mcp.json` (or a test extension's server
// definition); its tools then appear in vscode.lm.tools.
//
//   node out/test/vscode/mcp/testMcpServer.js
//
// Tools:
//   lookup_order  (readOnlyHint) text answer naming the order: "Order <id>: 3 blue widgets, shipped"
//   order_label   (readOnlyHint) a 2x2 PNG and a text caption
//   order_json    (readOnlyHint) JSON as text content and structuredContent
//   cancel_order  (no hint: writes) "Order <id> cancelled"
//   broken_tool   (readOnlyHint) always an error result (isError)
//   wait_forever  (readOnlyHint) answers only when cancelled
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A 2x2 PNG: red and blue pixels. */
export const ORDER_LABEL_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=';

const orderId = { type: 'object', properties: { id: { type: 'string', description: 'The order number' } }, required: ['id'] };

const TOOLS = [
  { name: 'lookup_order', description: 'Looks up an order of the test shop by its number.', inputSchema: orderId, annotations: { readOnlyHint: true } },
  { name: 'order_label', description: 'The shipping label of an order, as an image.', inputSchema: orderId, annotations: { readOnlyHint: true } },
  { name: 'order_json', description: 'An order as JSON.', inputSchema: orderId, annotations: { readOnlyHint: true } },
  { name: 'cancel_order', description: 'Cancels an order of the test shop.', inputSchema: orderId },
  { name: 'broken_tool', description: 'Always fails.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
  { name: 'wait_forever', description: 'Never answers until cancelled.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
];

function call(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> | CallToolResult {
  const id = typeof args.id === 'string' ? args.id : '?';
  switch (name) {
    case 'lookup_order':
      return { content: [{ type: 'text', text: `Order ${id}: 3 blue widgets, shipped` }] };
    case 'order_label':
      return {
        content: [
          { type: 'text', text: `Label of order ${id}` },
          { type: 'image', data: ORDER_LABEL_PNG_BASE64, mimeType: 'image/png' },
        ],
      };
    case 'order_json': {
      const order = { id, items: 3, color: 'blue', shipped: true };
      return { content: [{ type: 'text', text: JSON.stringify(order) }], structuredContent: order };
    }
    case 'cancel_order':
      return { content: [{ type: 'text', text: `Order ${id} cancelled` }] };
    case 'broken_tool':
      return { content: [{ type: 'text', text: 'The order database is offline' }], isError: true };
    case 'wait_forever':
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ content: [{ type: 'text', text: 'cancelled' }] }), { once: true }));
    default:
      throw new Error(`Unknown tool ${name}`);
  }
}

async function main(): Promise<void> {
  const server = new Server({ name: 'gateway-test-shop', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => call(request.params.name, request.params.arguments ?? {}, extra.signal));
  await server.connect(new StdioServerTransport());
}

if (require.main === module) void main();

// The chat view's host side as tests drive it: the webview replaced by a recorder of the protocol's messages.
import * as assert from 'assert';
import type { Conversation, ToolCallRecord } from '../../../src/chat/conversation';
import type { ApprovalDecision } from '../../../src/chat/toolLoop';
import type { ChatController } from '../../../src/chatView/chatController';
import type { ActiveIdMemento } from '../../../src/chatView/conversationLibrary';
import type { ToolSettings } from '../../../src/platform/settings';
import type { HostMessage } from '../../../src/protocol/chatProtocol';

export class RecordingView {
  readonly messages: HostMessage[] = [];
  post(message: HostMessage): void {
    this.messages.push(structuredClone(message));
  }
  streamedText(turnId: string): string {
    return this.messages.flatMap((m) => (m.type === 'textAppended' && m.turnId === turnId ? [m.text] : [])).join('');
  }
  lastState(): Conversation {
    const state = [...this.messages].reverse().find((m) => m.type === 'state');
    assert.ok(state && state.type === 'state', 'no state message');
    return state.state.conversation;
  }
}

/** Answers each approval the view is asked for with the next decision, as a user clicking in the card. */
export class ApprovingView extends RecordingView {
  asked: ToolCallRecord[] = [];
  visible = true;
  constructor(
    private readonly decide: (call: ToolCallRecord) => ApprovalDecision | undefined,
    private readonly controller: () => ChatController,
  ) {
    super();
  }
  override post(message: HostMessage): void {
    super.post(message);
    if (message.type !== 'toolCallChanged' || message.call.status !== 'awaitingApproval') return;
    this.asked.push(structuredClone(message.call));
    const { id: callId, approvalKey = '' } = message.call;
    const decision = this.decide(message.call);
    if (decision) setTimeout(() => void this.controller().handle({ type: 'decideToolCall', callId, approvalKey, decision }), 10);
  }
  isVisible(): boolean {
    return this.visible;
  }
}

export class MemoryMemento implements ActiveIdMemento {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Thenable<void> {
    this.values.set(key, value);
    return Promise.resolve();
  }
}

export { until } from '../../support/until';

/** The tool settings as a fresh user has them (package.json's defaults), for tests that build the chat's tools. */
export const DEFAULT_TOOL_SETTINGS: ToolSettings = {
  enabled: true,
  maxRounds: 8,
  maxResultChars: 20000,
  autoApprove: [],
  commandAllowlist: [],
  userDefined: [],
  nonStreamingModels: [],
  maxTools: 128,
  terminalRules: {},
  terminalTimeoutSeconds: 300,
};

/** The chat webview's entry point: builds the page, then tells the host it is ready for the state. */
import '../shared/pageBundle';
import type { HostMessage, WebviewMessage } from '../../protocol/chatProtocol';
import { ChatApp } from './chatApp';
import { connectToHost } from '../shared/hostConnection';

const host = connectToHost<WebviewMessage>();
const root = document.getElementById('app');
if (root) {
  const app = new ChatApp(root, host);
  // Only the extension posts to this page; its messages follow the protocol.
  window.addEventListener('message', (event: MessageEvent<HostMessage>) => app.receive(event.data));
  host.post({ type: 'ready' });
}

/** The player webview's entry point: builds the page, then tells the host it is ready. */
import '../shared/pageBundle';
import type { PlayerHostMessage, PlayerWebviewMessage } from '../../protocol/playerProtocol';
import { connectToHost } from '../shared/hostConnection';
import { PlayerApp } from './playerApp';

const host = connectToHost<PlayerWebviewMessage>();
const root = document.getElementById('app');
if (root) {
  const app = new PlayerApp(root, host);
  // Only the extension posts to this page; its messages follow the protocol.
  window.addEventListener('message', (event: MessageEvent<PlayerHostMessage>) => app.receive(event.data));
  host.post({ type: 'ready' });
}

/** What the startup bundle hands to the features bundle: the objects it already made, so each exists once, and the entry points. */
import type { Credentials } from '../connection/credentials';
import type { ConnectionStatusBar } from '../connection/statusBar';
import type { EntryPoints } from '../platform/entryPoints';
import type { Settings } from '../platform/settings';

export interface StartupHandoff {
  settings: Settings;
  credentials: Credentials;
  statusBar: ConnectionStatusBar;
  entryPoints: EntryPoints;
  /** What made the features load, for the log: a command, a view, a tool, unfinished tasks. */
  reason: string;
}

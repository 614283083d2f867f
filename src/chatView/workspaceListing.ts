/**
 * The workspace's files for the # picker and for marking ignored
 * attachments: the listing search uses (.gitignore, files.exclude,
 * search.exclude), kept for a few seconds so that typing does not walk the
 * workspace at every key.
 */
import * as vscode from 'vscode';
import { listWorkspaceFiles } from '../workspace/workspaceFiles';

/** Listed at most; beyond, the picker matches among these and nothing is marked ignored. */
const MAX_LISTED = 50_000;
const FRESH_MS = 5_000;

export interface Listing {
  uris: vscode.Uri[];
  /** True when the workspace has more files than were listed. */
  truncated: boolean;
  /** The listed files' URIs as strings. */
  has(uri: vscode.Uri): boolean;
}

export class WorkspaceListing {
  private cached: { at: number; listing: Promise<Listing> } | undefined;

  files(): Promise<Listing> {
    if (!this.cached || Date.now() - this.cached.at > FRESH_MS) {
      const listing = listWorkspaceFiles({ max: MAX_LISTED }, new AbortController().signal).then(({ uris, truncated }) => {
        const set = new Set(uris.map((u) => u.toString()));
        return { uris, truncated, has: (uri: vscode.Uri) => set.has(uri.toString()) };
      });
      this.cached = { at: Date.now(), listing };
      listing.catch(() => (this.cached = undefined));
    }
    return this.cached.listing;
  }
}

/** Text of the tools' results and the participant's answers. */
import * as vscode from 'vscode';
import { longestBacktickRun } from '../chat/backtickRuns';

/** A file as the model and the user know it: relative to the workspace when inside it. */
export function shownPath(file: string): string {
  return vscode.workspace.asRelativePath(file, false);
}

/** A model id, path or task id as markdown code, whatever backticks it holds. */
export function inlineCode(value: string): string {
  const longestRun = longestBacktickRun(value);
  const fence = '`'.repeat(longestRun + 1);
  return longestRun > 0 ? `${fence} ${value} ${fence}` : `${fence}${value}${fence}`;
}

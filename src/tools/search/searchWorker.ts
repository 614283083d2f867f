/** The worker thread of workerSearch: reads the files in turn and posts the lines matching, as each file is done. */
import * as fs from 'fs';
import { parentPort, workerData } from 'worker_threads';
import { lineMatcher, matchingLines } from '../textEdits';
import { MAX_TEXT_FILE_BYTES } from '../textFileLimit';
import type { WorkerJob, WorkerMessage } from './workerSearch';

const job = workerData as WorkerJob;
const matches = lineMatcher(job.query, job.isRegex);
const post = (message: WorkerMessage) => parentPort!.postMessage(message);
let count = 0;
for (const file of job.files) {
  if (count >= job.maxMatches) break;
  const text = readTextIfSmall(file);
  if (text === undefined) continue;
  const found = matchingLines(text, matches, job.maxMatches - count).map((m) => ({ file, line: m.line, text: m.text }));
  count += found.length;
  if (found.length > 0) post({ type: 'found', found });
}
post(count >= job.maxMatches ? { type: 'done', stopped: 'maxMatches' } : { type: 'done' });

/** The file's text, or undefined when it is large, binary or unreadable. */
function readTextIfSmall(file: string): string | undefined {
  try {
    if (fs.statSync(file).size > MAX_TEXT_FILE_BYTES) return undefined;
    const bytes = fs.readFileSync(file);
    return bytes.includes(0) ? undefined : new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

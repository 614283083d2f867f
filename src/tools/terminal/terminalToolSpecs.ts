/** What the model is told of the terminal tools. Pure. */
import type { ToolSpec } from '../toolSpec';

export const TERMINAL_TOOLS = {
  run: 'run_in_terminal',
  output: 'terminal_output',
} as const;

/* model text */
export const RUN_IN_TERMINAL_SPEC: ToolSpec = {
  name: TERMINAL_TOOLS.run,
  description:
    'Runs a shell command line in a terminal the user sees (the user approves it first unless their rules allow it) and returns what it printed ' +
    '(escape sequences removed; past a limit, the head and the tail with how much was cut) and its exit code. ' +
    "Commands run one at a time in this conversation's terminal, each starting in the workspace folder (or cwd); exported variables carry over between calls. " +
    'Use it to build, test, lint, run git and other command-line tools, then read the output and go on. ' +
    'For a server or a watcher that does not end, set background: it returns after the first output with an id to read more or stop it with terminal_output.',
  parameters: {
    type: 'object',
    properties: {
      command: { type: 'string', description: 'The command line, as typed in the terminal.' },
      cwd: { type: 'string', description: 'The folder to run it in, relative to the workspace folder (default: the workspace folder).' },
      background: { type: 'boolean', description: 'Return after the first output and keep the command running (servers, watchers).' },
    },
    required: ['command'],
    additionalProperties: false,
  },
  readOnly: false,
};

/* model text */
export const TERMINAL_OUTPUT_SPEC: ToolSpec = {
  name: TERMINAL_TOOLS.output,
  description:
    'Reads what a background command of run_in_terminal printed since it was last read, and whether it still runs; with stop: true, stops it (Ctrl+C) first.',
  parameters: {
    type: 'object',
    properties: {
      id: { type: 'string', description: 'The id run_in_terminal returned for the background command.' },
      stop: { type: 'boolean', description: 'Stop the command before reading.' },
    },
    required: ['id'],
    additionalProperties: false,
  },
  readOnly: false,
};

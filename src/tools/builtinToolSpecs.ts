/** The workspace tools the extension offers the model: names, descriptions, parameters. Pure. */
import type { JsonSchemaObject } from '../gateway/types/chat';
import type { ToolSpec } from './toolSpec';

export const BUILTIN_TOOLS = {
  readFile: 'read_file',
  listFiles: 'list_files',
  searchText: 'search_text',
  openFile: 'open_file',
  getSelection: 'get_selection',
  getDiagnostics: 'get_diagnostics',
  createFile: 'create_file',
  editFile: 'edit_file',
  runVscodeCommand: 'run_vscode_command',
  runTask: 'run_task',
} as const;

/* model text */
const PATH = { type: 'string', description: 'A path relative to the workspace folder (with several folders, it may start with the folder name).' };
const LINE = (what: string) => ({ type: 'integer', minimum: 1, description: what });

function object(properties: Record<string, unknown>, required: string[] = []): JsonSchemaObject {
  return { type: 'object', properties, required, additionalProperties: false };
}

/* model text */
export const BUILTIN_TOOL_SPECS: readonly ToolSpec[] = [
  {
    name: BUILTIN_TOOLS.readFile,
    description: 'Reads a text file of the workspace (unsaved editor changes included), optionally only some lines. Lines are numbered from 1.',
    parameters: object({ path: PATH, startLine: LINE('First line to read.'), endLine: LINE('Last line to read (inclusive).') }, ['path']),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.listFiles,
    description:
      'Lists workspace files matching a glob pattern, e.g. "**/*.ts" or "src/**". node_modules, .git and what the user\'s settings exclude (files.exclude, search.exclude) are left out.',
    parameters: object(
      {
        pattern: { type: 'string', description: 'A glob pattern relative to the workspace folders.' },
        maxResults: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many paths (default 200).' },
      },
      ['pattern'],
    ),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.searchText,
    description:
      "Searches the text of workspace files; returns matching lines as path:line: text. node_modules, .git, files ignored by .gitignore and what the user's settings exclude (files.exclude, search.exclude) are left out.",
    parameters: object(
      {
        query: { type: 'string', description: 'The text to find (case-insensitive), or a regular expression when isRegex is true.' },
        isRegex: { type: 'boolean', description: 'Treat query as a regular expression, in Rust syntax as ripgrep uses it: no look-around, no backreferences.' },
        include: { type: 'string', description: 'A glob pattern of the files to search (default: all).' },
        maxResults: { type: 'integer', minimum: 1, maximum: 500, description: 'At most this many matching lines (default 100).' },
      },
      ['query'],
    ),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.openFile,
    description: 'Opens a workspace file in the editor for the user, optionally selecting and revealing a range of lines.',
    parameters: object({ path: PATH, startLine: LINE('First line to select.'), endLine: LINE('Last line to select (inclusive).') }, ['path']),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.getSelection,
    description: 'The text selected in the active editor, with its file and line numbers.',
    parameters: object({}),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.getDiagnostics,
    description: 'The errors and warnings (problems) of one workspace file, or of all open files when no path is given.',
    parameters: object({ path: PATH }),
    readOnly: true,
  },
  {
    name: BUILTIN_TOOLS.createFile,
    description: 'Creates a workspace file with the given content (the user approves it first). Refuses to replace an existing file unless overwrite is true.',
    parameters: object(
      {
        path: PATH,
        content: { type: 'string', description: 'The whole content of the file.' },
        overwrite: { type: 'boolean', description: 'Replace the file if it exists.' },
      },
      ['path', 'content'],
    ),
    readOnly: false,
  },
  {
    name: BUILTIN_TOOLS.editFile,
    description:
      'Edits a workspace file (the user sees a diff and approves it first): replaces oldText, which must occur exactly once, ' +
      'or else the lines startLine to endLine, with newText. Read the file first to get the text or line numbers right.',
    parameters: object(
      {
        path: PATH,
        newText: { type: 'string', description: 'The replacement text.' },
        oldText: {
          type: 'string',
          description: 'The exact text to replace; it must occur exactly once in the file. Include enough context to make it unique.',
        },
        startLine: LINE('First line to replace (when oldText is not given).'),
        endLine: LINE('Last line to replace, inclusive (when oldText is not given).'),
      },
      ['path', 'newText'],
    ),
    readOnly: false,
  },
  {
    name: BUILTIN_TOOLS.runTask,
    description: "Runs a task defined in the workspace's tasks.json by its label and returns its exit code (the user approves it first).",
    parameters: object({ label: { type: 'string', description: 'The label of the task in .vscode/tasks.json.' } }, ['label']),
    readOnly: false,
  },
];

export function builtinSpec(name: string): ToolSpec {
  const spec = BUILTIN_TOOL_SPECS.find((s) => s.name === name);
  if (!spec) throw new Error(`No built-in tool ${name}`);
  return spec;
}

/** run_vscode_command offers only the commands of the user's allowlist (none: the tool is not offered). */
/* model text */
export function runCommandSpec(allowlist: readonly string[]): ToolSpec {
  return {
    name: BUILTIN_TOOLS.runVscodeCommand,
    description: 'Runs a VS Code command (the user approves it first) and returns its result. Only these commands are allowed: ' + allowlist.join(', '),
    parameters: object(
      {
        command: { type: 'string', enum: [...allowlist], description: 'The command id.' },
        args: { type: 'array', items: {}, description: 'Arguments passed to the command, in order.' },
      },
      ['command'],
    ),
    readOnly: false,
  };
}

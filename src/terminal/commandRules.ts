/**
 * The user's rules for terminal commands (`genaiGateway.tools.terminal.autoApprove`,
 * as VS Code's own `chat.tools.terminal.autoApprove`): each key a command
 * prefix (`npm run` allows `npm run build`, not `npm runner`) or a regular
 * expression written `/…/flags`, each value true (runs without asking) or
 * false (always asks). A command line runs without asking only when every
 * command in it has an allowing rule, none a denying one (deny wins), it
 * writes no file through a redirection, and it was understood. Pure.
 */
import * as vm from 'node:vm';
import { t } from '../l10n/localize';
import { parseCommandLine } from './commandLine';

export interface CommandRule {
  /** The key as the user wrote it. */
  key: string;
  allow: boolean;
  matches(command: string): boolean;
}

export interface CommandVerdict {
  /** True: runs without asking. */
  allowed: boolean;
  /** Each command of the line and the rule that decides it (none: no rule matches). */
  commands: { text: string; rule?: CommandRule }[];
  /** Files the line writes through redirections. */
  writes: string[];
  /** Why the line was not understood; it is then always asked about. */
  notUnderstood?: string;
}

/** A regular expression gets this long to answer for one command; longer counts as no match. */
const REGEX_TIME_LIMIT_MS = 50;

/** The rules of the setting, in its order, and what is wrong with entries that are left out. */
export function readCommandRules(raw: unknown): { rules: CommandRule[]; problems: string[] } {
  const rules: CommandRule[] = [];
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { rules, problems };
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'boolean') {
      problems.push(t('The terminal rule "{0}" is left out: its value must be true (allow) or false (always ask).', key));
      continue;
    }
    const matcher = matcherOf(key, value);
    if (typeof matcher === 'string') problems.push(t('The terminal rule "{0}" is left out: {1}', key, matcher));
    else rules.push({ key, allow: value, matches: matcher });
  }
  return { rules, problems };
}

export function judgeCommandLine(line: string, rules: readonly CommandRule[]): CommandVerdict {
  const parsed = parseCommandLine(line);
  if (!parsed.ok) return { allowed: false, commands: [], writes: [], notUnderstood: parsed.reason };
  const commands = parsed.commands.map((text) => {
    const rule = rules.find((r) => !r.allow && r.matches(text)) ?? rules.find((r) => r.allow && r.matches(text));
    return rule ? { text, rule } : { text };
  });
  const allowed = parsed.writes.length === 0 && commands.every((c) => c.rule?.allow === true);
  return { allowed, commands, writes: parsed.writes };
}

/** The rule keys an "Always allow" adds for the commands no rule allows yet: each exactly, or each by its prefix (absent when a command has none worth offering). */
export function ruleSuggestions(verdict: CommandVerdict): { exact: string[]; prefix?: string[] } {
  const open = verdict.commands.filter((c) => c.rule === undefined).map((c) => c.text);
  const exact = [...new Set(open)].map(exactRuleKey);
  const prefixes = open.map(commandPrefix);
  if (prefixes.some((p) => p === undefined)) return { exact };
  return { exact, prefix: [...new Set(prefixes as string[])] };
}

/** A rule that allows this command and nothing else. */
export function exactRuleKey(command: string): string {
  return `/^${command.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`;
}

/**
 * The plain words (one or two) before the last word and before any option: `npm run build` → `npm run`,
 * `git status` → `git`, `git -C x log` → `git`; none for a one-word command or one starting with quotes, expansions or patterns.
 */
export function commandPrefix(command: string): string | undefined {
  const words = command.split(' ');
  const prefix: string[] = [];
  for (const word of words.slice(0, Math.min(2, words.length - 1))) {
    if (!/^[\w@%+=:,./-]+$/.test(word) || word.startsWith('-')) break;
    prefix.push(word);
  }
  return prefix.length ? prefix.join(' ') : undefined;
}

/** A test of a command, or what is wrong with the key. */
function matcherOf(key: string, allow: boolean): ((command: string) => boolean) | string {
  const regex = /^\/(.*)\/([dgimsuvy]*)$/s.exec(key);
  if (!regex) {
    const prefix = key.trim().split(/\s+/).join(' ');
    if (!prefix) return t('it is empty');
    return (command) => command === prefix || command.startsWith(`${prefix} `);
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex[1]!, regex[2]!.replace(/[gy]/g, ''));
  } catch (error) {
    return t('it is not a valid regular expression ({0})', error instanceof Error ? error.message : String(error));
  }
  // A deny rule that runs out of time counts as matching: the command is asked about.
  return timedTest(pattern, !allow);
}

const TEST_SCRIPT = new vm.Script('pattern.test(text)');

/** A user's pattern tested on the model's text: a pattern that backtracks without end must not block the extension host. */
function timedTest(pattern: RegExp, onTimeout: boolean): (text: string) => boolean {
  const context = vm.createContext({ pattern, text: '' });
  return (text) => {
    context.text = text;
    try {
      return TEST_SCRIPT.runInContext(context, { timeout: REGEX_TIME_LIMIT_MS }) === true;
    } catch {
      return onTimeout;
    }
  };
}

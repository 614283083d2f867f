/** Validation of the `tools` and `tool_choice` of a chat request. */
import { t } from '../../l10n/localize';
import { TOOL_NAME_PATTERN } from './limits';
import { arrayOf, booleanValue, fail, isRecord, oneOf, requiredObject, text } from './rules';

/** Checks the tool definitions; returns their names, or undefined when no tools are given. */
export function validateTools(tools: unknown): string[] | undefined {
  const names: string[] = [];
  arrayOf('tools', tools, 1, Infinity)?.forEach((item, i) => {
    const field = `tools[${i}]`;
    const tool = requiredObject(field, item, t('a tool definition object'));
    oneOf(`${field}.type`, tool.type, ['function'], { required: true });
    const fn = requiredObject(`${field}.function`, tool.function, t('an object with name and parameters'));
    const { name } = fn;
    if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
      fail(`${field}.function.name`, name, t('1 to 64 letters, digits, "_" or "-"'));
    }
    if (names.includes(name)) fail(`${field}.function.name`, name, t('a name no other tool has'));
    names.push(name);
    text(`${field}.function.description`, fn.description);
    const schema = t('a JSON schema with type "object"');
    const parameters = requiredObject(`${field}.function.parameters`, fn.parameters, schema);
    oneOf(`${field}.function.parameters.type`, parameters.type, ['object'], { required: true });
    booleanValue(`${field}.function.strict`, fn.strict);
  });
  return tools === undefined ? undefined : names;
}

export function validateToolChoice(choice: unknown, toolNames: readonly string[] | undefined): void {
  if (choice === undefined) return;
  if (toolNames === undefined) fail('tool_choice', choice, t('tool_choice only together with tools'), t('no tools given'));
  if (typeof choice === 'string') {
    oneOf('tool_choice', choice, ['auto', 'none', 'required']);
    return;
  }
  const allowed = t('{0} or {1}', '"auto", "none", "required"', '{"type": "function", "function": {"name": ...}}');
  if (!isRecord(choice)) fail('tool_choice', choice, allowed);
  oneOf('tool_choice.type', choice.type, ['function'], { required: true });
  const fn = requiredObject('tool_choice.function', choice.function, t('an object with the name of a tool'));
  oneOf('tool_choice.function.name', fn.name, toolNames, {
    required: true,
    detail: t('not among the tools'),
  });
}

/**
 * The fields of package.json a user reads (in the Command Palette, the
 * Settings editor and settings.json hovers, views, welcome pages, menus,
 * VS Code's chat): each must be a `%key%` that package.nls.json and its
 * translations give. Not listed: ids, icons, `when` clauses, keybindings, and
 * what the model reads (languageModelTools' modelDescription and inputSchema).
 */

export interface ManifestText {
  /** Where it is, e.g. `contributes.commands[3].title`. */
  where: string;
  value: unknown;
}

type Json = Record<string, unknown>;

/** Schema keywords whose values (a string or a list of strings) are shown in the Settings editor or settings.json. */
const SCHEMA_TEXTS = [
  'title',
  'description',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'enumItemLabels',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'patternErrorMessage',
  'errorMessage',
];
/** Per entry of a `contributes` list (or of each list in a `contributes` map), the fields read by the user. */
const CONTRIBUTION_TEXTS: Record<string, string[]> = {
  commands: ['title', 'shortTitle', 'category'],
  viewsContainers: ['title'],
  views: ['name', 'contextualTitle'],
  viewsWelcome: ['contents'],
  submenus: ['label'],
  languageModelTools: ['displayName', 'userDescription'],
  languageModelChatProviders: ['displayName'],
  chatParticipants: ['fullName', 'description'],
  walkthroughs: ['title', 'description'],
};

export function userVisibleTexts(manifest: Json): ManifestText[] {
  const found: ManifestText[] = [];
  const take = (owner: Json, keys: readonly string[], where: string): void => {
    for (const key of keys) {
      const value = owner[key];
      if (Array.isArray(value)) value.forEach((item, i) => found.push({ where: `${where}.${key}[${i}]`, value: item }));
      else if (value !== undefined) found.push({ where: `${where}.${key}`, value });
    }
  };
  take(manifest, ['displayName', 'description'], '');
  const contributes = (manifest.contributes ?? {}) as Json;
  for (const [point, keys] of Object.entries(CONTRIBUTION_TEXTS)) {
    for (const [where, entry] of entries(contributes[point], `contributes.${point}`)) {
      take(entry, keys, where);
      if (point === 'chatParticipants') entries(entry.commands, `${where}.commands`).forEach(([at, command]) => take(command, ['description'], at));
      if (point === 'walkthroughs')
        entries(entry.steps, `${where}.steps`).forEach(([at, step]) => {
          take(step, ['title', 'description'], at);
          if (isObject(step.media)) take(step.media, ['altText'], `${at}.media`);
        });
    }
  }
  const configurations = Array.isArray(contributes.configuration) ? contributes.configuration : [contributes.configuration];
  configurations.forEach((configuration, i) => {
    if (!isObject(configuration)) return;
    const where = `contributes.configuration${Array.isArray(contributes.configuration) ? `[${i}]` : ''}`;
    take(configuration, ['title'], where);
    for (const [name, schema] of Object.entries((configuration.properties ?? {}) as Json)) schemaTexts(schema, `${where}.properties[${name}]`, take);
  });
  return found;
}

/** A setting's schema and the schemas inside it (an array's items, an object's properties). */
function schemaTexts(schema: unknown, where: string, take: (owner: Json, keys: readonly string[], where: string) => void): void {
  if (!isObject(schema)) return;
  take(schema, SCHEMA_TEXTS, where);
  const items = schema.items;
  if (Array.isArray(items)) items.forEach((item, i) => schemaTexts(item, `${where}.items[${i}]`, take));
  else schemaTexts(items, `${where}.items`, take);
  schemaTexts(schema.additionalProperties, `${where}.additionalProperties`, take);
  for (const map of ['properties', 'patternProperties'] as const)
    for (const [name, inner] of Object.entries((schema[map] ?? {}) as Json)) schemaTexts(inner, `${where}.${map}[${name}]`, take);
  for (const list of ['anyOf', 'oneOf', 'allOf'] as const) entries(schema[list], `${where}.${list}`).forEach(([at, inner]) => schemaTexts(inner, at, take));
}

/** The objects of a contribution: a list, or a map of lists (views by container, viewsContainers by place). */
function entries(value: unknown, where: string): Array<[string, Json]> {
  if (Array.isArray(value)) return value.flatMap((entry, i): Array<[string, Json]> => (isObject(entry) ? [[`${where}[${i}]`, entry]] : []));
  if (isObject(value)) return Object.entries(value).flatMap(([key, list]) => entries(list, `${where}.${key}`));
  return [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

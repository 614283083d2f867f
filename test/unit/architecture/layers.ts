/**
 * The layers of src/, lowest first: the one place that ranks every top-level
 * folder (README's Layout table describes them). A folder imports only
 * folders of lower layers; folders of one layer never import each other.
 */
import type { Architecture } from './layerRules';

export const ARCHITECTURE: Architecture = {
  layers: [
    { name: 'localisation', members: ['l10n'], vscode: false },
    { name: 'gateway client', members: ['gateway'], vscode: false },
    { name: 'files', members: ['files'], vscode: false },
    { name: 'pure logic', members: ['chat', 'tasks', 'speech', 'terminal', 'checkpoints'], vscode: false },
    { name: 'protocol', members: ['protocol'], vscode: false },
    { name: 'platform adapters', members: ['platform', 'workspace'], vscode: true },
    { name: 'service adapters', members: ['connection', 'output'], vscode: true },
    { name: 'media actions', members: ['mediaActions'], vscode: true },
    { name: 'features', members: ['chatView', 'languageModels', 'mediaGeneration', 'readAloud', 'tasksView', 'tools'], vscode: true },
    { name: 'webviews', members: ['webview'], vscode: false, onlyImports: ['l10n', 'protocol', 'chat'] },
    { name: 'composition root', members: ['extension.ts'], vscode: true },
    { name: 'startup', members: ['startup'], vscode: true },
  ],
  // The startup bundle requires the features bundle (dist/extension.js) when first needed.
  bundleLoaders: ['startup/bootstrap'],
  vscodeFree: [
    'mediaGeneration/forms',
    'mediaGeneration/generation',
    'mediaActions/commandContracts',
    'mediaActions/commandIds',
    'mediaActions/imageSet',
    'mediaActions/mediaToolSpecs',
    'output/mp4Audio',
    'output/mp4Summary',
    'output/workspaceMedia',
    ...['pathPolicy', 'realpath', 'excludeGlobs', 'globMatcher', 'ripgrepFiles', 'ripgrepLocation'].map((name) => `workspace/${name}`),
    ...[
      'builtinToolSpecs',
      'externalToolSource',
      'jsonSchemaCheck',
      'textEdits',
      'textFileLimit',
      'toolArgs',
      'toolResultText',
      'toolSelection',
      'toolSpec',
      'userDefinedTools',
    ].map((name) => `tools/${name}`),
    ...['ripgrepOutput', 'ripgrepSearch', 'searchOutcome', 'searchWorker', 'workerSearch'].map((name) => `tools/search/${name}`),
  ],
};

// Bundles the extension host code (dist/) and the webviews (media/dist/) with esbuild.
//   node scripts/build.mjs            development: source maps, webviews minified as shipped
//   node scripts/build.mjs --prod     the .vsix build: everything minified, no source maps
//   node scripts/build.mjs --watch    development build, rebuilt on every change (F5 in VS Code)
import * as esbuild from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';

const prod = process.argv.includes('--prod');
const watch = process.argv.includes('--watch');

/**
 * The host bundles: `startup` (package.json's main, loaded at every window start: status bar and stand-ins),
 * `storedTasks` (whether stored video tasks need the features at once, which startup requires after activation),
 * `extension` (the features, which startup requires on first use) and the search worker (a worker thread
 * needs a file of its own).
 */
const host = {
  entryPoints: {
    startup: 'src/startup/bootstrap.ts',
    storedTasks: 'src/startup/storedTasks.ts',
    extension: 'src/extension.ts',
    searchWorker: 'src/tools/search/searchWorker.ts',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  outdir: 'dist',
  minify: prod,
  sourcemap: !prod,
};

/** Each webview: its script and its styles; always minified (they load on every view open). */
const webviews = ['chat', 'player'].flatMap((name) => [
  { entryPoints: [`src/webview/${name}/main.ts`], bundle: true, format: 'iife', target: 'es2022', minify: true, outfile: `media/dist/${name}.js` },
  { entryPoints: [`src/webview/${name}/${name}.css`], bundle: true, minify: true, outfile: `media/dist/${name}.css` },
]);

async function copyCodicons() {
  await mkdir('media/dist', { recursive: true });
  for (const file of ['codicon.css', 'codicon.ttf']) await copyFile(`node_modules/@vscode/codicons/dist/${file}`, `media/dist/${file}`);
}

const logRebuilds = (label) => ({
  name: 'log-rebuilds',
  setup(build) {
    build.onEnd((result) =>
      console.log(`[watch] ${label}: ${result.errors.length ? `${result.errors.length} error(s)` : 'built'} at ${new Date().toLocaleTimeString()}`),
    );
  },
});

await copyCodicons();
const configs = [host, ...webviews];
if (watch) {
  const contexts = await Promise.all(configs.map((config) => esbuild.context({ ...config, plugins: [logRebuilds(config.outfile ?? config.outdir)] })));
  await Promise.all(contexts.map((context) => context.watch()));
  console.log('[watch] watching src/ for changes (Ctrl+C to stop)');
} else {
  await Promise.all(configs.map((config) => esbuild.build({ ...config, logLevel: 'warning' })));
  console.log(`built ${prod ? 'for production' : 'for development'}: dist/, media/dist/`);
}

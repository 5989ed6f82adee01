#!/usr/bin/env bash
# Installs the Debian packages tracedoc builds and tests with, only those missing. Idempotent.
# Prints one line either way; apt-get's output is shown only when it fails. Needs root (or sudo)
# only to install.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  clang libclang-rt-14-dev            # sanitizers and libFuzzer
  libboost1.81-dev libboost-json1.81-dev
  rapidjson-dev libcli11-dev
  libsodium-dev                       # SipHash for hash tables; SHA-256 for manifests, file_sha256
  libsqlite3-dev sqlite3              # the tables database (docs/tables.md); sqlite3 for its tests
  zlib1g-dev libzstd-dev              # .gz and .zst input, read as it is decompressed
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup: all ${#packages[@]} packages present" >&2
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
# apt-get writes progress and debconf notes even with -qq; keep them for when something fails.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! { "${sudo_cmd[@]}" apt-get update -qq &&
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
  cat "$log" >&2
  echo "setup: apt-get failed" >&2
  exit 1
fi

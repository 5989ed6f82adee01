#!/usr/bin/env bash
# Installs the Debian packages tracedoc builds and tests with. Idempotent: quiet, and touches
# nothing, when every package is already installed. Needs root (or sudo) only to install.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  clang libclang-rt-14-dev            # sanitizers and libFuzzer
  libboost1.81-dev libboost-json1.81-dev
  rapidjson-dev libcli11-dev
  libssl-dev                          # SHA-256 for the gradient manifest digest
  libsodium-dev                       # SipHash, keyed per process, for hash tables
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq >/dev/null
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

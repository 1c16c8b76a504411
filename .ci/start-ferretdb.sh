#!/usr/bin/env bash
# Builds (once) and starts FerretDB with its SQLite backend on 127.0.0.1:27017.
# Prints the PID; the caller stops it. Usage: .ci/start-ferretdb.sh <state-dir>
set -euo pipefail
state=${1:?state directory}
bin=${FERRETDB_BIN:-$HOME/.cache/wpc/ferretdb-v1.24.2}
port=${FERRETDB_PORT:-27017}

if [ ! -x "$bin" ]; then
  echo "Building FerretDB v1.24.2 from the Go module proxy (a few minutes, once)..." >&2
  # 'go install ...@v1.24.2' asks the proxy for the version list, which it refuses here;
  # downloading the exact version does not. The module zip lacks the generated version.txt
  # that the binary embeds, so the source is copied and the file written before building.
  src=$(go mod download -json github.com/FerretDB/FerretDB@v1.24.2 | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [ -d "$src/cmd/ferretdb" ] || { echo "FerretDB source not found after download" >&2; exit 1; }
  work=$(mktemp -d)
  cp -r "$src"/. "$work"
  chmod -R u+w "$work"
  echo "v1.24.2" > "$work/build/version/version.txt"
  mkdir -p "$(dirname "$bin")"
  (cd "$work" && go build -o "$bin" ./cmd/ferretdb)
  rm -rf "$work"
fi

# Another server on the port would answer the readiness check below while ours exits.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "Port $port is already in use; stop what listens there or set FERRETDB_PORT." >&2
  exit 1
fi
mkdir -p "$state"
# FerretDB decodes every document it reads into short-lived Go values, so at Go's default GOGC
# (100) its garbage collector is a large share of its CPU, on the two cores it shares with the API
# and the tests. 400 took 23-29 % off its CPU in the submit probe (three pairs of runs, 29 Nov) for
# about 90 MB more memory (peak RSS 114 -> 206 MB). GOGC from the environment still wins.
GOGC=${GOGC:-400} "$bin" --handler=sqlite --sqlite-url="file:$state/" --state-dir="$state" \
  --listen-addr="127.0.0.1:$port" --telemetry=disable --debug-addr=- > "$state/ferretdb.log" 2>&1 &
pid=$!
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "$pid"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.2
done
echo "FerretDB did not start; its log:" >&2
cat "$state/ferretdb.log" >&2
exit 1

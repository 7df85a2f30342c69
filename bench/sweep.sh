#!/usr/bin/env bash
# A sweep against its hook processes alone: `hookcheck sweep no-force-push --jobs 8` over every
# agent, against the example guard started as many times as the sweep runs it (one per cell
# that ran), 8 at a time, with a payload on stdin. Issue 15: a sweep should take about as long
# as its hook processes take. Prints farm-bench's figures and the A/B ratio (quote the median).
# Not a test: run it by hand, before and after a change that could cost time.
#   usage: bench/sweep.sh [RUNS]   (default 5; needs a release build and farm-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5}
bin=./target/release/hookcheck
[ -x "$bin" ] || cargo build --release -q
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME="$home" SHELL=/bin/sh NO_COLOR=1
cells=$("$bin" sweep no-force-push --format json |
  jq '[.cells[] | select(.outcome == "blocked" or .outcome == "allowed" or .outcome == "failed-open")] | length')
echo "the sweep runs the guard $cells times"
payload=$home/payload.json
printf '%s' '{"tool_input":{"command":"git push -f"}}' > "$payload"
farm-bench -n "$n" --timeout 600 \
  --vs "sh -c 'seq $cells | xargs -P 8 -I{} sh -c \"./.hookcheck/hooks/no-force-push.sh < $payload >/dev/null 2>&1; true\"'" \
  -- "$bin" sweep no-force-push --jobs 8

#!/usr/bin/env bash
# A sweep against its hook processes alone: `hookcheck sweep no-force-push --jobs 8` over every
# agent, against the example guard started as many times as the sweep runs it (one per cell
# that ran), 8 at a time, with a payload on stdin. Issue 15: a sweep should take about as long
# as its hook processes take. The two sides alternate RUNS times each; prints each side's
# median wall time and the ratio of the medians.
# Not a test: run it by hand, before and after a change that could cost time.
#   usage: bench/sweep.sh [RUNS]   (default 5; needs a release build and jq)
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
now() { date +%s%N; }
# Median of the numbers on stdin.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# Wall time in ms of one run of "$@".
timed() {
  local t0 t1
  t0=$(now)
  "$@" >/dev/null 2>&1 || true
  t1=$(now)
  awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.1f\n", ns / 1e6 }'
}
floor() {
  seq "$cells" | xargs -P 8 -I{} sh -c "./.hookcheck/hooks/no-force-push.sh < $payload >/dev/null 2>&1; true"
}
: > "$home/a" && : > "$home/b"
for _ in $(seq "$n"); do
  timed "$bin" sweep no-force-push --jobs 8 >> "$home/a"
  timed floor >> "$home/b"
done
ma=$(median < "$home/a") mb=$(median < "$home/b")
echo "sweep ${ma} ms, its hook processes alone ${mb} ms (median of $n)"
awk -v a="$ma" -v b="$mb" 'BEGIN { printf "ratio: %.2f\n", a / b }'

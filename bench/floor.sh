#!/usr/bin/env bash
# hookcheck against the spawn floor (issue 30): the same hook processes started by a program
# that does nothing else (examples/spawn_floor.rs: the argv, working directory and stdin that
# `--dry-run --format json` prints; stdout and stderr read to the end; no reading of replies,
# no timeouts, no process groups, no cleanup).
#   suite: `hookcheck test` of a 100-case suite over every agent, against spawn_floor running
#          the same invocations nproc at a time;
#   run:   `hookcheck run` of one case over every agent, against spawn_floor running the same
#          invocations one after another (a sequential loop of the spawns);
#   loop:  the same `run` against the yardstick issue 30 first measured it by: a sequential bash
#          loop of the same spawns (`cd CWD && printf %s STDIN | ARGV`, one after another);
#   limit: spawn_floor running those invocations two at a time against one after another: what
#          a plain two-thread spawner reaches on this machine: how low `run`'s ratio can go.
# The two sides alternate, ROUNDS times each (default 7); prints each side's median, the
# ratio of the medians, and the median and range of each round's own ratio. Goals: suite <= 1.1,
# run <= 0.6 (2 cores: the parallel limit is ~0.5; `limit` measures it).
# Needs jq. Not a test: run it by hand.   usage: bench/floor.sh [ROUNDS]   (builds in release mode;
# HOOKCHECK_BIN=PATH times another build of hookcheck against the same floor; BEFORE=PATH adds a
# pair `change`: this build's `run` against that build's, alternated, since two calls of this
# script drift apart by as much as a change is worth)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
cargo build --release -q --bin hookcheck --example spawn_floor
target=${CARGO_TARGET_DIR:-$PWD/target}
bin=${HOOKCHECK_BIN:-$target/release/hookcheck}
floor=$target/release/examples/spawn_floor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" "$work/.hookcheck/hooks" "$work/dry"
printf '#!/bin/sh\nif grep -q "rm -rf"; then echo "no rm -rf" >&2; exit 2; fi\nexit 0\n' > "$work/guard.sh"
chmod +x "$work/guard.sh"
printf 'on: before-tool\nmatch: shell\ncommand: ./guard.sh\ntimeout: 10\n' > "$work/.hookcheck/hooks/guard.yaml"

# A plain login shell and an empty home, as in the tests: Codex runs hooks in `$SHELL -lc` and
# Spettro in `bash -lc`, and the machine's profile (pyenv init, say) is not hookcheck's cost.
mkdir -p "$work/home"
export HOME="$work/home" SHELL=/bin/sh
cd "$work"

# The suite, and each case's invocations as a dry run prints them.
echo "cases:" > cases.yaml
for i in $(seq 100); do
  if [ $((i % 2)) = 0 ]; then cmd="rm -rf build$i"; else cmd="ls dir$i"; fi
  echo "  - {name: case$i, hook: guard, bash: \"$cmd\", include_assumed: true}" >> cases.yaml
  "$bin" run guard --bash "$cmd" --include-assumed --dry-run --format json > "dry/$i.json"
done
jobs=$(nproc)
echo "suite: 100 cases, $("$floor" 1 dry/1.json) per case, $("$floor" "$jobs" dry/*.json) in all"

now() { date +%s%N; }
# Median of the numbers on stdin.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# Wall time in ms of running "$@" REPEAT times.
timed() {
  local repeat=$1 t0 t1
  shift
  t0=$(now)
  for _ in $(seq "$repeat"); do "$@" >/dev/null || true; done
  t1=$(now)
  awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.1f\n", ns / 1e6 }'
}
# Alternates A and B ROUNDS times, then prints both medians and A/B.
pair() { # label repeat A-name B-name A... -- B...
  local label=$1 repeat=$2 name=$3 bname=$4 a=() b=() i
  shift 4
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  "${a[@]}" >/dev/null || true; "${b[@]}" >/dev/null || true # warm caches
  : > "$work/a" && : > "$work/b"
  for i in $(seq "$rounds"); do
    timed "$repeat" "${a[@]}" >> "$work/a"
    timed "$repeat" "${b[@]}" >> "$work/b"
  done
  local ma mb
  ma=$(median < "$work/a") mb=$(median < "$work/b")
  echo "$label: $name ${ma} ms, $bname ${mb} ms (median of $rounds, $repeat each)"
  # Each round's A time over the B time next to it: the machine's drift between
  # rounds cancels out of these, so their median and spread say how sure the ratio is.
  paste "$work/a" "$work/b" | awk '{ printf "%.4f\n", $1 / $2 }' > "$work/r"
  local mr lo hi
  mr=$(median < "$work/r") lo=$(sort -n "$work/r" | head -1) hi=$(sort -n "$work/r" | tail -1)
  awk -v a="$ma" -v b="$mb" -v l="$label" -v mr="$mr" -v lo="$lo" -v hi="$hi" \
    'BEGIN { printf "%s ratio: %.2f (per round: median %.3f, %.3f to %.3f)\n", l, a / b, mr, lo, hi }'
}

pair suite 1 hookcheck floor "$bin" test cases.yaml -- "$floor" "$jobs" dry/*.json
pair run 20 hookcheck floor "$bin" run guard --bash "rm -rf build2" --include-assumed -- "$floor" 1 dry/2.json
# The bash loop, from the same invocations (jq's @sh quotes each word for the shell).
jq -r '.agents[].commands[].invocation
  | "(cd \(.cwd | @sh) && printf %s \(.stdin | @sh) | \(.argv | map(@sh) | join(" "))) >/dev/null 2>&1"' \
  dry/2.json > loop.sh
pair loop 20 hookcheck "bash loop" "$bin" run guard --bash "rm -rf build2" --include-assumed -- bash loop.sh
if [ -n "${BEFORE:-}" ]; then
  pair change 20 "this build" "$BEFORE" "$bin" run guard --bash "rm -rf build2" --include-assumed \
    -- "$BEFORE" run guard --bash "rm -rf build2" --include-assumed
fi
pair limit 20 "floor two at a time" "one at a time" "$floor" 2 dry/2.json -- "$floor" 1 dry/2.json

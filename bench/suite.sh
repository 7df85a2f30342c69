#!/usr/bin/env bash
# One `hookcheck test` of a 100-case suite over every agent, against 100 separate
# `hookcheck run` calls of the same cases. Prints both wall times and their ratio.
# Not a test: run it by hand.   usage: bench/suite.sh   (needs a release build; HOOKCHECK_BIN=PATH
# times another build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${HOOKCHECK_BIN:-$PWD/target/release/hookcheck}
[ -x "$bin" ] || cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" "$work/.hookcheck/hooks"
printf '#!/bin/sh\nif grep -q "rm -rf"; then echo "no rm -rf" >&2; exit 2; fi\nexit 0\n' > "$work/guard.sh"
chmod +x "$work/guard.sh"
printf 'on: before-tool\nmatch: shell\ncommand: ./guard.sh\ntimeout: 10\n' > "$work/.hookcheck/hooks/guard.yaml"
{
  echo "cases:"
  for i in $(seq 100); do
    if [ $((i % 2)) = 0 ]; then cmd="rm -rf build$i"; else cmd="ls dir$i"; fi
    echo "  - {name: case$i, hook: guard, bash: \"$cmd\", include_assumed: true}"
  done
} > "$work/cases.yaml"

# A plain login shell and an empty home, as in the tests: Codex runs hooks in `$SHELL -lc` and
# Spettro in `bash -lc`, and the machine's profile (pyenv init, say) is not hookcheck's cost.
mkdir -p "$work/home"
export HOME="$work/home" SHELL=/bin/sh

now() { date +%s%N; }
cd "$work"
t0=$(now)
"$bin" test cases.yaml >/dev/null || true
t1=$(now)
for i in $(seq 100); do
  if [ $((i % 2)) = 0 ]; then cmd="rm -rf build$i"; else cmd="ls dir$i"; fi
  "$bin" run guard --bash "$cmd" --include-assumed >/dev/null || true
done
t2=$(now)
suite_ms=$(( (t1 - t0) / 1000000 ))
runs_ms=$(( (t2 - t1) / 1000000 ))
echo "hookcheck test, 100 cases x every agent: ${suite_ms} ms"
echo "100 separate hookcheck run calls:        ${runs_ms} ms"
awk -v a="$runs_ms" -v b="$suite_ms" 'BEGIN { printf "ratio (runs / suite): %.2f\n", a / b }'

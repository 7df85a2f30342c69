#!/usr/bin/env bash
# How long hookcheck takes to stop a hung hook: a 1 s timeout with a hook that ignores TERM, and
# one that stops itself (`kill -STOP $$`), over one agent and over the 14 agents that enforce a
# spec's 1 s timeout (Cline waits 120 s whatever the spec says; Kiro, OpenCode, Kilo, Zed and
# Pi do not run this hook; Augment and Crush are left out too), with `--jobs` at its default,
# so the agents run in waves when there are more of them than jobs. Prints the median wall time
# of N runs of each; the goal for one agent is <= 1500 ms (1 s + a grace of a quarter of the
# timeout). Not a test: run it by hand.
#   usage: bench/hostile.sh [N]   (default 5; HOOKCHECK_BIN=path times another build)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5}
bin=${HOOKCHECK_BIN:-$PWD/target/release/hookcheck}
[ -x "$bin" ] || cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" "$work/.hookcheck/hooks" "$work/home"
export HOME="$work/home" SHELL=/bin/sh
printf '#!/bin/sh\ntrap "" TERM\nsleep 300\n' > "$work/ignore-term.sh"
printf '#!/bin/sh\nkill -STOP $$\nsleep 300\n' > "$work/stop-self.sh"
for hook in ignore-term stop-self; do
  chmod +x "$work/$hook.sh"
  printf 'on: before-tool\nmatch: shell\ncommand: ./%s.sh\ntimeout: 1\n' "$hook" \
    > "$work/.hookcheck/hooks/$hook.yaml"
done

now() { date +%s%N; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# One timed run in ms; hookcheck exits 1 (a counted timeout fails the check), which is expected.
once() {
  local t0 t1
  t0=$(now)
  (cd "$work" && "$bin" run "$@" --bash ls >/dev/null 2>&1) || true
  t1=$(now)
  echo $(( (t1 - t0) / 1000000 ))
}

many=claude,codex,gemini,qwen,cursor,copilot,windsurf,factory,qoder,trae,openhands,goose,antigravity,spettro
for hook in ignore-term stop-self; do
  one=$(for _ in $(seq "$n"); do once "$hook" -t claude; done | median)
  all=$(for _ in $(seq "$n"); do once "$hook" -t "$many"; done | median)
  echo "$hook, timeout 1 s, 1 agent: ${one} ms (goal <= 1500 ms)"
  echo "$hook, timeout 1 s, 14 agents: ${all} ms"
done

#!/usr/bin/env bash
# hookcheck's own overhead: `hookcheck run` of a trivial hook over Claude Code, Codex and Gemini
# CLI, against the same three processes spawned by a plain shell loop (concurrently, with the
# same payload on stdin). Prints the mean wall time of each and their ratio. Not a test: run it
# by hand, before and after a change that could cost time.
#   usage: bench/overhead.sh [ITERATIONS]   (default 50; needs a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50}
bin=./target/release/hookcheck
[ -x "$bin" ] || cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" "$work/.hookcheck/hooks"
printf '#!/bin/sh\ncat >/dev/null\nexit 0\n' > "$work/trivial.sh"
chmod +x "$work/trivial.sh"
printf 'on: before-tool\nmatch: shell\ncommand: ./trivial.sh\n' > "$work/.hookcheck/hooks/trivial.yaml"
payload='{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}'
shell=${SHELL:-/bin/sh}

# A plain login shell and an empty home, as in the tests: Codex runs hooks in `$SHELL -lc` and
# Spettro in `bash -lc`, and the machine's profile (pyenv init, say) is not hookcheck's cost.
mkdir -p "$work/home"
export HOME="$work/home" SHELL=/bin/sh

now() { date +%s%N; }

hc() {
  (cd "$work" && "$OLDPWD/$bin" run trivial --bash ls -t claude,codex,gemini >/dev/null)
}
loop() {
  (cd "$work" &&
    { printf '%s' "$payload" | bash -c ./trivial.sh & } &&
    { printf '%s' "$payload" | "$shell" -lc ./trivial.sh & } &&
    { printf '%s' "$payload" | bash -c ./trivial.sh & } &&
    wait)
}

hc; loop # warm caches
t0=$(now); for _ in $(seq "$n"); do hc; done; t1=$(now)
for _ in $(seq "$n"); do loop; done; t2=$(now)
hc_ms=$(( (t1 - t0) / n / 1000 ))
loop_ms=$(( (t2 - t1) / n / 1000 ))
echo "hookcheck run (3 tools): ${hc_ms} us per run"
echo "plain shell loop (3 processes): ${loop_ms} us per run"
awk -v a="$hc_ms" -v b="$loop_ms" 'BEGIN { printf "ratio: %.2f\n", a / b }'

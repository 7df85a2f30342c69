#!/bin/sh
# Opt-in live tier: install the pinned agents from npm into a throwaway prefix, re-run live mode
# over every recorded case in fixtures/live/observations, and fail when any agent now does
# something other than what was recorded (an agent release changed its hook behaviour), or gives
# its hooks another shell, stdin fields or variable names than fixtures/live/inputs records;
# then replay the lifecycle recordings (multi, lifecycle, synced, events, start-in: each by the
# command it was recorded with, scripts/live-replay.sh) and Copilot CLI's plugin and read
# probes (scripts/live-copilot-*.py --check). HOOKCHECK_AGENTS=DIR reuses a prefix
# where the agents are already installed (npm install then has nothing to do).
# Needs root or unprivileged user namespaces (live mode's network sandbox), node and npm;
# OpenHands (PyPI) only when HOOKCHECK_OPENHANDS_PYTHON names a python3.12 or later.
set -eu
cd "$(dirname "$0")/.."
PREFIX=${HOOKCHECK_AGENTS:-$(mktemp -d)}
# npm 11 skips the droid and cline postinstall scripts unless allowed; their binaries come from
# npm packages (@factory/*, @cline/cli-linux-x64) and run without them (seen with npm 11.19.1).
npm install --prefix "$PREFIX" --no-audit --no-fund \
  @anthropic-ai/claude-code@2.1.332 @google/gemini-cli@0.61.0 \
  @openai/codex@0.171.0 @qwen-code/qwen-code@0.24.4 \
  @github/copilot@1.0.102 droid@0.215.0 cline@3.0.65
export PATH="$PREFIX/node_modules/.bin:$PATH"
# OpenHands is on PyPI and needs Python >= 3.12: opt in with HOOKCHECK_OPENHANDS_PYTHON=PATH (a
# python3.12 or later). pip 23's resolver backtracks for over ten minutes on openhands' browser-use
# dependencies (seen 2026-12-01), so uv (from PyPI) resolves them; bytecode is compiled at
# install, as live mode's read-only sandbox cannot write it. Only `openhands` goes on PATH, not
# the environment's python.
skip=
if [ -n "${HOOKCHECK_OPENHANDS_PYTHON:-}" ]; then
  "$HOOKCHECK_OPENHANDS_PYTHON" -m venv "$PREFIX/openhands"
  "$PREFIX/openhands/bin/pip" install --quiet uv==0.13.9
  "$PREFIX/openhands/bin/uv" pip install --quiet --compile-bytecode \
    --python "$PREFIX/openhands/bin/python" openhands==1.16.0
  mkdir -p "$PREFIX/bin"
  ln -sf "$PREFIX/openhands/bin/openhands" "$PREFIX/bin/openhands"
  export PATH="$PREFIX/bin:$PATH"
else
  echo "skip: openhands (set HOOKCHECK_OPENHANDS_PYTHON to a python3.12 to install it)"
  skip=openhands
fi
cargo build --quiet
bin=${CARGO_TARGET_DIR:-target}/debug/hookcheck
cargo test --quiet --lib live::sandbox -- --include-ignored
OUT=$(mktemp -d)
status=0
for f in fixtures/live/observations/*.json; do
  hook=$(jq -r .hook "$f"); agent=$(jq -r .agent "$f"); trigger=$(jq -r .trigger "$f")
  want=$(jq -r .observed "$f")
  [ "$agent" != "$skip" ] || continue
  "$bin" live "$hook" --specs fixtures/live/hooks --bash "$trigger" \
    --agent "$agent" --format json > "$OUT/run.json" || true
  got=$(jq -r '.agents[0].observation.observed // .agents[0].error' "$OUT/run.json")
  if [ "$got" != "$want" ]; then
    echo "CHANGED: $agent on $hook: recorded $want, now $got"
    status=1
  else
    echo "same: $agent on $hook: $got"
  fi
done
# What the hook is given (fixtures/live/inputs): the shell, stdin fields and variable names.
"$bin" live exit0 --specs fixtures/live/hooks --bash 'echo hi' \
  --record-inputs "$OUT/inputs" > /dev/null || true
for f in fixtures/live/inputs/*.json; do
  n=$(basename "$f")
  [ "$(jq -r .agent "$f")" != "$skip" ] || continue
  if [ ! -f "$OUT/inputs/$n" ]; then
    echo "CHANGED: $n: nothing captured now"
    status=1
    continue
  fi
  for field in shell stdin env_added env_removed; do
    want=$(jq -cS ".$field" "$f"); got=$(jq -cS ".$field" "$OUT/inputs/$n")
    if [ "$want" != "$got" ]; then
      echo "CHANGED: $n: $field recorded $want, now $got"
      status=1
    fi
  done
  echo "same input: $n: $(jq -r .shell "$f")"
done
# The lifecycle recordings, each by its own command (1: one changed, 2: one could not run).
SKIP=$skip scripts/live-replay.sh || status=$(( $? > status ? $? : status ))
# Copilot CLI's plugins and its view tool input, each by its own probe.
for probe in scripts/live-copilot-plugins.py scripts/live-copilot-read.py; do
  printf '%s: ' "$probe"
  python3 "$probe" --check || status=$(( status > 1 ? status : 1 ))
done
exit $status

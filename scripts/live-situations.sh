#!/bin/sh
# Live mode beyond the shell call: every situation spec (fixtures/live/situations/hooks, named
# SITUATION--BEHAVIOUR) on each agent, one run at a time, each compared with hookcheck's
# prediction; with --record, the observations go to fixtures/live/situations/observations and
# what the hook was given (the exit0 behaviour's run) to fixtures/live/inputs/AGENT--SITUATION.json.
# Checked with no agent installed by tests/live_truth.rs.
#
#   scripts/live-situations.sh [--record] [AGENT...]     (default: every agent with a driver)
#
# Exit status: 0 every run agreed (or was recorded), 1 a disagreement, 2 a run failed.
set -u
record=0
if [ "${1:-}" = --record ]; then record=1; shift; fi
bin=./target/debug/hookcheck
hooks=fixtures/live/situations/hooks
obs=fixtures/live/situations/observations
cargo build --quiet || exit 2
agents=${*:-$($bin tools | sed -n '/^live mode (`hookcheck live`) runs:/,/^live mode cannot/s/^  \([a-z0-9-]*\) (.*/\1/p')}
status=0
for agent in $agents; do
  for spec in "$hooks"/*.yaml; do
    hook=$(basename "$spec" .yaml)
    if [ -n "${ONLY:-}" ] && ! printf '%s\n' "$hook" | grep -Eq "$ONLY"; then continue; fi
    situation=${hook%%--*}
    set -- "$hook" --specs "$hooks" --agent "$agent" --agent-timeout 90
    case $situation in
      edit) set -- "$@" --edit notes.txt ;;
      post-bash) set -- "$@" --bash 'echo hi' ;;
      prompt) set -- "$@" --prompt 'Say hello, then stop.' ;;
      stop) ;;
      *) echo "ERROR: $hook: no such situation"; status=2; continue ;;
    esac
    if [ $record = 1 ]; then
      set -- "$@" --record "$obs"
      case $hook in *--exit0) set -- "$@" --record-inputs fixtures/live/inputs ;; esac
    fi
    "$bin" live "$@"
    code=$?
    [ $code -gt $status ] && status=$code
  done
done
exit $status

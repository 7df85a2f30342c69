#!/bin/sh
# Live mode beyond the shell call: every situation spec (fixtures/live/situations/hooks, named
# SITUATION--BEHAVIOUR; the situations: edit, post-bash, prompt, stop, session) on each agent,
# one run at a time, each compared with hookcheck's prediction; with --record, the
# observations go to fixtures/live/situations/observations and what the hook was given (the
# exit0 behaviour's run) to fixtures/live/inputs/AGENT--SITUATION.json.
# Checked with no agent installed by tests/it/live_truth.rs.
#
#   scripts/live-situations.sh [--record] [AGENT...]     (default: every agent with a driver)
#
# Prints one line per run: same / CHANGED (against the recorded observation) and the
# prediction. Exit status: 0 every run agreed and nothing changed, 1 a disagreement or a
# change, 2 a run failed.
set -u
record=0
if [ "${1:-}" = --record ]; then record=1; shift; fi
bin=./target/debug/hookcheck
hooks=fixtures/live/situations/hooks
obs=fixtures/live/situations/observations
cargo build --quiet || exit 2
agents=${*:-$($bin tools | sed -n '/^live mode (`hookcheck live`) runs:/,/^live mode cannot/s/^  \([a-z0-9-]*\) (.*/\1/p')}
status=0
runs=0
for agent in $agents; do
  for spec in "$hooks"/*.yaml; do
    hook=$(basename "$spec" .yaml)
    if [ -n "${ONLY:-}" ] && ! printf '%s\n' "$hook" | grep -Eq -e "$ONLY"; then continue; fi
    situation=${hook%%--*}
    set -- "$hook" --specs "$hooks" --agent "$agent" --agent-timeout 90
    case $situation in
      edit) set -- "$@" --edit notes.txt ;;
      post-bash) set -- "$@" --bash 'echo hi' ;;
      prompt) set -- "$@" --prompt 'Say hello, then stop.' ;;
      stop | session) ;;
      *) echo "ERROR: $hook: no such situation"; status=2; continue ;;
    esac
    if [ $record = 1 ]; then
      set -- "$@" --record "$obs"
      case $hook in *--exit0) set -- "$@" --record-inputs fixtures/live/inputs ;; esac
    fi
    runs=$((runs + 1))
    out=$("$bin" live "$@" --format json)
    code=$?
    error=$(printf '%s' "$out" | jq -r '.agents[0].error // .error // empty')
    [ $code -gt $status ] && status=$code
    case "$error" in
      "not installed"*) echo "skip: $agent: $error"; break ;;
      ?*) echo "ERROR: $agent $hook: $error"; continue ;;
    esac
    observed=$(printf '%s' "$out" | jq -r '.agents[0].observation.observed')
    predicted=$(printf '%s' "$out" | jq -r '.agents[0].predicted // "-"')
    seen=$(printf '%s' "$out" | jq -c '.agents[0].observation.seen')
    was=$(jq -r .observed "$obs/$hook--$agent.json" 2>/dev/null || echo none)
    change=same
    if [ "$observed" = no-call ]; then
      change="HARNESS: the scripted call never happened (not recorded)"
      status=2
    elif [ $record = 0 ] && [ "$was" != "$observed" ]; then
      change="CHANGED (recorded $was)"
      status=$((status > 1 ? status : 1))
    fi
    echo "$change: $agent $hook: $observed, predicted $predicted · $seen"
  done
done
if [ $runs = 0 ]; then echo "ERROR: no situation matched (ONLY=${ONLY:-})"; exit 2; fi
exit $status

#!/bin/sh
# Opt-in behaviour campaign (issue 12), like scripts/live-tier.sh: run every cell of the grammar
# in every situation (src/live/campaign.rs; its specs are fixtures/live/campaign/hooks/SITUATION,
# with the trigger in SITUATION/trigger) through `hookcheck live` on every live agent
# installed, one agent and one cell at a time, and report each cell whose observation differs
# from the record in fixtures/live/campaign/observations/SITUATION/AGENT.json.
#
#   scripts/live-campaign.sh [--record] [AGENT...]
#
# --record writes the records (cells run now replace the recorded ones; the others are kept).
# SITUATIONS="shell edit ..." runs only those situations (default: all); CELLS=REGEX only the
# cells whose name matches; HOOKCHECK_BIN runs that build instead of building
# target/debug/hookcheck. The agents are found on PATH
# (scripts/live-tier.sh installs the pinned ones); live mode needs root or user namespaces.
# Exit status: 0 nothing changed; 1 a cell changed or is new (without --record); 2 a cell could
# not run (a harness failure, never a verdict) or nothing ran.
set -eu
cd "$(dirname "$0")/.."
record=0
if [ "${1:-}" = --record ]; then record=1; shift; fi
if [ -n "${HOOKCHECK_BIN:-}" ]; then
  bin=$HOOKCHECK_BIN
else
  cargo build --quiet
  bin=./target/debug/hookcheck
fi
campaign=fixtures/live/campaign
situations=${SITUATIONS:-$(ls "$campaign/hooks")}
agents="$*"
if [ -z "$agents" ]; then
  agents=$($bin tools | sed -n '/^live mode (`hookcheck live`) runs:/,/^live mode cannot/s/^  \([a-z0-9-]*\) (.*/\1/p')
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
ran=0
for agent in $agents; do
for situation in $situations; do
  hooks=$campaign/hooks/$situation
  obs=$campaign/observations/$situation
  if [ ! -f "$hooks/trigger" ]; then echo "ERROR: no situation $situation"; status=2; continue; fi
  flag=$(sed -n 1p "$hooks/trigger")
  value=$(sed -n 2p "$hooks/trigger")
  : > "$work/cells.ndjson"
  version=
  started=$(date +%s)
  n=0
  skip=
  for spec in "$hooks"/*.yaml; do
    cell=$(basename "$spec" .yaml)
    if [ -n "${CELLS:-}" ] && ! printf '%s\n' "$cell" | grep -Eq "$CELLS"; then continue; fi
    if [ -n "$flag" ]; then set -- "$flag" "$value"; else set --; fi
    "$bin" live "$cell" --specs "$hooks" "$@" --agent "$agent" --agent-timeout 90 --format json \
      > "$work/run.json" 2> "$work/stderr" || true
    error=$(jq -r '.agents[0].error // .error // empty' "$work/run.json" 2>/dev/null || echo "no JSON from hookcheck live")
    case "$error" in
      "not installed"*) echo "skip: $agent: $error"; skip=agent; break ;;
      ?*) echo "ERROR: $agent $situation $cell: $error"; status=2; continue ;;
    esac
    observed=$(jq -r '.agents[0].observation.observed' "$work/run.json")
    predicted=$(jq -r '.agents[0].predicted // "-"' "$work/run.json")
    ms=$(jq -r '.agents[0].observation.elapsed_ms' "$work/run.json")
    if [ "$observed" = no-call ]; then
      echo "HARNESS: $agent $situation $cell: the scripted call never happened (not recorded)"
      status=2
      continue
    fi
    n=$((n + 1))
    version=$(jq -r '.agents[0].observation.version // empty' "$work/run.json")
    command=$(sed -n 's/^command: //p' "$spec" | jq -r .)
    jq -c --arg hook "$cell" --arg command "$command" '.agents[0] | {hook: $hook,
        command: $command, observed: .observation.observed,
        tool_result: (.observation.tool_result | if . == null then null else .[0:300] end),
        seen: .observation.seen,
        elapsed_ms: .observation.elapsed_ms, predicted_at_record: .predicted}' \
      "$work/run.json" >> "$work/cells.ndjson"
    was=$(jq -r --arg h "$cell" '.cells[] | select(.hook == $h) | .observed' "$obs/$agent.json" 2>/dev/null || true)
    agree=agrees
    [ "$predicted" = "$observed" ] || agree="DISAGREES with the prediction ($predicted)"
    if [ -z "$was" ]; then
      change=NEW
      [ $record = 1 ] || status=$((status > 1 ? status : 1))
    elif [ "$was" != "$observed" ]; then
      change="CHANGED (recorded $was)"
      [ $record = 1 ] || status=$((status > 1 ? status : 1))
    else
      change=same
    fi
    echo "$change: $agent $situation $cell: $observed, $agree · ${ms} ms"
  done
  [ "$skip" = agent ] && break
  [ $n -gt 0 ] || continue
  ran=$((ran + n))
  secs=$(($(date +%s) - started))
  echo "$agent ${version:-version unknown} $situation: $n cells in ${secs} s (${n:+$((secs / n))} s a cell with the version probe)," \
    "mean agent run $(jq -s 'map(.elapsed_ms) | add / length | floor' "$work/cells.ndjson") ms"
  if [ $record = 1 ]; then
    old="$obs/$agent.json"
    [ -f "$old" ] || old=/dev/null
    mkdir -p "$obs"
    jq -s --slurpfile old "$old" --arg agent "$agent" --arg version "$version" \
      --arg date "$(date -u +%F)" --arg situation "$situation" --arg flag "$flag" --arg value "$value" '
      . as $new | ($new | map(.hook)) as $names
      | {agent: $agent, version: $version, date: $date, situation: $situation,
         trigger: (if $flag == "--bash" then $value else "" end)}
      + (if $flag == "--edit" then {edit: $value} elif $flag == "--prompt" then {prompt: $value} else {} end)
      + {cells: ((($old[0].cells // []) | map(select(.hook as $h | $names | index($h) | not)))
                 + $new | sort_by(.hook))}' "$work/cells.ndjson" > "$work/record.json"
    mv "$work/record.json" "$obs/$agent.json"
    echo "recorded: $obs/$agent.json"
  fi
done
done
if [ $ran = 0 ]; then
  echo "nothing ran: no live agent installed (scripts/live-tier.sh installs them), or CELLS matched nothing"
  exit 2
fi
exit $status

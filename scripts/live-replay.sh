#!/bin/sh
# Replays the lifecycle recordings on the agents on PATH, each by the command it was recorded
# with (its `made_with`), and fails on any change: an observation (fixtures/live/multi,
# lifecycle, synced, events, foreign) must be observed the same (block, allow, halted, and the lines its
# hooks left in $TMPDIR/hookcheck-trace where it recorded them), and an input
# capture (fixtures/live/start-in, events/inputs, plugins/inputs) must give its hook the same shell, stdin
# fields, variable names, working directory and project folders. Called by
# scripts/live-tier.sh; by hand after the agents are installed:
#
#   scripts/live-replay.sh [FOLDER...]     (default: every folder below, under fixtures/live)
#
# SKIP=AGENT[,AGENT] leaves agents out (the tier skips OpenHands without a Python 3.12).
# Prints one line per recording: same / CHANGED / ERROR. Exit status: 0 nothing changed, 1 a
# recording changed, 2 one could not run.
set -u
cd "$(dirname "$0")/.."
bin=${CARGO_TARGET_DIR:-target}/debug/hookcheck
cargo build --quiet || exit 2
# Not by default: timeouts/observations (ten minutes for Claude Code and Codex: replay it by
# hand with --agent-timeout 1000 added to each made_with), and mcp/inputs (its traces are the
# hooks' whole stdin, session ids and all: tests/it/live_mcp.rs compares what is stable); and
# lifecycle/managed and lifecycle/user-hooks, made by hand (each made_with says what was done).
folders=${*:-"multi/observations lifecycle/observations lifecycle/repo-hooks/in-sub lifecycle/repo-hooks/at-root synced events/observations events/ask start-in events/inputs foreign/observations plugins/inputs lifecycle/every-event lifecycle/local lifecycle/config events/twins events/inputs-own plugins/data mcp/observations"}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# The recorded command calls `hookcheck`: this build.
hookcheck() { "$bin" "$@"; }
status=0
runs=0
for folder in $folders; do
  for f in fixtures/live/$folder/*.json; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    agent=$(jq -r .agent "$f")
    case ",${SKIP:-}," in *",$agent,"*) echo "skip: $folder/$name"; continue ;; esac
    made_with=$(jq -r '.made_with // empty' "$f")
    if [ -z "$made_with" ]; then
      echo "ERROR: $folder/$name: no made_with to replay"
      status=2
      continue
    fi
    runs=$((runs + 1))
    case $made_with in
      *" --record-inputs "*)
        # An input capture: record it again into a scratch folder and compare.
        dir="$OUT/inputs-$runs"
        cmd="${made_with%% --record-inputs *} --record-inputs $dir"
        (eval "$cmd") > /dev/null 2>&1
        if [ ! -f "$dir/$name" ]; then
          echo "CHANGED: $folder/$name: nothing captured now"
          status=$((status > 1 ? status : 1))
          continue
        fi
        changed=
        for field in shell stdin env_added env_removed cwd project_dirs; do
          want=$(jq -cS ".$field" "$f")
          got=$(jq -cS ".$field" "$dir/$name")
          if [ "$want" != "$got" ]; then
            echo "CHANGED: $folder/$name: $field recorded $want, now $got"
            changed=1
          fi
        done
        if [ -n "$changed" ]; then
          status=$((status > 1 ? status : 1))
        else
          echo "same: $folder/$name: $(jq -r .shell "$f")"
        fi
        ;;
      *" --record "*)
        # An observation: run it again, unrecorded, and compare what the agent did.
        cmd="${made_with%% --record *} --format json"
        # With a `trace` (the lines the hooks left in $TMPDIR/hookcheck-trace), that too.
        got=$(eval "$cmd" 2> /dev/null | jq -r '.error as $e | .agents[0] | if .observation then .observation.observed + (if .observation.trace then " trace: " + (.observation.trace | join(" ")) else "" end) else "error: " + (.error // $e // "none") end')
        want=$(jq -r '.observed + (if .trace then " trace: " + (.trace | join(" ")) else "" end)' "$f")
        case $got in
          error:* | no-call*)
            echo "ERROR: $folder/$name: $got"
            status=2
            ;;
          "$want") echo "same: $folder/$name: $got" ;;
          *)
            echo "CHANGED: $folder/$name: recorded $want, now $got"
            status=$((status > 1 ? status : 1))
            ;;
        esac
        ;;
      *)
        echo "ERROR: $folder/$name: made_with records nowhere: $made_with"
        status=2
        ;;
    esac
  done
done
if [ $runs = 0 ]; then
  echo "ERROR: nothing to replay in: $folders"
  exit 2
fi
exit $status

#!/bin/sh
# Blocks `git push` with --force or -f (but not --force-with-lease), whichever agent asks.
# The command is tool_input.command for most agents; Copilot CLI sends toolArgs (an object,
# or a JSON string), Cline tool_call.input.commands (a list, real Cline 3.0.65), Spettro
# tool_args, Antigravity toolCall.args, Windsurf Cascade tool_info.command_line.
input=$(cat)
cmd=$(printf '%s' "$input" | jq -r '
  [.tool_input.command?, .tool_args.command?, .tool_call.input.command?,
   (.tool_call.input.commands? | if type == "array" then .[0] else . end),
   .toolCall.args.CommandLine?, .tool_info.command_line?,
   (.toolArgs | if type == "string" then (fromjson? // {}) else . end | .command?)]
  | map(select(type == "string")) | first // empty')
set -f
case "$cmd" in
  *"git push"*)
    for word in $cmd; do
      case "$word" in
        --force|-f|-*f)
          reason="Blocked: force push ($cmd). Use --force-with-lease after review."
          # Cline reads `{"cancel": true}` on stdout, Antigravity `{"decision": "deny"}`, and
          # neither an exit code (`hookcheck tools cline`, `hookcheck tools antigravity`).
          if printf '%s' "$input" | jq -e 'has("tool_call")' >/dev/null; then
            jq -n --arg r "$reason" '{cancel: true, errorMessage: $r}'
            exit 0
          fi
          if printf '%s' "$input" | jq -e 'has("toolCall")' >/dev/null; then
            jq -n --arg r "$reason" '{decision: "deny", reason: $r}'
            exit 0
          fi
          echo "$reason" >&2
          exit 2
          ;;
      esac
    done
    ;;
esac
exit 0

#!/bin/sh
# Blocks any edit of a file under .github/ (workflows, actions, CODEOWNERS: what CI runs and
# who may merge), whichever agent asks.
# Each agent puts the path somewhere else in its input (`hookcheck run protect-files --edit X
# -vv` or a hook that saves its stdin shows where):
#   tool_input.file_path   Claude Code, Gemini CLI, Qwen Code, Factory, Qoder, Crush
#   tool_input.path        Goose, Augment (relative)
#   tool_args.path         Spettro
#   toolArgs.path          Copilot CLI (create, captured live from 1.0.102)
#   tool_call.input.path   Cline
#   toolCall.args.TargetFile  Antigravity
#   tool_info.file_path    Windsurf Cascade (pre_write_code)
#   tool_input.files       VS Code's editFiles (a list)
#   tool_input.command     Codex's apply_patch: the "*** Add File:" / "*** Update File:" lines
input=$(cat)
paths=$(printf '%s' "$input" | jq -r '
  [.tool_input.file_path?, .tool_input.path?, .tool_args.path?, .toolArgs.path?, .tool_call.input.path?,
   .toolCall.args.TargetFile?, .tool_info.file_path?,
   (.tool_input.files? | if type == "array" then .[] else empty end),
   ((.tool_input.command? // "") | strings | split("\n")[]
     | select(startswith("*** Add File: ") or startswith("*** Update File: "))
     | sub("^\\*\\*\\* (Add|Update) File: "; ""))]
  | map(select(type == "string" and . != "")) | .[]')
for p in $paths; do
  case "$p" in
    .github/*|*/.github/*)
      reason="Blocked: $p is protected (.github/)."
      # Two agents read no exit code as a block: Cline reads `{"cancel": true}` on stdout,
      # Antigravity `{"decision": "deny"}` (`hookcheck tools cline`, `hookcheck tools
      # antigravity`). Each is told by what only its input has.
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
exit 0

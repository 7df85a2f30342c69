#!/bin/sh
# Blocks any edit of a file under .github/workflows/.
# The path is tool_input.file_path (Claude Code, Gemini CLI, ...) or, for Codex's apply_patch,
# the "*** Add File:" / "*** Update File:" lines of the patch in tool_input.command.
input=$(cat)
paths=$(printf '%s' "$input" | jq -r '
  [.tool_input.file_path?, .tool_input.path?,
   ((.tool_input.command? // "") | strings | split("\n")[]
     | select(startswith("*** Add File: ") or startswith("*** Update File: "))
     | sub("^\\*\\*\\* (Add|Update) File: "; ""))]
  | map(select(. != null and . != "")) | .[]')
for p in $paths; do
  case "$p" in
    .github/workflows/*|*/.github/workflows/*)
      echo "Blocked: $p is protected (.github/workflows/)." >&2
      exit 2
      ;;
  esac
done
exit 0

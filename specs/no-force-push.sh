#!/bin/sh
# Blocks `git push` with --force or -f (but not --force-with-lease).
cmd=$(jq -r '.tool_input.command // empty')
case "$cmd" in
  *"git push"*)
    for word in $cmd; do
      case "$word" in
        --force|-f|-*f)
          echo "Blocked: force push ($cmd). Use --force-with-lease after review." >&2
          exit 2
          ;;
      esac
    done
    ;;
esac
exit 0

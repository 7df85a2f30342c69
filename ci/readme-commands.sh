#!/bin/sh
# Prints the commands of one README section: its indented `$ ` lines, the prompt and any
# trailing `# ...` comment removed. Usage: ci/readme-commands.sh "SECTION TITLE" [README]
section=$1
readme=${2:-README.md}
awk -v want="## $section" '
  /^## / { inside = ($0 == want) }
  inside && /^    \$ / { sub(/^    \$ /, ""); sub(/  +# .*$/, ""); print }
' "$readme"

#!/usr/bin/env bash
# hookcheck's peak memory under hostile hooks: a hook that floods 1 GiB of NULs on stdout and
# 1 GiB on stderr, run over every agent in every output format (`run`: text, json, ndjson,
# github; `test`: text, json, ndjson, github, junit), a 100-case suite of hooks that flood past
# the capture limit (half of the cases pass), and a 10 MB `--payload`. Prints each peak RSS
# next to its goal (64 MiB; a 50 MiB payload: twice its size and 32 MiB).
# Not a test: run it by hand, before and after a change that could cost memory.
#   usage: bench/memory.sh [FLOOD_BYTES]   (default 1073741824; HOOKCHECK_BIN=PATH to measure
#          another build; otherwise needs a release build, made
#          when target/release/hookcheck is missing)
# The peak is the kernel's own figure (ru_maxrss from wait4) for hookcheck and the processes it
# waited for (the largest single one, not their sum), read by a few lines of python3.
set -euo pipefail
cd "$(dirname "$0")/.."
flood=${1:-1073741824}
bin=${HOOKCHECK_BIN:-$PWD/target/release/hookcheck}
[ -x "$bin" ] || cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.git" "$work/.hookcheck/hooks" "$work/home"

# Both streams at once, as a hostile hook would: `flood.sh EXIT STDOUT_BYTES STDERR_BYTES`;
# the exit status decides the case's verdict.
printf '#!/bin/sh\nhead -c "$2" /dev/zero &\nhead -c "$3" /dev/zero >&2\nwait\nexit "$1"\n' \
  > "$work/flood.sh"
printf '#!/bin/sh\ncat >/dev/null\nexit 0\n' > "$work/reader.sh"
chmod +x "$work"/*.sh
hook() { # NAME COMMAND
  printf 'on: before-tool\nmatch: shell\ncommand: %s\ntimeout: 600\n' "$2" \
    > "$work/.hookcheck/hooks/$1.yaml"
}
# A passing case's stdout stays under the 1 MiB capture limit: a reply cut there is not
# counted, and a case with nothing counted fails, so a flooded stdout could never pass. Its
# stderr floods, and so does the failing case's stdout.
under=524288
hook flood "./flood.sh 0 $flood $flood"
hook flood-pass "./flood.sh 0 $under $flood"
hook flood-block "./flood.sh 2 $flood $flood"
# Past the 1 MiB capture limit (stdout too, when failing), without taking minutes for 100 cases.
hook spill "./flood.sh 0 $under 2097152"
hook spill-block "./flood.sh 2 2097152 2097152"
hook reader ./reader.sh
# A hook that exits 0 with NULs on stdout is allowed by most agents; these two read it so
# (Cline reads it as an error too, but not counted: it is left out).
pass="allow,cursor=block,goose=error"
cat > "$work/flood-cases.yaml" <<EOF
cases:
  - {name: flood passes, hook: flood-pass, bash: ls, expect: "$pass", include_assumed: true}
  - {name: flood fails, hook: flood-block, bash: ls, expect: allow, include_assumed: true}
EOF
{
  echo "cases:"
  for i in $(seq 100); do
    if [ $((i % 2)) = 0 ]; then hook=spill-block; else hook=spill; fi
    echo "  - {name: case$i, hook: $hook, bash: \"ls dir$i\", expect: \"$pass\", include_assumed: true}"
  done
} > "$work/cases100.yaml"
python3 - "$work/payload.json" "$work/payload50.json" <<'EOF'
import json, sys
for path, size in zip(sys.argv[1:], (10 * 1000 * 1000, 50 * 1024 * 1024)):
    body = {"hook_event_name": "PreToolUse", "tool_name": "Bash",
            "tool_input": {"command": "echo " + "x" * size}}
    open(path, "w").write(json.dumps(body))
EOF

# A plain login shell and an empty home, as in the tests: Codex runs hooks in `$SHELL -lc` and
# Spettro in `bash -lc`, and the machine's profile is not hookcheck's cost.
export HOME="$work/home" SHELL=/bin/sh NO_COLOR=1
unset GITHUB_ACTIONS GITHUB_STEP_SUMMARY

# peak LABEL ARGS...: runs hookcheck ARGS in the project, output to a file; prints the peak.
peak() {
  local label=$1
  shift
  (cd "$work" && python3 - "${GOAL:-64}" "$label" "$bin" "$@" <<'EOF'
import os, subprocess, sys
goal, label, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
with open("out", "wb") as out:
    p = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
size = os.path.getsize("out")
mib = ru.ru_maxrss / 1024  # KiB on Linux
verdict = "ok" if mib <= goal else "OVER"
code = os.waitstatus_to_exitcode(status)
print(f"{label:<34} {mib:8.1f} MiB   goal {goal} MiB  {verdict:<4}  (exit {code}, {size} bytes out)")
EOF
  )
}

echo "flood: $flood bytes on stdout and on stderr per hook, every agent"
peak "run --format text" run flood --bash ls
peak "run --format json" run flood --bash ls --format json
peak "run --format ndjson" run flood --bash ls --format ndjson
peak "run --format github" run flood --bash ls --format github
peak "test --format text (2 cases)" test flood-cases.yaml --format text
peak "test --format json (2 cases)" test flood-cases.yaml --format json
peak "test --format ndjson (2 cases)" test flood-cases.yaml --format ndjson
peak "test --format github (2 cases)" test flood-cases.yaml --format github
peak "test --junit (2 cases)" test flood-cases.yaml --junit junit.xml
echo "suite: 100 cases, each hook 2 MiB on stderr (and stdout when failing), half passing and half failing"
peak "test --format text (100 cases)" test cases100.yaml --format text
peak "test --format json (100 cases)" test cases100.yaml --format json
echo "payload: 10 MB --payload, read by every agent's hook"
peak "run --payload 10 MB" run reader --payload payload.json --format json
# A payload is held twice, not once per agent: its bytes (one buffer every agent's hook is
# given) and its parsed form. The goal here is about 2x the payload plus hookcheck's own.
echo "payload: 50 MiB --payload (goal: 2 x 50 MiB + 32 MiB, whatever the agent count)"
GOAL=132 peak "run --payload 50 MiB" run reader --payload payload50.json --format json

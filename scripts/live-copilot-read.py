#!/usr/bin/env python3
"""What the real Copilot CLI gives a preToolUse hook when the model reads a file with its
`view` tool, recorded into fixtures/live/read/copilot--view.json (field names and JSON types,
`toolName`, and the `view` schema Copilot offered the model; no value of the environment).

The hook sits in the throwaway home's ~/.copilot/settings.json (where live mode puts its
hooks) and saves its stdin; a fake model on loopback (scripts/copilot_fake_model.py) makes one
`view` call on notes.txt in the workspace. `tests/it/live_truth.rs` (copilot_read_input_is_
the_recorded_one) compares hookcheck's planned `--read` input with the recording.

    scripts/live-copilot-read.py [--copilot PATH] [--check]

--check compares with the recorded fixture instead of writing it (exit 1 on a change).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import copilot_fake_model  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures/live/read/copilot--view.json")


def types(value, prefix=""):
    """Each field of `value` (nested objects flattened with dots) and its JSON type."""
    out = {}
    for k, v in value.items():
        name = prefix + k
        kind = {dict: "object", list: "array", str: "string", bool: "boolean",
                type(None): "null"}.get(type(v), "number")
        out[name] = kind
        if isinstance(v, dict):
            out.update(types(v, name + "."))
    return out


def view_arguments(schema):
    """The file to read, and the least of every other required field."""
    args = {"path": VIEWED}
    for name in (schema or {}).get("required", []):
        args.setdefault(name, "" if name != "path" else VIEWED)
    return args


VIEWED = ""


def observe(copilot):
    global VIEWED
    tmp = tempfile.mkdtemp(prefix="hookcheck-copilot-read-")
    try:
        home, ws = os.path.join(tmp, "home"), os.path.join(tmp, "ws")
        os.makedirs(os.path.join(home, ".copilot"))
        os.makedirs(ws)
        VIEWED = os.path.join(ws, "notes.txt")
        with open(VIEWED, "w") as f:
            f.write("hello\n")
        saved = os.path.join(tmp, "stdin.json")
        settings = {"hooks": {"preToolUse": [
            {"type": "command", "bash": 'cat > "$HOOKCHECK_PROBE_OUT"', "timeoutSec": 10}]}}
        with open(os.path.join(home, ".copilot", "settings.json"), "w") as f:
            json.dump(settings, f)
        server, seen = copilot_fake_model.serve("view", view_arguments)
        env = {k: v for k, v in os.environ.items() if not k.startswith("COPILOT_")}
        env.update(HOME=home, HOOKCHECK_PROBE_OUT=saved, SHELL="/bin/sh")
        env.update(copilot_fake_model.env_for(server))
        subprocess.run([copilot, "-p", "Read notes.txt.", "--allow-all-tools",
                        "--output-format", "json"], cwd=ws, env=env, capture_output=True,
                       timeout=240, check=True)
        server.shutdown()
        version = copilot_fake_model.version(copilot, env)
        with open(saved) as f:
            stdin = json.load(f)
        schema = next((t["view"] for t in seen if "view" in t), None)
        return {
            "version": version,
            "toolName": stdin.get("toolName"),
            "stdin": dict(sorted(types(stdin).items())),
            "view_schema": schema,
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    a = copilot_fake_model.cli()
    seen = observe(a.copilot)
    record = {"agent": "copilot", "version": seen.pop("version"),
              "made_with": "scripts/live-copilot-read.py", **seen}
    return copilot_fake_model.record_or_check(
        FIXTURE, record, a.check, lambda old, new: all(old.get(k) == v for k, v in seen.items()))


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Which plugin hooks the real Copilot CLI runs, recorded into fixtures/live/plugins/copilot.json.

Installs the plugins below (`copilot plugin install ./DIR`, offline) into a throwaway home,
switches the ones marked disabled off in its config.json, trusts a workspace that holds a
`.github/hooks/` file with Claude-style groups, and has Copilot run one shell call in `-p` mode
against a fake OpenAI Chat Completions model on loopback. Every hook appends its tag to a log;
one plugin hook also logs its working directory and the plugin variables it was given (names
only). `tests/it/native.rs` (copilot_plugins_run_as_recorded) builds the same layout and checks
that hookcheck plans exactly the hooks Copilot ran, where it ran them.

    scripts/live-copilot-plugins.py [--copilot PATH] [--check]

--check compares with the recorded fixture instead of writing it (exit 1 on a change).
Runs in about a minute; needs python3 and the Copilot CLI (scripts/live-tier.sh installs it).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import copilot_fake_model  # noqa: E402

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures/live/plugins/copilot.json")
LOG = "$HOOKCHECK_PROBE_LOG"


def tag(name):
    return 'echo %s >> "%s"' % (name, LOG)


def flat(name):
    return {"preToolUse": [{"type": "command", "bash": tag(name)}]}


def grouped(name, event="PreToolUse", key="command", matcher="Bash"):
    return {event: [{"matcher": matcher, "hooks": [{"type": "command", key: tag(name)}]}]}


# The probe hook: its folder and the plugin and project variables it is given (names only).
PROBE = (
    'echo "cwd=$PWD" >> "%s"; env | cut -d= -f1 | grep -E "PLUGIN|PROJECT_DIR" | sort'
    ' | sed "s/^/env=/" >> "%s"' % (LOG, LOG)
)


def j(value):
    return json.dumps(value, indent=2) + "\n"


# Each plugin: its folder name, its files, and whether it is left enabled.
PLUGINS = [
    # A Claude Code plugin: .claude-plugin/plugin.json and hooks/hooks.json, grouped PascalCase
    # and flat camelCase entries in one file.
    ("claude-shaped", True, {
        ".claude-plugin/plugin.json": j({"name": "claude-shaped", "version": "1.0.0"}),
        "hooks/hooks.json": j({"hooks": {**grouped("claude-shaped-grouped"),
                                          **flat("claude-shaped-flat")}}),
    }),
    # plugin.json at the root; both default hooks files: the first found is read.
    ("two-defaults", True, {
        "plugin.json": j({"name": "two-defaults", "version": "1.0.0"}),
        "hooks.json": j({"version": 1, "hooks": flat("two-defaults-hooks.json")}),
        "hooks/hooks.json": j({"version": 1, "hooks": flat("two-defaults-hooks-folder")}),
    }),
    # .plugin/plugin.json naming a hooks file, and a default hooks file besides.
    ("named", True, {
        ".plugin/plugin.json": j({"name": "named", "version": "1.0.0", "hooks": "custom/h.json"}),
        "custom/h.json": j({"version": 1, "hooks": flat("named-file")}),
        "hooks/hooks.json": j({"version": 1, "hooks": flat("named-default")}),
    }),
    # Inline hooks in the manifest: keyed by event (flat, or Claude-style groups with the
    # probe), or wrapped in `hooks` as a hooks file is.
    ("inline-flat", True, {
        "plugin.json": j({"name": "inline-flat", "version": "1.0.0", "hooks": flat("inline-flat")}),
    }),
    ("inline-grouped", True, {
        ".github/plugin/plugin.json": j({"name": "inline-grouped", "version": "1.0.0", "hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [
                {"type": "command", "command": tag("inline-grouped")},
                {"type": "command", "command": PROBE}]}]}}),
    }),
    ("inline-wrapped", True, {
        "plugin.json": j({"name": "inline-wrapped", "version": "1.0.0",
                          "hooks": {"version": 1, "hooks": flat("inline-wrapped")}}),
    }),
    # A hooks file with its events at the top level, no `hooks` record (a bare event map).
    ("bare-file", True, {
        "plugin.json": j({"name": "bare-file", "version": "1.0.0"}),
        "hooks/hooks.json": j({**flat("bare-file-flat"), **grouped("bare-file-grouped")}),
    }),
    # Installed, then switched off in config.json.
    ("disabled", False, {
        "plugin.json": j({"name": "disabled", "version": "1.0.0", "hooks": flat("disabled")}),
    }),
]

# The trusted workspace's own hook file: Claude-style groups in Copilot's file.
WORKSPACE = {
    ".github/hooks/g.json": j({"version": 1, "hooks": {
        **grouped("workspace-grouped-camel", "preToolUse", "bash", "bash"),
        **grouped("workspace-grouped-pascal")}}),
}


def write_tree(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)


def observe(copilot):
    tmp = tempfile.mkdtemp(prefix="hookcheck-copilot-plugins-")
    try:
        home, src, ws = (os.path.join(tmp, d) for d in ("home", "src", "ws"))
        log = os.path.join(tmp, "log")
        env = {k: v for k, v in os.environ.items() if not k.startswith("COPILOT_")}
        env.update(HOME=home, HOOKCHECK_PROBE_LOG=log, SHELL="/bin/sh")
        for name, _, files in PLUGINS:
            write_tree(os.path.join(src, name), files)
            subprocess.run([copilot, "plugin", "install", "./" + name], cwd=src, env=env,
                           check=True, capture_output=True, timeout=120)
        config_path = os.path.join(home, ".copilot", "config.json")
        with open(config_path) as f:
            config = json.loads("".join(l for l in f if not l.lstrip().startswith("//")))
        disabled = {n for n, enabled, _ in PLUGINS if not enabled}
        for p in config["installedPlugins"]:
            if p["name"] in disabled:
                p["enabled"] = False
        config["trusted_folders"] = [ws]
        with open(config_path, "w") as f:
            json.dump(config, f, indent=2)
        write_tree(ws, WORKSPACE)
        server, _ = copilot_fake_model.serve("bash", lambda _schema: {
            "command": "true", "description": "Run the requested command", "mode": "sync"})
        env.update(copilot_fake_model.env_for(server))
        subprocess.run([copilot, "-p", "Run the command.", "--allow-all-tools",
                        "--output-format", "json"], cwd=ws, env=env, capture_output=True,
                       timeout=240, check=True)
        server.shutdown()
        version = copilot_fake_model.version(copilot, env)
        lines = open(log).read().split("\n") if os.path.exists(log) else []
        cache = os.path.join(home, ".copilot", "installed-plugins")
        cwd = [l[4:] for l in lines if l.startswith("cwd=")]
        return {
            "version": version,
            "ran": sorted(l for l in lines if l and "=" not in l),
            "probe_cwd": [c.replace(cache, "<installed-plugins>") for c in cwd],
            "probe_env": sorted(l[4:] for l in lines if l.startswith("env=")),
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    a = copilot_fake_model.cli()
    seen = observe(a.copilot)
    record = {
        "agent": "copilot",
        "version": seen.pop("version"),
        "made_with": "scripts/live-copilot-plugins.py",
        "plugins": [{"folder": n, "enabled": e, "files": f} for n, e, f in PLUGINS],
        "workspace": WORKSPACE,
        "observed": seen,
    }
    return copilot_fake_model.record_or_check(
        FIXTURE, record, a.check,
        lambda old, new: old["observed"] == new["observed"] and old["plugins"] == new["plugins"])


if __name__ == "__main__":
    sys.exit(main())

"""A fake OpenAI Chat Completions model on loopback for the Copilot CLI probes
(scripts/live-copilot-*.py): it answers the first request that offers the tool it is told to
call with that one call, and every later request (once the call's result comes back) with a
short text. Copilot CLI runs in offline BYOK mode against it (COPILOT_OFFLINE,
COPILOT_PROVIDER_*), as live mode's Copilot driver does (src/tools/copilot/live.rs)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def serve(tool, arguments):
    """Starts the model; `arguments(schema)` builds the call's arguments from the tool's JSON
    schema as Copilot offers it. Returns the server (its port in `server_port`) and a list the
    requests' offered tool schemas are appended to."""
    seen = []

    class Model(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, kind, body):
            data = body.encode()
            self.send_response(200)
            self.send_header("content-type", kind)
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            self.reply("application/json", json.dumps({"object": "list", "data": [
                {"id": "fake-model", "object": "model", "created": 0, "owned_by": "hookcheck"}]}))

        def do_POST(self):
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            tools = {t.get("function", {}).get("name"): t.get("function", {}).get("parameters")
                     for t in body.get("tools", [])}
            seen.append(tools)
            answered = any(m.get("role") == "tool" for m in body.get("messages", []))
            if not answered and tool in tools:
                message = {"role": "assistant", "content": None, "tool_calls": [{
                    "index": 0, "id": "call_1", "type": "function",
                    "function": {"name": tool, "arguments": json.dumps(arguments(tools[tool]))}}]}
                finish = "tool_calls"
            else:
                message, finish = {"role": "assistant", "content": "done"}, "stop"

            def base(choices, obj):
                return {"id": "c", "object": obj, "created": 0, "model": "fake-model",
                        "choices": choices}
            usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
            if body.get("stream"):
                last = base([], "chat.completion.chunk")
                last["usage"] = usage
                events = [base([{"index": 0, "delta": message, "finish_reason": None}],
                               "chat.completion.chunk"),
                          base([{"index": 0, "delta": {}, "finish_reason": finish}],
                               "chat.completion.chunk"), last]
                self.reply("text/event-stream",
                           "".join("data: %s\n\n" % json.dumps(e) for e in events)
                           + "data: [DONE]\n\n")
            else:
                out = base([{"index": 0, "message": message, "finish_reason": finish}],
                           "chat.completion")
                out["usage"] = usage
                self.reply("application/json", json.dumps(out))

    server = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, seen


def env_for(server):
    """The variables that point Copilot CLI at the fake model."""
    return {
        "COPILOT_OFFLINE": "true",
        "COPILOT_PROVIDER_TYPE": "openai",
        "COPILOT_PROVIDER_API_KEY": "dummy",
        "COPILOT_MODEL": "fake-model",
        "COPILOT_PROVIDER_BASE_URL": "http://127.0.0.1:%d/v1" % server.server_port,
    }


def record_or_check(fixture, record, check, same):
    """Writes `record` (dated today) to `fixture`, or with `check` compares it with the one
    there by `same(old, new)`: prints `same` or `CHANGED: …` and returns the exit status."""
    import datetime
    import os

    if check:
        with open(fixture) as f:
            old = json.load(f)
        ok = same(old, record)
        print("same" if ok else "CHANGED: %s" % json.dumps(record))
        return 0 if ok else 1
    record["date"] = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    os.makedirs(os.path.dirname(fixture), exist_ok=True)
    with open(fixture, "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    print(json.dumps(record, indent=2))
    return 0


def cli():
    """The probes' command line: `--copilot PATH` (default: `copilot` on PATH), `--check`."""
    import argparse
    import shutil

    ap = argparse.ArgumentParser()
    ap.add_argument("--copilot", default=shutil.which("copilot") or "copilot")
    ap.add_argument("--check", action="store_true")
    return ap.parse_args()


def version(copilot, env):
    """Copilot CLI's version (`1.0.102`), or `?`."""
    import re
    import subprocess

    out = subprocess.run([copilot, "--version"], env=env, capture_output=True, text=True).stdout
    return (re.findall(r"\d+\.\d+\.\d+", out) or ["?"])[0]

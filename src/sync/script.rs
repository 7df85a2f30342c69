//! Sync's writer for an agent that runs one script per event, named after the event
//! (`<folder>/<Event>`), with no matcher and no timeout field (the behaviour spec, seed 002,
//! says how such a script is written). Every hook on the event becomes part of its one
//! script: the script reads the agent's input once, hands it to each command in turn, and all
//! of them share its stdout; a hook whose spec matches some tools runs only when the input's
//! `toolName` is one of them, a check the script makes itself.
//!
//! A script sync wrote starts with [`MARK`] on its second line: sync rewrites it, or removes
//! it when no spec is on its event any more. A script without it is the team's own, and sync
//! never overwrites it.

use super::Handler;
use crate::error::{Error, Kind};

/// The line that marks a script sync wrote.
pub const MARK: &str = "# Written by `hookcheck sync` from the hook specs";

/// Whether sync wrote this script.
pub fn is_ours(text: &str) -> bool {
    text.lines().nth(1).is_some_and(|l| l.starts_with(MARK))
}

/// The text of the script for `event` in `folder` (relative to the project root), running
/// `handlers` in order.
pub fn script(folder: &str, event: &str, handlers: &[&Handler]) -> String {
    // From the script's folder back up to the project root, where the commands run.
    let up = folder
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .map(|_| "..")
        .collect::<Vec<_>>()
        .join("/");
    let mut out = format!(
        "#!/bin/sh\n{MARK}: edit the specs and run it again, not this file.\n\
         # The agent runs this script on {event} with its input on stdin: each hook below gets\n\
         # that input, and they share this script's stdout.\n\
         cd \"$(dirname \"$0\")/{up}\" || exit 1\n\
         input=$(cat)\n"
    );
    if handlers.iter().any(|h| !names(&h.matcher).is_empty()) {
        out.push_str(
            "tool=$(printf '%s' \"$input\" | grep -o '\"toolName\" *: *\"[^\"]*\"' | head -n 1 | sed 's/.*\"\\([^\"]*\\)\"$/\\1/')\n",
        );
    }
    for h in handlers {
        let body: String = h.command.lines().map(|l| format!("  {l}\n")).collect();
        let run = format!("printf '%s\\n' \"$input\" | {{\n{body}}}\n");
        let tools = names(&h.matcher);
        if tools.is_empty() {
            out.push_str(&run);
        } else {
            let indented: String = run.lines().map(|l| format!("    {l}\n")).collect();
            out.push_str(&format!(
                "case \"$tool\" in\n  {})\n{indented}    ;;\nesac\n",
                tools.join("|")
            ));
        }
    }
    out
}

/// The tool names a matcher lists (`a|b`, `^(a|b)$`), none for every tool.
fn names(matcher: &str) -> Vec<&str> {
    let m = matcher.trim();
    let m = m.strip_prefix('^').unwrap_or(m);
    let m = m.strip_suffix('$').unwrap_or(m);
    let m = m
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(m);
    if m.is_empty() || m == "*" || m == ".*" {
        return Vec::new();
    }
    m.split('|').map(str::trim).collect()
}

/// The commands a script sync wrote runs, in order (none for another script).
pub fn commands(text: &str) -> Vec<String> {
    if !is_ours(text) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if !line.trim_end().ends_with("\"$input\" | {") {
            continue;
        }
        let pad = line.len() - line.trim_start().len();
        let body: Vec<&str> = lines
            .by_ref()
            .take_while(|l| l.trim() != "}" || l.len() - l.trim_start().len() != pad)
            .map(|l| l.get(pad + 2..).unwrap_or(l.trim_start()))
            .collect();
        out.push(body.join("\n"));
    }
    out
}

/// The new text of the script at `file` (`None`: none is wanted there, it goes): `old` when
/// it is the team's own (never overwritten, so wanting it is an error), else the script for
/// `handlers`.
pub fn merge(
    file: &str,
    folder: &str,
    event: &str,
    old: Option<&str>,
    handlers: &[&Handler],
) -> Result<Option<String>, Error> {
    match old {
        Some(text) if !is_ours(text) => {
            if handlers.is_empty() {
                return Ok(Some(text.to_string()));
            }
            Err(Error::new(
                Kind::HookFile,
                format!("{file}: the agent runs one script per event, and this one is not sync's: hookcheck sync does not overwrite it"),
            )
            .help(format!(
                "move {file} away, or put its commands in a hook spec, and run hookcheck sync again"
            )))
        }
        _ if handlers.is_empty() => Ok(None),
        _ => Ok(Some(script(folder, event, handlers))),
    }
}

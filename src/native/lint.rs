//! `hookcheck lint`: specs and the agents' hook files checked without running any hook.

use std::path::{Path, PathBuf};

pub use super::finding::{Finding, Severity};

use super::NativeHandler;
use super::agents::{self, FileAgent};
use super::inventory::{Inventory, doubles};
use super::loader::RegexFlavour;
use crate::matcher;
use crate::spec::{self, did_you_mean};

/// Every finding for the specs in `spec_dirs` and the hook files in `inv`.
pub fn lint(root: &Path, spec_dirs: &[PathBuf], inv: &Inventory) -> Vec<Finding> {
    let mut out = Vec::new();
    // Each spec read and parsed once, for both rules.
    let folders = spec::load::Folders::read(spec_dirs);
    duplicate_specs(root, &folders, &mut out);
    for (_, path) in folders.discovered() {
        if let Some(Err(e)) = folders.parsed(&path) {
            out.push(Finding {
                cause: None,
                severity: Severity::Error,
                rule: "invalid-spec",
                agent: None,
                file: super::shown(root, &path).display().to_string(),
                line: e.line,
                message: e.message.clone(),
                fix: "correct the spec; `hookcheck list` shows every spec's state".into(),
            });
        }
    }
    for e in &inv.errors {
        out.push(Finding {
            cause: None,
            severity: Severity::Error,
            rule: "unreadable-file",
            agent: e
                .agent
                .or_else(|| inv.files.iter().find(|f| f.shown == e.file).map(|f| f.tool)),
            file: e.file.display().to_string(),
            line: e.line,
            message: format!("{}; {}", e.message, e.consequence),
            fix: "fix the file so it parses in the agent's shape".into(),
        });
    }
    for (rule, severity, list) in [
        ("entry-discarded", Severity::Error, &inv.discarded),
        ("lossy-decode", Severity::Warning, &inv.decoded),
        ("file-skipped", Severity::Warning, &inv.skipped),
    ] {
        for e in list {
            out.push(Finding {
                cause: None,
                severity,
                rule,
                agent: e
                    .agent
                    .or_else(|| inv.files.iter().find(|f| f.shown == e.file).map(|f| f.tool)),
                file: e.file.display().to_string(),
                line: e.line,
                message: format!("{}; {}", e.message, e.consequence),
                fix: match rule {
                    "lossy-decode" => "save the file as UTF-8".into(),
                    "file-skipped" => {
                        "move these hooks into the file the agent reads, or delete them".into()
                    }
                    _ => "fix the entry so it has the agent's shape".into(),
                },
            });
        }
    }
    for l in agents::all() {
        let own: Vec<&NativeHandler> = inv.handlers.iter().filter(|h| h.tool == l.id()).collect();
        for h in &own {
            out.extend(event_rule(l, h, inv));
            out.extend(matcher_rule(l, h));
            out.extend(super::mcp_lint::rule(
                l,
                h,
                |severity, rule, message, fix| finding(severity, rule, l, h, message, fix),
            ));
            out.extend(flavour_rule(l, h));
            out.extend(unit_rule(l, h));
            out.extend(zero_timeout_rule(l, h));
            out.extend(unusable_timeout_rule(l, h));
        }
        let loaded = inv.loaded_by(l);
        // What breaks before a hook runs at all, as this agent starts it (own and cross-read).
        for (h, cross) in loaded.iter().filter(|(h, _)| l.fires_on(&h.event)) {
            for p in super::command::analyse(l, h, root).problems {
                out.push(Finding {
                    cause: p.cause,
                    ..finding(p.severity, p.rule, l, h, p.message, p.fix)
                });
            }
            // A handler under `"matcher": ""` the agent runs on no call: cross-read, or in a
            // file of its own (an error there: the hook never runs at all).
            if crate::native::agents::empty_matcher_runs_nothing(l.id(), h).is_some() {
                let (message, fix) = super::installed::empty_matcher_note(l, h);
                let (severity, rule) = match cross {
                    true => (Severity::Warning, "empty-matcher-cross-read"),
                    false => (Severity::Error, "empty-matcher-runs-nothing"),
                };
                out.push(finding(severity, rule, l, h, message, fix));
            }
        }
        for d in doubles(l, &loaded, root) {
            // Placed at the first of the two (the message names both).
            out.push(finding(
                Severity::Warning,
                "loaded-twice",
                l,
                d.first,
                format!("{}: {}", l.name(), d.message),
                format!(
                    "keep the hook in one place: remove {} or {}",
                    d.second.place(),
                    d.first.place()
                ),
            ));
        }
        if let Some(trust) = l.trust {
            for g in super::trust::gated(l, inv) {
                out.push(Finding {
                    cause: None,
                    severity: Severity::Info,
                    rule: "needs-trust",
                    agent: Some(l.id()),
                    message: super::trust::message(l, trust, std::slice::from_ref(&g.file), inv),
                    file: g.file,
                    line: Some(g.line),
                    fix: trust.how.to_string(),
                });
            }
        }
    }
    out.extend(super::drift::drift(root, inv));
    fold_assumed_unset(out)
}

/// A variable an agent's docs do not list, in several hooks of one file: one warning for the
/// agent, at the first hook, naming the other lines (a settings file with twenty hooks on
/// one project-dir variable would otherwise print twenty for each agent that reads it). What is
/// known to break stays one finding per hook.
fn fold_assumed_unset(found: Vec<Finding>) -> Vec<Finding> {
    let key = |f: &Finding| {
        (f.rule == "unset-variable" && f.severity == Severity::Warning)
            .then(|| f.message.split(": `").next().map(str::to_string))
            .flatten()
            .map(|cause| (f.agent, f.file.clone(), cause))
    };
    let mut out: Vec<Finding> = Vec::new();
    let mut more: Vec<Vec<u64>> = Vec::new();
    for f in found {
        let k = key(&f);
        match k
            .as_ref()
            .and_then(|k| out.iter().position(|o| key(o).as_ref() == Some(k)))
        {
            Some(i) => more[i].extend(f.line),
            None => {
                out.push(f);
                more.push(Vec::new());
            }
        }
    }
    for (f, lines) in out.iter_mut().zip(more) {
        if !lines.is_empty() {
            let lines: Vec<String> = lines.iter().map(u64::to_string).collect();
            let agent = f
                .agent
                .and_then(crate::tools::find)
                .map_or("the agent", |a| a.name);
            f.message.push_str(&format!(
                "; the variable is in {} more hook(s) of this file too (line {}): `hookcheck run \
                 --installed` shows what {agent} does with each",
                lines.len(),
                lines.join(", ")
            ));
        }
    }
    out
}

fn finding(
    severity: Severity,
    rule: &'static str,
    l: FileAgent,
    h: &NativeHandler,
    message: String,
    fix: String,
) -> Finding {
    Finding {
        cause: None,
        severity,
        rule,
        agent: Some(l.id()),
        file: h.file.display().to_string(),
        line: Some(h.line),
        message,
        fix,
    }
}

/// An event the agent does not have: it never fires. In a file another agent also reads as
/// its own (one folder two agents load) and whose event that agent has,
/// the hook is that agent's: a warning that this one skips it, not an error.
fn event_rule(
    l: FileAgent,
    h: &NativeHandler,
    inv: &super::inventory::Inventory,
) -> Option<Finding> {
    let knows = |id: &str, event: &str| {
        crate::tools::find(id)
            .and_then(|t| t.contract())
            .is_some_and(|c| c.event(event).is_some())
    };
    let events = l.events();
    // The contract's own lookup: an agent that folds case has `preToolUse` as `PreToolUse`.
    if events.is_empty() || events.contains(&h.event.as_str()) || knows(l.id(), &h.event) {
        return None;
    }
    let fix = match l.renames.iter().find(|(other, _)| *other == h.event) {
        Some((_, own)) => format!("{} calls this event `{own}`: rename it", l.name()),
        None => match did_you_mean(&h.event, events.iter().copied()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("use one of {}", events.join(", ")),
        },
    };
    let owner = inv.handlers.iter().find(|o| {
        o.tool != l.id() && o.file == h.file && o.line == h.line && knows(o.tool, &o.event)
    });
    if let Some(o) = owner {
        let theirs = crate::help::name(o.tool);
        return Some(finding(
            Severity::Warning,
            "unknown-event",
            l,
            h,
            format!(
                "{} has no `{}` event: {} skips this hook, which {theirs} runs",
                l.name(),
                h.event,
                l.name()
            ),
            format!(
                "nothing to do if the hook is for {theirs} alone; for {} too: {fix}",
                l.name()
            ),
        ));
    }
    Some(finding(
        Severity::Error,
        "unknown-event",
        l,
        h,
        format!(
            "{} has no `{}` event: this hook never runs",
            l.name(),
            h.event
        ),
        fix,
    ))
}

/// A tool-event matcher that matches none of the agent's tool names, read as generously as
/// any agent reads matchers (exact list, or unanchored regex).
fn matcher_rule(l: FileAgent, h: &NativeHandler) -> Option<Finding> {
    let m = h.matcher.trim();
    if m.is_empty() || matcher::is_match_all(m) || !h.event.to_lowercase().contains("tool") {
        return None;
    }
    // As the agent's own matcher reads it (an agent that ignores matchers matches every
    // tool), else as an exact list or a JavaScript regex.
    let can = |name: &str| match l.agent.contract() {
        Some(c) => c.matcher.matches(true, &h.event, m, name).unwrap_or(false),
        None => {
            (matcher::is_exact_list(m) && matcher::exact_list_matches(m, name))
                || matcher::JsRegex::new(m).is_ok_and(|r| r.is_match(name).unwrap_or(false))
        }
    };
    // With no tool names to hold the matcher against (an agent that ignores matchers lists none), nothing
    // says it never matches.
    if l.tool_names.is_empty() || l.tool_names.iter().any(|n| can(n)) {
        return None;
    }
    // An MCP tool's name holds its server's, which hookcheck cannot know: a matcher in the
    // agent's MCP shape (`mcp__memory__.*`) may match a tool of a server the user has.
    let mcp_prefix = l
        .agent
        .contract()
        .and_then(|c| c.tools.mcp.split_once("{server}"))
        .map(|(prefix, _)| prefix.trim_start_matches('^'))
        .filter(|p| !p.is_empty());
    if mcp_prefix.is_some_and(|p| m.contains(p)) {
        return None;
    }
    Some(finding(
        Severity::Error,
        "matcher-never-matches",
        l,
        h,
        format!("matcher \"{m}\" matches none of {}'s tool names", l.name()),
        format!("{} names its tools {}", l.name(), l.tool_names.join(", ")),
    ))
}

/// A matcher using regex features outside the agent's flavour: the agent may refuse it or read
/// it differently, and hookcheck does not run it.
fn flavour_rule(l: FileAgent, h: &NativeHandler) -> Option<Finding> {
    let m = h.matcher.trim();
    let flavour = l.regex?;
    if flavour == RegexFlavour::RustSkipsInvalid {
        // `*` is no wildcard here: it does not compile, so the rule never runs.
        let error = matcher::rust_regex_matches(m, "").err()?;
        return Some(finding(
            Severity::Error,
            "matcher-does-not-compile",
            l,
            h,
            format!(
                "matcher \"{m}\" is not a valid regular expression ({error}): {} skips this hook",
                l.name()
            ),
            "write `.*` to match every tool, or leave the matcher empty".into(),
        ));
    }
    if m.is_empty() || matcher::is_match_all(m) || matcher::is_exact_list(m) {
        return None;
    }
    match flavour {
        RegexFlavour::RustSkipsInvalid => None,
        RegexFlavour::JsAnchored => {
            let feature = matcher::non_portable_regex_feature(m)?;
            Some(finding(
                Severity::Warning,
                "matcher-regex-flavour",
                l,
                h,
                format!(
                    "matcher \"{m}\" uses {feature}: {} reads matchers as anchored JavaScript regular expressions",
                    l.name()
                ),
                "rewrite it with plain names and `|` alternatives".into(),
            ))
        }
    }
}

/// A millisecond timeout under 1000 is almost surely written in seconds.
fn unit_rule(l: FileAgent, h: &NativeHandler) -> Option<Finding> {
    let v = h.timeout_value?;
    // Seconds written as milliseconds: `600000` is almost a week, not ten minutes. An hour
    // is more than any agent's documented default (Claude Code's is 600 s).
    if l.unit == "s" && v > 3600 && v % 1000 == 0 {
        return Some(finding(
            Severity::Warning,
            "timeout-unit",
            l,
            h,
            format!(
                "timeout {v} is in seconds in {}: {v} s, over {}; it reads like milliseconds",
                l.name(),
                match v / 3600 {
                    1 => "an hour".to_string(),
                    n => format!("{n} hours"),
                }
            ),
            format!("write {} for {} seconds", v / 1000, v / 1000),
        ));
    }
    if l.unit != "ms" || v >= 1000 {
        return None;
    }
    Some(finding(
        Severity::Warning,
        "timeout-unit",
        l,
        h,
        format!("timeout {v} is in milliseconds in {}: {v} ms", l.name()),
        format!("write {} for {v} seconds", v * 1000),
    ))
}

/// A timeout of 0 where the agent does not say what 0 means: the hook is stopped at once or
/// never, and `run --installed` does not run it.
fn zero_timeout_rule(l: FileAgent, h: &NativeHandler) -> Option<Finding> {
    if h.timeout_value != Some(0) || l.agent.documents_zero_timeout() {
        return None;
    }
    Some(finding(
        Severity::Warning,
        "timeout-zero",
        l,
        h,
        format!(
            "timeout 0: {} does not say what 0 means, so the hook may be stopped at once or never",
            l.name()
        ),
        format!(
            "write a timeout of 1 {} or more, or leave it out for the default",
            l.unit
        ),
    ))
}

/// A timeout that is no duration (`-5`, `"soon"`): hookcheck runs the hook under the agent's
/// default, which is not what the file's author meant.
fn unusable_timeout_rule(l: FileAgent, h: &NativeHandler) -> Option<Finding> {
    let written = h.timeout_unusable.as_ref()?;
    Some(finding(
        Severity::Warning,
        "timeout-invalid",
        l,
        h,
        format!(
            "timeout {written} is no duration {} reads: hookcheck runs the hook under {}'s default timeout, and {} does not document what it does with it",
            l.name(),
            l.name(),
            l.name()
        ),
        format!(
            "write a whole number of {} from 1 up, or leave `timeout` out for the default",
            l.unit
        ),
    ))
}

/// Two spec files one name stands for: which one runs is not what anyone chose.
fn duplicate_specs(root: &Path, folders: &spec::load::Folders, out: &mut Vec<Finding>) {
    for (name, paths) in folders.ambiguous() {
        let shown: Vec<String> = paths
            .iter()
            .map(|p| super::shown(root, p).display().to_string())
            .collect();
        out.push(Finding {
            cause: None,
            severity: Severity::Error,
            rule: "duplicate-spec",
            agent: None,
            file: shown[0].clone(),
            line: None,
            message: format!(
                "{} spec files are named `{name}`: {}; `hookcheck run {name}` refuses to guess",
                shown.len(),
                shown.join(", ")
            ),
            fix: "rename or remove all but one".into(),
        });
    }
}

/// The findings for people, one per cause: the findings of one rule, file and severity whose
/// [`Finding::cause`] is the same (one missing program in five hooks read by four agents) are
/// one, placed at every line, with what each agent then does and its fix, each said once for
/// the lines it holds for. The JSON and SARIF keep one finding per place and agent.
pub fn render(findings: &[Finding]) -> String {
    if findings.is_empty() {
        return "no findings\n".into();
    }
    let mut out = String::new();
    let mut shown = 0;
    let mut errors = 0;
    for group in by_cause(findings) {
        shown += 1;
        let f = group[0];
        errors += usize::from(f.severity == Severity::Error);
        let sev = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        };
        let (Some(cause), [_, _, ..]) = (&f.cause, group.as_slice()) else {
            let at = match f.line {
                Some(l) => format!("{}:{l}", f.file),
                None => f.file.clone(),
            };
            out.push_str(&format!(
                "{at}: {sev}[{}]: {}\n  fix: {}\n",
                f.rule, f.message, f.fix
            ));
            continue;
        };
        let mut lines: Vec<u64> = group.iter().filter_map(|g| g.line).collect();
        lines.sort_unstable();
        lines.dedup();
        let list = |ls: &[u64]| ls.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        out.push_str(&format!(
            "{}:{}: {sev}[{}]: {cause}\n",
            f.file,
            list(&lines),
            f.rule
        ));
        // Per agent, in the order they first appear: what it does, then its fix, each with
        // the lines it holds for where that is not every line the agent reads.
        let mut agents: Vec<&str> = Vec::new();
        let mut said: Vec<(&str, &str, Vec<u64>)> = Vec::new();
        let mut fixes: Vec<(&str, &str, Vec<u64>)> = Vec::new();
        for g in &group {
            let agent = g.agent.unwrap_or_default();
            if !agents.contains(&agent) {
                agents.push(agent);
            }
            let then = g
                .message
                .strip_prefix(cause.as_str())
                .and_then(|m| m.strip_prefix("; "))
                .unwrap_or(&g.message);
            for (list, text) in [(&mut said, then), (&mut fixes, g.fix.as_str())] {
                match list.iter_mut().find(|(a, t, _)| *a == agent && *t == text) {
                    Some((_, _, ls)) => ls.extend(g.line),
                    None => list.push((agent, text, g.line.into_iter().collect())),
                }
            }
        }
        let at = |ls: &mut Vec<u64>, all: &[u64]| {
            ls.sort_unstable();
            ls.dedup();
            match ls.as_slice() == all {
                true => String::new(),
                false => format!(" (line {})", list(ls)),
            }
        };
        // One fix for every agent and line: said once, after what each agent does.
        let shared = fixes.first().map(|(_, text, _)| *text).filter(|text| {
            fixes.iter().all(|(_, t, _)| t == text)
                && agents
                    .iter()
                    .all(|a| fixes.iter().filter(|(fa, _, _)| fa == a).count() == 1)
        });
        for &agent in &agents {
            let mut reads: Vec<u64> = group
                .iter()
                .filter(|g| g.agent.unwrap_or_default() == agent)
                .filter_map(|g| g.line)
                .collect();
            reads.sort_unstable();
            reads.dedup();
            for (_, then, ls) in said.iter_mut().filter(|(a, _, _)| *a == agent) {
                out.push_str(&format!("  {agent}{}: {then}\n", at(ls, &lines)));
            }
            if shared.is_some() {
                continue;
            }
            for (_, fix, ls) in fixes.iter_mut().filter(|(a, _, _)| *a == agent) {
                out.push_str(&format!("    fix: {fix}{}\n", at(ls, &reads)));
            }
        }
        if let Some(fix) = shared {
            out.push_str(&format!("  fix: {fix}\n"));
        }
    }
    let per_place = match shown == findings.len() {
        true => String::new(),
        false => format!(
            " ({} by place and agent, as --format json and sarif give them)",
            findings.len()
        ),
    };
    out.push_str(&format!(
        "{shown} finding(s), {errors} error(s){per_place}\n"
    ));
    out
}

/// The findings in groups of one cause ([`render`]), in the order each cause first appears.
fn by_cause(findings: &[Finding]) -> Vec<Vec<&Finding>> {
    let mut groups: Vec<Vec<&Finding>> = Vec::new();
    for f in findings {
        let same = |g: &Vec<&Finding>| {
            let h = g[0];
            f.cause.is_some()
                && h.cause == f.cause
                && h.rule == f.rule
                && h.file == f.file
                && h.severity == f.severity
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(f),
            None => groups.push(vec![f]),
        }
    }
    groups
}

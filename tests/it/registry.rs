//! The registry (`hookcheck::tools::ALL`) is the one list of agents: this walks it and checks
//! that every agent is complete (a contract with dated sources, its hook-file loader or the
//! reason it has none, its live driver or the reason it cannot run live), and that what is
//! derived from it (the loaders, the drivers, `hookcheck tools`, the agent table in
//! docs/guide/agents.md) says the same.

use crate::common::live_agents;
use hookcheck::contract::Contract;
use hookcheck::tools::{self, ALL, Files, Hooks, Live};

/// `YYYY-MM-DD`.
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

#[test]
fn every_agent_is_complete() {
    let mut ids = Vec::new();
    for t in ALL {
        assert!(
            !ids.contains(&t.id),
            "{}: listed twice in the registry",
            t.id
        );
        ids.push(t.id);
        assert!(!t.name.is_empty(), "{}: no name", t.id);
        assert!(
            is_date(t.checked),
            "{}: checked {:?} is not a date",
            t.id,
            t.checked
        );
        assert!(!t.sources.is_empty(), "{}: no sources", t.id);
        match t.files {
            Files::Loader(l) => {
                assert!(!l.project_glob.is_empty(), "{}: loader reads no file", t.id);
            }
            Files::None(why) => assert!(why.len() > 10, "{}: no reason for no loader", t.id),
        }
        match t.live {
            Live::Driver(d) => {
                // npm's name@version or PyPI's name==version.
                let (_, version) = d
                    .package
                    .rsplit_once("==")
                    .or_else(|| d.package.rsplit_once('@'))
                    .expect("package@version or package==version");
                assert!(
                    version.chars().next().is_some_and(|c| c.is_ascii_digit()),
                    "{}: live package {:?} is not pinned",
                    t.id,
                    d.package
                );
            }
            Live::Cannot(why) => assert!(why.len() > 10, "{}: no reason for no driver", t.id),
        }
        match t.hooks {
            Hooks::Commands(c) => contract_is_complete(t.id, c),
            // An agent with no command hooks plans nothing: `Hooks` has no planner for it.
            Hooks::NotCommands(why) => {
                assert!(why.len() > 10, "{}: no reason for no command hooks", t.id);
            }
        }
    }
}

/// A contract has events with the kinds a trigger needs, reply rules that each name their
/// source and that decide on every way a command can end, and input templates that fill.
fn contract_is_complete(id: &str, c: &Contract) {
    assert!(!c.events.is_empty(), "{id}: a contract with no events");
    assert!(c.reply.rules.len() >= 3, "{id}: too few reply rules");
    for (i, r) in c.reply.rules.iter().enumerate() {
        assert!(
            r.source.len() > 10,
            "{id}: reply rule {} has no source",
            i + 1
        );
    }
    let mut names: Vec<&str> = c.event_names().collect();
    names.sort_unstable();
    let n = names.len();
    names.dedup();
    assert_eq!(n, names.len(), "{id}: an event listed twice");
    // `hookcheck tools AGENT` describes every rule and event from this data.
    let text = hookcheck::report::tools::detail(tools::find(id).expect("in the registry"));
    assert!(text.contains("replies ("), "{id}: {text}");
}

#[test]
fn loaders_and_drivers_are_the_registry_s() {
    let with_loader: Vec<&str> = ALL
        .iter()
        .filter(|t| t.loader().is_some())
        .map(|t| t.id)
        .collect();
    let loaders: Vec<&str> = hookcheck::native::agents::all().map(|l| l.id()).collect();
    assert_eq!(loaders, with_loader);
    let with_driver: Vec<&str> = ALL
        .iter()
        .filter(|t| t.driver().is_some())
        .map(|t| t.id)
        .collect();
    let drivers: Vec<&str> = hookcheck::live::agents::all().map(|d| d.id()).collect();
    assert_eq!(drivers, with_driver);
    for t in ALL {
        assert_eq!(
            hookcheck::native::agents::find(t.id).map(|l| std::ptr::from_ref(l.loader)),
            t.loader().map(std::ptr::from_ref)
        );
        assert_eq!(
            hookcheck::live::agents::find(t.id).map(|d| std::ptr::from_ref(d.driver)),
            t.driver().map(std::ptr::from_ref)
        );
    }
    let not_live: Vec<&str> = hookcheck::live::agents::not_live()
        .map(|(name, _)| name)
        .collect();
    let cannot: Vec<&str> = ALL
        .iter()
        .filter(|t| t.driver().is_none())
        .map(|t| t.name)
        .collect();
    assert_eq!(not_live, cannot);
}

/// The guide's agent table (docs/guide/agents.md): its rows' ids (first column) and names
/// (second), in order.
fn agent_table() -> Vec<(Vec<String>, Vec<String>)> {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/guide/agents.md"))
            .expect("docs/guide/agents.md");
    let table = guide
        .split("\n## The agents hookcheck knows\n")
        .nth(1)
        .expect("docs/guide/agents.md has a section \"The agents hookcheck knows\"");
    // The section ends at the next heading of its level: later tables are not the agents'.
    let table = table.split("\n## ").next().unwrap_or_default();
    table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let ids = cells[1]
                .split(',')
                .map(|s| s.trim().trim_matches('`').to_string())
                .collect();
            let names = cells[2].split(", ").map(str::to_string).collect();
            (ids, names)
        })
        .collect()
}

#[test]
fn the_guide_s_agent_table_lists_the_registry_in_order() {
    let rows = agent_table();
    assert!(rows.len() >= 20, "{rows:?}");
    let ids: Vec<String> = rows.iter().flat_map(|(ids, _)| ids.clone()).collect();
    let names: Vec<String> = rows.iter().flat_map(|(_, names)| names.clone()).collect();
    let want_ids: Vec<String> = tools::ids().map(str::to_string).collect();
    let want_names: Vec<String> = ALL.iter().map(|t| t.name.to_string()).collect();
    assert_eq!(ids, want_ids);
    assert_eq!(names, want_names);
}

#[test]
fn hookcheck_tools_lists_every_agent_and_why_it_does_not_run_live() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hookcheck"))
        .arg("tools")
        .env("NO_COLOR", "1")
        .output()
        .expect("run hookcheck tools");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let section = text
        .split("live mode cannot run here:\n")
        .nth(1)
        .expect("hookcheck tools has a section on agents live mode cannot run");
    let want: String = hookcheck::live::agents::not_live()
        .map(|(name, why)| format!("  {name}: {why}\n"))
        .collect();
    assert_eq!(section, want);
}

/// Every text file of the repository that people or the code read (not build output).
fn repository_texts() -> Vec<(std::path::PathBuf, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack: Vec<std::path::PathBuf> = [
        "src", "tests", "docs", "fixtures", "scripts", "bench", "ci", ".ci", ".github",
    ]
    .iter()
    .map(|d| root.join(d))
    .collect();
    for file in ["README.md", "Cargo.toml", "action.yml"] {
        stack.push(root.join(file));
    }
    while let Some(path) = stack.pop() {
        if path.ends_with("node_modules") {
            continue;
        }
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                stack.push(entry.path());
            }
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            out.push((path, text));
        }
    }
    assert!(out.len() > 100, "the repository's files were not found");
    out
}

#[test]
fn nothing_cites_a_file_outside_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let outside = ["shared", "reference/"].join("/");
    let up = ["..", "shared"].join("/");
    let notes = root.join("docs/reference");
    let mut wrong = Vec::new();
    for (path, text) in repository_texts() {
        for (n, line) in text.lines().enumerate() {
            if line.contains(&outside) || line.contains(&up) {
                wrong.push(format!("{}:{}: {line}", path.display(), n + 1));
            }
            // Citations of the reference notes name files that exist here (the notes
            // themselves name other repositories' paths).
            if path.starts_with(&notes) {
                continue;
            }
            for (at, _) in line.match_indices("docs/reference/") {
                let before = line[..at].chars().next_back();
                if before.is_some_and(|c| !(c.is_whitespace() || c == '(')) {
                    continue; // a URL or another repository's path
                }
                let cited: String = line[at..]
                    .chars()
                    .take_while(|c| !(c.is_whitespace() || ",;:)`\"'".contains(*c)))
                    .collect();
                let cited = cited.trim_end_matches('.');
                if !root.join(cited).exists() {
                    wrong.push(format!(
                        "{}:{}: {cited} does not exist",
                        path.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// An assumption a recording settles is no longer an assumption: every agent whose captured
/// hook inputs (fixtures/live/inputs) show where the hook ran and under which shell has
/// neither assumed, and its contract's shell is the one captured.
#[test]
fn captured_inputs_settle_the_cwd_and_shell_assumptions() {
    use hookcheck::contract::Shell;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/live/inputs");
    let mut settled: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/live/inputs") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("capture");
        let v: serde_json::Value = serde_json::from_str(&text).expect("a JSON capture");
        let id = v["agent"].as_str().expect("agent");
        let c = tools::find(id)
            .and_then(|t| t.contract())
            .unwrap_or_else(|| panic!("{}: no command agent `{id}`", path.display()));
        if v["cwd"] == "<workspace>" {
            assert!(
                !c.run.cwd_assumed,
                "{id}: {} shows the hook ran in the project root; the contract still assumes it",
                path.display()
            );
        }
        if v["shell"].as_str().is_some_and(|s| s.ends_with(" -c")) {
            assert!(
                matches!(c.run.shell, Shell::Argv(_)),
                "{id}: {} shows the shell; the contract still assumes one",
                path.display()
            );
        }
        if !settled.iter().any(|s| s == id) {
            settled.push(id.to_string());
        }
    }
    settled.sort();
    // Nothing passes on nothing: the captures are there.
    assert_eq!(settled, live_agents());
}

/// The launch each agent's contract states (stdio kind, process group, session) is the one its
/// capture in fixtures/live/launch recorded from the real agent, and names that capture as its
/// source; an agent with no capture there still says it is assumed (hookcheck's runner's).
#[test]
fn captured_launches_are_the_agents_launch_data() {
    use hookcheck::contract::{Launch, Place, Stdio};
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/live/launch");
    let mut seen: Vec<(String, Launch)> = Vec::new();
    for entry in std::fs::read_dir(dir).expect("fixtures/live/launch") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("capture"))
                .expect("a JSON capture");
        let id = v["agent"].as_str().expect("agent");
        assert!(
            v["made_with"]
                .as_str()
                .is_some_and(|m| m.contains("--record-inputs fixtures/live/launch")),
            "{name}: made_with says how it was recorded"
        );
        let l = &v["launch"];
        let stdio = match (l["stdin"].as_str(), l["stdout"].as_str()) {
            (Some("pipe"), Some("pipe")) => Stdio::Pipe,
            (Some("socket"), Some("socket")) => Stdio::Socket,
            other => panic!("{name}: stdin/stdout {other:?} has no Stdio"),
        };
        let place = |key: &str| match l[key].as_str() {
            Some("own") => Place::Own,
            Some("agent") => Place::Agents,
            other => panic!("{name}: {key} {other:?} has no Place"),
        };
        let want = Launch::seen(
            stdio,
            place("group"),
            place("session"),
            // Interned: the contract holds a &'static str.
            Box::leak(format!("fixtures/live/launch/{name}").into_boxed_str()),
        );
        let c = tools::find(id)
            .and_then(|t| t.contract())
            .unwrap_or_else(|| panic!("{name}: no command agent `{id}`"));
        assert_eq!(c.run.launch, want, "{id}: the contract's launch vs {name}");
        // None of them opens anything beyond 0-2 for the hook but its own shell's script file
        // (a shell given `sh FILE` reads it from fd 10).
        let fds: Vec<&str> = l["fds"]
            .as_array()
            .expect("fds")
            .iter()
            .filter_map(|f| f.as_str())
            .collect();
        let script_fd = v["command_file"].is_number() && fds == ["10 file"];
        assert!(fds.is_empty() || script_fd, "{name}: fds {fds:?}");
        // The umask: started under 0022 here and 0027 in launch-umask, the hook has each, so
        // the agent passes its own on, as hookcheck's runner does.
        assert_eq!(l["umask"], "0022", "{name}");
        let other = format!(
            "{}/fixtures/live/launch-umask/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let u: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&other).expect("launch-umask capture"))
                .expect("a JSON capture");
        assert!(
            u["made_with"]
                .as_str()
                .is_some_and(|m| m.starts_with("umask 0027; ")),
            "{other}"
        );
        assert_eq!(u["launch"]["umask"], "0027", "{id}: the umask it was given");
        for key in ["stdin", "group", "session"] {
            assert_eq!(u["launch"][key], l[key], "{id}: {key} in both runs");
        }
        seen.push((id.to_string(), want));
    }
    seen.sort_by(|a, b| a.0.cmp(&b.0));
    let ids: Vec<&str> = seen.iter().map(|s| s.0.as_str()).collect();
    // Every agent live mode drives has its launch captured.
    assert_eq!(ids, live_agents());
    // Every other agent with a contract is still assumed to launch as hookcheck does.
    for t in ALL {
        let Some(c) = t.contract() else { continue };
        if !ids.contains(&t.id) {
            assert_eq!(
                c.run.launch,
                Launch::RUNNER,
                "{}: no capture, yet seen",
                t.id
            );
        }
    }
}

/// The probe of fixtures/live/launch, as hookcheck runs it: the kind of the hook's stdin,
/// stdout and stderr, and whether its process group and session are its own or its caller's,
/// read from /proc.
const LAUNCH_PROBE: &str = r#"kind() { case $(readlink /proc/$$/fd/$1) in pipe:*) echo pipe;; socket:*) echo socket;; *) echo other;; esac; }
set -- $(sed 's/^.*) //' /proc/$$/stat); grp=$3 sid=$4
set -- $(sed 's/^.*) //' /proc/$PPID/stat); pgrp=$3 psid=$4
where() { if [ "$1" = $$ ]; then echo own; elif [ "$1" = "$2" ]; then echo agent; else echo other; fi; }
echo "$(kind 0) $(kind 1) $(kind 2) $(where $grp $pgrp) $(where $sid $psid)""#;

/// `Launch::RUNNER` is how hookcheck's runner really launches a hook of an agent never
/// captured: the probe run through it reads pipes, its own group, hookcheck's session.
#[cfg(target_os = "linux")]
#[test]
fn the_runner_launches_as_launch_runner_says() {
    use hookcheck::contract::{Launch, Place, Stdio};
    use hookcheck::exec::{Invocation, Limits, run_all};
    let inv = Invocation {
        program: "/bin/sh".into(),
        args: vec!["-c".into(), LAUNCH_PROBE.into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        cwd: std::env::temp_dir(),
        stdin: std::sync::Arc::new(b"{}".to_vec()),
        timeout: std::time::Duration::from_secs(10),
        until_eof: false,
        stdio_socket: false,
        new_session: false,
    };
    let out = run_all(&[inv], 1, &Limits::default()).remove(0);
    let r = Launch::RUNNER;
    assert_eq!(
        (r.stdio, r.group, r.session),
        (Stdio::Pipe, Place::Own, Place::Agents)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout.bytes),
        "pipe pipe pipe own agent\n"
    );
}

/// Each live agent's hooks, run by `hookcheck run`, get the launch its capture in
/// fixtures/live/launch recorded from the real agent: the same kind of stdin, stdout and stderr,
/// and the same session (a new one where the agent made one). The process group is always the
/// hook's own: where the agent keeps the hook in its own group, a `kill 0` would reach
/// hookcheck, so that one difference stays (`Launch::differences`, and an assumption on a
/// hook killed by a signal).
#[cfg(target_os = "linux")]
#[test]
fn each_agents_hooks_are_launched_as_its_capture_showed() {
    let spec = format!(
        "on: before-tool\nmatch: shell\ncommand: |\n  {}\n",
        format!("{{ {LAUNCH_PROBE}\n}} >&2").replace('\n', "\n  ")
    );
    let p = crate::common::Project::new().spec("probe", &spec);
    let mut args = vec!["--bash", "echo hi"];
    let ids = live_agents();
    for id in &ids {
        args.extend(["-t", id]);
    }
    let (_, report) = p.json("probe", &args);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/live/launch");
    for id in ids {
        let path = format!("{dir}/{id}--bash.json");
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("capture"))
                .expect("a JSON capture");
        let l = &v["launch"];
        let want = format!(
            "{} {} {} own {}\n",
            l["stdin"].as_str().expect("stdin"),
            l["stdout"].as_str().expect("stdout"),
            l["stderr"].as_str().expect("stderr"),
            l["session"].as_str().expect("session"),
        );
        let got = &crate::common::target(&report, id)["commands"][0]["stderr"];
        assert_eq!(
            got.as_str(),
            Some(want.as_str()),
            "{id}: under hookcheck vs {path}"
        );
    }
}

/// Issue 26's bar for the lifecycle checklist (docs/dev/lifecycle.md): on every agent live mode
/// drives, every property of the seven stages is observed on the real agent (`O`), does not
/// apply to it (`—`, with what it has instead), or cannot be observed headless (`H`), and the
/// row says why (an `H:` cell with its reason). Nothing is left sourced (`S`) or assumed (`A`).
#[test]
fn every_lifecycle_property_is_observed_on_every_live_agent_or_said_unobservable() {
    use hookcheck::report::lifecycle;
    let stages = lifecycle::STAGES;
    let mut problems = Vec::new();
    let agents = live_agents();
    for id in &agents {
        let rows: Vec<_> = lifecycle::rows(id)
            .into_iter()
            .filter(|r| stages.contains(&r.stage.as_str()))
            .collect();
        let seen: std::collections::BTreeSet<&str> =
            rows.iter().map(|r| r.stage.as_str()).collect();
        assert_eq!(seen.len(), stages.len(), "{id}: stages {seen:?}");
        for r in &rows {
            let ok = r.cell.starts_with('O')
                || r.cell.starts_with('—')
                || (r.cell.starts_with('H')
                    && agents.iter().any(|a| {
                        lifecycle::rows(a).iter().any(|o| {
                            o.property == r.property
                                && o.cell
                                    .strip_prefix("H:")
                                    .is_some_and(|why| !why.trim().is_empty())
                        })
                    }));
            if !ok {
                problems.push(format!("{id}: {} / {}: {}", r.stage, r.property, r.cell));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

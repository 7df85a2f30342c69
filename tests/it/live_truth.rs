//! Recorded truth: hookcheck's prediction for every case observed on a real agent
//! (fixtures/live/observations, written by `hookcheck live --record`) must match what the agent
//! did. Runs with no agent installed. A disagreement already reported to the lead is listed in
//! fixtures/live/known-disagreements.json; the list cannot rot: a listed case that starts to
//! agree fails too.

use std::path::Path;

use hookcheck::live::{Phase, Trigger, campaign, predict, record};
use hookcheck::run;
use hookcheck::workspace::Workspace;
use serde_json::Value;

/// hookcheck's whole prediction for one recorded case, from the spec's text alone.
fn predict_target(
    agent: &str,
    hook: &str,
    spec: &str,
    trigger: &Trigger,
    event: Option<&str>,
) -> hookcheck::report::TargetReport {
    // The recorded hooks write to "$TMPDIR/hookcheck-trace": each prediction gets a temp
    // folder of its own (below), never the machine's, nor `/` where TMPDIR is unset.
    predict_target_in(
        agent,
        hook,
        spec,
        trigger,
        event,
        std::env::vars().filter(|(k, _)| k != "TMPDIR").collect(),
    )
}

/// [`predict_target`] with the hooks run in `env` instead of this process's variables.
fn predict_target_in(
    agent: &str,
    hook: &str,
    spec: &str,
    trigger: &Trigger,
    event: Option<&str>,
    env: Vec<(String, String)>,
) -> hookcheck::report::TargetReport {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join(format!("{hook}.yaml")), spec).expect("spec");
    let mut env = env;
    if !env.iter().any(|(k, _)| k == "TMPDIR") {
        let tmp = dir.path().join("tmp");
        std::fs::create_dir(&tmp).expect("tmp");
        env.push(("TMPDIR".into(), tmp.display().to_string()));
    }
    let ws = Workspace {
        cwd: dir.path().to_path_buf(),
        root: dir.path().to_path_buf(),
        home: dir.path().to_path_buf(),
        spec_dirs: vec![dir.path().to_path_buf()],
        env,
    };
    let req = predict::request(hook, trigger, event, vec![agent.to_string()]);
    let check = ws.resolve(&req, dir.path(), 2).expect("check");
    run::run_check(&check, hookcheck::report::Keep::text(64 << 10))
        .targets
        .swap_remove(0)
}

/// hookcheck's verdict for one recorded case, as an observation in `phase` can show it.
fn predict_in(
    agent: &str,
    hook: &str,
    spec: &str,
    trigger: &Trigger,
    event: Option<&str>,
    phase: Phase,
) -> String {
    let t = predict_target(agent, hook, spec, trigger, event);
    match phase.predicted_for(&t) {
        Some(word) => word.to_string(),
        None => format!(
            "not run ({:?}: {})",
            t.decision,
            t.reason.as_deref().unwrap_or("")
        ),
    }
}

/// fixtures/live/known-disagreements.json: each entry names a recorded case (`file`, and `hook`
/// for a campaign cell), what hookcheck predicts and what the agent did.
struct Known {
    entries: Vec<Value>,
    used: Vec<bool>,
}

impl Known {
    fn load(root: &Path) -> Known {
        let text = std::fs::read_to_string(root.join("known-disagreements.json")).expect("known");
        let entries: Vec<Value> = serde_json::from_str(&text).expect("known list json");
        let used = vec![false; entries.len()];
        Known { entries, used }
    }

    /// A problem with one compared case, if any: a disagreement not listed (or listed with
    /// other verdicts), or a listed one that now agrees.
    fn check(&mut self, case: &Case, predicted: &str, observed: &str) -> Option<String> {
        let hook = |k: &Value| k.get("hook").is_none_or(|h| h == case.hook);
        let at = self
            .entries
            .iter()
            .position(|k| k["file"] == case.file && hook(k));
        if let Some(i) = at {
            self.used[i] = true;
        }
        let listed = at.map(|i| &self.entries[i]);
        match (predicted == observed, listed) {
            (true, None) => None,
            (true, Some(_)) => Some(format!(
                "{} {}: listed as a known disagreement but now agrees ({observed}): remove it",
                case.file, case.hook
            )),
            (false, Some(k)) if k["predicted"] == predicted && k["observed"] == observed => None,
            (false, _) => Some(format!(
                "{} {}: {} {}: hookcheck predicts {predicted}, the agent did {observed}",
                case.file, case.hook, case.agent, case.version
            )),
        }
    }

    /// Listed entries under `prefix` that name no recorded case.
    fn unused(&self, prefix: &str) -> Vec<String> {
        self.entries
            .iter()
            .zip(&self.used)
            .filter(|(k, used)| {
                !**used && k["file"].as_str().is_some_and(|f| f.starts_with(prefix))
            })
            .map(|(k, _)| {
                format!("{k}: listed as a known disagreement, but no such case is recorded")
            })
            .collect()
    }
}

/// One recorded case, as named in problems and in the known list.
struct Case<'a> {
    file: &'a str,
    hook: &'a str,
    agent: &'a str,
    version: &'a str,
}

/// `f` over every job, in order, many at a time: the hooks mostly wait (the slow cells sit
/// out their 2 s timeouts), so the wait, not the CPU, is what takes the time (126 s one
/// agent's cells at a time with 4 workers, 36 s with 16, on the 2-core machine).
fn in_pool<J: Sync, R: Send + Default + Clone>(jobs: &[J], f: impl Fn(&J) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out = vec![R::default(); jobs.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..16)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else {
                            return done;
                        };
                        done.push((i, f(job)));
                    }
                })
            })
            .collect();
        for w in workers {
            for (i, r) in w.join().expect("prediction worker") {
                out[i] = r;
            }
        }
    });
    out
}

#[test]
fn predictions_agree_with_every_recorded_observation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    // The shell calls before the tool (observations/), then every other situation: an edit,
    // a prompt, a Stop, the event after a tool (situations/observations/).
    let mut fixtures = record::load_all(&root.join("observations")).expect("observations");
    for (file, f) in record::load_all(&root.join("situations/observations")).expect("situations") {
        fixtures.push((format!("situations/{file}"), f));
    }
    // Several hooks on one event (a spec with several commands: fixtures/live/multi).
    for (file, f) in record::load_all(&root.join("multi/observations")).expect("multi") {
        fixtures.push((format!("multi/{file}"), f));
    }
    // Lifecycle probes of one hook (fixtures/live/lifecycle: a script without its executable
    // bit, CRLF scripts).
    for (file, f) in record::load_all(&root.join("lifecycle/observations")).expect("lifecycle") {
        fixtures.push((format!("lifecycle/{file}"), f));
    }
    // MCP tool calls (fixtures/live/mcp: `--mcp probe:ping`, live mode's own MCP server).
    for (file, f) in record::load_all(&root.join("mcp/observations")).expect("mcp") {
        fixtures.push((format!("mcp/{file}"), f));
    }
    let mut known = Known::load(&root);
    let mut problems = Vec::new();
    // An agent recorded live that hookcheck has no contract for: nothing to compare.
    let fixtures: Vec<_> = fixtures
        .into_iter()
        .filter(|(_, f)| hookcheck::tools::find(&f.agent).is_some())
        .collect();
    let predictions = in_pool(&fixtures, |(_, f)| {
        predict_in(
            &f.agent,
            &f.hook,
            &f.spec,
            &f.trigger.live_trigger(),
            f.trigger.event.as_deref(),
            f.live_phase(),
        )
    });
    let compared = fixtures.len();
    for ((file, f), predicted) in fixtures.iter().zip(predictions) {
        let case = Case {
            file,
            hook: &f.hook,
            agent: &f.agent,
            version: f.version.as_deref().unwrap_or("?"),
        };
        problems.extend(known.check(&case, &predicted, f.observed.as_str()));
    }
    problems.extend(
        known
            .unused("")
            .into_iter()
            // The campaign's and the several-events probes' are checked by their own tests.
            // The traces of several hooks on one event too (multi/observations/).
            .filter(|p| {
                !p.contains("\"campaign/")
                    && !p.contains("\"events/")
                    && !p.contains("\"multi/observations/")
            }),
    );
    assert!(compared > 0, "no recorded observation to compare");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// At the session's start the verdict only tells whether the session went on; what the hook
/// is for is the context it adds. For every recorded session start (situations/observations,
/// `session--*`), hookcheck's reading adds context exactly when the real agent's next request
/// to the model held the hook's text as context.
#[test]
fn session_context_agrees_with_every_recorded_session_start() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/situations/observations");
    let mut problems = Vec::new();
    let mut compared = 0;
    for (file, f) in record::load_all(&root).expect("situations") {
        if f.live_phase() != Phase::Session {
            continue;
        }
        let seen = f.seen.as_ref().map(|s| s.hook_text.as_context);
        let t = predict_target(
            &f.agent,
            &f.hook,
            &f.spec,
            &f.trigger.live_trigger(),
            f.trigger.event.as_deref(),
        );
        let predicted = t.commands.iter().any(|c| c.adds_context);
        compared += 1;
        if seen != Some(predicted) {
            problems.push(format!(
                "situations/{file}: {} {}: hookcheck {} context, the agent's model {}",
                f.agent,
                f.version.as_deref().unwrap_or("?"),
                if predicted { "adds" } else { "adds no" },
                match seen {
                    Some(true) => "got the hook's text as context",
                    Some(false) => "never got the hook's text",
                    None => "was not seen (no `seen` recorded)",
                }
            ));
        }
    }
    assert!(compared > 0, "no recorded session start to compare");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

const CAMPAIGN: &str = "fixtures/live/campaign";

/// The campaign's hook specs (fixtures/live/campaign/hooks/SITUATION, each with its `trigger`
/// file) are exactly what the grammar in `live::campaign` generates. `HOOKCHECK_BLESS=1` writes
/// them after a grammar change.
#[test]
fn campaign_hooks_are_the_grammar() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(CAMPAIGN)
        .join("hooks");
    let mut want: Vec<(String, String)> = Vec::new();
    for s in campaign::SITUATIONS {
        want.push((format!("{}/trigger", s.name), s.trigger_file()));
        for c in s.cells().expect("grammar") {
            want.push((format!("{}/{}.yaml", s.name, c.name()), s.spec_text(&c)));
        }
    }
    if std::env::var_os("HOOKCHECK_BLESS").is_some() {
        let _ = std::fs::remove_dir_all(&dir);
        for (name, text) in &want {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().expect("situation")).expect("hooks dir");
            std::fs::write(path, text).expect("write spec");
        }
    }
    let mut got: Vec<(String, String)> = Vec::new();
    for situation in std::fs::read_dir(&dir)
        .expect("campaign hooks (HOOKCHECK_BLESS=1 writes them)")
        .flatten()
    {
        let s = situation.file_name().to_string_lossy().into_owned();
        for e in std::fs::read_dir(situation.path())
            .expect("situation dir")
            .flatten()
        {
            let name = e.file_name().to_string_lossy().into_owned();
            got.push((
                format!("{s}/{name}"),
                std::fs::read_to_string(e.path()).expect("spec"),
            ));
        }
    }
    got.sort();
    want.sort();
    assert_eq!(
        got, want,
        "fixtures/live/campaign/hooks is not what the grammar generates: HOOKCHECK_BLESS=1"
    );
}

/// hookcheck's prediction agrees with every campaign cell recorded on a real agent in every
/// situation (fixtures/live/campaign/observations/SITUATION, written by
/// scripts/live-campaign.sh --record), or the cell is listed in known-disagreements.json. A
/// recorded cell must still be in the situation's grammar, with the same command: a changed
/// grammar means recording again.
#[test]
fn predictions_agree_with_every_campaign_observation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    let mut records: Vec<(String, &campaign::Situation, campaign::Record)> = Vec::new();
    for dir in std::fs::read_dir(root.join("campaign/observations"))
        .expect("campaign observations")
        .flatten()
    {
        let name = dir.file_name().to_string_lossy().into_owned();
        let situation = campaign::Situation::find(&name)
            .unwrap_or_else(|| panic!("campaign/observations/{name}: no such situation"));
        for (file, r) in record::load_dir::<campaign::Record>(&dir.path()).expect("records") {
            assert_eq!(r.situation, name, "campaign/observations/{name}/{file}");
            records.push((format!("campaign/{name}/{file}"), situation, r));
        }
    }
    let mut known = Known::load(&root);
    let mut problems = Vec::new();
    // (file, record, recorded cell, spec, phase) for every cell still in the grammar.
    let mut jobs = Vec::new();
    for (file, situation, r) in &records {
        assert!(
            hookcheck::tools::find(&r.agent).is_some(),
            "{file}: no contract for {}",
            r.agent
        );
        let cells = situation.cells().expect("grammar");
        for c in &r.cells {
            match cells.iter().find(|g| g.name() == c.hook) {
                None => problems.push(format!("{file} {}: no longer in the grammar", c.hook)),
                Some(cell) if cell.command() != c.command => problems.push(format!(
                    "{file} {}: recorded `{}`, the grammar now runs `{}`: record again",
                    c.hook,
                    c.command,
                    cell.command()
                )),
                Some(cell) => jobs.push((
                    file.clone(),
                    r,
                    c,
                    situation.spec_text(cell),
                    situation.phase,
                )),
            }
        }
    }
    let predicted = in_pool(&jobs, |(_, r, c, spec, phase)| {
        predict_in(
            &r.agent,
            &c.hook,
            spec,
            &r.trigger.live_trigger(),
            r.trigger.event.as_deref(),
            *phase,
        )
    });
    for ((file, r, c, _, _), predicted) in jobs.iter().zip(predicted) {
        let case = Case {
            file,
            hook: &c.hook,
            agent: &r.agent,
            version: r.version.as_deref().unwrap_or("?"),
        };
        problems.extend(known.check(&case, &predicted, c.observed.as_str()));
    }
    // Every agent live mode can run has its shell campaign recorded.
    for t in hookcheck::tools::ALL
        .iter()
        .filter(|t| t.driver().is_some())
    {
        if !records
            .iter()
            .any(|(_, s, r)| r.agent == t.id && s.name == "shell")
        {
            problems.push(format!(
                "{}: live mode runs it, but no campaign is recorded (scripts/live-campaign.sh --record {})",
                t.id, t.id
            ));
        }
    }
    let compared = jobs.len();
    problems.extend(known.unused("campaign/"));
    assert!(compared > 0, "no recorded campaign cell to compare");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What each agent's hook is given, recorded from the real binaries (fixtures/live/inputs,
/// `hookcheck live --record-inputs`; fixtures/live/start-in, the agent started in a subfolder
/// of a git repository or of a plain folder with `--git --start-in sub`), against hookcheck's
/// plan for the same hook and agent, hookcheck started in the same folder of the same kind of
/// project. The shell's program and flags must be equal, and so must the stdin's keys and
/// types, the names of the variables the agent sets and removes (ids and timestamps have no
/// value here), the folder the hook runs in, and the folder each recorded `*_PROJECT_DIR`
/// names (a value in the agent's home is its own storage, not a project folder, and is only
/// compared by name): no difference is accepted.
#[test]
fn planned_inputs_match_every_recorded_capture() {
    use hookcheck::live::capture;
    let live = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    let mut fixtures = capture::load_fixtures(&live.join("inputs")).expect("inputs");
    let started = capture::load_fixtures(&live.join("start-in")).expect("start-in");
    // An event fired on the same call after the before-tool one (fixtures/live/events/inputs;
    // inputs-own: Copilot's PascalCase one in its own settings file, not Claude's).
    for dir in ["inputs", "inputs-own"] {
        let events = capture::load_fixtures(&live.join("events").join(dir)).expect("events inputs");
        assert!(!events.is_empty(), "no recorded events input in {dir}");
        fixtures.extend(
            events
                .into_iter()
                .map(|(n, f)| (format!("events/{dir}/{n}"), f)),
        );
    }
    assert!(
        !fixtures.is_empty() && !started.is_empty(),
        "no recorded input to compare"
    );
    fixtures.extend(
        started
            .into_iter()
            .map(|(n, f)| (format!("start-in/{n}"), f)),
    );
    let mut problems = Vec::new();
    for (file, f) in &fixtures {
        let tmp = tempfile::tempdir().expect("tempdir");
        let root = tmp.path().canonicalize().expect("root");
        std::fs::write(root.join(format!("{}.yaml", f.hook)), &f.spec).expect("spec");
        if f.git {
            std::fs::create_dir(root.join(".git")).expect(".git");
        }
        let start = f.start_in.as_ref().map_or(root.clone(), |d| root.join(d));
        std::fs::create_dir_all(&start).expect("start folder");
        // The environment live mode started the agent with (what the hook saw, less what the
        // agent added, plus what it removed): names only matter here.
        let env: Vec<(String, String)> = f
            .env
            .iter()
            .filter(|k| !f.env_added.contains(k))
            .chain(&f.env_removed)
            .map(|k| (k.clone(), "x".to_string()))
            .collect();
        let given: Vec<String> = env.iter().map(|(k, _)| k.clone()).collect();
        let ws = Workspace {
            cwd: start.clone(),
            root: hookcheck::workspace::project_root(&start),
            home: root.join("home"),
            spec_dirs: vec![root.clone()],
            env,
        };
        let req = predict::request(
            &f.hook,
            &f.trigger.live_trigger(),
            f.trigger.event.as_deref(),
            vec![f.agent.clone()],
        );
        let mut check = ws.resolve(&req, &start, 1).expect("check");
        if let Some(w) = &f.written {
            capture::plan_as_written(&mut check, w);
        }
        let run::Subject::Spec(spec) = &check.subject else {
            panic!("{file}: not a spec check");
        };
        let command = spec.commands[0].clone();
        let Some(inv) = run::plan(&check).invocations().into_iter().next() else {
            problems.push(format!(
                "{file}: hookcheck plans no command for {}",
                f.agent
            ));
            continue;
        };
        let planned = capture::planned_shape(&inv, &command, &given);
        let real = capture::recorded_shape(f);
        assert_eq!(
            real.argv,
            planned.argv,
            "{file}: the shell {} {} runs hooks with, not what hookcheck plans",
            f.agent,
            f.version.as_deref().unwrap_or("?")
        );
        let mut got = capture::diff(&real, &planned);
        got.sort();
        let rel = |p: &str| p.replace(&root.display().to_string(), "<workspace>");
        let cwd = rel(&inv.cwd.display().to_string());
        if cwd != f.cwd {
            got.push(format!(
                "the agent ran the hook in {}, hookcheck plans {cwd}",
                f.cwd
            ));
        }
        for (name, value) in &f.project_dirs {
            let planned = inv.env.iter().find(|(k, _)| k == name).map(|(_, v)| rel(v));
            let agrees = if value.starts_with("<home>") {
                planned.is_some()
            } else {
                planned.as_deref() == Some(value.as_str())
            };
            if !agrees {
                got.push(format!(
                    "the agent set {name}={value}, hookcheck plans {planned:?}"
                ));
            }
        }
        if !got.is_empty() {
            problems.push(format!(
                "{file}: the recorded input and hookcheck's plan differ:\n    {}",
                got.join("\n    ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Trust gates checked live (fixtures/live/trust, `hookcheck live ... --repo-hooks FILE
/// [--untrusted]`): for each recorded run, the hook file the driver wrote is put in a project,
/// the agent's trust store says trusted or not as in the run, and hookcheck's recorded gate (the
/// data lint's `needs-trust` uses), with the cross-read matchers the agent runs on no call, must
/// hold the hook back exactly when the agent did not run it.
#[test]
fn trust_gates_agree_with_every_recorded_run() {
    use hookcheck::native::{inventory, trust};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/trust");
    let mut problems = Vec::new();
    let mut compared = 0;
    for entry in std::fs::read_dir(&dir).expect("trust fixtures") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("fixture");
        let f: Value = serde_json::from_str(&text).expect("fixture json");
        let agent = f["agent"].as_str().expect("agent");
        let loader = hookcheck::native::agents::find(agent)
            .unwrap_or_else(|| panic!("{}: no loader for {agent}", path.display()));
        for run in f["runs"].as_array().expect("runs") {
            let (root, home) = (
                tempfile::tempdir().expect("root"),
                tempfile::tempdir().expect("home"),
            );
            let file = run["path"].as_str().expect("path");
            let target = root.path().join(file);
            std::fs::create_dir_all(target.parent().expect("parent")).expect("dirs");
            std::fs::write(&target, run["content"].to_string()).expect("hook file");
            let trusted = run["trusted"].as_bool().expect("trusted");
            // Where the run's driver kept the trust, as it wrote it: read by the agent's gate.
            let store = &f["trust_store"];
            let kept = store[if trusted { "trusted" } else { "untrusted" }]
                .to_string()
                .replace("$ROOT", &root.path().display().to_string());
            let at = home
                .path()
                .join(store["path"].as_str().expect("trust_store.path"));
            std::fs::create_dir_all(at.parent().expect("parent")).expect("dirs");
            std::fs::write(&at, kept).expect("store");
            let inv = inventory::load(root.path(), home.path(), true);
            let loads = inv
                .loaded_by(loader)
                .iter()
                .any(|(h, _)| h.file.display().to_string() == file);
            let held = trust::gated(loader, &inv).iter().any(|g| g.file == file);
            // A cross-read handler under a matcher the agent reads as no call never runs.
            let never = inv.loaded_by(loader).iter().any(|(h, cross)| {
                *cross
                    && h.file.display().to_string() == file
                    && hookcheck::native::agents::empty_matcher_runs_nothing(loader.id(), h)
                        .is_some()
            });
            let predicted = loads && !held && !never;
            let ran = run["hook_ran"].as_bool().expect("hook_ran");
            compared += 1;
            if predicted != ran {
                problems.push(format!(
                    "{}: {file} trusted={trusted}: hookcheck says the hook {} (loaded {loads}, held back {held}, matches no call {never}); {} {} {}",
                    path.display(),
                    if predicted { "runs" } else { "does not run" },
                    agent,
                    f["version"],
                    if ran { "ran it" } else { "did not run it" }
                ));
            }
        }
    }
    assert!(compared > 0, "no recorded trust run to compare");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What the hooks left in `$TMPDIR/hookcheck-trace`, recorded live (fixtures/live/multi,
/// `trace`, kept by the observation after the agent is gone): does one hook's block stop the
/// next on the same event (`multi-block-trace`: the first blocks at once, the second writes 1 s
/// later), and does the agent put `$VAR` into the command text as it loads it (`load-env`).
/// hookcheck's runner runs the same spec with its own `$TMPDIR`, and the lines its hooks leave
/// must be the agent's (whitespace aside), or be a listed disagreement.
#[test]
fn the_hooks_leave_the_trace_each_recorded_agent_showed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    let mut known = Known::load(&root);
    let mut problems = Vec::new();
    let mut compared = 0;
    for (file, f) in record::load_all(&root.join("multi/observations")).expect("multi") {
        if f.trace.is_empty() || hookcheck::tools::find(&f.agent).is_none() {
            continue;
        }
        let tmp = tempfile::tempdir().expect("tmpdir");
        let mut env: Vec<(String, String)> =
            std::env::vars().filter(|(k, _)| k != "TMPDIR").collect();
        env.push(("TMPDIR".into(), tmp.path().display().to_string()));
        predict_target_in(
            &f.agent,
            &f.hook,
            &f.spec,
            &f.trigger.live_trigger(),
            f.trigger.event.as_deref(),
            env,
        );
        let ran = std::fs::read_to_string(tmp.path().join(hookcheck::live::TRACE))
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let case = Case {
            file: &format!("multi/observations/{file}"),
            hook: &f.hook,
            agent: &f.agent,
            version: f.version.as_deref().unwrap_or("?"),
        };
        let recorded = f.trace.join(" ");
        let recorded = recorded.split_whitespace().collect::<Vec<_>>().join(" ");
        problems.extend(known.check(&case, &ran, &recorded));
        compared += 1;
    }
    problems.extend(known.unused("multi/observations/"));
    assert!(compared >= 5, "{compared} recorded traces");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The same hook run twice by one agent, recorded live, where the reason that reaches the
/// model says how many times it ran (each run appends `X` to one file and blocks with it:
/// `runs: X X`, or `runs: X` where the agent runs it once): the same command twice on one
/// event in one file (fixtures/live/multi, `multi-same`), and one hook in the user's file and
/// the project's (fixtures/live/lifecycle, `two-files`, `--repo-hooks own --also-user`). Each
/// agent's `dedupes` is what both recordings show; an agent whose reply hides the reason is
/// not counted, nor is OpenHands, whose `runs: X` says nothing of deduplication: it runs the
/// hooks of an event in order and stops at the first that blocks (multi-order: `order: A B`),
/// and its project hook file hides the user's.
#[test]
fn dedupes_is_what_each_recorded_agent_did() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live");
    for (dir, hook) in [
        ("multi/observations", "multi-same"),
        ("lifecycle/observations", "two-files"),
    ] {
        let mut settled = Vec::new();
        for (file, f) in record::load_all(&root.join(dir)).expect("observations") {
            if f.hook != hook || f.agent == "openhands" {
                continue;
            }
            let text = f.tool_result.clone().unwrap_or_default();
            // The hook's output is the last `runs: `; a reply may quote the command first.
            let Some((_, tail)) = text.rsplit_once("runs: ") else {
                continue;
            };
            let runs = tail
                .chars()
                .take_while(|c| *c == 'X' || *c == ' ')
                .filter(|c| *c == 'X')
                .count();
            assert!(runs == 1 || runs == 2, "{dir}/{file}: {text}");
            let c = hookcheck::tools::find(&f.agent)
                .and_then(|t| t.contract())
                .expect("a command agent");
            assert_eq!(c.run.dedupes, runs == 1, "{dir}/{file}: {text}");
            settled.push(f.agent.clone());
        }
        settled.sort();
        assert_eq!(
            settled,
            ["claude", "codex", "factory", "gemini", "qwen"],
            "{dir} {hook}"
        );
    }
}

/// Two hooks on one event that do not block, seen by their trace where no reply says it
/// (fixtures/live/multi, 2026-12-05): the same command twice (`multi-same-trace`) ran once
/// exactly where the agent's contract `dedupes`, and two commands (`multi-order-trace`) ran one
/// after the other exactly where it runs an event's hooks in order (`stops_at_block`), at once
/// elsewhere. Copilot CLI's and OpenHands' replies hid both; every live agent with hook files is
/// recorded.
#[test]
fn dedup_and_order_are_what_each_agents_trace_showed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/multi/observations");
    let mut seen = Vec::new();
    for (file, f) in record::load_all(&root).expect("multi") {
        let c = hookcheck::tools::find(&f.agent)
            .and_then(|t| t.contract())
            .expect("a command agent");
        let trace = f.trace.join(" ");
        let expected = match f.hook.as_str() {
            "multi-same-trace" if c.run.dedupes => "start end",
            "multi-same-trace" if c.run.stops_at_block.is_some() => "start end start end",
            "multi-same-trace" => "start start end end",
            "multi-order-trace" if c.run.stops_at_block.is_some() => "A A-end B B-end",
            "multi-order-trace" => "A B A-end B-end",
            _ => continue,
        };
        assert_eq!(trace, expected, "{file}");
        seen.push(format!("{} {}", f.hook, f.agent));
    }
    seen.sort();
    let agents = [
        "claude",
        "codex",
        "copilot",
        "factory",
        "gemini",
        "openhands",
        "qwen",
    ];
    let want: Vec<String> = ["multi-order-trace", "multi-same-trace"]
        .iter()
        .flat_map(|h| agents.iter().map(move |a| format!("{h} {a}")))
        .collect();
    assert_eq!(seen, want);
}

/// The project's own hook file at the root of a git repository, with the agent started in a
/// subfolder (fixtures/live/lifecycle/repo-hooks/in-sub, `--repo-hooks own --git --start-in
/// sub`) and at the root (at-root, `--repo-hooks own --git`): from the root every agent ran the
/// hook; from the subfolder exactly those whose `project_files` is the root did.
#[test]
fn project_hook_files_are_found_from_a_subfolder_as_each_agent_found_them() {
    use hookcheck::contract::ProjectDir;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/lifecycle/repo-hooks");
    let mut compared = 0;
    for (dir, from_sub) in [("in-sub", true), ("at-root", false)] {
        for (file, f) in record::load_all(&root.join(dir)).expect("repo-hooks") {
            let c = hookcheck::tools::find(&f.agent)
                .and_then(|t| t.contract())
                .expect("a command agent");
            // A block, or (for an agent no reply blocks, Cline) the hook's own trace line.
            let ran = f.observed.as_str() == "block" || !f.trace.is_empty();
            let reads = !from_sub || c.run.project_files == ProjectDir::Root;
            assert_eq!(
                ran,
                reads,
                "{dir}/{file}: {} {} the hook, its contract says it {} the file",
                f.agent,
                if ran { "ran" } else { "did not run" },
                if reads { "reads" } else { "does not read" }
            );
            compared += 1;
        }
    }
    assert!(compared >= 16, "{compared} recorded repo-hooks runs");
}

/// A synced guard run live (fixtures/live/synced, `hookcheck live HOOK ... --repo-hooks
/// synced --record`): the real agent ran the hook from the files `hookcheck sync` wrote into
/// its workspace and blocked. Each recording names its version, date and command, says
/// `observed block` (or `halted`, where the agent's block ends the task); sync still writes
/// the files it recorded, and hookcheck's prediction from the files sync writes now (`run
/// --installed`) is what the agent did.
#[test]
fn every_synced_guard_recorded_live_blocks_as_predicted_from_its_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("fixtures/live/synced");
    let mut agents = Vec::new();
    for (file, f) in record::load_all(&dir).expect("synced recordings") {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        assert!(
            made_with.contains(" --repo-hooks synced ")
                && made_with.contains(&format!("--agent {}", f.agent)),
            "{file}: made_with {made_with:?}"
        );
        assert!(f.version.is_some() && f.date.is_some(), "{file}");
        // Blocked: the call did not run. An agent whose block stops the whole task shows it
        // as halted.
        let observed = f.observed.as_str();
        assert!(matches!(observed, "block" | "halted"), "{file}: {observed}");
        // The spec the recording ran is the repository's example hook, as it is now.
        let spec_dir = root.join(".hookcheck/hooks");
        let path = spec_dir.join(format!("{}.yaml", f.hook));
        let text = std::fs::read_to_string(&path).expect("example spec");
        assert_eq!(
            f.spec, text,
            "{file}: the example spec changed: record it again"
        );
        let ws = Workspace {
            cwd: root.to_path_buf(),
            root: root.to_path_buf(),
            home: root.to_path_buf(),
            spec_dirs: vec![spec_dir],
            env: std::env::vars().collect(),
        };
        let spec = hookcheck::workspace::load_spec(&path).expect("spec");
        let synced = hookcheck::live::synced::prepare(&ws, &spec).expect("sync");
        assert!(!f.synced.is_empty(), "{file}: no synced file recorded");
        // Each file the agent ran with is still what sync writes (a file sync has since
        // learnt to write for another agent is no part of this run).
        for s in &f.synced {
            let now = synced.files.iter().find(|(p, _)| *p == s.path);
            assert_eq!(
                now.map(|(_, t)| t.as_str()),
                Some(s.text.as_str()),
                "{file}: sync now writes {} otherwise than the agent ran it: record it again",
                s.path
            );
        }
        let trigger = f.trigger.live_trigger();
        let req = predict::request(
            &f.hook,
            &trigger,
            f.trigger.event.as_deref(),
            vec![f.agent.clone()],
        );
        let report = synced.predict(&req).expect("prediction");
        let target = report
            .targets
            .iter()
            .find(|t| t.target == f.agent)
            .unwrap_or_else(|| panic!("{file}: no prediction for {}", f.agent));
        assert_eq!(
            f.live_phase().predicted_for(target),
            Some(observed),
            "{file}: hookcheck's prediction from the synced files: {:?} {:?}",
            target.decision,
            target.reason
        );
        agents.push(f.agent.clone());
    }
    assert!(agents.len() >= 2, "only {agents:?} recorded");
}

/// Several events on one call (fixtures/live/events, `hookcheck live HOOK --specs
/// fixtures/live/events/hooks --bash 'cat "$TMPDIR/hookcheck-events"' --repo-hooks own
/// --also-event EVENT --record`): the spec's last command on another event of the agent's
/// (a permission event beside the generic before-tool one) in the project's hook file. The
/// recorded verdict is hookcheck's prediction from the hook file the agent ran (`run
/// --installed`, or listed in known-disagreements.json); and where the shell call printed the
/// hooks' log (`events-log`), the other event fired on the call after the first exactly where
/// the agent's contract says so (`Run::also_fires`).
#[test]
fn several_events_on_one_call_are_predicted_from_the_recorded_hook_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let live = root.join("fixtures/live");
    let mut known = Known::load(&live);
    let mut problems = Vec::new();
    let mut logs = Vec::new();
    // With the call approved up front (the drivers' default), with `--ask` (events/ask), and
    // with the other event in its other spelling (events/twins: Copilot's PascalCase one).
    let mut recorded = Vec::new();
    for dir in ["observations", "ask", "twins"] {
        for (file, f) in record::load_all(&live.join("events").join(dir)).expect("events") {
            recorded.push((format!("{dir}/{file}"), f));
        }
    }
    for (file, f) in &recorded {
        let made_with = f.made_with.as_deref().unwrap_or_default();
        let also = made_with
            .split_once(" --also-event ")
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("{file}: made_with {made_with:?} has no --also-event"));
        assert!(
            made_with.contains(" --repo-hooks own ")
                && made_with.contains(&format!("--agent {}", f.agent)),
            "{file}: made_with {made_with:?}"
        );
        assert!(f.version.is_some() && f.date.is_some(), "{file}");
        // The spec it ran is the one in the folder now, its last command on the other event.
        let spec = std::fs::read_to_string(live.join(format!("events/hooks/{}.yaml", f.hook)))
            .expect("spec");
        assert_eq!(f.spec, spec, "{file}: the spec changed: record it again");
        assert!(
            f.hook_files.iter().any(|h| h.text.contains(also)),
            "{file}: no recorded hook file names {also}"
        );
        let tmp = tempfile::tempdir().expect("tmp");
        let mut env: Vec<(String, String)> =
            std::env::vars().filter(|(k, _)| k != "TMPDIR").collect();
        env.push(("TMPDIR".into(), tmp.path().display().to_string()));
        let ws = Workspace {
            cwd: root.to_path_buf(),
            root: root.to_path_buf(),
            home: root.to_path_buf(),
            spec_dirs: Vec::new(),
            env,
        };
        let files: Vec<(String, String)> = f
            .hook_files
            .iter()
            .map(|h| (h.path.clone(), h.text.clone()))
            .collect();
        let req = predict::request(
            &f.hook,
            &f.trigger.live_trigger(),
            None,
            vec![f.agent.clone()],
        );
        let report = hookcheck::live::events::predict(&ws, &req, &files).expect("prediction");
        let predicted = report
            .targets
            .iter()
            .find(|t| t.target == f.agent)
            .and_then(|t| f.live_phase().predicted_for(t))
            .unwrap_or("not run");
        let case = Case {
            file: &format!("events/{file}"),
            hook: &f.hook,
            agent: &f.agent,
            version: f.version.as_deref().unwrap_or("?"),
        };
        problems.extend(known.check(&case, predicted, f.observed.as_str()));
        // Where both hooks log and the call ran, the shell call printed the log.
        let logs_both = matches!(f.hook.as_str(), "events-log" | "events-also-allows");
        if logs_both && f.observed.as_str() == "allow" {
            // Each hook appended `first T` or `also T`; the shell call printed the file (behind
            // the agent's own prefix, as Qwen's `Output: `).
            let result = f.tool_result.as_deref().unwrap_or_default();
            let at = |what: &str| -> Option<f64> {
                result
                    .lines()
                    .find_map(|l| l.split_once(what)?.1.trim().parse().ok())
            };
            let (first, other) = (at("first "), at("also "));
            assert!(
                first.is_some(),
                "{file}: the first event's hook did not run: {result:?}"
            );
            let after = matches!((first, other), (Some(a), Some(b)) if b >= a);
            let tool = hookcheck::tools::find(&f.agent).expect("agent");
            let c = tool.contract().expect("contract");
            let main = c
                .portable
                .events
                .iter()
                .find(|(on, _)| *on == hookcheck::spec::On::BeforeTool)
                .map(|(_, e)| *e)
                .expect("before-tool event");
            let said = c
                .run
                .also_fires
                .iter()
                .any(|(later, first)| *later == also && *first == main);
            // Fired after the first: the contract says so. Said, it fired wherever the call was
            // left to the agent's permission mode (`--ask`); approved up front it may not.
            let ask = made_with.contains(" --ask");
            assert!(
                (!after || said) && (!ask || !said || after),
                "{file}: {also} fired on the call after {main}: {after} (--ask: {ask}); the contract says {said} ({result:?})"
            );
            logs.push(f.agent.clone());
        }
    }
    problems.extend(known.unused("events/"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(recorded.len() >= 16, "{} recorded", recorded.len());
    for agent in ["claude", "codex", "qwen", "copilot"] {
        assert!(
            logs.iter().any(|a| a == agent),
            "{agent}: no events-log recorded"
        );
    }
}

/// Each field of `v` (nested objects flattened with dots) and its JSON type, as the read
/// recording lists them (scripts/live-copilot-read.py `types`).
fn json_types(v: &Value, prefix: &str, out: &mut std::collections::BTreeMap<String, String>) {
    for (k, x) in v.as_object().into_iter().flatten() {
        let name = format!("{prefix}{k}");
        let kind = match x {
            Value::Object(_) => "object",
            Value::Array(_) => "array",
            Value::String(_) => "string",
            Value::Bool(_) => "boolean",
            Value::Null => "null",
            Value::Number(_) => "number",
        };
        out.insert(name.clone(), kind.into());
        if x.is_object() {
            json_types(x, &format!("{name}."), out);
        }
    }
}

/// What Copilot CLI 1.0.102 gave a preToolUse hook for a `view` call
/// (fixtures/live/read/copilot--view.json, scripts/live-copilot-read.py): hookcheck's `--read`
/// input has the same fields, types and tool name, and the path it names is the file read.
#[test]
fn copilot_read_input_is_the_recorded_one() {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/live/read/copilot--view.json");
    let rec: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture")).expect("json");
    let p = crate::common::Project::new()
        .spec(
            "rd",
            "on: before-tool\nmatch: read\ncommand: cat\ntimeout: 10\n",
        )
        .file("notes.txt", "hello\n");
    let (code, v) = p.json("rd", &["--read", "notes.txt", "-t", "copilot"]);
    assert_eq!(code, 0, "{v}");
    let stdout = v["agents"][0]["commands"][0]["stdout"]
        .as_str()
        .expect("the hook's stdout");
    let input: Value = serde_json::from_str(stdout).expect("the input is JSON");
    let mut planned = std::collections::BTreeMap::new();
    json_types(&input, "", &mut planned);
    assert_eq!(serde_json::json!(planned), rec["stdin"]);
    assert_eq!(input["toolName"], rec["toolName"]);
    let path = input["toolArgs"]["path"].as_str().expect("path");
    assert!(
        Path::new(path).is_absolute() && path.ends_with("/notes.txt"),
        "{path}"
    );
}

/// A recorded project hook file goes out with the root as `<root>` and comes back as the
/// caller's root for the prediction; a path outside the project is refused
/// (`hookcheck::live::events`, moved here from a unit test: it needs an agent's file).
#[test]
fn recorded_hook_files_are_relative_and_predicted_from() {
    use hookcheck::live::events::{predict, relative};
    let project = tempfile::tempdir().expect("project");
    let files = vec![(
        ".claude/settings.json".to_string(),
        format!(
            r#"{{"hooks":{{"PreToolUse":[{{"matcher":"Bash","hooks":[{{"type":"command","command":"cd '{}' && echo no >&2; exit 2"}}]}}]}}}}"#,
            project.path().display()
        ),
    )];
    let rel = relative(&files, project.path());
    assert!(rel[0].1.contains("cd '<root>'"), "{}", rel[0].1);
    let ws = Workspace {
        cwd: project.path().to_path_buf(),
        root: project.path().to_path_buf(),
        home: project.path().to_path_buf(),
        spec_dirs: Vec::new(),
        env: Vec::new(),
    };
    let req = hookcheck::workspace::CheckRequest {
        trigger: hookcheck::trigger::Flags {
            bash: Some("echo hi".into()),
            ..Default::default()
        },
        targets: vec!["claude".into()],
        ..Default::default()
    };
    let report = predict(&ws, &req, &rel).expect("prediction");
    let t = report.targets.first().expect("claude");
    assert_eq!(Phase::BeforeTool.predicted_for(t), Some("block"));
    let outside = vec![("../x.json".to_string(), String::new())];
    assert!(predict(&ws, &req, &outside).is_err());
}

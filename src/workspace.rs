//! Where a check runs and what it asks for: the project root, the spec folders, the caller's
//! environment, the agents picked with `-t`, and the request a command line or a cases file
//! makes. Shared by `run`, `test` and `live`.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::event::Firing;
use crate::exec::Limits;
use crate::judge::Expect;
use crate::run::{self, Check};
use crate::spec;
use crate::tools::{self, Agent};
use crate::trigger;

/// The project root: the nearest folder upward holding `.git`, or `cwd`.
pub fn project_root(cwd: &Path) -> PathBuf {
    cwd.ancestors()
        .find(|d| d.join(".git").exists())
        .unwrap_or(cwd)
        .to_path_buf()
}

/// The folders specs are read from: the `--specs` folders given, or the default ones under
/// the project root.
pub fn spec_dirs(given: &[PathBuf], cwd: &Path, root: &Path) -> Vec<PathBuf> {
    if given.is_empty() {
        spec::load::DEFAULT_DIRS
            .iter()
            .map(|d| root.join(d))
            .collect()
    } else {
        given.iter().map(|d| trigger::absolute(cwd, d)).collect()
    }
}

/// Resolves `-t` values to tools; an unknown id is an error naming the known ones.
pub fn select_tools(ids: &[String]) -> Result<Vec<&'static Agent>, Error> {
    if ids.is_empty() {
        return Ok(tools::ALL.to_vec());
    }
    let mut out: Vec<&'static Agent> = Vec::new();
    for id in ids.iter().map(|s| s.trim()) {
        if id.is_empty() {
            return Err(Error::usage(format!(
                "-t: an empty tool name checks nothing: name a tool, e.g. `-t claude`, or leave -t out for every tool (the tools are {})",
                tools::ids().collect::<Vec<_>>().join(", ")
            )));
        }
        let Some(tool) = tools::find(id) else {
            let hint = spec::did_you_mean(id, tools::ids())
                .map(|h| format!("did you mean `{h}`? "))
                .unwrap_or_default();
            return Err(Error::usage(format!(
                "unknown tool `{id}`: {hint}the tools are {}",
                tools::ids().collect::<Vec<_>>().join(", ")
            )));
        };
        if !out.iter().any(|t| t.id == tool.id) {
            out.push(tool);
        }
    }
    // Report in registry order, whatever order the flags came in.
    out.sort_by_key(|t| tools::ALL.iter().position(|a| a.id == t.id));
    Ok(out)
}

/// Where a check runs: the folders and the environment of this process.
pub struct Workspace {
    /// The current folder.
    pub cwd: PathBuf,
    /// The project root.
    pub root: PathBuf,
    /// The user's home folder.
    pub home: PathBuf,
    /// Where the specs are.
    pub spec_dirs: Vec<PathBuf>,
    /// The caller's environment.
    pub env: Vec<(String, String)>,
}

/// One check as asked for on the command line or in a cases file.
#[derive(Debug, Clone, Default)]
pub struct CheckRequest {
    /// The hook's name.
    pub hook: String,
    /// The trigger flags (`--bash`, `--edit`, ...).
    pub trigger: trigger::Flags,
    /// `-t` values.
    pub targets: Vec<String>,
    /// `--expect` values.
    pub expect: Vec<String>,
    /// `--include-assumed`.
    pub include_assumed: bool,
    /// `--strict`: warnings, and a result not counted that contradicts the check, fail it.
    pub strict: bool,
    /// `--event`.
    pub event: Option<String>,
    /// `--installed`: the handlers in the agents' own hook files instead of the hook's spec.
    pub installed: Option<Installed>,
}

/// Which hook files an installed check reads beyond the project's own.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Installed {
    /// `--user`: also the user's hook files (under `$HOME`).
    pub user: bool,
    /// `--third-party`: also the files an agent reads from another agent's folder.
    pub third_party: bool,
}

/// What `--installed`, `--user` and `--third-party` ask for.
pub fn installed(flags: crate::cli::InstalledFlags) -> Option<Installed> {
    flags.installed.then_some(Installed {
        user: flags.user,
        third_party: flags.third_party,
    })
}

impl CheckRequest {
    /// The trigger its flags ask for, paths taken from `base`.
    pub fn trigger(&self, base: &Path) -> Result<trigger::Trigger, Error> {
        trigger::from_flags(self.trigger.clone(), base)
    }
}

impl Workspace {
    /// The workspace of this process, with `--specs` folders (default ones when empty).
    pub fn from_process(specs: &[PathBuf]) -> Result<Self, Error> {
        let cwd = std::env::current_dir()
            .map_err(|e| Error::usage(format!("cannot read the current folder: {e}")))?;
        let root = project_root(&cwd);
        let home = std::env::var_os("HOME").map_or_else(|| root.clone(), PathBuf::from);
        let spec_dirs = spec_dirs(specs, &cwd, &root);
        Ok(Workspace {
            cwd,
            root,
            home,
            spec_dirs,
            env: std::env::vars().collect(),
        })
    }

    /// Resolves a request into a check; relative trigger paths are taken from `base`.
    pub fn resolve(&self, req: &CheckRequest, base: &Path, jobs: usize) -> Result<Check, Error> {
        self.resolve_with(req, base, jobs, &mut Specs::default())
    }

    /// [`Workspace::resolve`], with the specs read once into `specs` for every request that
    /// names the same hook (a suite's cases).
    pub fn resolve_with(
        &self,
        req: &CheckRequest,
        base: &Path,
        jobs: usize,
        specs: &mut Specs,
    ) -> Result<Check, Error> {
        let tools = select_tools(&req.targets)?;
        let mut expect = Expect::default();
        for e in &req.expect {
            add_expect(&mut expect, e)?;
        }
        let (spec, peers) = specs.get(&req.hook, &self.spec_dirs)?;
        let (spec, peers) = (spec.clone(), peers.to_vec());
        let trigger = req.trigger(base)?;
        let firing = firing(
            req.event.as_deref(),
            &trigger,
            &tools,
            &self.root,
            &self.home,
        )?;
        let check = Check {
            subject: run::Subject::Spec(Box::new(spec)),
            warnings: Vec::new(),
            notes: Vec::new(),
            trigger,
            tools,
            expect,
            include_assumed: req.include_assumed,
            strict: false,
            unloadable: Vec::new(),
            missing_files: Vec::new(),
            show_invocations: false,
            firing,
            jobs,
            root: self.root.clone(),
            start: self.cwd.clone(),
            home: self.home.clone(),
            env: self.env.clone(),
            limits: Limits::default(),
            peers,
        };
        needs_no_trigger(&check)?;
        Ok(check)
    }
}

/// Each hook's spec and the other specs beside it, read when a hook is first named: a suite
/// of 100 cases of one hook reads and parses its spec folders once, not three times a case
/// (find, load, peers). The spec folders are read as the first case naming the hook is
/// planned, and that reading serves the later cases. A hook whose spec fails to load is not
/// kept: every case naming it reads it again and reports the error.
#[derive(Default)]
pub struct Specs {
    loaded: std::collections::HashMap<String, (spec::HookSpec, Vec<spec::HookSpec>)>,
}

impl Specs {
    /// Hook `name`'s spec, found in `dirs`, and the other valid specs there.
    pub fn get(
        &mut self,
        name: &str,
        dirs: &[PathBuf],
    ) -> Result<&(spec::HookSpec, Vec<spec::HookSpec>), Error> {
        use std::collections::hash_map::Entry;
        match self.loaded.entry(name.to_string()) {
            Entry::Occupied(e) => Ok(e.into_mut()),
            Entry::Vacant(e) => Ok(e.insert(read_specs(name, dirs)?)),
        }
    }
}

/// Hook `name`'s spec in `dirs`, checked against the registry, and the other valid specs
/// there: they matter where an agent puts every hook of one event in one file.
fn read_specs(
    name: &str,
    dirs: &[PathBuf],
) -> Result<(spec::HookSpec, Vec<spec::HookSpec>), Error> {
    let folders = spec::load::Folders::read(dirs);
    let path = folders.find(name)?;
    let spec = match folders.parsed(&path) {
        Some(parsed) => parsed.clone()?,
        // Not reached: `find` answers with a path of these files.
        None => spec::load_file(&path)?,
    };
    Ok((checked(spec)?, folders.others(&path)))
}

/// The event that fires: `--event`, else the payload's `hook_event_name` (a name no agent
/// has is then left alone: the payload is sent as is), else the hook's own.
pub fn firing(
    event: Option<&str>,
    trigger: &trigger::Trigger,
    tools: &[&'static Agent],
    root: &Path,
    home: &Path,
) -> Result<Option<Firing>, Error> {
    if let Some(name) = event {
        return Firing::resolve(name, "--event", tools, root, home).map(Some);
    }
    Ok(trigger.payload_str("hook_event_name").and_then(|name| {
        Firing::resolve(name, "the payload's hook_event_name", tools, root, home).ok()
    }))
}

/// A check of a tool event given no trigger runs nothing: that is a usage error naming the
/// flags that would make agents run it, never a pass on nothing.
pub fn needs_no_trigger(check: &Check) -> Result<(), Error> {
    match run::missing_trigger(check) {
        None => Ok(()),
        Some(flags) => Err(Error::usage(format!(
            "{} runs on an event that needs a trigger, and none was given, so no agent would run it: pass {}, or --payload FILE with the event input",
            match &check.subject {
                run::Subject::Spec(s) => format!("hook {}", s.name),
                run::Subject::Installed { .. } => "every installed handler".to_string(),
            },
            flags.join(" or ")
        ))),
    }
}

/// Adds one `--expect` value; an empty one (or an empty item in a list) is an error, not
/// "nothing to compare".
pub fn add_expect(expect: &mut Expect, value: &str) -> Result<(), Error> {
    if value.split(',').any(|item| item.trim().is_empty()) {
        return Err(Error::usage(format!(
            "--expect `{value}`: an empty expectation checks nothing: write a decision (allow, block, error, timeout, not-run) or tool=decision, e.g. `--expect block` or `--expect claude=block`"
        )));
    }
    expect.add(value, |id| tools::find(id).is_some())
}

/// The `--jobs` value (checked by the command line), or the default.
pub fn jobs(given: Option<usize>) -> Result<usize, Error> {
    match given {
        Some(n) if (1..=crate::cli::MAX_JOBS).contains(&n) => Ok(n),
        Some(n) => Err(Error::usage(format!(
            "--jobs {n}: use 1 to {}",
            crate::cli::MAX_JOBS
        ))),
        None => Ok(run::default_jobs().min(crate::cli::MAX_JOBS)),
    }
}

/// A spec file, loaded and checked against the registry: each `x-ID` block must name an agent.
pub fn load_spec(path: &Path) -> Result<spec::HookSpec, Error> {
    checked(spec::load_file(path)?)
}

/// `spec`, checked against the registry: each `x-ID` block must name an agent.
fn checked(spec: spec::HookSpec) -> Result<spec::HookSpec, Error> {
    for key in spec.raw.extensions.keys() {
        let id = &key[spec::EXTENSION_PREFIX.len()..];
        if tools::find(id).is_some() {
            continue;
        }
        let blocks: Vec<String> = tools::ids()
            .map(|i| format!("{}{i}", spec::EXTENSION_PREFIX))
            .collect();
        let help = match spec::did_you_mean(key, blocks.iter().map(String::as_str)) {
            Some(m) => format!("did you mean `{m}`?"),
            None => format!(
                "an extension block is `x-` and an agent's id: {}",
                blocks.join(", ")
            ),
        };
        let line = spec.file.line_of(key);
        let source_line = line
            .and_then(|l| {
                spec.file
                    .text
                    .lines()
                    .nth(usize::try_from(l).ok()?.checked_sub(1)?)
            })
            .map(str::to_string);
        let place = crate::error::Place {
            file: spec.file.path.display().to_string(),
            line,
            column: line.map(|_| 1),
            width: Some(key.len()),
            source_line,
        };
        return Err(Error::in_file(
            format!("`{key}` names no agent, so no agent reads it"),
            place,
        )
        .help(help));
    }
    Ok(spec)
}

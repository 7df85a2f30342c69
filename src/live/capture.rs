//! What the hook is given: live mode's `--show-input` puts a small capture script in front of
//! the hook's command (`CAPTURE | { cd ROOT && COMMAND\n}`), so the agent's own shell runs it.
//! The script records the shell's argv, its parent's argv, its working directory, its stdin and
//! the NAMES of the variables the agent gave it (`/proc/PID/environ`, cut at the first `=`;
//! values are never written, but for the folders a `*_PROJECT_DIR` variable names), then passes
//! stdin on to the hook unchanged.
//!
//! The command text given to the agent holds no `$`: an agent that expands `$VAR` in the text
//! before its shell runs cannot change what is captured.

use crate::error::Error;
use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::quote;

/// The capture script (POSIX sh). `$PPID` is the agent's shell: the script is one element of a
/// pipeline that shell runs. Each call gets its own folder under the capture folder.
const SCRIPT: &str = r#"#!/bin/sh
# hookcheck live --show-input: what the agent's shell was given. Variable names only.
d=$(mktemp -d "$(dirname "$0")/call.XXXXXX") || exit 0
cat > "$d/stdin"
sh_pid=$PPID
agent_pid=$(awk '/^PPid:/ {print $2}' "/proc/$sh_pid/status")
cat "/proc/$sh_pid/cmdline" > "$d/argv"
cat "/proc/$agent_pid/cmdline" > "$d/parent"
readlink "/proc/$sh_pid/cwd" > "$d/cwd"
cut -z -s -d= -f1 < "/proc/$sh_pid/environ" | tr '\0' '\n' | sort -u > "$d/env"
# The one kind of value written: the folders the agent names as the project (NAME=PATH\0).
grep -z -E '^[A-Za-z0-9_]*_PROJECT_DIR=' "/proc/$sh_pid/environ" > "$d/dirs"
# How the shell was launched: the kind of each open fd, its group and session next to the
# agent's, its umask, and its PATH (directories only; no other value is written).
kind() {
  l=$(readlink "/proc/$sh_pid/fd/$1") || { echo closed; return; }
  case $l in
    pipe:*) echo pipe ;; socket:*) echo socket ;; /dev/null) echo null ;;
    /dev/pts/*|/dev/tty*|/dev/console) echo tty ;; anon_inode:*) echo "${l#anon_inode:}" ;;
    *) echo file ;;
  esac
}
stat_of() { sed 's/^.*) //' "/proc/$1/stat"; }
{
  echo "stdin $(kind 0)"; echo "stdout $(kind 1)"; echo "stderr $(kind 2)"
  for f in /proc/$sh_pid/fd/*; do
    n=${f##*/}
    [ "$n" -gt 2 ] 2>/dev/null && echo "fd $n $(kind "$n")"
  done
  set -- $(stat_of "$sh_pid"); grp=$3 sid=$4 tty=$5
  set -- $(stat_of "$agent_pid"); agrp=$3 asid=$4
  if [ "$grp" = "$sh_pid" ]; then echo "group own"; elif [ "$grp" = "$agrp" ]; then echo "group agent"; else echo "group other"; fi
  if [ "$sid" = "$sh_pid" ]; then echo "session own"; elif [ "$sid" = "$asid" ]; then echo "session agent"; else echo "session other"; fi
  if [ "$tty" = 0 ]; then echo "tty none"; else echo "tty some"; fi
  awk '/^Umask:/ {print "umask " $2}' "/proc/$sh_pid/status"
} > "$d/launch" 2>/dev/null
tr '\0' '\n' < "/proc/$sh_pid/environ" | sed -n 's/^PATH=//p' | tr ':' '\n' > "$d/path"
cat "$d/stdin"
"#;

/// The file name of the capture script inside the capture folder.
const SCRIPT_NAME: &str = "capture.sh";

/// What one hook call was given, as read back from the capture folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Captured {
    /// The agent's shell's argv (the hook command text is one of its elements).
    pub argv: Vec<String>,
    /// The argv of the process that started that shell (the agent).
    pub parent_argv: Vec<String>,
    /// The shell's working directory.
    pub cwd: String,
    /// The stdin the agent wrote, as text.
    pub stdin: String,
    /// The names of the variables in the shell's environment as the agent started it.
    pub env: Vec<String>,
    /// The argv element that names a script file holding the hook command (an agent that
    /// writes the command into a file and runs `SHELL FILE`), when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_file: Option<usize>,
    /// How the shell was launched, where the capture could read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub launch: Option<Launch>,
    /// The value of every `*_PROJECT_DIR` variable in the shell's environment (a folder).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub project_dirs: BTreeMap<String, String>,
}

/// How the agent launched its shell: what the capture script read from `/proc` of the shell
/// and of its parent (the agent).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Launch {
    /// What the shell's stdin is: `pipe`, `socket`, `file`, `null`, `tty` or `closed`.
    pub stdin: String,
    /// What its stdout is, in the same words.
    pub stdout: String,
    /// What its stderr is.
    pub stderr: String,
    /// The fds open beyond 0-2, each `N KIND`.
    pub fds: Vec<String>,
    /// Its process group: `own` (the shell leads it), `agent` (the agent's group) or `other`.
    pub group: String,
    /// Its session, in the same words.
    pub session: String,
    /// `none` when the shell has no controlling terminal, else `some`.
    pub tty: String,
    /// Its umask, four octal digits.
    pub umask: String,
    /// Its PATH, one directory each (in a fixture: what it adds to and removes from the PATH
    /// the agent was given).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
    /// In a fixture: the PATH directories the hook has that the agent was not given, in order.
    #[serde(default)]
    pub path_added: Vec<String>,
    /// In a fixture: the PATH directories the agent was given that the hook lacks.
    #[serde(default)]
    pub path_removed: Vec<String>,
}

impl Launch {
    /// Parses the capture's `launch` lines (`KEY VALUE`) and `path` lines; `None` when the
    /// capture wrote nothing.
    fn parse(launch: &str, path: &str) -> Option<Launch> {
        if launch.trim().is_empty() {
            return None;
        }
        let mut l = Launch::default();
        for line in launch.lines() {
            let Some((key, value)) = line.split_once(' ') else {
                continue;
            };
            let value = value.to_string();
            match key {
                "stdin" => l.stdin = value,
                "stdout" => l.stdout = value,
                "stderr" => l.stderr = value,
                "fd" => l.fds.push(value),
                "group" => l.group = value,
                "session" => l.session = value,
                "tty" => l.tty = value,
                "umask" => l.umask = value,
                _ => {}
            }
        }
        l.path = path
            .lines()
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect();
        Some(l)
    }

    /// The recorded form: PATH as what the agent added to and removed from `given` (the PATH
    /// it was started with), paths relative by `rel`.
    fn recorded(&self, given: Option<&str>, rel: impl Fn(&str) -> String) -> Launch {
        let given: Vec<&str> = given.map(|g| g.split(':').collect()).unwrap_or_default();
        let added = self
            .path
            .iter()
            .filter(|p| !given.contains(&p.as_str()))
            .map(|p| rel(p))
            .collect();
        let removed = given
            .iter()
            .filter(|g| !g.is_empty() && !self.path.iter().any(|p| p == *g))
            .map(|p| rel(p))
            .collect();
        Launch {
            path: Vec::new(),
            path_added: added,
            path_removed: removed,
            ..self.clone()
        }
    }
}

/// Writes the capture script into `dir` and returns the hook command wrapped by it.
pub fn install(dir: &Path, hook_command: &str) -> Result<String, Error> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::live(format!("cannot create {}: {e}", dir.display())))?;
    let script = dir.join(SCRIPT_NAME);
    std::fs::write(&script, SCRIPT)
        .map_err(|e| Error::live(format!("cannot write {}: {e}", script.display())))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
            .map_err(|e| Error::live(format!("cannot chmod {}: {e}", script.display())))?;
    }
    Ok(wrap(&script.display().to_string(), hook_command))
}

/// `CAPTURE | { COMMAND\n}`: the group runs in the agent's shell with the captured stdin; a
/// newline before `}` keeps a trailing comment or `&` in the command valid.
fn wrap(script: &str, hook_command: &str) -> String {
    format!("{} | {{ {hook_command}\n}}", quote(script))
}

/// Every call captured in `dir`, oldest first.
pub fn read_all(dir: &Path) -> Vec<Captured> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut calls: Vec<(std::time::SystemTime, Captured)> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("call."))
        .filter_map(|e| {
            let p = e.path();
            let when = e.metadata().and_then(|m| m.modified()).ok()?;
            Some((when, read_one(&p)))
        })
        .collect();
    calls.sort_by_key(|c| c.0);
    calls.into_iter().map(|c| c.1).collect()
}

fn read_one(dir: &Path) -> Captured {
    let bytes = |name: &str| std::fs::read(dir.join(name)).unwrap_or_default();
    let text = |name: &str| String::from_utf8_lossy(&bytes(name)).into_owned();
    let nul_split = |name: &str| {
        text(name)
            .split('\0')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let argv = nul_split("argv");
    // Read while the run's files are still there: a script file handed to the shell.
    let command_file = argv
        .iter()
        .position(|a| std::fs::read_to_string(a).is_ok_and(|t| t.contains(SCRIPT_NAME)));
    Captured {
        command_file,
        argv,
        parent_argv: nul_split("parent"),
        cwd: text("cwd").trim_end().to_string(),
        stdin: text("stdin"),
        env: text("env")
            .lines()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect(),
        launch: Launch::parse(&text("launch"), &text("path")),
        project_dirs: text("dirs")
            .split('\0')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

/// The part of an input that can be compared across runs: no ids, paths or values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    /// The shell's argv with the hook command text as `<command>`.
    pub argv: Vec<String>,
    /// Every stdin field (dotted path) and its JSON type.
    pub stdin: BTreeMap<String, String>,
    /// Variable names the hook sees that its caller did not give (set by the agent).
    pub env_added: Vec<String>,
    /// Variable names its caller gave that the hook does not see (removed by the agent).
    pub env_removed: Vec<String>,
}

/// The placeholder for the hook command text in an argv.
pub const COMMAND: &str = "<command>";

/// The shape of an argv, stdin text and env names: `is_command` picks the element that is the
/// hook's command text; `given` is the environment's names before the agent (or hookcheck)
/// touched it.
pub fn shape(
    argv: &[String],
    is_command: impl Fn(&str) -> bool,
    stdin: &str,
    env: &[String],
    given: &[String],
) -> Shape {
    let argv = argv
        .iter()
        .map(|a| {
            if is_command(a) {
                COMMAND.to_string()
            } else {
                a.clone()
            }
        })
        .collect();
    let mut types = BTreeMap::new();
    if let Ok(v) = serde_json::from_str::<Value>(stdin) {
        flatten("", &v, &mut types);
    } else if !stdin.trim().is_empty() {
        types.insert(String::new(), "not JSON".to_string());
    }
    let mut added: Vec<String> = env.iter().filter(|n| !given.contains(n)).cloned().collect();
    let mut removed: Vec<String> = given.iter().filter(|n| !env.contains(n)).cloned().collect();
    added.sort();
    added.dedup();
    removed.sort();
    removed.dedup();
    Shape {
        argv,
        stdin: types,
        env_added: added,
        env_removed: removed,
    }
}

/// Whether `arg` is the command text live mode gave the agent (it holds the capture script).
pub fn is_wrapped_command(arg: &str) -> bool {
    arg.contains(SCRIPT_NAME)
}

/// `argv` with the hook's command as [`COMMAND`]: the command text itself, or a script file
/// holding it (at `command_file`) as `-c COMMAND`, the way hookcheck hands the same text to
/// the same shell.
pub fn command_argv(argv: &[String], command_file: Option<usize>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, a) in argv.iter().enumerate() {
        if Some(i) == command_file {
            out.extend(["-c".to_string(), COMMAND.to_string()]);
        } else if is_wrapped_command(a) {
            out.push(COMMAND.to_string());
        } else {
            out.push(a.clone());
        }
    }
    out
}

fn flatten(prefix: &str, v: &Value, out: &mut BTreeMap<String, String>) {
    let ty = match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(m) => {
            if !prefix.is_empty() {
                out.insert(prefix.to_string(), "object".into());
            }
            for (k, x) in m {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, x, out);
            }
            return;
        }
    };
    out.insert(prefix.to_string(), ty.to_string());
}

/// The differences between the real input and hookcheck's plan, one line each; empty when
/// they agree.
pub fn diff(real: &Shape, planned: &Shape) -> Vec<String> {
    let mut out = Vec::new();
    if real.argv != planned.argv {
        out.push(format!(
            "argv: the agent runs {}, hookcheck runs {}",
            real.argv.join(" "),
            planned.argv.join(" ")
        ));
    }
    for (k, t) in &real.stdin {
        match planned.stdin.get(k) {
            None => out.push(format!("stdin: {k} ({t}) missing from hookcheck's input")),
            Some(p) if p != t => out.push(format!(
                "stdin: {k} is {t} from the agent, {p} from hookcheck"
            )),
            Some(_) => {}
        }
    }
    for (k, t) in &planned.stdin {
        if !real.stdin.contains_key(k) {
            out.push(format!("stdin: {k} ({t}) invented by hookcheck"));
        }
    }
    let names = |label: &str, a: &[String], b: &[String], out: &mut Vec<String>| {
        let only_a: Vec<&str> = a
            .iter()
            .filter(|n| !b.contains(n))
            .map(String::as_str)
            .collect();
        let only_b: Vec<&str> = b
            .iter()
            .filter(|n| !a.contains(n))
            .map(String::as_str)
            .collect();
        if !only_a.is_empty() {
            out.push(format!(
                "env {label} by the agent, not by hookcheck: {}",
                only_a.join(" ")
            ));
        }
        if !only_b.is_empty() {
            out.push(format!(
                "env {label} by hookcheck, not by the agent: {}",
                only_b.join(" ")
            ));
        }
    };
    names("set", &real.env_added, &planned.env_added, &mut out);
    names("removed", &real.env_removed, &planned.env_removed, &mut out);
    out
}

/// One recorded capture: `fixtures/live/inputs/<agent>--bash.json` (`hookcheck live
/// --record-inputs DIR`). Paths are in relative form (`<home>`, `<workspace>`, `<root>`,
/// `<prefix>` for the agent's install folder); environment values are never recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InputFixture {
    /// The tool id.
    pub agent: String,
    /// The agent's version, as it reports it.
    pub version: Option<String>,
    /// The day it was captured (UTC).
    pub date: String,
    /// The command that made it.
    pub made_with: String,
    /// The hook spec's name.
    pub hook: String,
    /// The hook spec's text, so the plan can be made again with no agent installed.
    pub spec: String,
    /// What triggered the hook.
    #[serde(flatten)]
    pub trigger: super::TriggerFields,
    /// The hook's entry as written, where the file is in another agent's format
    /// ([`plan_as_written`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written: Option<crate::live::driver::Written>,
    /// The situation, as in the file name (`bash`, `edit`, `prompt`, `stop`, `post-bash`).
    #[serde(default = "bash")]
    pub situation: String,
    /// The shell program and its flags (argv without the command text).
    pub shell: String,
    /// The shell's argv, the command text as `<command>`.
    pub argv: Vec<String>,
    /// The argv element that names a script file holding the hook command, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_file: Option<usize>,
    /// The agent's own argv (the shell's parent).
    pub parent_argv: Vec<String>,
    /// The shell's working directory.
    pub cwd: String,
    /// Every stdin field (dotted path) and its JSON type.
    pub stdin: BTreeMap<String, String>,
    /// Every variable name in the hook's environment.
    pub env: Vec<String>,
    /// Names the agent added to what it was started with.
    pub env_added: Vec<String>,
    /// Names the agent was started with and did not pass on.
    pub env_removed: Vec<String>,
    /// How the agent launched the shell (stdin kind, fds, group, session, umask, PATH).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub launch: Option<Launch>,
    /// The folder the agent was started in, relative to its workspace (`hookcheck live
    /// --start-in`); `None`: the workspace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_in: Option<String>,
    /// Whether the workspace was a git repository (`hookcheck live --git`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub git: bool,
    /// The value of every `*_PROJECT_DIR` variable the hook got, in relative form.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub project_dirs: BTreeMap<String, String>,
}

fn bash() -> String {
    "bash".into()
}

/// What to record about one run, besides the capture itself.
pub struct Context<'a> {
    /// The tool id.
    pub agent: &'a str,
    /// The agent's version.
    pub version: Option<&'a str>,
    /// The hook spec's name and text.
    pub hook: &'a str,
    /// The hook spec's text.
    pub spec: &'a str,
    /// The trigger.
    pub trigger: &'a super::Trigger,
    /// `--event`, when given, or the event as the hook file spelled it.
    pub event: Option<&'a str>,
    /// `--repo-hooks`, when given.
    pub repo_hooks: Option<crate::live::driver::RepoFile>,
    /// The hook's entry as written, where the file is in another agent's format.
    pub written: Option<&'a crate::live::driver::Written>,
    /// The situation's name ([`super::cmd::situation`]).
    pub situation: &'a str,
    /// The project root hookcheck ran from.
    pub root: &'a Path,
    /// The run's throwaway home.
    pub home: &'a str,
    /// The names the agent was started with.
    pub agent_env: &'a [String],
    /// The PATH the agent was started with.
    pub agent_path: Option<&'a str>,
    /// `--start-in`, when given.
    pub start_in: Option<&'a str>,
    /// `--git`.
    pub git: bool,
    /// The spec folders as given (`--specs DIR`), for `made_with`; `None`: the folder of
    /// the situation's own specs.
    pub specs: Option<&'a str>,
}

/// `umask NNNN; ` when hookcheck runs under another umask than 0022, so `made_with` says what
/// the agent (and its hooks) were started under; empty under 0022 or where it cannot be read.
fn umask_prefix() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("Umask:"))
        .map(str::trim)
        .filter(|u| *u != "0022")
        .map(|u| format!("umask {u}; "))
        .unwrap_or_default()
}

/// The fixture for one captured call (its situation, in the file name, says where the agent
/// started when not in the root of a plain folder: `bash--git--in-sub`).
pub fn fixture(cx: &Context, call: &Captured) -> InputFixture {
    let mut situation = cx.situation.to_string();
    if cx.git {
        situation.push_str("--git");
    }
    if let Some(d) = cx.start_in {
        situation.push_str(&format!("--in-{}", d.replace('/', "-")));
    }
    let rel = |s: &str| relative(s, cx.home, cx.root);
    let argv: Vec<String> = call
        .argv
        .iter()
        .map(|a| {
            if is_wrapped_command(a) {
                COMMAND.to_string()
            } else {
                rel(a)
            }
        })
        .collect();
    let s = shape(
        &command_argv(&argv, call.command_file),
        |a| a == COMMAND,
        &call.stdin,
        &call.env,
        cx.agent_env,
    );
    let flags = cx.trigger.flags();
    let event = cx
        .event
        .map(|e| format!(" --event {e}"))
        .unwrap_or_default();
    let repo_hooks = cx
        .repo_hooks
        .map(|f| format!(" --repo-hooks {}", f.name()))
        .unwrap_or_default();
    let start = super::setup_flags(None, cx.git, cx.start_in, None, None, (false, false));
    // A situation of a hook file in another format (`bash--PreToolUse`) keeps its trigger's specs.
    let specs = match cx.specs {
        Some(s) => s,
        None if cx.situation.split("--").next() == Some("bash") => "fixtures/live/hooks",
        None => "fixtures/live/situations/hooks",
    };
    InputFixture {
        agent: cx.agent.to_string(),
        version: cx.version.map(String::from),
        date: today(),
        made_with: format!(
            "{}hookcheck live {} --specs {specs} {flags}{event}{repo_hooks}{start} --agent {} --record-inputs fixtures/live/inputs",
            umask_prefix(),
            cx.hook,
            cx.agent
        )
        .replace("  ", " "),
        hook: cx.hook.to_string(),
        spec: cx.spec.to_string(),
        trigger: super::TriggerFields::new(cx.trigger, cx.event),
        written: cx.written.cloned(),
        situation,
        shell: shell_of(&argv),
        argv,
        command_file: call.command_file,
        parent_argv: call.parent_argv.iter().map(|a| rel(a)).collect(),
        cwd: rel(&call.cwd),
        stdin: s.stdin,
        env: call.env.clone(),
        env_added: s.env_added,
        env_removed: s.env_removed,
        launch: call
            .launch
            .as_ref()
            .map(|l| l.recorded(cx.agent_path, rel)),
        start_in: cx.start_in.map(String::from),
        git: cx.git,
        project_dirs: call
            .project_dirs
            .iter()
            .map(|(k, v)| (k.clone(), rel(v)))
            .collect(),
    }
}

/// The shell program and flags of an argv: every element but the command text.
pub fn shell_of(argv: &[String]) -> String {
    argv.iter()
        .filter(|a| *a != COMMAND)
        .cloned()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `s` with the run's throwaway paths, the project root and an npm install folder or a Python
/// virtual environment in relative form.
fn relative(s: &str, home: &str, root: &Path) -> String {
    let root = root.display().to_string();
    let mut out = s.replace(&format!("{home}/work"), "<workspace>");
    out = out.replace(home, "<home>");
    // A folder named after a path, its `/` as `-` (an agent's per-project storage).
    if !home.is_empty() {
        out = out.replace(&home.replace('/', "-"), "<home-dashed>");
    }
    if !root.is_empty() {
        out = out.replace(&root, "<root>");
    }
    match out.find("/node_modules/") {
        Some(i) if out.starts_with('/') => format!("<prefix>{}", &out[i..]),
        _ => match venv_of(&out) {
            Some(venv) => format!("<prefix>{}", &out[venv.as_os_str().len()..]),
            None => out,
        },
    }
}

/// The Python virtual environment (the folder with a `pyvenv.cfg`) an absolute path is in.
fn venv_of(path: &str) -> Option<&Path> {
    let path = Path::new(path);
    if !path.is_absolute() {
        return None;
    }
    path.ancestors()
        .skip(1)
        .find(|d| d.join("pyvenv.cfg").is_file())
}

/// Today's date (UTC), `YYYY-MM-DD`.
pub(crate) fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Writes `DIR/<agent>--bash.json`.
pub fn write_fixture(dir: &Path, f: &InputFixture) -> Result<(), Error> {
    let path = dir.join(format!("{}--{}.json", f.agent, f.situation));
    let text = serde_json::to_string_pretty(f).unwrap_or_default();
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::live(format!("--record-inputs {}: {e}", dir.display())))?;
    std::fs::write(&path, text + "\n").map_err(|e| Error::live(format!("{}: {e}", path.display())))
}

/// Every input fixture in `dir`, sorted by file name.
pub fn load_fixtures(dir: &Path) -> Result<Vec<(String, InputFixture)>, Error> {
    super::record::load_dir(dir)
}

/// `check` planned on the hook's entry as the file spells it: its event and matcher, verbatim
/// (a native spec), in place of the spec's portable `on` and `match`.
pub fn plan_as_written(check: &mut crate::run::Check, written: &crate::live::driver::Written) {
    if let crate::run::Subject::Spec(spec) = &mut check.subject {
        spec.when = crate::spec::When::Native {
            event: written.event.clone(),
            matcher: written.matcher.clone(),
        };
    }
}

/// The shape of what hookcheck plans to run: `command` is the spec's command text, `caller_env`
/// the names hookcheck was started with.
pub fn planned_shape(inv: &crate::exec::Invocation, command: &str, caller_env: &[String]) -> Shape {
    let argv: Vec<String> = std::iter::once(inv.program.clone())
        .chain(inv.args.iter().cloned())
        .collect();
    let names: Vec<String> = inv.env.iter().map(|(k, _)| k.clone()).collect();
    shape(
        &argv,
        |a| a == command,
        &String::from_utf8_lossy(&inv.stdin),
        &names,
        caller_env,
    )
}

/// The shape of a recorded capture.
pub fn recorded_shape(f: &InputFixture) -> Shape {
    Shape {
        argv: command_argv(&f.argv, f.command_file),
        stdin: f.stdin.clone(),
        env_added: f.env_added.clone(),
        env_removed: f.env_removed.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An agent's own paths go in relative form: an npm install folder, a Python virtual
    /// environment (found by its `pyvenv.cfg`); the run's throwaway folders by name.
    #[test]
    fn install_folders_and_run_folders_are_relative() {
        let dir = tempfile::tempdir().expect("tempdir");
        let venv = dir.path().join("venv");
        std::fs::create_dir_all(venv.join("bin")).expect("venv");
        std::fs::write(venv.join("pyvenv.cfg"), "home = /usr/bin\n").expect("pyvenv.cfg");
        let v = venv.display().to_string();
        let rows = [
            (format!("{v}/bin/openhands"), "<prefix>/bin/openhands"),
            (
                "/opt/n/node_modules/x/cli.js".to_string(),
                "<prefix>/node_modules/x/cli.js",
            ),
            ("/h/work/a".to_string(), "<workspace>/a"),
            ("/h/tmp".to_string(), "<home>/tmp"),
            ("/usr/bin/python3".to_string(), "/usr/bin/python3"),
            ("bin/openhands".to_string(), "bin/openhands"),
        ];
        for (path, want) in rows {
            assert_eq!(relative(&path, "/h", Path::new("")), want, "{path}");
        }
    }

    /// The capture script runs under a real shell, as an agent's shell would run it: argv,
    /// cwd, stdin and env names come back, the hook still gets its stdin, and no value is
    /// written anywhere.
    #[test]
    fn captures_what_the_shell_was_given() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cap = dir.path().join("capture");
        let cmd = install(&cap, "cat > got.json; exit 3").expect("install");
        assert!(!cmd.contains('$'), "no $ in the command text: {cmd}");
        let out = std::process::Command::new("/bin/sh")
            .args(["-c", &cmd])
            .current_dir(dir.path())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("SECRET_TOKEN", "hunter2\nFAKE_NAME=x")
            .stdin(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin
                    .take()
                    .expect("stdin")
                    .write_all(br#"{"a":{"b":1},"c":null}"#)?;
                c.wait()
            })
            .expect("run");
        assert_eq!(out.code(), Some(3), "the hook's exit status goes through");
        let got = std::fs::read_to_string(dir.path().join("got.json")).expect("hook stdin");
        assert_eq!(got, r#"{"a":{"b":1},"c":null}"#);
        let calls = read_all(&cap);
        assert_eq!(calls.len(), 1);
        let c = &calls[0];
        assert_eq!(c.argv, ["/bin/sh", "-c", cmd.as_str()]);
        assert_eq!(
            std::path::Path::new(&c.cwd).canonicalize().ok(),
            dir.path().canonicalize().ok()
        );
        assert_eq!(c.env, ["PATH", "SECRET_TOKEN"]);
        for entry in walk(&cap) {
            let text = std::fs::read_to_string(&entry).unwrap_or_default();
            assert!(!text.contains("hunter2"), "a value in {}", entry.display());
        }
        let s = shape(
            &c.argv,
            is_wrapped_command,
            &c.stdin,
            &c.env,
            &["PATH".into()],
        );
        assert_eq!(s.argv, ["/bin/sh", "-c", COMMAND]);
        let types: Vec<(&str, &str)> = s
            .stdin
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(types, [("a", "object"), ("a.b", "number"), ("c", "null")]);
        assert_eq!(s.env_added, ["SECRET_TOKEN"]);
        assert!(s.env_removed.is_empty());
    }

    /// An agent that writes the command into a script and runs `sh SCRIPT`: the script is
    /// found, and stands for `-c <command>`.
    #[test]
    fn a_script_file_stands_for_the_command() {
        let dir = tempfile::tempdir().expect("tempdir");
        let cap = dir.path().join("capture");
        let cmd = install(&cap, "exit 0").expect("install");
        let script = dir.path().join("PreToolUse");
        std::fs::write(&script, format!("#!/bin/sh\n{cmd}\n")).expect("script");
        let status = std::process::Command::new("sh")
            .arg(&script)
            .stdin(std::process::Stdio::null())
            .status()
            .expect("run");
        assert!(status.success());
        let calls = read_all(&cap);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].command_file, Some(1));
        assert_eq!(
            command_argv(&calls[0].argv, calls[0].command_file),
            ["sh", "-c", COMMAND]
        );
    }

    fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn diff_names_every_difference() {
        let real = Shape {
            argv: vec!["/bin/sh".into(), "-c".into(), COMMAND.into()],
            stdin: [
                ("a".to_string(), "string".to_string()),
                ("b".into(), "null".into()),
            ]
            .into_iter()
            .collect(),
            env_added: vec!["X".into()],
            env_removed: vec![],
        };
        let planned = Shape {
            argv: vec!["bash".into(), "-c".into(), COMMAND.into()],
            stdin: [
                ("a".to_string(), "object".to_string()),
                ("c".into(), "null".into()),
            ]
            .into_iter()
            .collect(),
            env_added: vec!["Y".into()],
            env_removed: vec!["Z".into()],
        };
        assert_eq!(
            diff(&real, &planned),
            [
                "argv: the agent runs /bin/sh -c <command>, hookcheck runs bash -c <command>",
                "stdin: a is string from the agent, object from hookcheck",
                "stdin: b (null) missing from hookcheck's input",
                "stdin: c (null) invented by hookcheck",
                "env set by the agent, not by hookcheck: X",
                "env set by hookcheck, not by the agent: Y",
                "env removed by hookcheck, not by the agent: Z",
            ]
        );
        assert!(diff(&real, &real).is_empty());
    }
}

//! Crush's script dispatch (`internal/shell/dispatch.go`): how a hook line starts, a script
//! by its shebang or as a program, anything else as shell source; and which of Crush's
//! in-process built-ins a shell line reaches.

use std::path::{Path, PathBuf};

use crate::contract::Started;
use crate::verdict::Assumption;

/// The Go core utilities Crush's shell runs in-process on Windows (run.go `useGoCoreUtils`;
/// mvdan.cc/sh moreinterp/coreutils).
const COREUTILS: &[&str] = &[
    "base64",
    "basename",
    "cat",
    "chmod",
    "cp",
    "date",
    "dirname",
    "find",
    "gzip",
    "head",
    "ls",
    "mkdir",
    "mktemp",
    "mv",
    "rm",
    "rmdir",
    "sha256sum",
    "sort",
    "tail",
    "tee",
    "touch",
    "tr",
    "uniq",
    "wc",
    "xargs",
];

/// How many bytes Crush reads from a script to decide how to run it (dispatch.go).
const PROBE: usize = 128;

/// Crush's script dispatch (dispatch.go `scriptDispatchHandler`): a `./`, `../` or `/` path
/// runs through its shebang interpreter, directly when it is a binary, or as shell source;
/// a bare path such as `hooks/guard.sh` starts as a program; anything else is shell source.
pub(super) fn dispatch(line: &str, root: &Path, env: &[(String, String)]) -> Started {
    let words = crate::shell::plain_script_words(line, &[])
        .filter(|w| w.first().is_some_and(|p| p.contains('/')));
    let Some(words) = words else {
        return inline(line, env);
    };
    let (first, rest) = match words.split_first() {
        Some((f, r)) => (f.as_str(), r.to_vec()),
        None => return inline(line, env),
    };
    // Relative paths resolve against the shell's directory, cleaned (filepath.Join).
    let script: PathBuf = crate::trigger::absolute(root, Path::new(first));
    let script_s = script.display().to_string();
    let prefixed = first.starts_with("./") || first.starts_with("../") || first.starts_with('/');
    let direct = |note: String| Started {
        program: Ok((script_s.clone(), rest.clone())),
        assumptions: Vec::new(),
        notes: vec![note],
    };
    if !prefixed {
        return direct(format!(
            "Crush starts `{first}` as a program (no ./ prefix): without a shebang it fails with exit 1"
        ));
    }
    let probe = match read_probe(&script) {
        Ok(p) => p,
        // Crush cannot open the script and fails with exit 1; starting it shows why.
        Err(e) => return direct(format!("Crush cannot open `{first}` ({e}): exit 1")),
    };
    if probe.starts_with(b"#!") {
        return match parse_shebang(&probe) {
            Ok((interpreter, mut args)) => {
                args.push(script_s.clone());
                args.extend(rest);
                Started {
                    program: Ok((resolve_interpreter(&interpreter, env), args)),
                    assumptions: Vec::new(),
                    notes: vec![format!(
                        "Crush runs `{first}` with its shebang interpreter `{interpreter}` (no execute bit needed)"
                    )],
                }
            }
            Err(e) => Started {
                program: Err(format!(
                    "Crush cannot run `{first}`: {e} in its shebang (exit 126)"
                )),
                assumptions: Vec::new(),
                notes: Vec::new(),
            },
        };
    }
    if is_binary(&probe) {
        return direct(format!("Crush starts `{first}` directly: it is a binary"));
    }
    // No shebang: Crush runs the file as shell source in its own interpreter.
    let source = crate::textfile::read_regular(&script).unwrap_or_default();
    let mut args = vec![script_s.clone()];
    args.extend(rest);
    Started {
        program: Ok(("sh".into(), args)),
        assumptions: builtins_reached(&source, env),
        notes: vec![format!(
            "`{first}` has no shebang: Crush runs it as shell source in its embedded shell (hookcheck: sh)"
        )],
    }
}

/// An inline command: shell source for Crush's interpreter, run here with `sh -c`.
fn inline(line: &str, env: &[(String, String)]) -> Started {
    if let Err(e) = crate::shell::simple_commands(line) {
        return Started {
            program: Err(format!(
                "Crush's shell cannot parse the command ({}): it fails with exit 1 and the call goes ahead",
                e.message
            )),
            assumptions: Vec::new(),
            notes: Vec::new(),
        };
    }
    Started {
        program: Ok(("sh".into(), vec!["-c".into(), line.to_string()])),
        assumptions: builtins_reached(line, env),
        notes: vec![
            "Crush runs inline commands in its embedded POSIX shell; hookcheck uses sh".to_string(),
        ],
    }
}

/// The assumptions for Crush built-ins that `source` calls and hookcheck takes from PATH.
fn builtins_reached(source: &str, env: &[(String, String)]) -> Vec<Assumption> {
    let Ok(cmds) = crate::shell::simple_commands(source) else {
        return Vec::new();
    };
    let firsts: Vec<&str> = cmds
        .iter()
        .filter_map(|c| c.words.first().map(String::as_str))
        .collect();
    let mut out = Vec::new();
    // Crush's jq wins over any jq on PATH (run.go `builtinHandler`).
    if firsts.contains(&"jq") {
        out.push(Assumption::new(
            "jq",
            "jq from PATH",
            "Crush runs its built-in jq (gojq) in-process; hookcheck runs the jq on PATH",
        ));
    }
    let core_off = env
        .iter()
        .any(|(k, v)| k == "CRUSH_CORE_UTILS" && v == "false");
    if cfg!(windows) && !core_off && firsts.iter().any(|f| COREUTILS.contains(f)) {
        out.push(Assumption::new(
            "coreutils",
            "core utilities from PATH",
            "Crush on Windows runs its built-in Go core utilities; hookcheck runs the ones on PATH",
        ));
    }
    out
}

fn read_probe(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("is a directory".into());
    }
    // A FIFO or a device is never opened here: hookcheck would wait on it.
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    let mut f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut buf = vec![0u8; PROBE];
    let mut n = 0;
    while n < PROBE {
        match f.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) => return Err(e.to_string()),
        }
    }
    buf.truncate(n);
    Ok(buf)
}

/// A NUL byte or a known executable magic number (dispatch.go `isBinary`).
fn is_binary(probe: &[u8]) -> bool {
    const MAGICS: &[&[u8]] = &[
        b"MZ",
        b"\x7fELF",
        b"\xfe\xed\xfa\xce",
        b"\xfe\xed\xfa\xcf",
        b"\xcf\xfa\xed\xfe",
        b"\xce\xfa\xed\xfe",
        b"\xca\xfe\xba\xbe",
    ];
    probe.contains(&0) || MAGICS.iter().any(|m| probe.starts_with(m))
}

/// The interpreter and its arguments (dispatch.go `parseShebang`, `parseEnvShebang`): a
/// literal path takes the rest of the line as one argument; `env NAME rest` likewise, and
/// `env -S` splits the rest on whitespace.
pub(super) fn parse_shebang(probe: &[u8]) -> Result<(String, Vec<String>), String> {
    let text = String::from_utf8_lossy(probe.get(2..).unwrap_or_default());
    let line = text.split('\n').next().unwrap_or_default();
    let line = line.trim_end_matches('\r').trim_start_matches([' ', '\t']);
    if line.is_empty() {
        return Err("empty shebang".into());
    }
    let (path, rest) = split_word(line);
    let is_env = Path::new(path).file_name().is_some_and(|n| n == "env");
    if !is_env {
        let args = if rest.is_empty() {
            Vec::new()
        } else {
            vec![rest.to_string()]
        };
        return Ok((path.to_string(), args));
    }
    let mut rest = rest;
    let mut split = false;
    if rest.starts_with('-') {
        let (flag, after) = split_word(rest);
        if flag != "-S" {
            return Err(format!("unsupported env flag {flag}"));
        }
        split = true;
        rest = after;
    }
    if rest.is_empty() {
        return Err("env without a program".into());
    }
    let (prog, remainder) = split_word(rest);
    let args = if remainder.is_empty() {
        Vec::new()
    } else if split {
        remainder.split_whitespace().map(str::to_string).collect()
    } else {
        vec![remainder.to_string()]
    };
    Ok((prog.to_string(), args))
}

fn split_word(s: &str) -> (&str, &str) {
    match s.find([' ', '\t']) {
        Some(i) => (&s[..i], s[i + 1..].trim_start_matches([' ', '\t'])),
        None => (s, ""),
    }
}

/// The literal interpreter when it exists, else its base name from PATH
/// (dispatch.go `resolveInterpreter`); a name not found is started as written and fails.
fn resolve_interpreter(interpreter: &str, env: &[(String, String)]) -> String {
    let literal = Path::new(interpreter);
    if literal.is_absolute() && literal.exists() {
        return interpreter.to_string();
    }
    let base = literal
        .file_name()
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_else(|| interpreter.to_string());
    let path = env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v.as_str())
        .unwrap_or_default();
    std::env::split_paths(path)
        .map(|dir| dir.join(&base))
        .find(|p| p.is_file())
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| interpreter.to_string())
}

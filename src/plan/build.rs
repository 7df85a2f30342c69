//! The pieces every plan is made of: an environment, an invocation, the stdin bytes.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::exec::Invocation;
use crate::trigger::Trigger;

/// `base` with `add` set on top (a key in both takes the value from `add`).
pub fn merge_env(
    base: &[(String, String)],
    add: impl IntoIterator<Item = (String, String)>,
) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = base.to_vec();
    set_env(&mut env, add);
    env
}

/// Sets `add` on top of `env` in place, as [`merge_env`] does on a copy.
pub fn set_env(env: &mut Vec<(String, String)>, add: impl IntoIterator<Item = (String, String)>) {
    for (k, v) in add {
        match env.iter_mut().find(|(ek, _)| *ek == k) {
            Some(slot) => slot.1 = v,
            None => env.push((k, v)),
        }
    }
}

/// A made-up but stable session id for `tool`, so payload snapshots do not change run to run.
pub fn session_id(tool: &str) -> String {
    format!("hookcheck-{tool}-session-0001")
}

/// Builds an invocation of `program args...` with `stdin` (from [`stdin_bytes`]) on stdin,
/// read until it exits.
pub fn invocation(
    program: &str,
    args: Vec<String>,
    env: Vec<(String, String)>,
    cwd: &Path,
    stdin: &Arc<Vec<u8>>,
    timeout: Duration,
) -> Invocation {
    Invocation {
        program: program.to_string(),
        args,
        env,
        cwd: cwd.to_path_buf(),
        stdin: Arc::clone(stdin),
        timeout,
        until_eof: false,
        stdio_socket: false,
        new_session: false,
    }
}

/// The payload as the bytes an agent writes to the hook's stdin, made once per plan and
/// shared by its commands. A `--payload` the agent sends unchanged is the trigger's own
/// buffer, so every agent's hooks share one copy however large it is.
pub fn stdin_bytes(trigger: &Trigger, payload: &Value) -> Arc<Vec<u8>> {
    match trigger {
        Trigger::Payload { value, stdin, .. }
            if std::ptr::eq(value, payload) || value == payload =>
        {
            Arc::clone(stdin)
        }
        _ => serde_json::to_vec(payload).unwrap_or_default().into(),
    }
}

/// An exec-form program path: a relative path with a `/` is taken from `cwd`, as the agent's
/// own process would resolve it after changing into its working directory.
pub fn exec_program(command: &str, cwd: &Path) -> String {
    let p = Path::new(command);
    if command.contains('/') && p.is_relative() {
        cwd.join(p).display().to_string()
    } else {
        command.to_string()
    }
}

/// A value quoted for a POSIX shell when it needs quoting (agents that paste a path into the
/// command text before the shell sees it).
pub fn shell_quote(v: &str) -> String {
    if !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./,:@%+=".contains(c))
    {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', "'\\''"))
    }
}

/// The usual reason for a trigger an event cannot take.
pub fn wrong_trigger(event: &str, trigger: &crate::trigger::Trigger, wants: &str) -> String {
    match trigger {
        crate::trigger::Trigger::None => format!("{event} needs {wants}"),
        t => format!("{event} is not fired by --{}: it needs {wants}", t.kind()),
    }
}

/// Whether `reason` is one [`wrong_trigger`] wrote: the event is not the trigger's, as opposed
/// to an event hookcheck cannot build the input for.
pub fn is_wrong_trigger(reason: &str) -> bool {
    reason.split_once(' ').is_some_and(|(_, rest)| {
        rest.starts_with("is not fired by --") || rest.starts_with("needs ")
    })
}

#[cfg(test)]
mod tests {
    use super::{merge_env, set_env};

    /// Layers set in place give what merging each layer on a copy gave: a key already there
    /// keeps its place and takes the new value, a new one is added at the end, in order.
    #[test]
    fn set_in_place_is_merging_on_copies() {
        let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
            list.iter().map(|&(k, v)| (k.into(), v.into())).collect()
        };
        let base = pairs(&[("PATH", "/bin"), ("HOME", "/h"), ("A", "1")]);
        let layers = [
            pairs(&[("A", "2"), ("B", "x")]),
            pairs(&[]),
            pairs(&[("HOME", "/other"), ("B", "y"), ("C", "z")]),
        ];
        let mut copied = base.clone();
        for layer in &layers {
            copied = merge_env(&copied, layer.clone());
        }
        let mut in_place = base.clone();
        for layer in &layers {
            set_env(&mut in_place, layer.clone());
        }
        assert_eq!(in_place, copied);
        assert_eq!(
            in_place,
            pairs(&[
                ("PATH", "/bin"),
                ("HOME", "/other"),
                ("A", "2"),
                ("B", "y"),
                ("C", "z")
            ])
        );
    }
}

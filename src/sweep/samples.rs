//! What a sweep tries: a benign and a hostile sample of each action, and the user's own.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::Error;
use crate::workspace::CheckRequest;

/// The action a sample triggers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// A shell command (`--bash`).
    Bash,
    /// A file edit (`--edit`).
    Edit,
    /// A prompt (`--prompt`).
    Prompt,
    /// No input: session start, stop, session end.
    None,
}

impl Action {
    /// The word used in `--sample KIND:VALUE` and in the grid's header.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Bash => "bash",
            Action::Edit => "edit",
            Action::Prompt => "prompt",
            Action::None => "none",
        }
    }
}

/// One sample.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Sample {
    /// The action.
    pub action: Action,
    /// The command, path or prompt.
    pub value: String,
    /// A guard should stop it.
    pub hostile: bool,
    /// A short name for the grid's column.
    pub label: String,
    /// For a shell sample: the file it writes, which an edit tool could write as well.
    pub writes: Option<String>,
}

impl Sample {
    fn new(action: Action, value: &str, hostile: bool, label: &str) -> Sample {
        Sample {
            action,
            value: value.to_string(),
            hostile,
            label: label.to_string(),
            writes: None,
        }
    }

    /// The check this sample asks for; `include_assumed` counts results that rest on
    /// assumptions.
    pub fn request(
        &self,
        what: &super::What,
        targets: &[String],
        include_assumed: bool,
    ) -> CheckRequest {
        let mut req = CheckRequest {
            targets: targets.to_vec(),
            include_assumed,
            ..Default::default()
        };
        match what {
            super::What::Hook(hook) => req.hook = hook.clone(),
            super::What::Installed(how) => req.installed = Some(*how),
        }
        match self.action {
            Action::Bash => req.trigger.bash = Some(self.value.clone()),
            Action::Edit => req.trigger.edit = Some(PathBuf::from(&self.value)),
            Action::Prompt => req.trigger.prompt = Some(self.value.clone()),
            Action::None => {}
        }
        req
    }
}

/// The built-in samples: for each action, what a guard should let through and what it should
/// stop.
pub fn built_in() -> Vec<Sample> {
    let mut writes_env = Sample::new(Action::Bash, "echo TOKEN=x > .env", true, ">.env");
    writes_env.writes = Some(".env".into());
    vec![
        Sample::new(Action::Bash, "ls", false, "ls"),
        Sample::new(Action::Bash, "rm -rf /", true, "rm-rf"),
        Sample::new(Action::Bash, "git push --force origin main", true, "push-f"),
        writes_env,
        Sample::new(Action::Edit, "src/main.rs", false, "main.rs"),
        Sample::new(Action::Edit, ".env", true, ".env"),
        Sample::new(Action::Edit, ".github/workflows/x.yml", true, "workflow"),
        Sample::new(Action::Prompt, "fix the failing test", false, "prompt"),
        Sample::new(
            Action::Prompt,
            "deploy with ghp_0123456789abcdefghijklmnopqrstuvwxyzAB",
            true,
            "token",
        ),
        Sample::new(Action::None, "", false, "none"),
    ]
}

/// A `--sample` value: `bash:CMD`, `edit:PATH` or `prompt:TEXT`, counted as hostile (the
/// user adds what their guard must stop).
pub fn parse(value: &str) -> Result<Sample, Error> {
    let (kind, rest) = value.split_once(':').ok_or_else(|| {
        Error::usage(format!(
            "`{value}` is not KIND:VALUE: write `bash:CMD`, `edit:PATH` or `prompt:TEXT`"
        ))
    })?;
    let action = match kind {
        "bash" => Action::Bash,
        "edit" => Action::Edit,
        "prompt" => Action::Prompt,
        other => {
            return Err(Error::usage(format!(
                "`{other}` is not a sample kind: use bash, edit or prompt"
            )));
        }
    };
    if rest.trim().is_empty() {
        return Err(Error::usage(format!(
            "`--sample {value}` gives no {kind} to try"
        )));
    }
    let label: String = rest.chars().take(12).collect();
    Ok(Sample::new(action, rest, true, &label))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_sample_is_kind_and_value() {
        let s = parse("bash:curl x | sh").expect("valid");
        assert_eq!(
            (s.action, s.value.as_str(), s.hostile),
            (Action::Bash, "curl x | sh", true)
        );
        assert!(parse("bash").is_err());
        assert!(parse("shell:ls").is_err());
        assert!(parse("edit: ").is_err());
    }
}

//! What a live run is seen to do: the typed [`Seen`] of one run, the needles that find the
//! hook's text in later model requests, the situation ([`Phase`], [`Trigger`]) and the verdict
//! it comes to ([`Observed`]), gathered in an [`Observation`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{capture, server};
use crate::verdict::{Decision, Effect};

/// The fake model's final answer.
pub(super) const FINAL: &str = "Done.";

/// What the agent did, as the verdict hookcheck predicts ([`Phase::verdict`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Observed {
    /// The trigger command ran.
    Allow,
    /// It did not run and a tool result came back to the model.
    Block,
    /// It did not run and no tool result came back: the turn or task was cancelled.
    Halted,
    /// The scripted call never happened: the harness failed, not the hook.
    NoCall,
}

impl Observed {
    /// The word used in reports and fixtures.
    pub fn as_str(self) -> &'static str {
        match self {
            Observed::Allow => "allow",
            Observed::Block => "block",
            Observed::Halted => "halted",
            Observed::NoCall => "no-call",
        }
    }
}

/// What the user or the model does in a live run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// The model asks the agent to run this shell command (`--bash`).
    Bash(String),
    /// The model asks the agent to write this file, relative to the workspace (`--edit`).
    Edit(String),
    /// The user's prompt; the model only answers (`--prompt`).
    Prompt(String),
    /// The model asks the agent to call this tool of live mode's MCP server, `SERVER:TOOL`
    /// (`--mcp`).
    Mcp(String),
    /// No trigger: the model answers and the agent stops (Stop, SessionStart).
    None,
}

impl Trigger {
    /// The word for this kind of trigger, in fixture names: `bash`, `edit`, `prompt`, `stop`.
    pub fn kind(&self) -> &'static str {
        match self {
            Trigger::Bash(_) => "bash",
            Trigger::Edit(_) => "edit",
            Trigger::Prompt(_) => "prompt",
            Trigger::Mcp(_) => "mcp",
            Trigger::None => "stop",
        }
    }

    /// The trigger as `hookcheck live` flags (`--bash 'ls'`; empty for none).
    pub fn flags(&self) -> String {
        match self {
            Trigger::Bash(c) => format!("--bash {}", quote(c)),
            Trigger::Edit(p) => format!("--edit {}", quote(p)),
            Trigger::Prompt(t) => format!("--prompt {}", quote(t)),
            Trigger::Mcp(t) => format!("--mcp {}", quote(t)),
            Trigger::None => String::new(),
        }
    }
}

/// A trigger as fixtures record it: the shell command in `trigger` (as the first fixtures did),
/// an edit's file or a prompt beside it, and `--event` when it was given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerFields {
    /// The user's trigger command (empty for another trigger).
    pub trigger: String,
    /// The file the agent wrote, for an edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edit: Option<String>,
    /// The user's prompt, for a prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// `SERVER:TOOL`, for an MCP tool call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp: Option<String>,
    /// `--event`, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
}

impl TriggerFields {
    /// The fields of `trigger` and `event`.
    pub fn new(trigger: &Trigger, event: Option<&str>) -> TriggerFields {
        let mut f = TriggerFields {
            event: event.map(String::from),
            ..TriggerFields::default()
        };
        match trigger {
            Trigger::Bash(b) => f.trigger = b.clone(),
            Trigger::Edit(e) => f.edit = Some(e.clone()),
            Trigger::Prompt(p) => f.prompt = Some(p.clone()),
            Trigger::Mcp(m) => f.mcp = Some(m.clone()),
            Trigger::None => {}
        }
        f
    }

    /// The recorded trigger.
    pub fn live_trigger(&self) -> Trigger {
        if let Some(m) = &self.mcp {
            return Trigger::Mcp(m.clone());
        }
        match (&self.edit, &self.prompt) {
            (Some(e), _) => Trigger::Edit(e.clone()),
            (_, Some(p)) => Trigger::Prompt(p.clone()),
            _ if self.trigger.is_empty() => Trigger::None,
            _ => Trigger::Bash(self.trigger.clone()),
        }
    }
}

/// Which of the agent's events the hook is on, as far as live mode tells outcomes apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Before a tool call (PreToolUse).
    BeforeTool,
    /// After a tool call (PostToolUse).
    AfterTool,
    /// The user submits a prompt.
    Prompt,
    /// The agent is about to stop.
    Stop,
    /// The session starts.
    Session,
}

impl Phase {
    /// The phase of a portable event (`None` for one live mode does not drive).
    pub fn of(on: crate::spec::On) -> Option<Phase> {
        use crate::spec::On;
        match on {
            On::BeforeTool => Some(Phase::BeforeTool),
            On::AfterTool | On::AfterEdit => Some(Phase::AfterTool),
            On::PromptSubmit => Some(Phase::Prompt),
            On::Stop => Some(Phase::Stop),
            On::SessionStart => Some(Phase::Session),
            On::SessionEnd => None,
        }
    }

    /// The verdict of what was seen. Before a tool: the action ran (allow), a tool result came
    /// back without it (block), neither (halted). After a tool: the turn ended (halted), the
    /// hook's reason reached the model (block), else allow. A prompt: it reached the model
    /// (allow) or not (block: the fake model cannot tell a blocked prompt from a halted turn).
    /// A Stop: the agent asked the model again (block: the hook kept it going) or stopped
    /// (allow). A session start: the prompt reached the model (allow) or not (halted).
    pub fn verdict(self, seen: &Seen, called: bool, tool_result: bool) -> Observed {
        let ran = seen.action_ran == Some(true);
        match self {
            Phase::BeforeTool | Phase::AfterTool if !called && !ran => Observed::NoCall,
            Phase::BeforeTool if ran => Observed::Allow,
            Phase::BeforeTool if tool_result => Observed::Block,
            Phase::BeforeTool => Observed::Halted,
            Phase::AfterTool if !seen.turn_went_on => Observed::Halted,
            Phase::AfterTool if seen.hook_text.as_reason => Observed::Block,
            Phase::AfterTool => Observed::Allow,
            Phase::Prompt if seen.prompt_reached_model => Observed::Allow,
            Phase::Prompt => Observed::Block,
            Phase::Stop if seen.asked_again_after_stop => Observed::Block,
            Phase::Stop => Observed::Allow,
            Phase::Session if seen.prompt_reached_model => Observed::Allow,
            Phase::Session => Observed::Halted,
        }
    }

    /// hookcheck's prediction (the effect, and whether the reply is a block) as the word an
    /// observation in this phase can show. After a tool, the action already ran: a block is
    /// its reason sent back to the model. On a prompt, a halted turn looks like a blocked
    /// prompt; on a Stop, a halted agent stops as an allowed one does.
    pub fn predicted(self, effect: Effect, decision: Decision) -> &'static str {
        let word = match effect {
            Effect::Proceeds => "allow",
            Effect::Blocked => "block",
            Effect::Halted => "halted",
        };
        match (self, word) {
            (Phase::AfterTool, "allow") if decision == Decision::Block => "block",
            (Phase::Prompt, "halted") => "block",
            (Phase::Stop, "halted") => "allow",
            _ => word,
        }
    }

    /// hookcheck's prediction for one agent as the word an observation in this phase can show
    /// ([`Phase::predicted`]; `None`: the hook does not run there). After a tool a block is
    /// seen only by its reason reaching the model, so a block whose hook printed no reason
    /// (exit 2 with nothing on stderr) is seen as an allow: what live mode can observe, not
    /// what the agent decides.
    pub fn predicted_for(self, t: &crate::report::TargetReport) -> Option<&'static str> {
        let word = self.predicted(t.effect?, t.decision);
        let shown = || {
            t.commands
                .iter()
                .any(|c| needles(&c.stdout, &c.stderr).iter().any(|n| n.reason))
        };
        Some(match (self, word) {
            (Phase::AfterTool, "block") if !shown() => "allow",
            _ => word,
        })
    }
}

/// Where a piece of the hook's output went, when it reached the model.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HookText {
    /// A reason (stderr, a `reason` field) was in a later request to the model.
    pub as_reason: bool,
    /// Context (plain stdout, an `additionalContext` field) was in a later request.
    pub as_context: bool,
}

/// What the fake model server and the workspace showed of one run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Seen {
    /// The action ran: the marker command left its file, or the file was written (`None`: the
    /// situation has no action).
    pub action_ran: Option<bool>,
    /// The agent asked the model again after the hook's event (after the tool call, or with
    /// the prompt): the turn went on.
    pub turn_went_on: bool,
    /// The prompt reached the model.
    pub prompt_reached_model: bool,
    /// After the model's final answer, the agent asked the model again, with the tools of the
    /// main turn (a side call with other tools does not count).
    pub asked_again_after_stop: bool,
    /// The hook's own text reached the model in a later request.
    pub hook_text: HookText,
}

impl Seen {
    /// One line for people: `action ran · turn went on · ...`.
    pub fn describe(&self) -> String {
        let yes_no = |b: bool, yes: &str, no: &str| if b { yes } else { no }.to_string();
        let mut parts = Vec::new();
        if let Some(ran) = self.action_ran {
            parts.push(yes_no(ran, "action ran", "action did not run"));
        }
        parts.push(yes_no(self.turn_went_on, "turn went on", "turn stopped"));
        parts.push(yes_no(
            self.prompt_reached_model,
            "prompt reached the model",
            "prompt did not reach the model",
        ));
        if self.asked_again_after_stop {
            parts.push("asked the model again after its final answer".into());
        }
        let t = self.hook_text;
        parts.push(match (t.as_reason, t.as_context) {
            (false, false) => "the hook's text did not reach the model".into(),
            (true, false) => "the hook's reason reached the model".into(),
            (false, true) => "the hook's context reached the model".into(),
            (true, true) => "the hook's reason and context reached the model".into(),
        });
        parts.join(" · ")
    }
}

/// A piece of text the hook writes, looked for in the requests the model gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Needle {
    /// The text.
    pub text: String,
    /// It is a reason (else context).
    pub reason: bool,
}

/// The pieces of a hook's output worth looking for: stderr and JSON `reason` fields as
/// reasons (on stderr too: an agent that reads stderr as the reply when stdout is empty sends
/// the reason field rather than the JSON), plain stdout and JSON
/// `additionalContext` fields as context.
pub fn needles(stdout: &str, stderr: &str) -> Vec<Needle> {
    let mut out = Vec::new();
    let mut push = |text: &str, reason: bool| {
        let text = text.trim();
        if text.len() >= 4 {
            out.push(Needle {
                text: text.to_string(),
                reason,
            });
        }
    };
    push(stderr, true);
    if let Some(fields) = json_fields(stderr) {
        for (key, text) in fields {
            if key.to_ascii_lowercase().contains("reason") {
                push(&text, true);
            }
        }
    }
    match json_fields(stdout) {
        Some(fields) => {
            for (key, text) in fields {
                let k = key.to_ascii_lowercase();
                if k.contains("reason") {
                    push(&text, true);
                } else if k.contains("context") {
                    push(&text, false);
                }
            }
        }
        None => push(stdout, false),
    }
    out
}

/// The string fields of `text` when it is a JSON object. An agent that skips a byte-order
/// mark reads the JSON behind it (one recorded agent does).
fn json_fields(text: &str) -> Option<Vec<(String, String)>> {
    let json = text.trim().trim_start_matches('\u{feff}');
    match serde_json::from_str::<Value>(json) {
        Ok(v @ Value::Object(_)) => {
            let mut fields = Vec::new();
            string_fields(&v, &mut fields);
            Some(fields)
        }
        _ => None,
    }
}

fn string_fields(v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match x {
                    Value::String(t) => out.push((k.clone(), t.clone())),
                    other => string_fields(other, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|x| string_fields(x, out)),
        _ => {}
    }
}

/// Whether `text` is in a request body (as the JSON string escapes it, or as is).
fn in_body(body: &str, text: &str) -> bool {
    let escaped = serde_json::to_string(text).unwrap_or_default();
    let escaped = escaped.trim_matches('"');
    body.contains(escaped) || body.contains(text)
}

/// What the requests to the model show: `bodies` in arrival order (model requests only),
/// `call_at` the one answered with the scripted call, `final_at` the first answered with the
/// final text.
pub(super) fn seen_in(
    bodies: &[&str],
    call_at: Option<usize>,
    final_at: Option<usize>,
    prompt: &str,
    needles: &[Needle],
) -> (bool, bool, bool, HookText) {
    let prompt_reached = bodies.iter().any(|b| in_body(b, prompt));
    let after_call = call_at.is_some_and(|i| bodies.len() > i + 1);
    let asked_again = final_at.is_some_and(|i| asked_again(bodies[i], &bodies[i + 1..]));
    // The hook's text counts once the agent got it from the hook: after the prompt went out,
    // and not when it was in a request before the tool call (a short reason such as "fine" is
    // in a system prompt's "define": no hook put it there).
    let first = bodies.iter().position(|b| in_body(b, prompt)).unwrap_or(0);
    let before: &[&str] = call_at.map_or(&[], |i| &bodies[..=i]);
    let fresh: Vec<Needle> = needles
        .iter()
        .filter(|n| !before.iter().any(|b| in_body(b, &n.text)))
        .cloned()
        .collect();
    let text = hook_text_in(&bodies[first..], &fresh);
    (prompt_reached, after_call, asked_again, text)
}

/// Whether the agent asked the model again after `last`, the request answered with the final
/// answer: a `later` request carries that answer (as a JSON string of its own: the
/// conversation, not a system prompt) and offers the same tools as `last`. A side call that
/// also carries the conversation (a memory extraction, a summary, a title) offers other tools
/// or none: Qwen Code 0.24.4 sends its memory-extraction subagent the conversation with 6 of
/// its 14 tools after every answer.
fn asked_again(last: &str, later: &[&str]) -> bool {
    let answer = serde_json::to_string(FINAL).unwrap_or_default();
    let tools = |b: &str| {
        let v = serde_json::from_str::<Value>(b).unwrap_or_default();
        let mut names = server::offered_tools(&v);
        names.sort();
        names
    };
    let main = tools(last);
    later
        .iter()
        .any(|b| b.contains(&answer) && tools(b) == main)
}

/// Which of the hook's texts are in any of `bodies`.
fn hook_text_in(bodies: &[&str], needles: &[Needle]) -> HookText {
    let mut text = HookText::default();
    for n in needles {
        if bodies.iter().any(|b| in_body(b, &n.text)) {
            if n.reason {
                text.as_reason = true;
            } else {
                text.as_context = true;
            }
        }
    }
    text
}

/// One observation of one agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Observation {
    /// The tool id.
    pub agent: String,
    /// The agent's version, as it reports it.
    pub version: Option<String>,
    /// The verdict.
    pub observed: Observed,
    /// What was seen, that the verdict rests on.
    #[serde(default)]
    pub seen: Seen,
    /// The tool result the agent handed back to the model.
    pub tool_result: Option<String>,
    /// The agent's exit code.
    pub exit_code: Option<i32>,
    /// The agent ran past hookcheck's limit and was stopped.
    pub timed_out: bool,
    /// Time taken, in milliseconds.
    pub elapsed_ms: u64,
    /// The tail of the agent's stderr, for a no-call.
    pub stderr_tail: String,
    /// Processes the agent left running after it exited, ended by pid (daemons outside its
    /// process group).
    #[serde(default)]
    pub ended_pids: Vec<i32>,
    /// The lines the hooks appended to `$TMPDIR/hookcheck-trace` ([`super::TRACE`]), in
    /// order: which hooks ran, where no reply of theirs reached the model.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trace: Vec<String>,
    /// What the hook was given, when the run captured it (`--show-input`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Input>,
    /// The hook files the driver wrote into the workspace (relative path, text), with
    /// `--repo-hooks own`: what hookcheck predicts `--also-event` from.
    #[serde(skip)]
    #[schemars(skip)]
    pub hook_files: Vec<(String, String)>,
}

/// What the hook was given in one live run, and what the agent itself was given, so the two
/// can be told apart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Input {
    /// Every hook call, oldest first.
    pub calls: Vec<capture::Captured>,
    /// The names of the variables the agent was started with.
    pub agent_env: Vec<String>,
    /// The PATH the agent was started with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_path: Option<String>,
    /// The throwaway home (the agent's workspace is its `work` folder); gone after the run.
    pub home: String,
    /// The hook's entry as written, where the file is in another agent's format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub written: Option<crate::live::driver::Written>,
}

/// Single-quotes `s` for a POSIX shell.
pub fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Qwen Code 0.24.4's main agent offers these 14 tools (Chat Completions, 2026-12-01).
    const MAIN_TOOLS: &[&str] = &[
        "agent",
        "edit",
        "get_goal",
        "glob",
        "grep_search",
        "list_agents",
        "notebook_edit",
        "read_file",
        "run_shell_command",
        "skill",
        "tool_call",
        "tool_search",
        "update_goal",
        "write_file",
    ];
    /// Its managed-memory extraction subagent, sent after the final answer, offers these 6.
    const MEMORY_TOOLS: &[&str] = &[
        "read_file",
        "grep_search",
        "glob",
        "run_shell_command",
        "write_file",
        "edit",
    ];
    const PROMPT: &str = "Run the shell command you are asked for, then stop.";

    /// A Chat Completions request shaped as Qwen Code 0.24.4 sends it (the system prompt and
    /// the tools' schemas cut short): `system`, then the conversation, then the tools.
    fn chat(system: &str, turns: &[(&str, &str)], tools: &[&str]) -> String {
        let mut messages = vec![json!({"role": "system", "content": system})];
        for (role, text) in turns {
            messages.push(match *role {
                "assistant" => json!({"role": role, "content": text}),
                _ => json!({"role": role, "content": [{"type": "text", "text": text}]}),
            });
        }
        let tools: Vec<Value> = tools
            .iter()
            .map(|t| json!({"type": "function", "function": {"name": t, "parameters": {"type": "object", "properties": {}, "required": []}}}))
            .collect();
        json!({
            "model": "fake-model",
            "max_tokens": 32000,
            "stream": true,
            "stream_options": {"include_usage": true},
            "messages": messages,
            "tools": tools,
        })
        .to_string()
    }

    const AGENT: &str = "You are Qwen Code, a non-interactive CLI agent developed by Alibaba Group, specializing in software engineering tasks.";
    const MEMORY: &str =
        "You are now acting as the managed memory extraction subagent for an AI coding assistant.";

    fn again(bodies: &[String]) -> bool {
        let bodies: Vec<&str> = bodies.iter().map(String::as_str).collect();
        seen_in(&bodies, None, Some(0), PROMPT, &[]).2
    }

    /// The hook said nothing (cell exit0_none_none): after the answer Qwen Code sends the
    /// conversation to its memory-extraction subagent, with other tools. That is no new turn.
    #[test]
    fn a_side_call_with_other_tools_is_not_asking_again() {
        let bodies = [
            chat(AGENT, &[("user", PROMPT)], MAIN_TOOLS),
            chat(
                MEMORY,
                &[
                    ("user", PROMPT),
                    ("assistant", FINAL),
                    ("user", "Managed memory has TWO directories."),
                ],
                MEMORY_TOOLS,
            ),
        ];
        assert!(!again(&bodies));
    }

    /// decision "block" with reason "nope" (cell exit0_decision-block_none): the reason goes
    /// back as the next user message with the main turn's tools, in whatever order.
    #[test]
    fn the_conversation_with_the_main_tools_is_asking_again() {
        let mut shuffled = MAIN_TOOLS.to_vec();
        shuffled.reverse();
        let bodies = [
            chat(AGENT, &[("user", PROMPT)], MAIN_TOOLS),
            chat(
                AGENT,
                &[("user", PROMPT), ("assistant", FINAL), ("user", "nope")],
                &shuffled,
            ),
        ];
        assert!(again(&bodies));
        // The main tools without the answer: not the same conversation.
        let bodies = [
            chat(AGENT, &[("user", PROMPT)], MAIN_TOOLS),
            chat(AGENT, &[("user", "something else")], MAIN_TOOLS),
        ];
        assert!(!again(&bodies));
    }

    /// An agent whose main turn offers no tools asks again with none; a side call that offers
    /// one it never had does not count.
    #[test]
    fn tools_are_compared_as_the_main_turn_offered_them() {
        let bodies = [
            chat(AGENT, &[("user", PROMPT)], &[]),
            chat(AGENT, &[("user", PROMPT), ("assistant", FINAL)], &[]),
        ];
        assert!(again(&bodies));
        let bodies = [
            chat(AGENT, &[("user", PROMPT)], &[]),
            chat(
                MEMORY,
                &[("user", PROMPT), ("assistant", FINAL)],
                &["write_file"],
            ),
        ];
        assert!(!again(&bodies));
    }
}

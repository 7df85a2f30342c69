//! Const constructors for the parts every contract repeats: each starts from the common case
//! (what most agents do) and a contract names only where its agent differs, one builder call
//! each, so a contract reads as its differences.

use super::reply::{Reply, Rule, Stream};
use super::{
    EnvRefs, Fill, Gate, Input, Launch, PerHook, ProjectDir, ReadContext, Run, Shell, ToolCall,
    Var, Zero,
};
use crate::verdict::{Effect, Reading};

impl Run {
    /// Runs `argv` then the command text (`&["sh", "-c"]`): the exec form and the spec's
    /// `env` are honoured, the agent sets no variable and expands none, the timeouts and
    /// working directory are documented, the spec's `cwd` is not the handler's, and
    /// `timeout: 0` is used as given.
    pub const fn argv(argv: &'static [&'static str]) -> Run {
        Run {
            shell: Shell::Argv(argv),
            exec_form: Ok(()),
            env: &[],
            inherits: &[],
            unset: &[],
            exports_scalars: false,
            spec_env: Ok(()),
            expands: None,
            loads_env_refs: None,
            timeout_assumed: false,
            zero_timeout: Zero::AsGiven,
            cwd_assumed: false,
            handler_cwd: false,
            per_hook: None,
            forced: &[],
            dedupes: false,
            stops_at_block: None,
            joins_args: false,
            ignores_async: false,
            reads_to_eof: false,
            output_limit: None,
            launch: Launch::RUNNER,
            project_dir: ProjectDir::Root,
            project_files: ProjectDir::Root,
            also_fires: &[],
        }
    }
    /// The agent keeps only the first `bytes` of each stream (see [`Run::output_limit`]).
    pub const fn output_limit(mut self, bytes: usize) -> Self {
        self.output_limit = Some(bytes);
        self
    }
    /// How the agent launches the hook, as seen on it ([`Run::launch`]).
    pub const fn launch(mut self, launch: Launch) -> Self {
        self.launch = launch;
        self
    }
    /// The agent reads the hook's output to its end under the timeout (see
    /// [`Run::reads_to_eof`]).
    pub const fn reads_to_eof(mut self) -> Self {
        self.reads_to_eof = true;
        self
    }
    /// Like [`Run::argv`], but the shell is undocumented: `sh -c` is assumed, for a script
    /// path only (these variables allowed at its start).
    pub const fn script_path(vars: &'static [&'static str]) -> Run {
        let mut run = Run::argv(&[]);
        run.shell = Shell::ScriptPath(vars);
        run
    }
    /// The shell is not documented at all: `sh -c` is assumed for any command.
    pub const fn assumed_shell(mut self) -> Self {
        self.shell = Shell::Assumed;
        self
    }
    /// The agent has no exec form (`args`), for this reason.
    pub const fn no_exec_form(mut self, why: &'static str) -> Self {
        self.exec_form = Err(why);
        self
    }
    /// The variables the agent sets for the hook.
    pub const fn env(mut self, env: &'static [(&'static str, Var)]) -> Self {
        self.env = env;
        self
    }
    /// Variables the agent's own process carries and every hook inherits (never expanded).
    pub const fn inherits(mut self, vars: &'static [(&'static str, &'static str)]) -> Self {
        self.inherits = vars;
        self
    }
    /// Variables the agent removes from the hook's environment (`NAME*`: every name so
    /// starting).
    pub const fn unset(mut self, names: &'static [&'static str]) -> Self {
        self.unset = names;
        self
    }
    /// The agent sets a variable per top-level scalar field of the input, named as the field.
    pub const fn exports_scalars(mut self) -> Self {
        self.exports_scalars = true;
        self
    }
    /// The spec's `env` does not reach the hook: what the agent does with it instead.
    pub const fn drops_spec_env(mut self, why: &'static str) -> Self {
        self.spec_env = Err(why);
        self
    }
    /// The agent replaces `$NAME` of its variables in the command text (the note says so).
    pub const fn expands(mut self, note: &'static str) -> Self {
        self.expands = Some(note);
        self
    }
    /// The agent resolves environment references in its settings when it loads them (see
    /// [`Run::loads_env_refs`]); the note names it.
    pub const fn loads_env_refs(mut self, note: &'static str, refs: EnvRefs) -> Self {
        self.loads_env_refs = Some((note, refs));
        self
    }
    /// The default timeouts are assumed, not documented.
    pub const fn timeout_assumed(mut self) -> Self {
        self.timeout_assumed = true;
        self
    }
    /// What `timeout: 0` means to the agent.
    pub const fn zero_timeout(mut self, zero: Zero) -> Self {
        self.zero_timeout = zero;
        self
    }
    /// Hooks run in the folder the agent was started in ([`Run::project_dir`]).
    pub const fn runs_where_started(mut self) -> Self {
        self.project_dir = ProjectDir::Start;
        self
    }
    /// Project hook files are read from the folder the agent was started in only
    /// ([`Run::project_files`]).
    pub const fn project_files_where_started(mut self) -> Self {
        self.project_files = ProjectDir::Start;
        self
    }
    /// The working directory is assumed, not documented.
    pub const fn cwd_assumed(mut self) -> Self {
        self.cwd_assumed = true;
        self
    }
    /// The spec's `cwd` is where the agent runs the handler ([`Run::handler_cwd`]).
    pub const fn handler_cwd(mut self) -> Self {
        self.handler_cwd = true;
        self
    }
    /// The agent picks each command's program and arguments this way ([`Run::per_hook`]).
    pub const fn per_hook(mut self, pick: PerHook) -> Self {
        self.per_hook = Some(pick);
        self
    }
    /// The agent forces these variables on every hook, after the spec's `env`.
    pub const fn forced(mut self, vars: &'static [(&'static str, &'static str)]) -> Self {
        self.forced = vars;
        self
    }
    /// Events fired on the same call after another ([`Run::also_fires`]).
    pub const fn also_fires(mut self, pairs: &'static [(&'static str, &'static str)]) -> Self {
        self.also_fires = pairs;
        self
    }
    /// Hooks with the same command text run once ([`Run::dedupes`]).
    pub const fn dedupes(mut self) -> Self {
        self.dedupes = true;
        self
    }
    /// The agent runs an event's hooks in order and stops at the first that stops the action
    /// ([`Run::stops_at_block`]), as `source` shows.
    pub const fn stops_at_block(mut self, source: &'static str) -> Self {
        self.stops_at_block = Some(source);
        self
    }
    /// The agent joins `args` onto the command line ([`Run::joins_args`]).
    pub const fn joins_args(mut self) -> Self {
        self.joins_args = true;
        self
    }
    /// The agent waits for every hook, whatever the spec's `async` says.
    pub const fn ignores_async(mut self) -> Self {
        self.ignores_async = true;
        self
    }
}

impl Reply {
    /// The reply is on stdout, read by these rules: no JSON inside a string, no byte-order
    /// mark skipped, no field adds context or rewrites beside the rules', and the strongest
    /// decision of an event's commands wins ([`strongest`]).
    pub const fn stdout(rules: &'static [Rule]) -> Reply {
        Reply {
            from: Stream::Stdout,
            json_in_string: false,
            skips_bom: false,
            context: &[],
            rewrites: &[],
            rules,
            combine: strongest,
            prepare: None,
            after: None,
        }
    }
    /// The reply is read from this stream instead.
    pub const fn reads(mut self, from: Stream) -> Self {
        self.from = from;
        self
    }
    /// A JSON string that holds a JSON object is taken too (parsed twice).
    pub const fn json_in_string(mut self) -> Self {
        self.json_in_string = true;
        self
    }
    /// A UTF-8 byte-order mark before the reply is skipped.
    pub const fn skips_bom(mut self) -> Self {
        self.skips_bom = true;
        self
    }
    /// The fields whose presence in a JSON reply adds context.
    pub const fn context(mut self, fields: &'static [&'static str]) -> Self {
        self.context = fields;
        self
    }
    /// The fields whose presence in a JSON reply rewrites the tool's input or output.
    pub const fn rewrites(mut self, fields: &'static [&'static str]) -> Self {
        self.rewrites = fields;
        self
    }
    /// The agent's own way of folding an event's readings.
    pub const fn combine(mut self, combine: fn(&ReadContext, &[Reading]) -> Reading) -> Self {
        self.combine = combine;
        self
    }
    /// The agent prepares stdout this way before the rows read it ([`Reply::prepare`]).
    pub const fn prepare(mut self, prepare: super::reply::Prepare) -> Self {
        self.prepare = Some(prepare);
        self
    }
    /// The agent adjusts the reading this way after the rows ([`Reply::after`]).
    pub const fn after(mut self, after: super::reply::After) -> Self {
        self.after = Some(after);
        self
    }
}

/// The default combination: the strongest decision wins (block > timeout > error > allow);
/// notes, context and rewrites are gathered from every reading, and the result is counted only
/// when every reading is.
pub fn strongest(_ctx: &ReadContext, readings: &[Reading]) -> Reading {
    let Some(top) = readings.iter().max_by_key(|r| r.decision.strength()) else {
        return Reading::allow();
    };
    // The action fares as badly as the worst command lets it: one command that stops it
    // stops it, whichever decision ranks first.
    let effect = readings
        .iter()
        .map(|r| r.effect)
        .max_by_key(|e| effect_rank(*e))
        .unwrap_or(top.effect);
    let mut out = Reading::new(top.decision).effect(effect);
    // The reading that decided is the one whose rule and fix explain the result.
    out.rule.clone_from(&top.rule);
    out.fix.clone_from(&top.fix);
    for r in readings {
        out.adds_context |= r.adds_context;
        out.rewrites_input |= r.rewrites_input;
        out.counted &= r.counted;
    }
    out
}

/// The combination of an agent that merges replies in order: the last reading that stated its
/// decision ([`Reading::decided`]) decides, with `note` when there were several; context,
/// rewrites and counting are [`strongest`]'s. `None` when no reading stated one.
pub fn last_stated(ctx: &ReadContext, readings: &[Reading], note: &str) -> Option<Reading> {
    let out = strongest(ctx, readings);
    let last = readings.iter().rev().find(|r| r.decided)?;
    let mut merged = Reading::new(last.decision).effect(last.effect);
    merged.counted = out.counted;
    merged.adds_context = out.adds_context;
    merged.rewrites_input = out.rewrites_input;
    // The last explicit reply decided: its rule and fix explain the result.
    merged.rule.clone_from(&last.rule);
    merged.fix.clone_from(&last.fix);
    if readings.len() > 1 {
        merged = merged.note(note);
    }
    Some(merged)
}

fn effect_rank(e: Effect) -> u8 {
    match e {
        Effect::Proceeds => 0,
        Effect::Blocked => 1,
        Effect::Halted => 2,
    }
}

impl super::Quirks {
    /// No gate and no input filler: the tables say everything.
    pub const NONE: Self = Self {
        resolve: None,
        refuse: None,
        gate: None,
        input: None,
        adjust: None,
    };
    /// This function finds the event and matcher ([`super::Quirks::resolve`]).
    pub const fn resolve(mut self, resolve: super::Resolve) -> Self {
        self.resolve = Some(resolve);
        self
    }
    /// This function refuses events or triggers ([`super::Quirks::refuse`]).
    pub const fn refuse(mut self, refuse: super::Refuse) -> Self {
        self.refuse = Some(refuse);
        self
    }
    /// This function adjusts the finished plan ([`super::Quirks::adjust`]).
    pub const fn adjust(mut self, adjust: super::Adjust) -> Self {
        self.adjust = Some(adjust);
        self
    }
    /// This gate runs after the matcher picked the hook.
    pub const fn gate(mut self, gate: Gate) -> Self {
        self.gate = Some(gate);
        self
    }
    /// This function fills the fields no template can.
    pub const fn input(mut self, fill: Fill) -> Self {
        self.input = Some(fill);
        self
    }
}

impl Input {
    /// Every event's input starts with these fields (a [`super::template`]), and a payload
    /// names the tool at `tool_name`.
    pub const fn common(common: &'static str) -> Input {
        Input {
            common,
            tool_path: "tool_name",
            no_edit: None,
        }
    }
    /// A payload names the tool at this dotted path instead.
    pub const fn tool_path(mut self, path: &'static str) -> Self {
        self.tool_path = path;
        self
    }
    /// Why `--edit` builds no tool event's input, in the agent's terms ([`Input::no_edit`]).
    pub const fn no_edit(mut self, why: &'static str) -> Self {
        self.no_edit = Some(why);
        self
    }
}

impl ToolCall {
    /// The tool `name`, its `input` and what it returned (`response`), both [`super::template`]s;
    /// the input is the same when the edited file does not exist yet.
    pub const fn new(name: &'static str, input: &'static str, response: &'static str) -> Self {
        ToolCall {
            name,
            input,
            new_file: None,
            response,
        }
    }
    /// Its input when the edited file does not exist yet.
    pub const fn new_file(mut self, input: &'static str) -> Self {
        self.new_file = Some(input);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Quirks, Run, Shell, Zero};
    use super::Reply;
    use crate::contract::reply::Stream;

    #[test]
    fn a_run_preset_is_the_common_case_and_each_builder_changes_one_field() {
        let base = Run::argv(&["sh", "-c"]);
        assert!(matches!(base.shell, Shell::Argv(["sh", "-c"])));
        assert_eq!(base.exec_form, Ok(()));
        assert_eq!(base.spec_env, Ok(()));
        assert!(base.env.is_empty() && base.expands.is_none());
        assert!(!base.timeout_assumed && !base.cwd_assumed && !base.handler_cwd);
        assert!(base.per_hook.is_none() && !base.ignores_async);
        assert_eq!(base.zero_timeout, Zero::AsGiven);
        let r = Run::script_path(&["V"])
            .no_exec_form("no args")
            .drops_spec_env("dropped")
            .expands("rewritten")
            .timeout_assumed()
            .zero_timeout(Zero::NoLimit)
            .cwd_assumed()
            .handler_cwd()
            .ignores_async();
        assert!(matches!(r.shell, Shell::ScriptPath(["V"])));
        assert_eq!(r.exec_form, Err("no args"));
        assert_eq!(r.spec_env, Err("dropped"));
        assert_eq!(r.expands, Some("rewritten"));
        assert!(r.timeout_assumed && r.cwd_assumed && r.handler_cwd && r.ignores_async);
        assert_eq!(r.zero_timeout, Zero::NoLimit);
    }

    #[test]
    fn a_reply_preset_reads_stdout_and_each_builder_changes_one_field() {
        let base = Reply::stdout(&[]);
        assert!(base.from == Stream::Stdout);
        assert!(!base.json_in_string && !base.skips_bom);
        assert!(base.context.is_empty() && base.rewrites.is_empty());
        let r = Reply::stdout(&[])
            .reads(Stream::LastLine)
            .json_in_string()
            .skips_bom()
            .context(&["c"])
            .rewrites(&["r"]);
        assert!(r.from == Stream::LastLine);
        assert!(r.json_in_string && r.skips_bom);
        assert_eq!((r.context, r.rewrites), (&["c"][..], &["r"][..]));
        assert!(Quirks::NONE.gate.is_none() && Quirks::NONE.input.is_none());
    }

    #[test]
    fn input_and_tool_call_presets_default_the_rare_fields() {
        let i = super::Input::common("{}");
        assert_eq!((i.common, i.tool_path), ("{}", "tool_name"));
        assert_eq!(i.no_edit, None);
        let i = i.tool_path("toolName").no_edit("why");
        assert_eq!((i.tool_path, i.no_edit), ("toolName", Some("why")));
        let t = super::ToolCall::new("Edit", "{}", "");
        assert_eq!((t.name, t.new_file), ("Edit", None));
        assert_eq!(t.new_file("{\"new\":1}").new_file, Some("{\"new\":1}"));
    }
}

//! The reader, row by row: the engine's own small contracts and every rule kind.

use serde_json::{Map, Value};

use super::*;
use crate::agent::testing::{exit, spec};
use crate::contract::{Flavour, Kind as EventKind, Shell, ToolCall, event};
use crate::verdict::Decision::{Allow, Block, Error};

#[rustfmt::skip]
const RULES: &[Rule] = &[
    rule(Block).reply(Shape::Array).says("array"),
    rule(Allow).reply(Shape::Scalar).says("scalar"),
    rule(Error).reply(Shape::Text).stdout(Text::Some).says("text, stdout {from}"),
    rule(Error).reply(Shape::Text).says("text"),
    rule(Allow).json(&[Test::IsEvent("e")]).uncounted("on {event}: {value}"),
    rule(Error).json(&[Test::KeyNotIn(&["a", "b"])]).ignores_context().says("key {value}"),
    rule(Block).json(&[Test::NonBlank("a")]).rewrites(),
    rule(Allow).json(&[]).says("object"),
    note("").json(&[Test::NotNull("n")]).context(),
];

const EVENTS: &[crate::contract::Event] = &[
    event("Stop", EventKind::Stop, 1),
    event("PreToolUse", EventKind::BeforeTool, 1).input(r#"{"tool":"$TOOL"}"#),
    event("beforeShellExecution", EventKind::Shell, 1)
        .matches_value("command")
        .detached()
        .input(r#"{"command":"$COMMAND"}"#),
];

/// A small contract for the engine's own tests.
pub(crate) static C: Contract = contract(&[ToolCall {
    name: "write",
    input: "{}",
    new_file: None,
    response: "{}",
}]);
/// The same, with no edit tool.
pub(crate) static NO_EDIT: Contract = contract(&[]);

const fn contract(edit: &'static [ToolCall]) -> Contract {
    let mut c = crate::contract::testing::sample(EVENTS, edit, RULES);
    c.portable.events = &[(crate::spec::On::AfterEdit, "beforeShellExecution")];
    c.portable.edit = "write";
    c.portable.read = "$NONE:A names no read tool: write a native matcher";
    c.tools.shell.name = "sh";
    c.tools.shell.input = "{}";
    c.matcher = Flavour::GoRegexWhole;
    c.input.common = "{}";
    c.run.shell = Shell::Assumed;
    c.run.timeout_assumed = true;
    c.run.cwd_assumed = true;
    c.reply.from = Stream::StderrAt(2);
    c.reply.json_in_string = true;
    c.reply.context = &["b"];
    c
}

/// `f` on the read context of a Stop hook.
fn on_stop<T>(f: impl FnOnce(&ReadContext) -> T) -> T {
    let s = spec("event: Stop\ncommand: x\n");
    let cx = ReadContext {
        event: "Stop",
        spec: &s,
        input: &Value::Null,
        peers: &[],
    };
    f(&cx)
}

fn reading(code: i32, stdout: &str, stderr: &str) -> crate::verdict::Reading {
    on_stop(|cx| read("A", &C, cx, &exit(code, stdout, stderr)))
}

fn read_one(code: i32, stdout: &str, stderr: &str) -> (Decision, Vec<String>) {
    let r = reading(code, stdout, stderr);
    (r.decision, r.notes)
}

#[test]
fn event_and_null_tests_a_filled_uncounted_reason_and_a_note_row_that_adds_context() {
    let r = reading(0, r#"{"e":"Stop","n":1}"#, "");
    assert_eq!(
        (r.counted, r.notes, r.adds_context),
        (false, vec!["not counted: on Stop: ".to_string()], true)
    );
    let r = reading(0, r#"{"e":"Other","n":null}"#, "");
    assert_eq!((r.counted, r.notes.len(), r.adds_context), (true, 1, false));
    // The note row matches, but the deciding row takes nothing from the reply.
    let r = reading(0, r#"{"e":"Other","n":1}"#, "");
    assert_eq!((r.decision, r.adds_context), (Error, false));
}

#[test]
fn key_and_blank_tests_and_rules_that_ignore_context_or_rewrite() {
    let r = reading(0, r#"{"b":1,"c":2,"d":3}"#, "");
    assert_eq!(
        (r.decision, r.notes, r.adds_context),
        (Error, vec!["key c".to_string()], false)
    );
    let r = reading(0, r#"{"a":"x","b":1}"#, "");
    assert_eq!(
        (r.decision, r.adds_context, r.rewrites_input),
        (Block, true, true)
    );
    let r = reading(0, r#"{"a":"  ","b":1}"#, "");
    assert_eq!(
        (r.decision, r.adds_context, r.rewrites_input),
        (Allow, true, false)
    );
}

#[test]
fn shapes_tell_arrays_scalars_and_text_apart_and_exit_2_reads_stderr_alone() {
    let one = |n: &str| vec![n.to_string()];
    assert_eq!(read_one(0, "[1]", ""), (Block, one("array")));
    assert_eq!(read_one(0, r#""[1]""#, ""), (Block, one("array")));
    assert_eq!(read_one(0, "42", ""), (Allow, one("scalar")));
    assert_eq!(read_one(0, r#""null""#, ""), (Allow, one("scalar")));
    assert_eq!(
        read_one(0, r#""hi""#, ""),
        (Error, one("text, stdout stdout"))
    );
    assert_eq!(read_one(0, "{x", ""), (Error, one("text, stdout stdout")));
    assert_eq!(read_one(1, "", "{}"), (Allow, one("object")));
    // Exit 2: stderr alone, even when stdout holds a reply.
    assert_eq!(read_one(2, "{}", "no"), (Error, one("text, stdout stderr")));
    assert_eq!(read_one(2, "", "no"), (Error, one("text")));
}

mod more_tests {
    use super::super::read::passes;
    use serde_json::{Value, json};

    use super::*;
    use crate::agent::testing;
    use crate::contract::testing::sample;
    use crate::contract::{Event, Kind, event};

    const EVENTS: &[Event] = &[event("Stop", Kind::Stop, 60)];
    #[rustfmt::skip]
    const RULES: &[Rule] = &[
        rule(Decision::Error).on(Ev::Input("source", "policy")).exit(2).says("cannot block"),
        rule(Decision::Block).exit(2),
    ];
    static C: Contract = sample(EVENTS, &[], RULES);

    fn read_with(input: &Value) -> Reading {
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        let ctx = ReadContext {
            event: "Stop",
            spec: &spec,
            input,
            peers: &[],
        };
        read("A", &C, &ctx, &testing::exit(2, "", "x"))
    }

    #[test]
    fn concat_keeps_both_tables_in_order() {
        const A: &[Rule] = &[rule(Decision::Block).says("a")];
        const B: &[Rule] = &[note("b"), rule(Decision::Allow).says("c")];
        const AB: [Rule; 3] = concat::<3>(A, B);
        let notes: Vec<&str> = AB.iter().map(|r| r.note).collect();
        assert_eq!(notes, ["a", "b", "c"]);
    }

    #[test]
    fn json_fields_count_only_where_the_event_reads_them() {
        const EVENTS: &[Event] = &[
            event("Stop", Kind::Stop, 60),
            event("PreToolUse", Kind::BeforeTool, 60).json_fields_ignored(),
        ];
        const RULES: &[Rule] = &[rule(Decision::Allow).json(&[])];
        static C: Contract = {
            let mut c = sample(EVENTS, &[], RULES);
            c.reply.context = &["ctx"];
            c.reply.rewrites = &["new"];
            c
        };
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        for (event, want) in [("Stop", true), ("PreToolUse", false)] {
            let ctx = ReadContext {
                event,
                spec: &spec,
                input: &Value::Null,
                peers: &[],
            };
            let r = read(
                "A",
                &C,
                &ctx,
                &testing::exit(0, r#"{"ctx":"x","new":1}"#, ""),
            );
            assert_eq!((r.adds_context, r.rewrites_input), (want, want), "{event}");
        }
    }

    #[test]
    fn last_line_reads_only_the_last_non_empty_stdout_line() {
        const RULES: &[Rule] = &[
            rule(Decision::Block).json(&[Test::Is("d", "deny")]),
            rule(Decision::Allow),
        ];
        static C: Contract = {
            let mut c = sample(EVENTS, &[], RULES);
            c.reply.from = Stream::LastLine;
            c
        };
        let spec = testing::spec("event: Stop\ncommand: ./h.sh\n");
        let ctx = ReadContext {
            event: "Stop",
            spec: &spec,
            input: &Value::Null,
            peers: &[],
        };
        for (stdout, want) in [
            ("noise\n{\"d\":\"deny\"}\n\n", Decision::Block),
            ("{\"d\":\"deny\"}\ndone\n", Decision::Allow),
            ("", Decision::Allow),
        ] {
            let r = read("A", &C, &ctx, &testing::exit(0, stdout, ""));
            assert_eq!(r.decision, want, "{stdout:?}");
        }
    }

    #[test]
    fn python_and_case_blind_tests() {
        let o = |t: &str| serde_json::from_str::<Map<String, Value>>(t).unwrap_or_default();
        let mut b = String::new();
        for (json, test, want) in [
            (r#"{"d":"DENY"}"#, Test::IsNoCase("d", "deny"), true),
            (r#"{"d":"den"}"#, Test::IsNoCase("d", "deny"), false),
            (r#"{"d":null}"#, Test::NotStr("d"), true),
            (r#"{"d":"x"}"#, Test::NotStr("d"), false),
            (r#"{}"#, Test::NotStr("d"), false),
            (r#"{"c":null}"#, Test::Falsy("c"), true),
            (r#"{"c":0}"#, Test::Falsy("c"), true),
            (r#"{"c":""}"#, Test::Falsy("c"), true),
            (r#"{"c":[]}"#, Test::Falsy("c"), true),
            (r#"{"c":true}"#, Test::Falsy("c"), false),
            (r#"{"c":"no"}"#, Test::Falsy("c"), false),
            (r#"{}"#, Test::Falsy("c"), false),
            (r#"{"d":5}"#, Test::Mistyped("d"), true),
            (r#"{"d":null}"#, Test::Mistyped("d"), false),
            (r#"{"d":"x"}"#, Test::Mistyped("d"), false),
            (r#"{"d":" DENY "}"#, Test::Word("d", "deny"), true),
            (r#"{"d":"denied"}"#, Test::Word("d", "deny"), false),
        ] {
            assert_eq!(passes(&o(json), &test, "Stop", &mut b), want, "{json}");
        }
    }

    #[test]
    fn an_input_rule_applies_only_where_the_input_says_so() {
        let r = read_with(&json!({"source": "policy"}));
        assert_eq!(
            (r.decision, r.notes),
            (Decision::Error, vec!["cannot block".to_string()])
        );
        for input in [json!({"source": "user"}), json!({}), Value::Null] {
            assert_eq!(read_with(&input).decision, Decision::Block, "{input}");
        }
    }
}

mod read_tests {
    use super::{Rule, Shape, SpecIf, Test, read, rule};
    use crate::agent::testing::{exit, spec};
    use crate::contract::testing::{RUN, contract};
    use crate::contract::{Contract, ReadContext};
    use crate::exec::Outcome;
    use crate::spec::HookSpec;
    use crate::verdict::Decision::{self, Allow, Block, Error};
    use crate::verdict::Reading;

    const PLAIN: &str = "event: SessionStart\ncommand: ./g.sh\n";

    /// How `c` reads `outcome` on SessionStart, for a spec given as YAML.
    fn read_on(c: &Contract, yaml: &str, outcome: &Outcome) -> Reading {
        let spec = spec(yaml);
        let cx = ReadContext {
            event: "SessionStart",
            spec: &spec,
            input: &serde_json::Value::Null,
            peers: &[],
        };
        read("A", c, &cx, outcome)
    }

    /// The decision of `rules` for `outcome` on SessionStart, for a spec given as YAML.
    fn decide(rules: &'static [Rule], yaml: &str, outcome: &Outcome) -> Decision {
        read_on(&contract(rules, RUN), yaml, outcome).decision
    }

    #[test]
    fn a_spec_test_strict_utf8_json_not_an_object_and_an_optional_string() {
        fn timed(spec: &HookSpec) -> bool {
            spec.timeout().is_some()
        }
        const RULES: &[Rule] = &[
            rule(Error).reply(Shape::NotUtf8),
            rule(Allow).reply(Shape::NotObject).says("not an object"),
            rule(Block).spec(SpecIf::Custom(timed)),
            rule(Block).json(&[Test::StrOrNull("reason")]),
            rule(Allow),
        ];
        let plain = PLAIN;
        let timed_yaml = "event: SessionStart\ncommand: ./g.sh\ntimeout: 5\n";
        let mut bad = exit(0, "", "");
        bad.stdout.bytes = vec![b'{', 0xff, b'}'];
        let rows = [
            (plain, bad, Error),
            (timed_yaml, exit(0, "", ""), Block),
            (plain, exit(0, "", ""), Allow),
            (plain, exit(0, r#"{"reason":null}"#, ""), Block),
            (plain, exit(0, r#"{"reason":"r"}"#, ""), Block),
            (plain, exit(0, r#"{}"#, ""), Block),
            (plain, exit(0, r#"{"reason":5}"#, ""), Allow),
            (timed_yaml, exit(0, "[1]", ""), Allow),
            (timed_yaml, exit(0, "5", ""), Allow),
            (timed_yaml, exit(0, "[1", ""), Block),
        ];
        for (yaml, outcome, want) in rows {
            assert_eq!(decide(RULES, yaml, &outcome), want, "{yaml} {outcome:?}");
        }
    }

    #[test]
    fn a_note_row_adds_context_where_some_text_is_kept() {
        const RULES: &[Rule] = &[
            rule(Allow).json(&[]),
            super::note("kept")
                .json(&[Test::SomeText(&["a", "b"])])
                .context(),
        ];
        let rows = [
            (r#"{"a":"x"}"#, true),
            (r#"{"b":["", "y"]}"#, true),
            (r#"{"a":"","b":[""]}"#, false),
            (r#"{"a":["x", 1]}"#, false),
            (r#"{}"#, false),
        ];
        for (stdout, context) in rows {
            let r = read_on(&contract(RULES, RUN), PLAIN, &exit(0, stdout, ""));
            assert_eq!(
                (r.adds_context, r.notes.len()),
                (context, usize::from(context)),
                "{stdout}"
            );
        }
    }

    #[test]
    fn a_rule_that_drops_the_rewrite_rewrites_nothing() {
        const RULES: &[Rule] = &[
            rule(Block).json(&[Test::Has("deny")]).drops_rewrite(),
            rule(Allow).json(&[]),
        ];
        let mut c = contract(RULES, RUN);
        c.reply.rewrites = &["patch"];
        let r = read_on(&c, PLAIN, &exit(0, r#"{"deny":1,"patch":{}}"#, ""));
        assert!(!r.rewrites_input, "{r:?}");
        let r = read_on(&c, PLAIN, &exit(0, r#"{"patch":{}}"#, ""));
        assert!(r.rewrites_input, "{r:?}");
    }

    #[test]
    fn read_as_reads_the_stdout_it_is_given() {
        const RULES: &[Rule] = &[rule(Block).json(&[Test::Has("x")]), rule(Allow)];
        let c = contract(RULES, RUN);
        let spec = spec(PLAIN);
        let cx = ReadContext {
            event: "SessionStart",
            spec: &spec,
            input: &serde_json::Value::Null,
            peers: &[],
        };
        let out = exit(0, "ignored", "");
        let r = super::read_as("A", &c, &cx, &out, r#"{"x":1}"#.to_string());
        assert_eq!(r.decision, Block, "{r:?}");
    }

    #[test]
    fn a_not_counted_reason_fills_its_placeholders() {
        const RULES: &[Rule] = &[rule(Error).uncounted("exit {exit} on {event} in {agent}")];
        let r = read_on(&contract(RULES, RUN), PLAIN, &exit(3, "", ""));
        assert_eq!(
            (r.counted, r.notes),
            (
                false,
                vec!["not counted: exit 3 on SessionStart in A".to_string()]
            )
        );
    }
}

/// The deciding row's source and fix travel with the reading, the fix filled as a note is;
/// the strongest reading of several keeps its own, and a row with none leaves none.
#[test]
fn the_deciding_rows_source_and_fix_travel_with_the_reading() {
    #[rustfmt::skip]
    const FIXED: &[Rule] = &[
        rule(Error).ended(Ended::NotExit(0)).fix("{agent} blocks on 2, not {exit}").src("S1"),
        rule(Block).exit(0).reply(Shape::Some).src("S2"),
        rule(Allow),
    ];
    static F: Contract = crate::contract::testing::sample(EVENTS, &[], FIXED);
    on_stop(|cx| {
        let failed = read("A", &F, cx, &exit(3, "", ""));
        assert_eq!(
            (
                failed.decision,
                failed.rule.as_deref(),
                failed.fix.as_deref()
            ),
            (Error, Some("S1"), Some("A blocks on 2, not 3"))
        );
        let blocked = read("A", &F, cx, &exit(0, "no", ""));
        assert_eq!(
            (blocked.rule.as_deref(), blocked.fix.as_deref()),
            (Some("S2"), None)
        );
        let allowed = read("A", &F, cx, &exit(0, "", ""));
        assert_eq!(
            (allowed.rule.as_deref(), allowed.fix.as_deref()),
            (None, None)
        );
        let both = crate::agent::shared::strongest(cx, &[failed.clone(), blocked.clone()]);
        assert_eq!((both.rule, both.fix), (blocked.rule, None));
        let alone = crate::agent::shared::strongest(cx, &[allowed, failed.clone()]);
        assert_eq!((alone.rule, alone.fix), (failed.rule, failed.fix));
    });
}

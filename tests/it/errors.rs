//! Errors as cargo writes them, on the built binary, whole: `error:` (clap's prefix too),
//! ` --> file:line:col`, the offending line marked, `help:`; all on stderr, exit status 2.

use crate::common;

use common::Project;

fn stderr_of(p: &Project, args: &[&str]) -> String {
    let run = p.run(args).status(2);
    assert!(!run.stderr().contains("panicked"), "{args:?}");
    run.stderr()
        .replace(&p.root().display().to_string(), "[root]")
}

#[test]
fn a_wrong_type_names_the_field_and_the_form_it_takes() {
    let p = Project::new().spec("t", "on: stop\ncommand: ./x.sh\ntimeout: abc\n");
    assert_eq!(
        stderr_of(&p, &["run", "t"]),
        "error: `timeout: abc` is not a whole number of seconds
 --> [root]/.hookcheck/hooks/t.yaml:3:10
  |
3 | timeout: abc
  |          ^^^
  |
help: `timeout` is a whole number of seconds, e.g. `timeout: 10`
"
    );
    let p = Project::new().spec("b", "on: stop\ncommand: ./x.sh\nasync: 3\n");
    assert!(stderr_of(&p, &["run", "b"]).starts_with(
        "error: `async: 3` is not true or false\n --> [root]/.hookcheck/hooks/b.yaml:3:8\n"
    ),);
}

#[test]
fn a_yaml_syntax_error_is_shown_with_its_line() {
    let p = Project::new().spec("y", "on: stop\ncommand: [./x.sh\ntimeout: 1\n");
    assert_eq!(
        stderr_of(&p, &["run", "y"]),
        "error: not valid YAML: illegal placement of ':' indicator
 --> [root]/.hookcheck/hooks/y.yaml:3:8
  |
3 | timeout: 1
  |        ^^^
  |
help: a spec is a YAML mapping of fields (`on: before-tool`, `command: ./guard.sh`): look for an unclosed bracket or quote here or just above
"
    );
}

#[test]
fn a_cases_file_error_says_error_and_its_place_once() {
    let p = Project::new().file("c.yaml", "cases:\n  - name: x\n    hok: g\n");
    assert_eq!(
        stderr_of(&p, &["test", "c.yaml"]),
        "error: unknown field `hok` in a case
 --> c.yaml:3:5
  |
3 |     hok: g
  |     ^^^
  |
help: did you mean `hook`?
"
    );
}

#[test]
fn an_agents_file_it_cannot_load_is_an_error_on_stderr() {
    let p = Project::new().file(
        ".claude/settings.json",
        "{\"hooks\": {\n  \"PreToolUse\": [ oops\n",
    );
    let run = p.run(&["list", "--installed"]);
    assert_eq!(run.code(), 1);
    assert_eq!(run.stdout(), "no installed hooks found\n");
    assert_eq!(
        run.stderr(),
        "error: not valid JSON: expected value
 --> .claude/settings.json:2:1
  |
2 |   \"PreToolUse\": [ oops
  | ^^^^^^^^^^^^^^^^^^^^^^
  |
help: Claude Code loads no hooks from this file
"
    );
}

#[test]
fn hookchecks_errors_and_claps_share_one_prefix() {
    let p = Project::new().spec("g", "on: stop\ncommand: ./x.sh\n");
    let ours = stderr_of(&p, &["run", "g", "-t", "nope"]);
    let claps = stderr_of(&p, &["run", "g", "--no-such-flag"]);
    assert!(ours.starts_with("error: unknown tool `nope`"), "{ours}");
    assert!(claps.starts_with("error: unexpected argument"), "{claps}");
}

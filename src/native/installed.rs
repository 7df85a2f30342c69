//! `run --installed`: each installed handler as a native-form spec, planned by the agent's own
//! contract, so matchers, inputs, env and timeouts are decided in one place.

use crate::spec::{Commands, HookSpec, RawSpec, SpecFile, When};

use super::NativeHandler;

/// The handler as a native-form spec named after its `file:line`.
pub fn to_spec(h: &NativeHandler) -> HookSpec {
    let name = h.place();
    let raw = RawSpec {
        name: Some(name.clone()),
        event: Some(h.event.clone()),
        matcher: Some(h.matcher.clone()),
        command: Some(Commands::One(h.command.clone())),
        args: h.args.clone(),
        timeout: h.timeout_s,
        async_: h.is_async,
        if_: h.if_rule.clone(),
        fail_closed: h.fail_closed,
        shell: h.shell.clone(),
        cwd: h.cwd.clone(),
        env: h.env.clone(),
        ..RawSpec::default()
    };
    HookSpec {
        name,
        file: SpecFile {
            path: h.file.clone(),
            text: String::new(),
        },
        when: When::Native {
            event: h.event.clone(),
            matcher: h.matcher.clone(),
        },
        commands: vec![h.command.clone()],
        args: h.args.clone(),
        raw,
    }
}

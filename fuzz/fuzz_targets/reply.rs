//! A hook's reply (exit code, stdout, stderr) to a shell call, read by every agent.
#![no_main]
use hookcheck::fuzz::{Reply, plan_and_read};
use hookcheck::trigger::Trigger;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let half = rest.len() / 2;
    let reply = Reply {
        exit_code: Some(i32::from(head & 0x7f)),
        signal: (head == 0xff).then_some(9),
        stdout: &rest[..half],
        stderr: &rest[half..],
        timed_out: head == 0xfe,
        start_error: head == 0xfd,
    };
    plan_and_read(&Trigger::Bash("git push -f".into()), &reply);
});

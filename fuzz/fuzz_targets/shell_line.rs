//! A hook's command line, split as a shell splits it.
#![no_main]
libfuzzer_sys::fuzz_target!(|line: &str| hookcheck::fuzz::shell_line(line));

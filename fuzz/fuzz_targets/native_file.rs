//! Every agent's native hook file.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| hookcheck::fuzz::native_file(text));

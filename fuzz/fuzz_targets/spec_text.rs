//! A spec file's text, in every format hookcheck reads.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| hookcheck::fuzz::spec_text(text));

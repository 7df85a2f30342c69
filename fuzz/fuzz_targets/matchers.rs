//! A matcher pattern and a tool name (split at the first newline), in every flavour.
#![no_main]
libfuzzer_sys::fuzz_target!(|text: &str| {
    let (pattern, name) = text.split_once('\n').unwrap_or((text, "Bash"));
    hookcheck::fuzz::matchers(pattern, name);
});

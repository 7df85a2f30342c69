//! Matcher flavours: the pattern languages agents use to pick the tools a hook fires on.

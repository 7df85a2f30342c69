//! Claude-style permission rules (`Bash(git *)`, `Edit(path)`, `Tool(param:value)`), as used by `if`.

//! Shell command text: splitting into simple commands, and the "plain script path" check.

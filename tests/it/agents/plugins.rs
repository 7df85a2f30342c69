//! OpenCode, Kilo Code, Zed and Pi have no command hooks: each is listed as not run, with why.

use crate::common::{Project, target};

#[test]
fn plugin_agents_are_not_run() {
    let p = Project::new()
        .spec(
            "g",
            "on: before-tool\nmatch: shell\ncommand: ./hooks/g.sh\n",
        )
        .script("hooks/g.sh", "#!/bin/sh\nexit 2\n");
    let ids = ["opencode", "kilo", "zed", "pi"];
    let mut args = vec!["--bash", "rm -rf build"];
    for id in ids {
        args.extend(["-t", id]);
    }
    let (_, r) = p.json("g", &args);
    for (id, why) in [
        ("opencode", "in-process JavaScript/TypeScript plugins"),
        ("kilo", "in-process OpenCode-style plugins"),
        ("zed", "returns no reply"),
        ("pi", "in-process TypeScript extensions"),
    ] {
        let t = target(&r, id);
        assert_eq!(t["decision"], "not run", "{id}: {r}");
        let reason = t["reason"].as_str().unwrap_or_default();
        assert!(reason.contains(why), "{id}: {reason}");
    }
}

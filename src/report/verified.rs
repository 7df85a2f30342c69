//! What each agent was verified against live: counted from the records under fixtures/live
//! when hookcheck is built (build.rs), never typed by hand.

/// One agent's live records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified {
    /// The tool id.
    pub agent: &'static str,
    /// The version the records report (the campaign's first).
    pub version: &'static str,
    /// The newest day a record was made (UTC), or "" when none says.
    pub date: &'static str,
    /// Recorded bash cases (fixtures/live/observations).
    pub bash_cases: usize,
    /// Recorded campaign cells, every situation (fixtures/live/campaign/observations).
    pub campaign_cells: usize,
    /// Recorded campaign cells per situation (the shell call first).
    pub campaign: &'static [(&'static str, usize)],
    /// Recorded situations: edit, prompt, Stop and after-tool runs
    /// (fixtures/live/situations/observations).
    pub situations: usize,
    /// Recorded inputs (fixtures/live/inputs).
    pub inputs: usize,
}

/// Every agent with live records, by id.
pub const VERIFIED: &[Verified] = include!(concat!(env!("OUT_DIR"), "/verified_live.rs"));

/// The agent's live records, if it has any.
pub fn of(agent: &str) -> Option<&'static Verified> {
    VERIFIED.iter().find(|v| v.agent == agent)
}

/// What was verified live, in words: `VERSION on DATE: N bash cases, N campaign cells (shell
/// N, edit N, ...), N situations, N captured inputs`, or that the contract rests on documents
/// only.
pub fn words(agent: &str) -> String {
    let Some(v) = of(agent) else {
        return "none: documents only".to_string();
    };
    let count = |n: usize, one: &str, many: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    };
    let on = match v.date {
        "" => String::new(),
        d => format!(" on {d}"),
    };
    format!(
        "{}{on}: {}, {}, {}, {} (fixtures/live)",
        // As the agent prints it, less a closing full stop (`GitHub Copilot CLI 1.0.102.`).
        v.version.trim_end_matches('.'),
        count(v.bash_cases, "bash case", "bash cases"),
        count(v.campaign_cells, "campaign cell", "campaign cells") + &by_situation(v.campaign),
        count(v.situations, "situation", "situations"),
        count(v.inputs, "captured input", "captured inputs"),
    )
}

/// ` (shell 54, edit 38)`: the campaign's cells in each situation, when there is more than one.
fn by_situation(campaign: &[(&str, usize)]) -> String {
    if campaign.len() < 2 {
        return String::new();
    }
    let parts: Vec<String> = campaign.iter().map(|(s, n)| format!("{s} {n}")).collect();
    format!(" ({})", parts.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_campaign_is_counted_per_situation_when_it_ran_in_more_than_one() {
        assert_eq!(super::by_situation(&[("shell", 54)]), "");
        assert_eq!(
            super::by_situation(&[("shell", 54), ("edit", 38), ("stop", 1)]),
            " (shell 54, edit 38, stop 1)"
        );
    }

    #[test]
    fn an_agent_with_no_records_rests_on_documents() {
        assert_eq!(super::words("no-such-agent"), "none: documents only");
    }

    #[test]
    fn every_agent_with_records_has_a_version() {
        assert!(!super::VERIFIED.is_empty(), "no live records were counted");
        for v in super::VERIFIED {
            assert!(!v.version.is_empty(), "{v:?}");
            assert!(
                v.bash_cases + v.campaign_cells + v.situations + v.inputs > 0,
                "{v:?}"
            );
        }
    }
}

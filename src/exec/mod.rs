//! Running hook processes: process groups, timeouts, bounded capture. Knows no agent.

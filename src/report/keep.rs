//! How much of a hook's output a report keeps: a cap measured as the output format writes the
//! text, so that JSON escapes count against it (a NUL is one byte read and six written) and a
//! flood cannot grow on its way out.

use crate::cli::Format;

/// What a JSON report keeps of each stream: 1 MiB as written. Less than the runner reads
/// (it reads a reply whole, to read it as the agent does): a report is for people and CI logs.
pub const REPORT_BYTES: usize = 1 << 20;

/// How much of each captured stream a report keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keep {
    /// At most this many bytes of text, measured as written.
    pub bytes: usize,
    /// The text is written as a JSON string: each character costs its escaped length.
    pub json: bool,
}

impl Keep {
    /// A cap on the text as a JSON string writes it (`--format json`, `ndjson`).
    pub const fn json(bytes: usize) -> Self {
        Keep { bytes, json: true }
    }

    /// A cap on the text as it is printed (`--format text`, `github`).
    pub const fn text(bytes: usize) -> Self {
        Keep { bytes, json: false }
    }

    /// What a report printed in `format` shows of each stream: the first MiB as JSON writes
    /// it ([`REPORT_BYTES`]), or what the text report prints.
    pub fn for_format(format: Format) -> Self {
        match format {
            Format::Json | Format::Ndjson => Keep::json(REPORT_BYTES),
            Format::Text | Format::Github => Keep::text(super::text::SHOW_BYTES),
        }
    }

    /// How many leading bytes of `raw` fit: the longest prefix, cut between characters, whose
    /// text (invalid UTF-8 shown as U+FFFD, as [`String::from_utf8_lossy`] does) costs at most
    /// [`Keep::bytes`] once written.
    pub fn fits(self, raw: &[u8]) -> usize {
        let mut cost = 0;
        let mut len = 0;
        for chunk in raw.utf8_chunks() {
            for c in chunk.valid().chars() {
                cost += self.cost(c);
                if cost > self.bytes {
                    return len;
                }
                len += c.len_utf8();
            }
            if !chunk.invalid().is_empty() {
                cost += self.cost(char::REPLACEMENT_CHARACTER);
                if cost > self.bytes {
                    return len;
                }
                len += chunk.invalid().len();
            }
        }
        len
    }

    /// The kept text of a stream whose first bytes are `raw` out of `total`, and how many
    /// bytes of the stream it leaves out.
    pub fn apply(self, raw: &[u8], total: u64) -> (String, u64) {
        let n = self.fits(raw);
        let text = String::from_utf8_lossy(&raw[..n]).into_owned();
        (text, total.saturating_sub(n as u64))
    }

    /// Cuts `text` (kept before, `dropped` bytes already left out) to this cap, adding what it
    /// cuts to `dropped`. The raw bytes are gone by then, so the count is of text bytes: exact
    /// unless the stream was not UTF-8.
    pub fn trim(self, text: &mut String, dropped: &mut u64) {
        let n = self.fits(text.as_bytes());
        *dropped += (text.len() - n) as u64;
        text.truncate(n);
        text.shrink_to_fit();
    }

    /// What one character costs once written.
    fn cost(self, c: char) -> usize {
        if !self.json {
            return c.len_utf8();
        }
        match c {
            '"' | '\\' | '\n' | '\r' | '\t' | '\u{8}' | '\u{c}' => 2,
            c if (c as u32) < 0x20 => 6,
            c => c.len_utf8(),
        }
    }
}

/// How much of each command's output a report keeps, by how its check ended: `hookcheck test`
/// keeps the first bytes of a case that passed and what the format shows of one that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keeps {
    /// For a check that passed.
    pub passed: Keep,
    /// For a check that failed.
    pub failed: Keep,
}

impl Keeps {
    /// The same cap however the check ends.
    pub const fn all(keep: Keep) -> Self {
        Keeps {
            passed: keep,
            failed: keep,
        }
    }

    /// How many leading bytes of `raw` either cap may keep.
    pub fn fits(self, raw: &[u8]) -> usize {
        self.passed.fits(raw).max(self.failed.fits(raw))
    }

    /// The cap for a check that `passed` or not.
    pub fn of(self, passed: bool) -> Keep {
        if passed { self.passed } else { self.failed }
    }
}

#[cfg(test)]
mod tests {
    use super::Keep;

    /// The kept text, written as the format writes it.
    fn written(keep: Keep, raw: &[u8]) -> (String, u64) {
        let (text, dropped) = keep.apply(raw, raw.len() as u64 + 5);
        let shown = if keep.json {
            let quoted = serde_json::to_string(&text).expect("a string serialises");
            quoted[1..quoted.len() - 1].to_string()
        } else {
            text
        };
        (shown, dropped)
    }

    #[test]
    fn json_escapes_count_against_the_cap() {
        // (raw stream, cap, the JSON string's content as written, bytes dropped incl. 5 unread)
        let cases: &[(&[u8], usize, &str, u64)] = &[
            (b"hello", 10, "hello", 5),
            (b"hello", 3, "hel", 7),
            (&[0; 10], 12, "\\u0000\\u0000", 13),
            (&[0; 10], 11, "\\u0000", 14),
            (b"a\"b\\c\nd", 6, "a\\\"b\\\\", 8),
            (b"\t\t\t", 5, "\\t\\t", 6),
            ("é€".as_bytes(), 4, "é", 8),
            ("é€".as_bytes(), 5, "é€", 5),
            (b"ok\xff\xfe!", 5, "ok\u{fffd}", 7),
            (b"ok\xff\xfe!", 8, "ok\u{fffd}\u{fffd}", 6),
            (b"\x7f/", 2, "\u{7f}/", 5),
            (b"", 0, "", 5),
        ];
        for (raw, cap, want, dropped) in cases {
            let got = written(Keep::json(*cap), raw);
            assert_eq!(got, (want.to_string(), *dropped), "{raw:?} under {cap}");
            assert!(
                got.0.len() <= *cap,
                "{raw:?} under {cap}: {} bytes",
                got.0.len()
            );
        }
    }

    #[test]
    fn text_counts_printed_bytes() {
        let cases: &[(&[u8], usize, &str, u64)] = &[
            (&[0; 10], 4, "\0\0\0\0", 11),
            (b"line\nnext\n", 6, "line\nn", 9),
            ("é€".as_bytes(), 4, "é", 8),
            (b"\xff\xff\xff", 7, "\u{fffd}\u{fffd}", 6),
        ];
        for (raw, cap, want, dropped) in cases {
            assert_eq!(
                written(Keep::text(*cap), raw),
                (want.to_string(), *dropped),
                "{raw:?} under {cap}"
            );
        }
    }

    #[test]
    fn a_cut_mid_character_keeps_the_whole_characters_before_it() {
        // The capture limit may end inside a character: it reads as U+FFFD, like any bad byte.
        let raw = &"a€".as_bytes()[..3];
        assert_eq!(Keep::text(100).apply(raw, 3), ("a\u{fffd}".to_string(), 0));
        assert_eq!(Keep::text(3).apply(raw, 3), ("a".to_string(), 2));
    }

    #[test]
    fn trim_cuts_kept_text_further() {
        let (mut text, mut dropped) = Keep::json(100).apply(b"\"quoted\" text", 20);
        assert_eq!((text.as_str(), dropped), ("\"quoted\" text", 7));
        Keep::json(9).trim(&mut text, &mut dropped);
        assert_eq!((text.as_str(), dropped), ("\"quoted", 13));
        Keep::text(3).trim(&mut text, &mut dropped);
        assert_eq!((text.as_str(), dropped), ("\"qu", 17));
    }
}

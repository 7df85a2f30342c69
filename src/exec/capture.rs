//! Bounded capture of one output stream: keep the first bytes, count the rest.

use tokio::io::{AsyncRead, AsyncReadExt};

/// What one stream produced: the first bytes up to its cap, and how many bytes came in all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captured {
    /// The first bytes of the stream, at most the capture limit.
    pub bytes: Vec<u8>,
    /// How many bytes the stream delivered in all, kept or not.
    pub total: u64,
}

impl Captured {
    /// The kept bytes as text; invalid UTF-8 becomes U+FFFD.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes).into_owned()
    }

    /// The first `n` bytes, as a stream that delivered the same total.
    pub fn prefix(&self, n: usize) -> Captured {
        Captured {
            bytes: self.bytes[..n.min(self.bytes.len())].to_vec(),
            total: self.total,
        }
    }

    /// How many bytes were read but not kept.
    pub fn truncated(&self) -> u64 {
        self.total.saturating_sub(self.bytes.len() as u64)
    }

    /// Accounts for one chunk: keeps what still fits under `cap`, counts all of it.
    fn push(&mut self, chunk: &[u8], cap: usize) {
        let room = cap.saturating_sub(self.bytes.len());
        self.bytes
            .extend_from_slice(&chunk[..room.min(chunk.len())]);
        self.total += chunk.len() as u64;
    }
}

/// Reads `stream` to EOF (or to a read error) into `into`, keeping at most `cap` bytes.
///
/// Progress is written into `into` as it happens, so a caller that stops waiting
/// (a pipe held open by an escaped process) still has everything read so far.
pub(crate) async fn read_capped<R: AsyncRead + Unpin>(
    mut stream: R,
    into: &mut Captured,
    cap: usize,
) {
    // Room for 64 KiB a read, never zeroed: each read fills only what it returns (two zeroed
    // buffers a hook were the largest memset in a 1,900-hook suite).
    let mut buf = Vec::with_capacity(64 * 1024);
    loop {
        buf.clear();
        match stream.read_buf(&mut buf).await {
            Ok(0) => return,
            Ok(n) => into.push(&buf[..n], cap),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Captured;

    /// One row: chunks pushed, cap, bytes kept, total counted.
    type Case<'a> = (&'a [&'a [u8]], usize, &'a [u8], u64);

    #[test]
    fn push_keeps_prefix_and_counts_all() {
        let cases: &[Case] = &[
            (&[b"abc"], 10, b"abc", 3),
            (&[b"abc", b"def"], 4, b"abcd", 6),
            (&[b"abc"], 0, b"", 3),
            (&[b"ab", b"cd", b"ef"], 4, b"abcd", 6),
            (&[], 4, b"", 0),
        ];
        for (chunks, cap, kept, total) in cases {
            let mut c = Captured::default();
            for chunk in *chunks {
                c.push(chunk, *cap);
            }
            assert_eq!(c.bytes, *kept, "{chunks:?} cap {cap}");
            assert_eq!(c.total, *total);
            assert_eq!(c.truncated(), total - kept.len() as u64);
        }
    }

    /// A stream longer than one read's room, read whole: the first `cap` bytes kept in order,
    /// every byte counted (the read buffer is not zeroed, so nothing but what was read shows).
    #[test]
    fn read_capped_keeps_the_prefix_over_many_reads() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        for cap in [0, 10, 65_536, 70_000, 300_000] {
            let mut c = Captured::default();
            tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("runtime")
                .block_on(super::read_capped(&data[..], &mut c, cap));
            assert_eq!(c.bytes, data[..cap.min(data.len())], "cap {cap}");
            assert_eq!(c.total, data.len() as u64);
        }
    }

    #[test]
    fn text_is_lossy() {
        let c = Captured {
            bytes: vec![b'o', b'k', 0xff],
            total: 3,
        };
        assert_eq!(c.text(), "ok\u{fffd}");
    }
}

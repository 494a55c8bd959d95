//! The keys a run has scored, so that the pool climber scores each board once.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A set of canonical board keys, each remembered by a 64-bit fingerprint.
///
/// Two boards sharing a fingerprint would make the second look scored already;
/// with a million keys the odds of that are about one in ten million, and it can
/// only make a search skip a board, never report a wrong score.
#[derive(Default)]
pub(crate) struct Seen(HashSet<u64, BuildHasherDefault<Fingerprinted>>);

impl Seen {
    /// Remembers `key`; false if it was already there.
    pub(crate) fn insert(&mut self, key: &[u8]) -> bool {
        self.insert_fingerprint(fingerprint(key))
    }

    /// Remembers a key by its [`fingerprint`]; false if it was already there.
    pub(crate) fn insert_fingerprint(&mut self, fingerprint: u64) -> bool {
        self.0.insert(fingerprint)
    }
}

/// A hash of a key: FNV-1a over its bytes, then a 64-bit finalizer so every bit
/// of the result depends on every byte.
pub(crate) fn fingerprint(key: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in key {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hasher for fingerprints: they are hashes already.
#[derive(Default)]
struct Fingerprinted(u64);

impl Hasher for Fingerprinted {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

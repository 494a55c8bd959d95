//! Affix flags: the four `FLAG` modes and sorted flag sets.

/// A decoded flag. Hunspell stores every flag as a 16-bit number.
pub type Flag = u16;

/// How flags are written in the `.aff` and `.dic` files (the `FLAG` directive).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FlagMode {
    /// One byte per flag (the default).
    #[default]
    Char,
    /// Two bytes per flag (`FLAG long`).
    Long,
    /// Decimal numbers separated by commas (`FLAG num`).
    Num,
    /// One UTF-8 character per flag (`FLAG UTF-8`).
    Utf8,
}

impl FlagMode {
    /// Decodes a whole flag field (the bytes after `/` in the `.dic`, or in an
    /// affix's continuation). Works on the raw bytes, exactly as Hunspell does,
    /// so one-byte flags in a UTF-8 file are bytes, not characters.
    pub fn decode_field(self, raw: &[u8]) -> Vec<Flag> {
        match self {
            FlagMode::Char => raw.iter().map(|&b| Flag::from(b)).collect(),
            FlagMode::Long => raw
                .chunks_exact(2)
                .map(|c| (Flag::from(c[0]) << 8) | Flag::from(c[1]))
                .collect(),
            FlagMode::Num => raw.split(|&b| b == b',').map(atoi_flag).collect(),
            FlagMode::Utf8 => String::from_utf8_lossy(raw)
                .encode_utf16()
                .collect::<Vec<u16>>(),
        }
    }

    /// Decodes a single flag for a directive (`FORBIDDENWORD !`); `None`
    /// where Hunspell gets its null flag (0), which disables the directive.
    pub fn decode_one(self, raw: &[u8]) -> Option<Flag> {
        self.decode_affix_flag(raw).filter(|&f| f != 0)
    }

    /// Decodes the flag of a `PFX`/`SFX` header or entry. Flag 0 is kept:
    /// Hunspell warns about it but uses it (tr_TR's `FLAG num` has `SFX 0`).
    pub fn decode_affix_flag(self, raw: &[u8]) -> Option<Flag> {
        let f = match self {
            FlagMode::Char => raw.first().map(|&b| Flag::from(b)),
            FlagMode::Long => {
                (raw.len() >= 2).then(|| (Flag::from(raw[0]) << 8) | Flag::from(raw[1]))
            }
            FlagMode::Num => Some(atoi_flag(raw)),
            FlagMode::Utf8 => String::from_utf8_lossy(raw).encode_utf16().next(),
        }?;
        Some(f)
    }
}

/// C `atoi` restricted to the flag range (out of range gives 0, as Hunspell).
fn atoi_flag(raw: &[u8]) -> Flag {
    let s = raw.iter().skip_while(|b| b.is_ascii_whitespace());
    let mut n: u32 = 0;
    for &b in s.take_while(|b| b.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(u32::from(b - b'0'));
    }
    Flag::try_from(n).unwrap_or(0)
}

/// A sorted, de-duplicated set of flags.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct FlagSet(Vec<Flag>);

impl FlagSet {
    /// Builds a set from flags in any order.
    pub fn new(mut v: Vec<Flag>) -> Self {
        v.sort_unstable();
        v.dedup();
        FlagSet(v)
    }
    /// Whether `f` is in the set; `None` (an unset directive) never is.
    #[inline]
    pub fn has(&self, f: Option<Flag>) -> bool {
        match f {
            Some(f) => self.0.binary_search(&f).is_ok(),
            None => false,
        }
    }
    /// Whether `f` is in the set.
    #[inline]
    pub fn contains(&self, f: Flag) -> bool {
        self.0.binary_search(&f).is_ok()
    }
    /// The flags, sorted.
    pub fn iter(&self) -> impl Iterator<Item = Flag> + '_ {
        self.0.iter().copied()
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_decode() {
        assert_eq!(FlagMode::Char.decode_field(b"AB"), vec![65, 66]);
        assert_eq!(FlagMode::Long.decode_field(b"AaBb"), vec![0x4161, 0x4262]);
        // odd trailing byte is dropped, as Hunspell does
        assert_eq!(FlagMode::Long.decode_field(b"AaB"), vec![0x4161]);
        assert_eq!(FlagMode::Num.decode_field(b"12,345"), vec![12, 345]);
        assert_eq!(FlagMode::Utf8.decode_field("áB".as_bytes()), vec![0xE1, 66]);
        // a UTF-8 letter under FLAG char is two byte flags
        assert_eq!(
            FlagMode::Char.decode_field("á".as_bytes()),
            vec![0xC3, 0xA1]
        );
        assert_eq!(FlagMode::Num.decode_one(b"70000"), None);
        assert_eq!(FlagMode::Long.decode_one(b"A"), None);
    }

    #[test]
    fn set_membership() {
        let s = FlagSet::new(vec![5, 1, 5, 3]);
        assert!(s.contains(3) && !s.contains(2));
        assert!(!s.has(None));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 5]);
    }
}

//! Mapping of Hunspell `SET` names onto `encoding_rs` and strict decoding.

use crate::error::{Error, Result};
use encoding_rs::Encoding;
use std::path::Path;

/// Resolves a Hunspell `SET` value (`UTF-8`, `ISO8859-2`, `KOI8-R`,
/// `microsoft-cp1251`, `TIS620-2533`, ...) to an encoding.
///
/// Returns `None` for names neither Hunspell's spelling nor a WHATWG label
/// covers (e.g. `ISCII-DEVANAGARI`).
pub fn encoding_for_set(name: &str) -> Option<&'static Encoding> {
    let n = name.trim().to_ascii_lowercase();
    let label: String = if let Some(rest) = n.strip_prefix("iso8859-") {
        format!("iso-8859-{rest}")
    } else if let Some(rest) = n.strip_prefix("iso-8859-") {
        format!("iso-8859-{rest}")
    } else if let Some(rest) = n.strip_prefix("microsoft-cp") {
        format!("windows-{rest}")
    } else if let Some(rest) = n.strip_prefix("cp") {
        format!("windows-{rest}")
    } else if n.starts_with("tis620") || n == "tis-620" {
        "tis-620".to_string()
    } else {
        n.clone()
    };
    // Hunspell's ISO8859-1 is a true Latin-1; WHATWG maps the label to
    // windows-1252, which agrees on every byte outside 0x80..=0x9F.
    Encoding::for_label(label.as_bytes())
}

/// Decodes `bytes` strictly: any byte sequence the encoding forbids is an
/// error naming `path` and `line`.
pub(crate) fn decode(
    enc: &'static Encoding,
    bytes: &[u8],
    path: &Path,
    line: usize,
) -> Result<String> {
    if enc == encoding_rs::UTF_8 {
        return std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|e| Error::Encoding {
                path: path.to_path_buf(),
                line,
                message: format!(
                    "invalid UTF-8 byte 0x{:02X} at column {} (SET is UTF-8)",
                    bytes[e.valid_up_to()],
                    e.valid_up_to() + 1
                ),
            });
    }
    if bytes.is_ascii() {
        // Fast path: every supported encoding is ASCII-compatible.
        return Ok(String::from_utf8(bytes.to_vec()).expect("ascii"));
    }
    match enc.decode_without_bom_handling_and_without_replacement(bytes) {
        Some(s) => Ok(s.into_owned()),
        None => {
            let bad = bytes
                .iter()
                .position(|&b| {
                    enc.decode_without_bom_handling_and_without_replacement(&[b])
                        .is_none()
                })
                .unwrap_or(0);
            Err(Error::Encoding {
                path: path.to_path_buf(),
                line,
                message: format!(
                    "byte 0x{:02X} at column {} is not valid in {}",
                    bytes[bad],
                    bad + 1,
                    enc.name()
                ),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunspell_names_map() {
        assert_eq!(encoding_for_set("UTF-8"), Some(encoding_rs::UTF_8));
        assert_eq!(encoding_for_set("ISO8859-2"), Some(encoding_rs::ISO_8859_2));
        assert_eq!(
            encoding_for_set("ISO8859-15"),
            Some(encoding_rs::ISO_8859_15)
        );
        assert_eq!(encoding_for_set("KOI8-R"), Some(encoding_rs::KOI8_R));
        assert_eq!(encoding_for_set("KOI8-U"), Some(encoding_rs::KOI8_U));
        assert_eq!(
            encoding_for_set("microsoft-cp1251"),
            Some(encoding_rs::WINDOWS_1251)
        );
        assert_eq!(
            encoding_for_set("TIS620-2533"),
            Some(encoding_rs::WINDOWS_874)
        );
        assert_eq!(encoding_for_set("ISCII-DEVANAGARI"), None);
    }

    #[test]
    fn decode_latin2_and_reject_bad_utf8() {
        let p = Path::new("x.dic");
        let s = decode(encoding_rs::ISO_8859_2, b"\xb1", p, 3).unwrap();
        assert_eq!(s, "ą");
        let e = decode(encoding_rs::UTF_8, b"ab\xff", p, 3).unwrap_err();
        assert_eq!(
            e.to_string(),
            "x.dic:3: invalid UTF-8 byte 0xFF at column 3 (SET is UTF-8)"
        );
    }
}

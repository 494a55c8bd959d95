//! Rewriting a dictionary of an older format version in this one: its FST, word
//! lengths, tiers and profile kept as they are, the solver's automaton derived from
//! the FST again. A file of version 4 or older whose bytes share classes cannot be
//! read exactly (its walks miss words); its FST can, and is all that is needed.

use super::blocks::{Blocks, Part};
use super::compile::{Compiled, Parts};
use super::error::LexiconError;
use super::format::{Header, Integrity, BLOCKS_VERSION, FORMAT_VERSION};
use super::open::{checked_fst, parse_header};
use super::storage::Storage;

/// The dictionary in `storage` written again in format version 5, or `None` when it
/// is of that version already. Every section it keeps is checked against its checksum
/// first; the automaton it replaces is not read.
pub(super) fn upgrade(
    storage: &Storage,
    origin: &str,
) -> Result<Option<(Header, Compiled)>, LexiconError> {
    let bytes = storage.bytes();
    let (header, ranges, scan) = parse_header(bytes, origin, Integrity::Checked)?;
    if header.version == FORMAT_VERSION {
        return Ok(None);
    }
    if header.version >= BLOCKS_VERSION {
        let (block, crcs) = scan.table.expect("a version 4 header has a block table");
        let blocks = Blocks::new(
            origin,
            &ranges,
            block,
            crcs,
            header.tiers,
            Integrity::Checked,
        );
        for part in [Part::Fst, Part::Lengths, Part::Tiers] {
            blocks.check_part(bytes, part)?;
        }
    }
    // Versions 2 and 3: the header's checksum covers the whole file, and the scan
    // behind it found the highest tier (version 4's tier blocks check their own).
    if scan.highest_tier > header.tiers {
        return Err(LexiconError::Corrupt {
            origin: origin.into(),
            what: "a word's tier is past the tier count".into(),
        });
    }
    let fst = checked_fst(bytes[ranges.fst.clone()].to_vec(), &header, origin)?;
    let tiers = bytes[ranges.tiers.clone()].to_vec();
    let parts = Parts {
        fst,
        lengths: bytes[ranges.lengths.clone()].to_vec(),
        tiers,
        tier_count: header.tiers as u32,
        lengths_range: (header.min_len, header.max_len),
    };
    let compiled = Compiled::assemble(&header.profile, parts);
    Ok(Some((header, compiled)))
}

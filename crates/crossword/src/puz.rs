//! Across Lite `.puz` (version 1.3): the binary format most solving apps open. It holds
//! one byte a square, ISO-8859-1, so only grids of single Latin-1 letters fit; anything
//! else is refused with the square that does not fit (ipuz holds every script).

use super::{Crossword, Direction};

/// Why a crossword cannot be written as `.puz`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "row {row}, column {col}: {letter:?} does not fit a .puz square (one Latin-1 letter); use ipuz"
)]
pub struct PuzError {
    /// Row of the square (1-based).
    pub row: usize,
    /// Column (1-based).
    pub col: usize,
    /// The letter.
    pub letter: String,
}

impl Crossword {
    /// The crossword as an Across Lite `.puz` file; each clue is the word's clue from the
    /// list, else the word itself.
    ///
    /// ```
    /// use polyboggle_crossword::{generate, parse_word_list, LayoutOptions};
    ///
    /// let entries = parse_word_list("cat\nact")?;
    /// let c = generate(&entries, &LayoutOptions { size: (3, 3), ..LayoutOptions::default() })?;
    /// let puz = c.to_puz()?;
    /// assert_eq!(&puz[2..14], b"ACROSS&DOWN\0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_puz(&self) -> Result<Vec<u8>, PuzError> {
        let (w, h) = (self.cols, self.rows);
        let mut solution = Vec::with_capacity(w * h);
        for (r, row) in self.grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let byte = match cell {
                    None => b'.',
                    Some(letter) => {
                        let mut chars = letter.chars();
                        match (chars.next(), chars.next()) {
                            (Some(ch), None) if (ch as u32) < 256 && ch.is_alphabetic() => {
                                ch as u32 as u8
                            }
                            _ => {
                                return Err(PuzError {
                                    row: r + 1,
                                    col: c + 1,
                                    letter: letter.clone(),
                                })
                            }
                        }
                    }
                };
                solution.push(byte);
            }
        }
        let fill: Vec<u8> = solution
            .iter()
            .map(|&b| if b == b'.' { b'.' } else { b'-' })
            .collect();
        // Clues in order: by number, across before down.
        let mut words: Vec<_> = self.words.iter().collect();
        words.sort_by_key(|p| (p.number, p.direction != Direction::Across));
        let latin1 = |s: &str| -> Vec<u8> {
            s.chars()
                .map(|c| {
                    if (c as u32) < 256 {
                        c as u32 as u8
                    } else {
                        b'?'
                    }
                })
                .collect()
        };
        let clues: Vec<Vec<u8>> = words
            .iter()
            .map(|p| latin1(p.clue.as_deref().unwrap_or(&p.word)))
            .collect();
        let (title, author, copyright, notes) = (b"" as &[u8], b"polyboggle" as &[u8], b"", b"");

        let mut cib = Vec::with_capacity(8);
        cib.push(w.min(255) as u8);
        cib.push(h.min(255) as u8);
        cib.extend_from_slice(&(clues.len() as u16).to_le_bytes());
        cib.extend_from_slice(&1u16.to_le_bytes());
        cib.extend_from_slice(&0u16.to_le_bytes());
        let c_cib = checksum(&cib, 0);
        let strings = |mut sum: u16| {
            for s in [title, author, copyright] {
                if !s.is_empty() {
                    sum = checksum(s, sum);
                    sum = checksum(&[0], sum);
                }
            }
            for clue in &clues {
                sum = checksum(clue, sum);
            }
            if !notes.is_empty() {
                sum = checksum(notes, sum);
                sum = checksum(&[0], sum);
            }
            sum
        };
        let c_sol = checksum(&solution, 0);
        let c_fill = checksum(&fill, 0);
        let c_part = strings(0);
        let overall = strings(checksum(&fill, checksum(&solution, c_cib)));
        let magic = b"ICHEATED";
        let sums = [c_cib, c_sol, c_fill, c_part];
        let mut out = Vec::new();
        out.extend_from_slice(&overall.to_le_bytes());
        out.extend_from_slice(b"ACROSS&DOWN\0");
        out.extend_from_slice(&c_cib.to_le_bytes());
        for (i, s) in sums.iter().enumerate() {
            out.push(magic[i] ^ (s & 0xFF) as u8);
        }
        for (i, s) in sums.iter().enumerate() {
            out.push(magic[i + 4] ^ (s >> 8) as u8);
        }
        out.extend_from_slice(b"1.3\0");
        out.extend_from_slice(&[0; 2]);
        out.extend_from_slice(&[0; 2]);
        out.extend_from_slice(&[0; 12]);
        out.extend_from_slice(&cib);
        out.extend_from_slice(&solution);
        out.extend_from_slice(&fill);
        for s in [title, author, copyright] {
            out.extend_from_slice(s);
            out.push(0);
        }
        for clue in &clues {
            out.extend_from_slice(clue);
            out.push(0);
        }
        out.extend_from_slice(notes);
        out.push(0);
        Ok(out)
    }
}

/// The `.puz` checksum: rotate right one bit, add the byte.
fn checksum(data: &[u8], mut sum: u16) -> u16 {
    for &b in data {
        sum = if sum & 1 != 0 {
            (sum >> 1) | 0x8000
        } else {
            sum >> 1
        };
        sum = sum.wrapping_add(b as u16);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_checksums_match_the_body() {
        let entries = crate::parse_word_list("cat\nact\ntea").unwrap();
        let options = crate::LayoutOptions {
            size: (5, 5),
            ..crate::LayoutOptions::default()
        };
        let c = crate::generate(&entries, &options).unwrap();
        let puz = c.to_puz().unwrap();
        let (w, h) = (puz[0x2C] as usize, puz[0x2D] as usize);
        assert_eq!((w, h), (5, 5));
        let cib_sum = checksum(&puz[0x2C..0x34], 0);
        assert_eq!(u16::from_le_bytes([puz[0x0E], puz[0x0F]]), cib_sum);
        let solution = &puz[0x34..0x34 + w * h];
        assert_eq!(puz[0x10 + 1], b'C' ^ (checksum(solution, 0) & 0xFF) as u8);
        let hebrew = crate::parse_word_list("שלום").unwrap();
        let c = crate::generate(&hebrew, &options).unwrap();
        assert!(c.to_puz().unwrap_err().to_string().contains("use ipuz"));
    }
}

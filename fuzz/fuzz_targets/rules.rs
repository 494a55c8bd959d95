//! Rules flags (`--rules`, `--points`, `--min-len`, `--qu`) as the binary combines
//! them: accepted rules score every word by their table.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboggle::score::Points;
use polyboggle::{Board, Rules};
use polyboggle_fuzz::{check_solution, english, mixed, text};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    let mut lines = text.split('\n');
    let (preset, points, min_len, qu) = (lines.next(), lines.next(), lines.next(), lines.next());
    let Ok(mut rules) = Rules::preset(preset.unwrap_or_default()) else {
        return;
    };
    if let Some(points) = points.filter(|p| !p.is_empty()) {
        let Ok(points) = points.parse::<Points>() else {
            return;
        };
        rules = rules.with_points(points);
    }
    if let Some(min_len) = min_len.and_then(|m| m.parse().ok()) {
        rules.min_len = min_len;
    }
    if let Some(qu) = qu {
        rules.qu = qu == "on";
    }
    for len in [0, 1, 3, 8, 255, 256, usize::MAX] {
        let points = rules.points(len);
        if !rules.counts(len) {
            assert_eq!(points, 0);
        }
    }
    let _ = rules.to_string();
    for board in ["QUEU/ETAP/EOTS/INES", "क्ष मा/न क"] {
        let board: Board = board.parse().expect("fixed boards parse");
        check_solution(english(), &rules, &board, true);
        check_solution(mixed(), &rules, &board, true);
    }
});

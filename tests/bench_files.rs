//! `polyboggle bench`'s two readers of a boards file: the fast path that packs lines of
//! letters by byte, and the parser; their totals must not tell the two apart.

use std::sync::LazyLock;

use polyboggle::batch::{self, CpuScorer, Packer};
use polyboggle::{boards, Lexicon, Rules};
use proptest::prelude::*;

use crate::common::lines::{line, runs};
use crate::throughput;

static ENABLE2K: LazyLock<Lexicon> = LazyLock::new(|| Lexicon::builtin("enable2k").unwrap());

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_fast_path_packs_and_scores_a_file_as_the_parser_does(
        lines in prop::collection::vec(line(), 1..12)
    ) {
        let text = lines.join("\n");
        let open = || Ok(text.as_bytes());
        let scorer = CpuScorer::new(&ENABLE2K, Rules::hasbro(), 1);
        let streamed = throughput::run_file(&scorer, &ENABLE2K, open, "f", None, 1, Default::default(), 1);
        match boards::parse(&text, "f") {
            Ok(parsed) => {
                let held = throughput::run(&scorer, &ENABLE2K, &parsed, 1, Default::default(), 1);
                let streamed = streamed.unwrap();
                prop_assert_eq!(
                    (streamed.boards, streamed.words, streamed.total_score),
                    (held.boards, held.words, held.total_score)
                );
                // The same batches, face tables and cells.
                let mut fast = Packer::default();
                let mut letters = Vec::new();
                for line in lines.iter().filter(|l| !l.trim().is_empty()) {
                    match boards::letters(line, &mut letters) {
                        Some((rows, cols)) => fast.add_letters(rows, cols, &letters),
                        None => fast.add(&boards::parse_line(line, "f", 1).unwrap()),
                    }
                }
                prop_assert_eq!(runs(&fast.finish()), runs(&batch::pack(&parsed)));
            }
            Err(err) => prop_assert_eq!(streamed.unwrap_err().to_string(), err.to_string()),
        }
    }
}

#[test]
#[ignore = "reads ../shared/data"]
fn bench_totals_on_the_benchmark_files_are_the_parsers() {
    let scorer = CpuScorer::new(&ENABLE2K, Rules::hasbro(), 1);
    for file in ["bench/dice44_100k.txt", "bench/uniform44_100k.txt"] {
        let path = crate::common::shared(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let first: Vec<&str> = text.lines().take(2000).collect();
        let mut letters = Vec::new();
        let all_fast = first
            .iter()
            .all(|l| boards::letters(l, &mut letters).is_some());
        assert!(all_fast, "{file}: every line takes the fast path");
        let parsed = boards::parse(&first.join("\n"), file).unwrap();
        let held = throughput::run(&scorer, &ENABLE2K, &parsed, 1, Default::default(), 1);
        let open = || std::fs::File::open(&path).map(std::io::BufReader::new);
        let streamed = throughput::run_file(
            &scorer,
            &ENABLE2K,
            open,
            file,
            Some(2000),
            1,
            Default::default(),
            1,
        )
        .unwrap();
        assert_eq!(
            (streamed.boards, streamed.words, streamed.total_score),
            (held.boards, held.words, held.total_score),
            "{file}"
        );
        assert_eq!(held.boards, 2000);
        assert!(held.total_score > 0);
    }
}

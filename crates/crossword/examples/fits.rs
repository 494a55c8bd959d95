//! Times `fill::fits` (the words that fit an entry, as a constructor types) on a grid
//! with a scored list: the index made once, then one call per entry of the grid.
//!
//!     cargo run --release -p polyboggle-crossword --example fits -- GRID LIST [MIN_SCORE]

use std::time::Instant;

use polyboggle_crossword::fill::{fits, parse_scored_list, Pattern, Style, WordIndex};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [grid, list, rest @ ..] = args.as_slice() else {
        return Err("usage: fits GRID LIST [MIN_SCORE]".into());
    };
    let min_score = rest.first().map_or(Ok(i32::MIN), |s| s.parse())?;
    let pattern = Pattern::parse(&std::fs::read_to_string(grid)?)?;
    let list = parse_scored_list(&std::fs::read_to_string(list)?)?;
    let started = Instant::now();
    let index = WordIndex::new(&list.words, &Default::default());
    println!(
        "index of {} words: {:.0} ms",
        index.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let slots = pattern.slots(Style::American)?;
    let mut times = Vec::new();
    let mut cut = 0;
    for s in &slots {
        let start = (s.cells[0] / pattern.cols, s.cells[0] % pattern.cols);
        let t = Instant::now();
        let found = fits(
            &pattern,
            &index,
            Style::American,
            min_score,
            start,
            s.direction,
            50,
        )?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
        cut += found.cut as usize;
        if times.len() <= 3 {
            println!(
                "{:?} {} {}: {} total, {} listed, first {:?}",
                start,
                s.direction,
                found.pattern,
                found.total,
                found.candidates.len(),
                found.candidates.first()
            );
        }
    }
    let t = Instant::now();
    let s = &slots[0];
    let start = (s.cells[0] / pattern.cols, s.cells[0] % pattern.cols);
    fits(
        &pattern,
        &index,
        Style::American,
        min_score,
        start,
        s.direction,
        0,
    )?;
    println!(
        "set-up and arc consistency alone (limit 0): {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let slowest = times
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(i, _)| &slots[i]);
    if let Some(s) = slowest {
        println!(
            "slowest: {:?} {}, {} squares",
            s.cells[0],
            s.direction,
            s.cells.len()
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} entries ({cut} cut short by the time allowed): median {:.1} ms, max {:.1} ms",
        times.len(),
        times[times.len() / 2],
        times[times.len() - 1]
    );
    Ok(())
}

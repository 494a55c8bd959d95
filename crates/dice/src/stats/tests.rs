use super::*;
use crate::unreachable::unreachable;
use polyboggle::solve::Solver;

#[test]
fn spreads_are_nearest_rank() {
    let mut values: Vec<u32> = (1..=100).rev().collect();
    let s = Spread::of(&mut values);
    assert_eq!(
        (s.min, s.p5, s.p25, s.median, s.p75, s.p95, s.max),
        (1, 5, 25, 50, 75, 95, 100)
    );
    assert!((s.mean - 50.5).abs() < 1e-9);
    let one = Spread::of(&mut [7]);
    assert_eq!((one.p5, one.median, one.max, one.sd), (7, 7, 7, 0.0));
}

#[test]
fn divergence_is_zero_for_equal_and_one_for_disjoint() {
    assert!(jensen_shannon(&[(0.5, 0.5), (0.5, 0.5)]).abs() < 1e-12);
    assert!((jensen_shannon(&[(1.0, 0.0), (0.0, 1.0)]) - 1.0).abs() < 1e-12);
}

#[test]
fn the_stats_are_the_rolled_boards_solved_one_by_one() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let rules = Rules::hasbro();
    let set = DiceSet::builtin("english-new-4x4").unwrap();
    let options = StatsOptions {
        rolls: 300,
        seed: 9,
        floor: 60,
        vowels: ["a", "e", "i", "o", "u"].map(String::from).to_vec(),
        ..StatsOptions::default()
    };
    let stats = measure(&set, &lexicon, &rules, &options).unwrap();
    let mut solver = Solver::new(&lexicon, rules.clone());
    let (mut words, mut points, mut seen) =
        (Vec::new(), Vec::new(), std::collections::HashSet::new());
    let (mut long7, mut poor, mut longest) = (0, 0, 0);
    for i in 0..300 {
        let board = set.roll(9 + i, None).unwrap();
        let solution = solver.solve(&board);
        words.push(solution.words.len() as u32);
        points.push(solution.score as u32);
        poor += (solution.words.len() < 60) as usize;
        let len = solution
            .words
            .iter()
            .map(|f| polyboggle::normalize::word_len(&f.word).unwrap())
            .max()
            .unwrap_or(0);
        long7 += (len >= 7) as usize;
        longest = longest.max(len);
        seen.extend(solution.words.into_iter().map(|f| f.word));
    }
    assert_eq!(stats.words, Spread::of(&mut words));
    assert_eq!(stats.points, Spread::of(&mut points));
    assert_eq!(stats.under_floor, poor as f64 / 300.0);
    assert_eq!(stats.long_word[2], (7, long7 as f64 / 300.0));
    assert_eq!(stats.longest, longest);
    assert_eq!(stats.distinct_words, seen.len());
    assert_eq!(stats.histogram.iter().sum::<u64>(), 300);
    let shown: f64 = stats.faces.iter().map(|f| f.shown).sum();
    assert!((shown - 1.0).abs() < 1e-9);
    let unreachable = unreachable(&set, 4, 4, &lexicon, &rules).len();
    assert_eq!(stats.unreachable_words, unreachable);
    let vowels = stats.vowels.unwrap();
    assert!(vowels.mean > 3.0 && vowels.mean < 8.0, "{vowels:?}");
    // One thread or many, the same report.
    let single = measure(
        &set,
        &lexicon,
        &rules,
        &StatsOptions {
            threads: 1,
            ..options
        },
    )
    .unwrap();
    assert_eq!(single, stats);
}

#[test]
fn bad_inputs_are_refused() {
    let lexicon = Lexicon::from_words(["alpha", "beta"], &Default::default()).unwrap();
    let set = DiceSet::builtin("english-new-4x4").unwrap();
    let rules = Rules::hasbro();
    let none = StatsOptions {
        rolls: 0,
        ..StatsOptions::default()
    };
    assert_eq!(
        measure(&set, &lexicon, &rules, &none),
        Err(StatsError::NoRolls)
    );
    let big = StatsOptions {
        size: Some((5, 5)),
        ..StatsOptions::default()
    };
    assert!(measure(&set, &lexicon, &rules, &big)
        .unwrap_err()
        .to_string()
        .contains("needs 25 dice"));
    let greek = Lexicon::from_words(["αβγ"], &Default::default()).unwrap();
    let small = StatsOptions {
        rolls: 10,
        ..StatsOptions::default()
    };
    assert!(matches!(
        measure(&set, &greek, &rules, &small),
        Err(StatsError::Foreign { .. })
    ));
}

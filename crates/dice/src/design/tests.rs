use super::alphabet::alphabet;
use super::judge::{aim, median_penalty, Judge};
use super::*;
use crate::unreachable::unreachable;
use polyboggle::{Lexicon, Rules};

#[test]
fn a_median_costs_only_past_its_allowance_and_nothing_when_free() {
    assert_eq!(median_penalty(Some(0.10), 108, 100), 0.0);
    assert_eq!(median_penalty(Some(0.10), 92, 100), 0.0);
    assert!((median_penalty(Some(0.10), 130, 100) - 40.0).abs() < 1e-9);
    assert!((median_penalty(Some(0.10), 70, 100) - 40.0).abs() < 1e-9);
    assert_eq!(median_penalty(None, 130, 100), 0.0, "--free-median");
    assert_eq!(
        median_penalty(Some(0.10), 50, 0),
        0.0,
        "a start of no words"
    );
}

#[test]
fn the_floor_objective_trades_tail_words_for_fewer_poor_rolls() {
    let base = Metrics {
        tail: 30.0,
        under_floor: 0.03,
        ..Metrics::default()
    };
    // One roll in a hundred fewer under the floor, five words off the worst tenth.
    let fewer_poor = Metrics {
        tail: 25.0,
        under_floor: 0.02,
        ..base
    };
    assert!(aim(DesignGoal::Floor, &fewer_poor) > aim(DesignGoal::Floor, &base));
    assert!(aim(DesignGoal::Poor, &fewer_poor) < aim(DesignGoal::Poor, &base));
    // At the same share under the floor, a fuller tail still wins.
    let fuller = Metrics { tail: 31.0, ..base };
    assert!(aim(DesignGoal::Floor, &fuller) > aim(DesignGoal::Floor, &base));
}

#[test]
fn the_quick_unreachable_count_agrees_with_dice_unreachable() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
    // The 5x5 set's In, Th, Er, He and An overlap its letters: words split
    // several ways.
    for (name, cells) in [
        ("english-new-4x4", 16),
        ("english-classic-4x4", 16),
        ("english-big-2012-5x5", 25),
    ] {
        let set = DiceSet::builtin(name).unwrap();
        let side = if cells == 25 { 5 } else { 4 };
        let alphabet = alphabet(&set, &sampler, &[]).unwrap();
        let words = Words::new(&lexicon, &alphabet.keys, set.dice.len(), cells);
        let brief = Brief::default();
        let judge = Judge {
            sampler: &sampler,
            brief: &brief,
            grid: (side, side),
            alphabet: &alphabet,
            words: &words,
            reference: None,
        };
        let mut reach = words.reach(judge.showing(&set));
        let whole = reach.unreachable;
        assert_eq!(
            whole,
            unreachable(&set, side, side, &lexicon, &Rules::hasbro()).len(),
            "{name}"
        );
        // A few moves away, counted again in full and from the set's reach.
        let mut moved = set.clone();
        moved.dice[0][0] = "K".into();
        moved.dice[3].swap(0, 1);
        let before = moved.dice[5][2].clone();
        moved.dice[5][2] = moved.dice[9][4].clone();
        moved.dice[9][4] = before;
        // A multi-letter face lost: its words must split another way.
        for face in moved.dice.iter_mut().flatten() {
            if face == "In" {
                *face = "N".into();
            }
        }
        let undo = words.update(&mut reach, judge.showing(&moved));
        assert_eq!(
            reach.unreachable,
            unreachable(&moved, side, side, &lexicon, &Rules::hasbro()).len(),
            "{name} moved"
        );
        words.undo(&mut reach, undo);
        assert_eq!(reach.unreachable, whole, "{name} moved back");
    }
}

#[test]
fn moves_kept_and_taken_back_count_what_a_fresh_count_does() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
    let set = DiceSet::builtin("english-big-2012-5x5").unwrap();
    let alphabet = alphabet(&set, &sampler, &["QU".into()]).unwrap();
    let words = Words::new(&lexicon, &alphabet.keys, set.dice.len(), 25);
    let brief = Brief::default();
    let judge = Judge {
        sampler: &sampler,
        brief: &brief,
        grid: (5, 5),
        alphabet: &alphabet,
        words: &words,
        reference: None,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut current = set.clone();
    let mut reach = words.reach(judge.showing(&current));
    for step in 0..300 {
        let (candidate, _) = mutate(&current, &alphabet, &[], &mut rng);
        let before = reach.unreachable;
        let undo = words.update(&mut reach, judge.showing(&candidate));
        if step % 3 == 0 {
            words.undo(&mut reach, undo);
            assert_eq!(reach.unreachable, before, "step {step} taken back");
        } else {
            current = candidate;
        }
        if step % 25 == 0 {
            let fresh = words.reach(judge.showing(&current));
            assert_eq!(reach.unreachable, fresh.unreachable, "step {step}");
        }
    }
    assert_eq!(
        reach.unreachable,
        unreachable(&current, 5, 5, &lexicon, &Rules::hasbro()).len()
    );
}

#[test]
fn a_seed_gives_the_same_set_and_the_rules_hold() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
    let start = DiceSet::builtin("english-new-4x4").unwrap();
    let brief = Brief {
        rolls: 300,
        steps: 40,
        seed: 3,
        ..Brief::default()
    };
    let a = design(&start, &sampler, &brief, &mut |_| {}).unwrap();
    let b = design(&start, &sampler, &brief, &mut |_| {}).unwrap();
    assert_eq!(a.set, b.set);
    assert!(a.best.value >= a.start.value);
    assert_ne!(a.set.dice, start.dice);
    let reread = DiceSet::parse(&a.set.to_text(), "designed.txt").unwrap();
    assert_eq!(reread, a.set);
    assert!(a.set.dice.iter().all(|die| die.len() == 6));
    let bad = Brief {
        objective: DesignGoal::Band(9, 3),
        ..brief.clone()
    };
    assert_eq!(
        design(&start, &sampler, &bad, &mut |_| {}).unwrap_err(),
        DesignError::Band(9, 3)
    );
    let unit = Brief {
        units: vec!["JQ".into()],
        ..brief
    };
    assert!(matches!(
        design(&start, &sampler, &unit, &mut |_| {}),
        Err(DesignError::UnknownUnit(_))
    ));
}

#[test]
fn a_pinned_unit_is_put_on_the_start_set_and_never_traded_away() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
    let start = DiceSet::builtin("english-new-4x4").unwrap();
    let count =
        |set: &DiceSet, face: &str| set.dice.iter().flatten().filter(|f| *f == face).count();
    assert_eq!(count(&start, "Th"), 0);
    let brief = Brief {
        rolls: 200,
        steps: 300,
        seed: 5,
        pinned: vec!["TH".into(), "QU".into()],
        ..Brief::default()
    };
    let pinned = design(&start, &sampler, &brief, &mut |_| {}).unwrap();
    assert!(count(&pinned.set, "Th") >= 1, "{:?}", pinned.set.dice);
    assert!(count(&pinned.set, "Qu") >= 1, "{:?}", pinned.set.dice);
    // The same search unpinned trades them away: the pin is what keeps them.
    let free = Brief {
        units: vec!["TH".into()],
        pinned: Vec::new(),
        ..brief
    };
    let mut start_th = start.clone();
    start_th.dice[0][0] = "Th".into();
    let unpinned = design(&start_th, &sampler, &free, &mut |_| {}).unwrap();
    assert_eq!(count(&unpinned.set, "Th"), 0, "{:?}", unpinned.set.dice);
}

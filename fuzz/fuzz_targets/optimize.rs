//! `optimize` flags (`--objective`, `--letters`, `--exclude`, `--size`) as the binary
//! combines them, and the board space they make: objectives print back to themselves,
//! every move stays in the space and one or two cells from its board, symmetric boards
//! share a key, and every board prints back to a form that parses to it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboggle::Profile;
use polyboggle_dice::parse_size;
use polyboggle_fuzz::{check_board_round_trip, text};
use polyboggle_optimize::{self as optimize, Objective, Space};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    let mut lines = text.split('\n');
    let (objective, letters, exclude, size) =
        (lines.next(), lines.next(), lines.next(), lines.next());
    if let Ok(objective) = objective.unwrap_or_default().parse::<Objective>() {
        let again: Objective = objective.to_string().parse().expect("prints back");
        assert_eq!(again, objective);
    }
    let profile = Profile::default();
    let mut faces = optimize::parse_letters(letters.unwrap_or_default());
    faces = optimize::exclude(
        &faces,
        &optimize::parse_letters(exclude.unwrap_or_default()),
        &profile,
    );
    let Ok((rows, cols)) = parse_size(size.unwrap_or("3x3")) else {
        return;
    };
    // Small grids only: every neighbour of a board is listed below.
    if rows.checked_mul(cols).is_none_or(|n| n > 16) {
        return;
    }
    let Ok(space) = Space::letters(rows, cols, &faces, &profile) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(data.len() as u64);
    let from = space.random(&mut rng);
    let board = space.board(&from);
    check_board_round_trip(&board);
    let key = space.canonical(from.cells());
    assert_eq!(space.canonical(&key), key, "a key is its own key");
    let mut count = 0;
    space.neighbours(&from, |next| {
        count += 1;
        let changed = next
            .cells()
            .iter()
            .zip(from.cells())
            .filter(|(a, b)| a != b)
            .count();
        assert!(
            (1..=2).contains(&changed),
            "a move changes one or two cells"
        );
        assert!(next
            .cells()
            .iter()
            .all(|&f| (f as usize) < space.faces().len()));
        assert!(count < 100_000);
    });
    let turned = space.canonical_candidate(&from);
    assert_eq!(turned.cells(), key.as_slice());
});

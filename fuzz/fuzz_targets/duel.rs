//! The Lab 6 duel protocol on standard input: any input ends in an error or a full
//! summary, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboggle_fuzz::mixed;
use polyboggle_play::duel::duel;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    if duel(mixed(), data, &mut out).is_ok() {
        let out = String::from_utf8(out).expect("the duel writes UTF-8");
        let last = out.lines().last().unwrap_or_default();
        assert!(last.starts_with("All possible words:"), "{out}");
    }
});

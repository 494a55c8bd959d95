//! The dictionaries built into the library, by name.

/// The built-in dictionaries, by name: ENABLE2K (public domain English).
pub(super) const BUILTINS: &[(&str, &[u8])] = &[("enable2k", &ENABLE2K.0)];

/// Static bytes aligned like a memory map, so the automaton is used in place.
#[repr(C, align(8))]
struct Aligned<B: ?Sized>(B);

// `data/enable2k.pbd` links to `dictionaries/enable2k.pbd`, so the package holds it.
static ENABLE2K: &Aligned<[u8]> = &Aligned(*include_bytes!("../../data/enable2k.pbd"));

/// The names [`Lexicon::builtin`](super::Lexicon::builtin) accepts.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|(name, _)| *name)
}

//! The affix engine: every form one stem yields, under Hunspell's rules.
//!
//! The rules mirror Hunspell's `AffixMgr::affix_check` (prefix_check,
//! suffix_check, suffix_check_twosfx, prefix_check_twosfx), read backwards:
//! a form is generated exactly when that function would find its stem.
//! With `COMPLEXPREFIXES` Hunspell reverses words and swaps the roles of
//! prefixes and suffixes; the engine does the same.

use crate::aff::{Aff, AffixRule};
use crate::condition::Condition;
use crate::flags::{Flag, FlagSet};
use crate::fxhash::FxHashMap;
use crate::letters::letters;

/// An affix rule with the flags that matter precomputed.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    pub flag: Flag,
    pub cross: bool,
    pub strip: String,
    pub add: String,
    /// [`letters`] of `strip` and of `add`: applying the rule changes a word's
    /// length by `add_len - strip_len` letters.
    pub strip_len: usize,
    pub add_len: usize,
    pub cond: Condition,
    /// Whether `cond` must be tested: false when every word the strip
    /// matches also satisfies it (e.g. `SFX A a ami a`).
    pub check_cond: bool,
    pub cont: FlagSet,
    pub circ: bool,
    pub needaffix: bool,
    pub onlyinc: bool,
    pub permit: bool,
    pub cpd_forbid: bool,
}

/// The rules of one flag in one role, bucketed by the character of the word
/// they need at their end (suffix role) or start (prefix role): the last
/// (first) character of their strip, else the characters their condition's
/// last (first) position accepts. A rule needing nothing particular is in
/// every bucket. Looking a word up gives every rule that can apply to it (and
/// a few that cannot), in rule order, or (for `max_len`) sorted by the letters
/// they add to a word, so that those which would make it too long are never
/// looked at.
#[derive(Debug, Clone, Default)]
struct Bucketed {
    /// Every rule of the flag.
    all: Vec<u32>,
    /// Rules that can apply to a word with this end (start) character.
    by_char: FxHashMap<char, Vec<u32>>,
    /// Rules that need no particular character.
    any: Vec<u32>,
    /// `by_char` and `any` again, as (letters added, rule), fewest first.
    by_char_growth: FxHashMap<char, Vec<(isize, u32)>>,
    any_growth: Vec<(isize, u32)>,
}

impl Bucketed {
    #[inline]
    fn for_char(&self, c: Option<char>) -> &[u32] {
        match c.and_then(|c| self.by_char.get(&c)) {
            Some(v) => v,
            None => &self.any,
        }
    }

    /// The rules of [`Self::for_char`] that add at most `room` letters.
    #[inline]
    fn fitting(&self, c: Option<char>, room: isize) -> &[(isize, u32)] {
        let v = match c.and_then(|c| self.by_char_growth.get(&c)) {
            Some(v) => v,
            None => &self.any_growth,
        };
        &v[..v.partition_point(|&(g, _)| g <= room)]
    }
}

/// Rules in one role, indexed by flag (a dense table: flags are 16-bit).
#[derive(Debug, Clone)]
struct RuleIndex {
    /// Flag -> position in `tabs` (`u32::MAX`: no rule has this flag).
    slot: Vec<u32>,
    tabs: Vec<Bucketed>,
}

impl RuleIndex {
    /// `key(rule)`: the characters the rule needs at the word's edge, or
    /// `None` for any.
    fn new<'r>(rules: &'r [Rule], key: impl Fn(&'r Rule) -> Option<Vec<char>>) -> RuleIndex {
        let mut slot = vec![u32::MAX; usize::from(Flag::MAX) + 1];
        let mut tabs: Vec<Bucketed> = Vec::new();
        for (i, r) in rules.iter().enumerate() {
            let f = usize::from(r.flag);
            if slot[f] == u32::MAX {
                slot[f] = tabs.len() as u32;
                tabs.push(Bucketed::default());
            }
            let t = &mut tabs[slot[f] as usize];
            t.all.push(i as u32);
            match key(r) {
                None => {
                    t.any.push(i as u32);
                    for v in t.by_char.values_mut() {
                        v.push(i as u32);
                    }
                }
                Some(cs) => {
                    for c in cs {
                        let v = t.by_char.entry(c).or_insert_with(|| t.any.clone());
                        if v.last() != Some(&(i as u32)) {
                            v.push(i as u32);
                        }
                    }
                }
            }
        }
        let by_growth = |v: &[u32]| {
            let mut g: Vec<(isize, u32)> =
                v.iter().map(|&i| (rules[i as usize].growth(), i)).collect();
            g.sort_unstable();
            g
        };
        for t in &mut tabs {
            t.any_growth = by_growth(&t.any);
            t.by_char_growth = t.by_char.iter().map(|(&c, v)| (c, by_growth(v))).collect();
        }
        RuleIndex { slot, tabs }
    }

    #[inline]
    fn get(&self, f: Flag) -> Option<&Bucketed> {
        match self.slot[usize::from(f)] {
            u32::MAX => None,
            i => Some(&self.tabs[i as usize]),
        }
    }

    #[inline]
    fn has(&self, f: Flag) -> bool {
        self.slot[usize::from(f)] != u32::MAX
    }

    /// Every rule of flag `f`.
    #[inline]
    fn all(&self, f: Flag) -> &[u32] {
        self.get(f).map_or(&[], |t| &t.all)
    }

    /// The rules of flag `f` that can apply to a word whose edge character
    /// is `c`.
    #[inline]
    fn for_char(&self, f: Flag, c: Option<char>) -> &[u32] {
        self.get(f).map_or(&[], |t| t.for_char(c))
    }

    /// The rules of [`Self::for_char`] that add at most `room` letters, as
    /// (letters added, rule), fewest first.
    #[inline]
    fn fitting(&self, f: Flag, c: Option<char>, room: isize) -> &[(isize, u32)] {
        self.get(f).map_or(&[], |t| t.fitting(c, room))
    }
}

impl Rule {
    /// The letters applying the rule adds to a word (negative: takes off).
    fn growth(&self) -> isize {
        self.add_len as isize - self.strip_len as isize
    }
}

/// Prepared affix tables.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    /// Rules in the suffix role (PFX under COMPLEXPREFIXES, reversed).
    pub sfx: Vec<Rule>,
    /// Rules in the prefix role (SFX under COMPLEXPREFIXES, reversed).
    pub pfx: Vec<Rule>,
    sfx_by: RuleIndex,
    pfx_by: RuleIndex,
    /// Suffix flags a prefix may enable where that prefix is itself enabled
    /// by a suffix's continuation (needed for completeness, usually empty).
    extra_sfx: Vec<Flag>,
    pub reversed: bool,
    pub fullstrip: bool,
    pub needaffix: Option<Flag>,
    pub onlyinc: Option<Flag>,
    pub forbidden: Option<Flag>,
    /// The most letters one suffix-role (prefix-role) rule can take off a word:
    /// its strip's letters less its addition's, 0 when no rule shortens a word.
    /// A form built from a word by one more suffix and one more prefix is at least
    /// the word's length less both (for `max_len` pruning).
    sfx_shrink: usize,
    pfx_shrink: usize,
}

/// [`ExpandOptions::max_len`](crate::ExpandOptions::max_len) as the engine uses it: letters,
/// signed so that room left (`max - len`) may go negative, [`NO_BOUND`] for none.
fn bound(max_len: Option<usize>) -> isize {
    max_len.map_or(NO_BOUND, |m| m.min(NO_BOUND as usize) as isize)
}

/// No bound: far from overflow when shrinks are added to it.
const NO_BOUND: isize = isize::MAX / 4;

/// A word's length in letters, signed (see [`bound`]).
#[inline]
fn len(w: &str) -> isize {
    letters(w) as isize
}

/// `w.ends_with(s)` compared from the end, inline: strips are a few bytes
/// and usually differ in their last bytes (a `memcmp` call costs more).
#[inline]
fn ends_with(w: &[u8], s: &[u8]) -> bool {
    w.len() >= s.len() && w.iter().rev().zip(s.iter().rev()).all(|(a, b)| a == b)
}

/// `w.starts_with(s)`, inline (see [`ends_with`]).
#[inline]
fn starts_with(w: &[u8], s: &[u8]) -> bool {
    w.len() >= s.len() && w.iter().zip(s).all(|(a, b)| a == b)
}

fn rev(s: &str) -> String {
    s.chars().rev().collect()
}

impl Engine {
    pub fn new(aff: &Aff) -> Engine {
        let prep_rule = |r: &AffixRule, reverse: bool| Rule {
            flag: r.flag,
            cross: r.cross,
            strip: if reverse {
                rev(&r.strip)
            } else {
                r.strip.clone()
            },
            add: if reverse { rev(&r.add) } else { r.add.clone() },
            strip_len: letters(&r.strip),
            add_len: letters(&r.add),
            cond: if reverse {
                r.cond.reversed()
            } else {
                r.cond.clone()
            },
            check_cond: true,
            cont: r.cont.clone(),
            circ: r.cont.has(aff.circumfix),
            needaffix: r.cont.has(aff.needaffix),
            onlyinc: r.cont.has(aff.onlyincompound),
            permit: r.cont.has(aff.compound_permit),
            cpd_forbid: r.cont.has(aff.compound_forbid),
        };
        let prep = |r: &AffixRule, reverse: bool, role_sfx: bool| {
            let mut rule = prep_rule(r, reverse);
            rule.check_cond = if role_sfx {
                !rule.cond.matches_end(&rule.strip)
            } else {
                !rule.cond.matches_start(&rule.strip)
            };
            rule
        };
        let cp = aff.complex_prefixes;
        let (sfx, pfx): (Vec<Rule>, Vec<Rule>) = if cp {
            (
                aff.prefixes.iter().map(|r| prep(r, true, true)).collect(),
                aff.suffixes.iter().map(|r| prep(r, true, false)).collect(),
            )
        } else {
            (
                aff.suffixes.iter().map(|r| prep(r, false, true)).collect(),
                aff.prefixes.iter().map(|r| prep(r, false, false)).collect(),
            )
        };
        let sfx_by = RuleIndex::new(&sfx, |r| match r.strip.chars().next_back() {
            Some(c) => Some(vec![c]),
            None => r.cond.last_chars().map(<[char]>::to_vec),
        });
        let pfx_by = RuleIndex::new(&pfx, |r| match r.strip.chars().next() {
            Some(c) => Some(vec![c]),
            None => r.cond.first_chars().map(<[char]>::to_vec),
        });
        let in_sfx_cont: std::collections::HashSet<Flag> =
            sfx.iter().flat_map(|r| r.cont.iter()).collect();
        let mut extra_sfx: Vec<Flag> = pfx
            .iter()
            .filter(|p| in_sfx_cont.contains(&p.flag))
            .flat_map(|p| p.cont.iter())
            .filter(|&f| sfx_by.has(f))
            .collect();
        extra_sfx.sort_unstable();
        extra_sfx.dedup();
        let shrink = |rules: &[Rule]| {
            rules
                .iter()
                .map(|r| r.strip_len.saturating_sub(r.add_len))
                .max()
                .unwrap_or(0)
        };
        let (sfx_shrink, pfx_shrink) = (shrink(&sfx), shrink(&pfx));
        Engine {
            sfx,
            pfx,
            sfx_by,
            pfx_by,
            extra_sfx,
            reversed: cp,
            fullstrip: aff.fullstrip,
            needaffix: aff.needaffix,
            onlyinc: aff.onlyincompound,
            forbidden: aff.forbidden,
            sfx_shrink,
            pfx_shrink,
        }
    }

    /// Every suffix-role rule of flag `f`.
    pub fn sfx_rules(&self, f: Flag) -> impl Iterator<Item = &Rule> {
        self.sfx_by.all(f).iter().map(|&i| &self.sfx[i as usize])
    }

    /// Every prefix-role rule of flag `f`.
    pub fn pfx_rules(&self, f: Flag) -> impl Iterator<Item = &Rule> {
        self.pfx_by.all(f).iter().map(|&i| &self.pfx[i as usize])
    }

    /// Applies a suffix-role rule: strip at the end, test the condition, add.
    #[inline]
    pub fn apply_sfx(&self, r: &Rule, w: &str) -> Option<String> {
        if !self.sfx_applies(r, w) {
            return None;
        }
        let base = &w[..w.len() - r.strip.len()];
        let mut s = String::with_capacity(base.len() + r.add.len());
        s.push_str(base);
        s.push_str(&r.add);
        Some(s)
    }

    /// Whether [`Self::apply_sfx`] gives a word (without building it).
    #[inline]
    fn sfx_applies(&self, r: &Rule, w: &str) -> bool {
        (w.len() > r.strip.len() || (self.fullstrip && w.len() == r.strip.len()))
            && ends_with(w.as_bytes(), r.strip.as_bytes())
            && (!r.check_cond || r.cond.matches_end(w))
    }

    /// Applies a prefix-role rule: strip at the start, test the condition, add.
    #[inline]
    pub fn apply_pfx(&self, r: &Rule, w: &str) -> Option<String> {
        if !(w.len() > r.strip.len() || (self.fullstrip && w.len() == r.strip.len())) {
            return None;
        }
        if !starts_with(w.as_bytes(), r.strip.as_bytes())
            || (r.check_cond && !r.cond.matches_start(w))
        {
            return None;
        }
        let mut s = String::with_capacity(w.len() - r.strip.len() + r.add.len());
        s.push_str(&r.add);
        s.push_str(&w[r.strip.len()..]);
        Some(s)
    }

    /// The suffix-role rules of flag `f` that may apply to `w` (a superset of
    /// those [`Self::apply_sfx`] accepts) and add at most `room` letters to it,
    /// fewest first.
    #[inline]
    fn sfx_fitting<'a>(
        &'a self,
        f: Flag,
        w: &str,
        room: isize,
    ) -> impl Iterator<Item = &'a Rule> + 'a {
        self.sfx_by
            .fitting(f, w.chars().next_back(), room)
            .iter()
            .map(|&(_, i)| &self.sfx[i as usize])
    }

    /// The prefix-role rules of flag `f` that may apply to `w` and add at most
    /// `room` letters to it, fewest first.
    #[inline]
    fn pfx_fitting<'a>(
        &'a self,
        f: Flag,
        w: &str,
        room: isize,
    ) -> impl Iterator<Item = &'a Rule> + 'a {
        self.pfx_by
            .fitting(f, w.chars().next(), room)
            .iter()
            .map(|&(_, i)| &self.pfx[i as usize])
    }

    /// The (suffix flag, suffix rule) pairs that apply to the stem `word`
    /// with flags `f`, among the stem's suffixes, those its prefixes enable,
    /// and those enabled by prefixes that suffixes enable. One job per pair
    /// (see [`Self::job`]); [`Self::base`] takes its single suffixes from it.
    /// Under `max_len`, only the rules whose word one more suffix and a prefix
    /// could still bring under it (nothing else could come of them), in the
    /// same order.
    pub fn plan(
        &self,
        word: &str,
        f: &FlagSet,
        out: &mut Vec<(Flag, u32)>,
        max_len: Option<usize>,
    ) {
        out.clear();
        if f.has(self.forbidden) || f.has(self.onlyinc) {
            return;
        }
        let mut cs: Vec<Flag> = f.iter().filter(|&x| self.sfx_by.has(x)).collect();
        for p in f.iter() {
            for pr in self.pfx_rules(p) {
                cs.extend(pr.cont.iter().filter(|&x| self.sfx_by.has(x)));
            }
        }
        cs.extend(self.extra_sfx.iter().copied());
        cs.sort_unstable();
        cs.dedup();
        let last = word.chars().next_back();
        let applies = |&i: &u32| self.sfx_applies(&self.sfx[i as usize], word);
        if max_len.is_none() {
            for s in cs {
                out.extend(
                    self.sfx_by
                        .for_char(s, last)
                        .iter()
                        .filter(|i| applies(i))
                        .map(|&i| (s, i)),
                );
            }
            return;
        }
        let room = bound(max_len) - len(word) + (self.sfx_shrink + self.pfx_shrink) as isize;
        for s in cs {
            let from = out.len();
            out.extend(
                self.sfx_by
                    .fitting(s, last, room)
                    .iter()
                    .map(|&(_, i)| i)
                    .filter(applies)
                    .map(|i| (s, i)),
            );
            out[from..].sort_unstable_by_key(|&(_, i)| i);
        }
    }

    /// Every form of the stem `word` (in the engine's orientation) with flags
    /// `f`, outside compounds, of at most `max_len` [`letters`], pushed onto `out`
    /// (duplicates possible).
    pub fn forms(&self, word: &str, f: &FlagSet, out: &mut Vec<String>, max_len: Option<usize>) {
        let mut plan = Vec::new();
        self.plan(word, f, &mut plan, max_len);
        self.base(word, f, &plan, out, max_len);
        for (s, i) in plan {
            self.job(word, f, s, i, out, max_len);
        }
    }

    /// The bare stem, its single suffixes and its single prefixes, of at most
    /// `max_len` letters. `plan` is [`Self::plan`]'s answer for the same stem.
    pub fn base(
        &self,
        word: &str,
        f: &FlagSet,
        plan: &[(Flag, u32)],
        out: &mut Vec<String>,
        max_len: Option<usize>,
    ) {
        if f.has(self.forbidden) || f.has(self.onlyinc) {
            return;
        }
        let room = bound(max_len) - len(word);
        if !f.has(self.needaffix) && room >= 0 {
            out.push(word.to_string());
        }
        for &(s, i) in plan {
            let sr = &self.sfx[i as usize];
            if f.contains(s) && !sr.circ && !sr.onlyinc && !sr.needaffix && sr.growth() <= room {
                if let Some(w) = self.apply_sfx(sr, word) {
                    out.push(w);
                }
            }
        }
        for p in f.iter() {
            for pr in self.pfx_fitting(p, word, room) {
                if !pr.needaffix && !pr.circ && !pr.onlyinc {
                    if let Some(w) = self.apply_pfx(pr, word) {
                        out.push(w);
                    }
                }
            }
        }
    }

    /// The forms built on suffix rule `ri` (flag `s`): twofold suffixes,
    /// prefix + suffix, prefix + two suffixes, of at most `max_len` letters.
    ///
    /// The bound prunes, and exactly: a rule adds a fixed number of letters to
    /// the word it applies to (its addition's less its strip's), so a form's
    /// length is known before it is built. Rules are looked up fewest letters
    /// first and the lookup stops at the first that would make the form too
    /// long; a word that even the most shortening suffix and prefix would leave
    /// too long is not extended at all.
    pub fn job(
        &self,
        word: &str,
        f: &FlagSet,
        s: Flag,
        ri: u32,
        out: &mut Vec<String>,
        max_len: Option<usize>,
    ) {
        let sr = &self.sfx[ri as usize];
        if sr.cont.is_empty() && !(sr.cross && f.iter().any(|x| self.pfx_by.has(x))) {
            // no second suffix and no prefix: nothing beyond the single suffix
            return;
        }
        // letters w1 may still grow by: the plan holds rules that apply, so w1
        // has len(word) + sr.growth() letters
        let room1 = bound(max_len) - len(word) - sr.growth();
        let (sfx_shrink, pfx_shrink) = (self.sfx_shrink as isize, self.pfx_shrink as isize);
        if room1 + sfx_shrink + pfx_shrink < 0 {
            return;
        }
        let in_root = f.contains(s);
        let Some(w1) = self.apply_sfx(sr, word) else {
            return;
        };
        let mut cp: Vec<Flag> = Vec::new();
        if in_root && !sr.circ && !sr.onlyinc {
            // twofold suffixes: sr continues with s2
            for s2 in sr.cont.iter() {
                for sr2 in self.sfx_fitting(s2, &w1, room1) {
                    if let Some(w2) = self.apply_sfx(sr2, &w1) {
                        out.push(w2);
                    }
                }
            }
        }
        if sr.onlyinc {
            return;
        }
        // prefix + suffix (cross product)
        if sr.cross {
            cp.extend(
                f.iter()
                    .chain(sr.cont.iter())
                    .filter(|&x| self.pfx_by.has(x)),
            );
            cp.sort_unstable();
            cp.dedup();
            for &p in &cp {
                for pr in self.pfx_fitting(p, &w1, room1) {
                    if pr.cross
                        && !pr.onlyinc
                        && pr.circ == sr.circ
                        && !(sr.needaffix && pr.needaffix)
                        && (in_root || pr.cont.contains(s))
                        && (f.contains(p) || sr.cont.contains(p))
                    {
                        if let Some(w) = self.apply_pfx(pr, &w1) {
                            out.push(w);
                        }
                    }
                }
            }
        }
        // prefix + two suffixes: w2 may be too long by what a prefix takes off
        for s2 in sr.cont.iter() {
            for sr2 in self
                .sfx_fitting(s2, &w1, room1 + pfx_shrink)
                .filter(|r| r.cross)
            {
                let Some(w2) = self.apply_sfx(sr2, &w1) else {
                    continue;
                };
                let room2 = room1 - sr2.growth();
                cp.clear();
                cp.extend(
                    f.iter()
                        .chain(sr.cont.iter())
                        .chain(sr2.cont.iter())
                        .filter(|&x| self.pfx_by.has(x)),
                );
                cp.sort_unstable();
                cp.dedup();
                for &p in &cp {
                    for pr in self.pfx_fitting(p, &w2, room2).filter(|r| r.cross) {
                        let ok = if sr2.cont.contains(p) {
                            in_root && !sr.circ
                        } else {
                            sr.cross
                                && (in_root || pr.cont.contains(s))
                                && (f.contains(p) || sr.cont.contains(p))
                                && pr.circ == sr.circ
                        };
                        if ok {
                            if let Some(w) = self.apply_pfx(pr, &w2) {
                                out.push(w);
                            }
                        }
                    }
                }
            }
        }
    }
}

//! Two-part compounds (off by default).
//!
//! Parts come from `COMPOUNDFLAG` / `COMPOUNDBEGIN` / `COMPOUNDEND` (a part
//! may carry one affix: a prefix on the first part, a suffix on the last, or
//! the other kind when the affix has `COMPOUNDPERMITFLAG`) and from
//! two-element matches of `COMPOUNDRULE` (bare stems only). Checked:
//! `COMPOUNDMIN`, `COMPOUNDWORDMAX`, `CHECKCOMPOUNDDUP`,
//! `CHECKCOMPOUNDTRIPLE`, `CHECKCOMPOUNDCASE`, `CHECKCOMPOUNDPATTERN`
//! (without its flags and replacements, so it forbids more than Hunspell),
//! `COMPOUNDFORBIDFLAG`, `FORCEUCASE` (such parts are left out), forbidden
//! words. Not checked: `CHECKCOMPOUNDREP`, `COMPOUNDSYLLABLE`,
//! `COMPOUNDROOT`, `SIMPLIFIEDTRIPLE` and Hungarian special rules, so the
//! compound option is an approximation (see NOTES.md), unlike the affix
//! expansion.

use crate::aff::{Aff, RulePart};
use crate::dic::DicEntry;
use crate::expand::Engine;
use crate::flags::Flag;

/// The part lists of one kind of two-part compound.
#[derive(Debug, Default)]
pub(crate) struct PairGroup {
    pub first: Vec<String>,
    pub second: Vec<String>,
}

/// Collects part forms while the `.dic` is read.
pub(crate) struct Collector {
    flag_group: PairGroup,
    /// (first flag, second flag) -> group, for COMPOUNDRULE.
    rule_pairs: Vec<(Flag, Flag, PairGroup)>,
    max_part: usize,
    min: usize,
}

fn rule_pairs(rule: &[RulePart]) -> Vec<(Flag, Flag)> {
    // every way the rule matches exactly two words
    fn go(rule: &[RulePart], acc: &mut Vec<Flag>, out: &mut Vec<(Flag, Flag)>) {
        if acc.len() > 2 {
            return;
        }
        let Some((head, rest)) = rule.split_first() else {
            if acc.len() == 2 {
                out.push((acc[0], acc[1]));
            }
            return;
        };
        match *head {
            RulePart::One(f) => {
                acc.push(f);
                go(rest, acc, out);
                acc.pop();
            }
            RulePart::Optional(f) => {
                go(rest, acc, out);
                acc.push(f);
                go(rest, acc, out);
                acc.pop();
            }
            RulePart::Star(f) => {
                for n in 0..=2 {
                    for _ in 0..n {
                        acc.push(f);
                    }
                    go(rest, acc, out);
                    for _ in 0..n {
                        acc.pop();
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    go(rule, &mut Vec::new(), &mut out);
    out
}

impl Collector {
    pub fn new(aff: &Aff, max_len: usize) -> Collector {
        let min = aff.compound_min;
        let mut pairs: Vec<(Flag, Flag, PairGroup)> = Vec::new();
        for r in &aff.compound_rules {
            for (a, b) in rule_pairs(r) {
                if !pairs.iter().any(|(x, y, _)| *x == a && *y == b) {
                    pairs.push((a, b, PairGroup::default()));
                }
            }
        }
        Collector {
            flag_group: PairGroup::default(),
            rule_pairs: pairs,
            max_part: max_len.saturating_sub(min),
            min,
        }
    }

    fn fits(&self, w: &str) -> bool {
        let n = w.chars().count();
        n >= self.min && n <= self.max_part
    }

    /// Adds the compound parts one stem offers (internal orientation).
    pub fn add(&mut self, aff: &Aff, eng: &Engine, e: &DicEntry, word: &str) {
        let f = &e.flags;
        if f.has(aff.forbidden) || f.has(aff.forceucase) {
            return;
        }
        let na = f.has(aff.needaffix);
        let word_fits = self.fits(word);
        for (a, b, g) in &mut self.rule_pairs {
            if !word_fits {
                break;
            }
            if !na && f.contains(*a) {
                g.first.push(word.to_string());
            }
            if !na && f.contains(*b) {
                g.second.push(word.to_string());
            }
        }
        let (cf, cb, ce) = (aff.compound_flag, aff.compound_begin, aff.compound_end);
        if cf.is_none() && cb.is_none() && ce.is_none() {
            return;
        }
        let mut first = Vec::new();
        let mut second = Vec::new();
        let begin_flag = |s: &crate::flags::FlagSet| s.has(cf) || s.has(cb);
        let end_flag = |s: &crate::flags::FlagSet| s.has(cf) || s.has(ce);
        if !na && begin_flag(f) {
            first.push(word.to_string());
        }
        if !na && end_flag(f) {
            second.push(word.to_string());
        }
        for p in f.iter() {
            for r in eng.pfx_rules(p) {
                if r.cpd_forbid || r.circ || r.needaffix {
                    continue;
                }
                let Some(w) = eng.apply_pfx(r, word) else {
                    continue;
                };
                if begin_flag(f) || begin_flag(&r.cont) {
                    first.push(w.clone());
                }
                if r.permit && (end_flag(f) || end_flag(&r.cont)) {
                    second.push(w);
                }
            }
        }
        for s in f.iter() {
            for r in eng.sfx_rules(s) {
                if r.cpd_forbid || r.circ || r.needaffix {
                    continue;
                }
                let Some(w) = eng.apply_sfx(r, word) else {
                    continue;
                };
                if end_flag(f) || end_flag(&r.cont) {
                    second.push(w.clone());
                }
                if r.permit && (begin_flag(f) || begin_flag(&r.cont)) {
                    first.push(w);
                }
            }
        }
        let max = self.max_part;
        let min = self.min;
        let fits = |w: &String| {
            let n = w.chars().count();
            n >= min && n <= max
        };
        self.flag_group.first.extend(first.into_iter().filter(fits));
        self.flag_group
            .second
            .extend(second.into_iter().filter(fits));
    }

    /// The finished groups, each part list sorted and de-duplicated.
    pub fn finish(self) -> Vec<PairGroup> {
        let mut out = vec![self.flag_group];
        out.extend(self.rule_pairs.into_iter().map(|(_, _, g)| g));
        for g in &mut out {
            g.first.sort_unstable();
            g.first.dedup();
            g.second.sort_unstable();
            g.second.dedup();
        }
        out.retain(|g| !g.first.is_empty() && !g.second.is_empty());
        out
    }
}

/// Whether `a` + `b` passes the checks Hunspell makes at the join.
pub(crate) fn join_ok(aff: &Aff, a: &str, b: &str) -> bool {
    if aff.compound_word_max.is_some_and(|m| m < 2) {
        return false;
    }
    if aff.check_compound_dup && a == b {
        return false;
    }
    if aff
        .compound_patterns
        .iter()
        .any(|(end, begin)| a.ends_with(end.as_str()) && b.starts_with(begin.as_str()))
    {
        return false;
    }
    if aff.check_compound_case {
        // Hunspell (UTF-8): no upper-case or caseless character on either side
        // of the join, unless one of them is a dash
        let (x, y) = (a.chars().next_back(), b.chars().next());
        if let (Some(x), Some(y)) = (x, y) {
            let upperish = |c: char| c.to_uppercase().eq(std::iter::once(c));
            let upper = |c: char| c.is_uppercase();
            let bad = if aff.encoding == encoding_rs::UTF_8 {
                upperish(x) || upperish(y)
            } else {
                upper(x) || upper(y)
            };
            if bad && x != '-' && y != '-' {
                return false;
            }
        }
    }
    if aff.check_compound_triple {
        let tail: Vec<char> = a.chars().rev().take(2).collect();
        let head: Vec<char> = b.chars().take(2).collect();
        // three equal letters across the join: xx|x or x|xx
        let t = |v: &[char]| v.len() == 2 && v[0] == v[1];
        if (t(&tail) && head.first() == tail.first()) || (t(&head) && tail.first() == head.first())
        {
            return false;
        }
    }
    true
}

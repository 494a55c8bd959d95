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
use std::collections::HashMap;

/// An affix rule with the flags that matter precomputed.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    pub flag: Flag,
    pub cross: bool,
    pub strip: String,
    pub add: String,
    pub cond: Condition,
    pub cont: FlagSet,
    pub circ: bool,
    pub needaffix: bool,
    pub onlyinc: bool,
    pub permit: bool,
    pub cpd_forbid: bool,
}

/// Prepared affix tables.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    /// Rules in the suffix role (PFX under COMPLEXPREFIXES, reversed).
    pub sfx: Vec<Rule>,
    /// Rules in the prefix role (SFX under COMPLEXPREFIXES, reversed).
    pub pfx: Vec<Rule>,
    sfx_by: HashMap<Flag, Vec<u32>>,
    pfx_by: HashMap<Flag, Vec<u32>>,
    /// Suffix flags a prefix may enable where that prefix is itself enabled
    /// by a suffix's continuation (needed for completeness, usually empty).
    extra_sfx: Vec<Flag>,
    pub reversed: bool,
    pub fullstrip: bool,
    pub needaffix: Option<Flag>,
    pub onlyinc: Option<Flag>,
    pub forbidden: Option<Flag>,
    /// Longest strip of any rule, in characters (for `max_len` pruning).
    pub max_strip: usize,
}

fn rev(s: &str) -> String {
    s.chars().rev().collect()
}

impl Engine {
    pub fn new(aff: &Aff) -> Engine {
        let prep = |r: &AffixRule, reverse: bool| Rule {
            flag: r.flag,
            cross: r.cross,
            strip: if reverse {
                rev(&r.strip)
            } else {
                r.strip.clone()
            },
            add: if reverse { rev(&r.add) } else { r.add.clone() },
            cond: if reverse {
                r.cond.reversed()
            } else {
                r.cond.clone()
            },
            cont: r.cont.clone(),
            circ: r.cont.has(aff.circumfix),
            needaffix: r.cont.has(aff.needaffix),
            onlyinc: r.cont.has(aff.onlyincompound),
            permit: r.cont.has(aff.compound_permit),
            cpd_forbid: r.cont.has(aff.compound_forbid),
        };
        let cp = aff.complex_prefixes;
        let (sfx, pfx): (Vec<Rule>, Vec<Rule>) = if cp {
            (
                aff.prefixes.iter().map(|r| prep(r, true)).collect(),
                aff.suffixes.iter().map(|r| prep(r, true)).collect(),
            )
        } else {
            (
                aff.suffixes.iter().map(|r| prep(r, false)).collect(),
                aff.prefixes.iter().map(|r| prep(r, false)).collect(),
            )
        };
        let index = |v: &[Rule]| {
            let mut m: HashMap<Flag, Vec<u32>> = HashMap::new();
            for (i, r) in v.iter().enumerate() {
                m.entry(r.flag).or_default().push(i as u32);
            }
            m
        };
        let sfx_by = index(&sfx);
        let pfx_by = index(&pfx);
        let in_sfx_cont: std::collections::HashSet<Flag> =
            sfx.iter().flat_map(|r| r.cont.iter()).collect();
        let mut extra_sfx: Vec<Flag> = pfx
            .iter()
            .filter(|p| in_sfx_cont.contains(&p.flag))
            .flat_map(|p| p.cont.iter())
            .filter(|f| sfx_by.contains_key(f))
            .collect();
        extra_sfx.sort_unstable();
        extra_sfx.dedup();
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
            max_strip: aff
                .prefixes
                .iter()
                .chain(&aff.suffixes)
                .map(|r| r.strip.chars().count())
                .max()
                .unwrap_or(0),
        }
    }

    pub fn sfx_rules(&self, f: Flag) -> impl Iterator<Item = &Rule> {
        self.sfx_by
            .get(&f)
            .into_iter()
            .flatten()
            .map(|&i| &self.sfx[i as usize])
    }

    pub fn pfx_rules(&self, f: Flag) -> impl Iterator<Item = &Rule> {
        self.pfx_by
            .get(&f)
            .into_iter()
            .flatten()
            .map(|&i| &self.pfx[i as usize])
    }

    /// Applies a suffix-role rule: strip at the end, test the condition, add.
    #[inline]
    pub fn apply_sfx(&self, r: &Rule, w: &str) -> Option<String> {
        if !(w.len() > r.strip.len() || (self.fullstrip && w.len() == r.strip.len())) {
            return None;
        }
        if !w.ends_with(r.strip.as_str()) || !r.cond.matches_end(w) {
            return None;
        }
        let base = &w[..w.len() - r.strip.len()];
        let mut s = String::with_capacity(base.len() + r.add.len());
        s.push_str(base);
        s.push_str(&r.add);
        Some(s)
    }

    /// Applies a prefix-role rule: strip at the start, test the condition, add.
    #[inline]
    pub fn apply_pfx(&self, r: &Rule, w: &str) -> Option<String> {
        if !(w.len() > r.strip.len() || (self.fullstrip && w.len() == r.strip.len())) {
            return None;
        }
        if !w.starts_with(r.strip.as_str()) || !r.cond.matches_start(w) {
            return None;
        }
        let mut s = String::with_capacity(w.len() - r.strip.len() + r.add.len());
        s.push_str(&r.add);
        s.push_str(&w[r.strip.len()..]);
        Some(s)
    }

    /// The candidate (suffix flag, suffix rule) pairs of a stem with flags
    /// `f`: the stem's suffixes, those its prefixes enable, and those enabled
    /// by prefixes that suffixes enable. One job per pair (see [`Self::job`]).
    pub fn plan(&self, f: &FlagSet) -> Vec<(Flag, u32)> {
        if f.has(self.forbidden) || f.has(self.onlyinc) {
            return Vec::new();
        }
        let mut cs: Vec<Flag> = f.iter().filter(|x| self.sfx_by.contains_key(x)).collect();
        for p in f.iter() {
            for pr in self.pfx_rules(p) {
                cs.extend(pr.cont.iter().filter(|x| self.sfx_by.contains_key(x)));
            }
        }
        cs.extend(self.extra_sfx.iter().copied());
        cs.sort_unstable();
        cs.dedup();
        let mut out = Vec::new();
        for s in cs {
            for &i in self.sfx_by.get(&s).into_iter().flatten() {
                out.push((s, i));
            }
        }
        out
    }

    /// Every form of the stem `word` (in the engine's orientation) with flags
    /// `f`, outside compounds, pushed onto `out` (duplicates possible).
    pub fn forms(&self, word: &str, f: &FlagSet, out: &mut Vec<String>, max_len: Option<usize>) {
        self.base(word, f, out);
        for (s, i) in self.plan(f) {
            self.job(word, f, s, i, out, max_len);
        }
    }

    /// The bare stem, its single suffixes and its single prefixes.
    pub fn base(&self, word: &str, f: &FlagSet, out: &mut Vec<String>) {
        if f.has(self.forbidden) || f.has(self.onlyinc) {
            return;
        }
        if !f.has(self.needaffix) {
            out.push(word.to_string());
        }
        for s in f.iter() {
            for sr in self.sfx_rules(s) {
                if !sr.circ && !sr.onlyinc && !sr.needaffix {
                    if let Some(w) = self.apply_sfx(sr, word) {
                        out.push(w);
                    }
                }
            }
        }
        for p in f.iter() {
            for pr in self.pfx_rules(p) {
                if !pr.needaffix && !pr.circ && !pr.onlyinc {
                    if let Some(w) = self.apply_pfx(pr, word) {
                        out.push(w);
                    }
                }
            }
        }
    }

    /// The forms built on suffix rule `ri` (flag `s`): twofold suffixes,
    /// prefix + suffix, prefix + two suffixes. `max_len` (characters) prunes
    /// intermediate words that can no longer shrink below it.
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
        let in_root = f.contains(s);
        let Some(w1) = self.apply_sfx(sr, word) else {
            return;
        };
        let too_long = |w: &str, steps: usize| {
            max_len.is_some_and(|m| {
                w.len() > m + steps * self.max_strip
                    && w.chars().count() > m + steps * self.max_strip
            })
        };
        if too_long(&w1, 2) {
            return;
        }
        let mut cp: Vec<Flag> = Vec::new();
        if in_root && !sr.circ && !sr.onlyinc {
            // twofold suffixes: sr continues with s2
            for s2 in sr.cont.iter() {
                for sr2 in self.sfx_rules(s2) {
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
                    .filter(|x| self.pfx_by.contains_key(x)),
            );
            cp.sort_unstable();
            cp.dedup();
            for &p in &cp {
                for pr in self.pfx_rules(p) {
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
        // prefix + two suffixes
        for s2 in sr.cont.iter() {
            for sr2 in self.sfx_rules(s2).filter(|r| r.cross) {
                let Some(w2) = self.apply_sfx(sr2, &w1) else {
                    continue;
                };
                if too_long(&w2, 1) {
                    continue;
                }
                cp.clear();
                cp.extend(
                    f.iter()
                        .chain(sr.cont.iter())
                        .chain(sr2.cont.iter())
                        .filter(|x| self.pfx_by.contains_key(x)),
                );
                cp.sort_unstable();
                cp.dedup();
                for &p in &cp {
                    for pr in self.pfx_rules(p).filter(|r| r.cross) {
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

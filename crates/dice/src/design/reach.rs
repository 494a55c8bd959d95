//! The words a candidate set can show at all, kept up to date move by move: what
//! the search counts as unreachable words (the count [`unreachable`] makes, here on
//! a sample past [`REACH_SAMPLE`] words).
//!
//! A word can be shown when distinct dice show its units: a matching of its letters
//! to dice. [`Reach`] keeps, for every word it can show, the die each letter was
//! given, and for every word it cannot, a *witness*: the units of a set of letters
//! that has fewer dice between them than letters (Hall's condition, read off the
//! failed augmenting path). A move that takes unit `u` off die `d` looks only at
//! the words that gave a letter `u` die `d` (an index by unit and die) and finds
//! that letter another die by one augmenting path; a move that adds a unit to a
//! die looks again only at the words whose witness holds that unit. A step of the
//! search then costs what the move changes, not the dictionary's size, and the
//! search undoes a rejected step ([`Words::undo`]) rather than copying the state.
//!
//! [`unreachable`]: crate::unreachable

use std::collections::HashMap;

use polyboggle::Lexicon;

/// The most words the search's unreachable count looks at, a word that splits
/// into units several ways counting as many: a larger dictionary is sampled (every
/// k-th word, standing for k), so a step costs what a step of a dictionary this
/// size costs. The final measurement counts every word.
pub(super) const REACH_SAMPLE: usize = 400_000;

/// The most splits of one word into units kept (longest units first).
const MAX_SPLITS: usize = 32;

/// Each dictionary word (of at most as many units as dice) as its splits into
/// units, each a multiset of unit indices: a word with one split is counted on its
/// multiset, a word with several (units that overlap, such as `S`, `CH` and `SCH`)
/// on a group of them, shown when any is. Past [`REACH_SAMPLE`] words (or splits),
/// every k-th word stands for k.
pub(super) struct Words {
    /// Every multiset's units, one after another (each at [`Words::span`]).
    letters: Vec<u8>,
    /// How many words have each multiset as their only split.
    words: Vec<u32>,
    /// Multisets that are the splits of the same words, and how many words.
    groups: Vec<(Vec<u32>, u32)>,
    /// The groups each multiset is in.
    in_groups: Vec<Vec<u32>>,
    /// Where each multiset's letters start in a list of them all, and the end.
    offsets: Vec<u32>,
    /// Words with a unit the alphabet lacks or too long for the grid.
    never: usize,
    /// Units of the alphabet.
    units: usize,
    /// Dice of the set.
    dice: usize,
}

/// Which words a set can show.
pub(super) struct Reach {
    /// The dice showing each unit, a bit each.
    showing: Vec<u64>,
    /// Whether each multiset can be shown.
    ok: Vec<bool>,
    /// The die given each letter of each multiset it shows (at [`Words::span`]).
    dice: Vec<u8>,
    /// For each multiset it cannot show, units one of which must gain a die before
    /// it can ([`unit_bit`]); 0 for those it shows.
    witness: Vec<u64>,
    /// The multisets it cannot show.
    bad: Vec<u32>,
    /// For each group of splits, how many it can show.
    alive: Vec<u8>,
    /// Words it cannot show.
    pub(super) unreachable: usize,
    /// For unit `u` and die `d` (at `u * dice + d`), the multisets that gave a letter
    /// `u` die `d`, and where that letter is; entries go stale as letters move, and
    /// are checked when read.
    users: Vec<Vec<(u32, u32)>>,
    /// Entries added to `users` since it was last built afresh.
    added: usize,
    /// The step that last saved each multiset in an [`Undo`], and the step now.
    saved: Vec<u32>,
    step: u32,
}

/// What a step changed, to take it back.
pub(super) struct Undo {
    showing: Vec<u64>,
    unreachable: usize,
    bad: Vec<u32>,
    /// Each multiset the step changed, as it was: whether it was shown, its witness.
    multisets: Vec<(u32, bool, u64)>,
    /// Their dice, one span after another.
    dice: Vec<u8>,
    /// The `users` lists the step added an entry to, an index an entry.
    added: Vec<u32>,
    /// The `users` lists the step emptied, as they were.
    taken: Vec<(u32, Vec<(u32, u32)>)>,
}

/// The bit of a witness that stands for `unit` (units past 64 share bits: a shared
/// bit only makes a word looked at again for nothing).
#[inline]
fn unit_bit(unit: u8) -> u64 {
    1 << (unit & 63)
}

impl Words {
    /// The splits of `lexicon`'s words into `keys` (the units' keys), for a set of
    /// `dice` dice on a grid of `cells` cells.
    pub(super) fn new(lexicon: &Lexicon, keys: &[String], dice: usize, cells: usize) -> Words {
        let total = lexicon.word_count();
        // The units starting with each byte, longest first.
        let mut starting: Vec<Vec<(u8, &[u8])>> = vec![Vec::new(); 256];
        for (i, key) in keys.iter().enumerate() {
            if let Some(&first) = key.as_bytes().first() {
                starting[first as usize].push((i.min(255) as u8, key.as_bytes()));
            }
        }
        for units in &mut starting {
            units.sort_by_key(|(_, k)| std::cmp::Reverse(k.len()));
        }
        let (mut splits, mut split) = (Vec::new(), Vec::new());
        // Splits a word, from 2,000 words spread over the list: a word that splits
        // several ways costs as many words.
        let probe = total.div_ceil(2000).max(1);
        let (mut probed, mut ways) = (0usize, 0usize);
        for index in (0..total).step_by(probe) {
            if let Some(word) = lexicon.word(index as u64) {
                splits.clear();
                split_into(word.as_bytes(), &starting, cells, &mut split, &mut splits);
                splits.sort();
                splits.dedup();
                (probed, ways) = (probed + 1, ways + splits.len().max(1));
            }
        }
        let splits_a_word = ways as f64 / probed.max(1) as f64;
        let stride = ((total as f64 * splits_a_word) / REACH_SAMPLE as f64).ceil() as usize;
        let stride = stride.max(1);
        let mut single: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut several: HashMap<Vec<Vec<u8>>, u32> = HashMap::new();
        let mut never = 0;
        for index in (0..total).step_by(stride) {
            let Some(word) = lexicon.word(index as u64) else {
                continue;
            };
            splits.clear();
            split_into(word.as_bytes(), &starting, cells, &mut split, &mut splits);
            splits.sort();
            splits.dedup();
            match splits.len() {
                0 => never += stride,
                1 => *single.entry(splits.pop().expect("one")).or_default() += stride as u32,
                _ => *several.entry(std::mem::take(&mut splits)).or_default() += stride as u32,
            }
        }
        let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
        for split in single.keys().chain(several.keys().flatten()) {
            let next = ids.len() as u32;
            ids.entry(split.clone()).or_insert(next);
        }
        let mut multisets = vec![(Vec::new(), 0u32); ids.len()];
        for (split, &id) in &ids {
            multisets[id as usize] = (split.clone(), single.get(split).copied().unwrap_or(0));
        }
        let mut in_groups = vec![Vec::new(); multisets.len()];
        let mut groups: Vec<(Vec<u32>, u32)> = several
            .into_iter()
            .map(|(splits, n)| (splits.iter().map(|s| ids[s]).collect(), n))
            .collect();
        groups.sort();
        for (g, (members, _)) in groups.iter().enumerate() {
            for &id in members {
                in_groups[id as usize].push(g as u32);
            }
        }
        let offsets = std::iter::once(0)
            .chain(multisets.iter().scan(0u32, |at, (split, _)| {
                *at += split.len() as u32;
                Some(*at)
            }))
            .collect();
        Words {
            letters: multisets
                .iter()
                .flat_map(|(split, _)| split)
                .copied()
                .collect(),
            words: multisets.iter().map(|&(_, n)| n).collect(),
            groups,
            in_groups,
            offsets,
            never,
            units: keys.len(),
            dice,
        }
    }

    /// Which words dice whose units are `showing` (the dice showing each unit, a bit
    /// each) can show, every word matched afresh.
    pub(super) fn reach(&self, showing: Vec<u64>) -> Reach {
        let letters = self.offsets.last().copied().unwrap_or(0) as usize;
        let mut dice = vec![0u8; letters];
        let mut witness = vec![0u64; self.words.len()];
        let ok: Vec<bool> = (0..self.words.len())
            .map(
                |id| match reachable(self.split(id), &showing, &mut dice[self.span(id)]) {
                    Ok(()) => true,
                    Err(units) => {
                        witness[id] = units;
                        false
                    }
                },
            )
            .collect();
        let bad: Vec<u32> = (0..ok.len() as u32)
            .filter(|&id| !ok[id as usize])
            .collect();
        let alive: Vec<u8> = self
            .groups
            .iter()
            .map(|(members, _)| members.iter().filter(|&&id| ok[id as usize]).count() as u8)
            .collect();
        let unreachable = self.never
            + bad
                .iter()
                .map(|&id| self.words[id as usize] as usize)
                .sum::<usize>()
            + self
                .groups
                .iter()
                .zip(&alive)
                .filter(|(_, &a)| a == 0)
                .map(|((_, n), _)| *n as usize)
                .sum::<usize>();
        let mut reach = Reach {
            showing,
            ok,
            dice,
            witness,
            bad,
            alive,
            unreachable,
            users: Vec::new(),
            added: 0,
            saved: vec![0; self.words.len()],
            step: 0,
        };
        self.index(&mut reach);
        reach
    }

    /// Builds `reach`'s index of the multisets by unit and die afresh.
    fn index(&self, reach: &mut Reach) {
        let mut users = vec![Vec::new(); self.units * self.dice];
        for id in 0..self.words.len() {
            if reach.ok[id] {
                for at in self.span(id) {
                    let list = self.letters[at] as usize * self.dice + reach.dice[at] as usize;
                    users[list].push((id as u32, at as u32));
                }
            }
        }
        reach.users = users;
        reach.added = 0;
    }

    /// Moves `reach` to dice whose units are `showing`: what it can show then, and
    /// how to take the step back.
    pub(super) fn update(&self, reach: &mut Reach, showing: Vec<u64>) -> Undo {
        // Stale entries cost a look each: past as many as the letters, start afresh.
        if reach.added > reach.dice.len() {
            self.index(reach);
        }
        reach.step = reach.step.wrapping_add(1);
        if reach.step == 0 {
            reach.saved.fill(0);
            reach.step = 1;
        }
        let mut undo = Undo {
            showing: std::mem::replace(&mut reach.showing, showing),
            unreachable: reach.unreachable,
            bad: Vec::new(),
            multisets: Vec::new(),
            dice: Vec::new(),
            added: Vec::new(),
            taken: Vec::new(),
        };
        // A word loses a letter's die only where the move took that die's unit: it
        // finds the letter another die, or it is lost.
        let mut lost_words = Vec::new();
        for unit in 0..reach.showing.len() {
            let mut lost = undo.showing[unit] & !reach.showing[unit];
            while lost != 0 {
                let die = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                let list = unit * self.dice + die;
                let users = std::mem::take(&mut reach.users[list]);
                for &(id, at) in &users {
                    let id = id as usize;
                    if !reach.ok[id] || reach.dice[at as usize] as usize != die {
                        continue;
                    }
                    self.save(id, reach, &mut undo);
                    let span = self.span(id);
                    let split = self.split(id);
                    let mut was = [0u8; 64];
                    was[..split.len()].copy_from_slice(&reach.dice[span.clone()]);
                    match repair(split, &reach.showing, &mut reach.dice[span.clone()]) {
                        Ok(()) => {
                            for (k, &d) in reach.dice[span.clone()].iter().enumerate() {
                                if d != was[k] {
                                    let list = split[k] as usize * self.dice + d as usize;
                                    reach.users[list].push((id as u32, (span.start + k) as u32));
                                    undo.added.push(list as u32);
                                }
                            }
                        }
                        Err(units) => {
                            reach.witness[id] = units;
                            self.flip(id, false, reach);
                            lost_words.push(id as u32);
                        }
                    }
                }
                undo.taken.push((list as u32, users));
            }
        }
        // A word not shown before is looked at again only when a unit of its
        // witness gained a die.
        let gained = (0..reach.showing.len())
            .filter(|&u| reach.showing[u] & !undo.showing[u] != 0)
            .fold(0u64, |bits, u| bits | unit_bit(u as u8));
        let was_bad = std::mem::take(&mut reach.bad);
        let mut bad = Vec::with_capacity(was_bad.len() + lost_words.len());
        for &id in &was_bad {
            let id = id as usize;
            if reach.witness[id] & gained == 0 {
                bad.push(id as u32);
                continue;
            }
            self.save(id, reach, &mut undo);
            let span = self.span(id);
            let split = self.split(id);
            match reachable(split, &reach.showing, &mut reach.dice[span.clone()]) {
                Ok(()) => {
                    reach.witness[id] = 0;
                    self.flip(id, true, reach);
                    for at in span {
                        let list = self.letters[at] as usize * self.dice + reach.dice[at] as usize;
                        reach.users[list].push((id as u32, at as u32));
                        undo.added.push(list as u32);
                    }
                }
                Err(units) => {
                    reach.witness[id] = units;
                    bad.push(id as u32);
                }
            }
        }
        bad.extend(lost_words);
        reach.bad = bad;
        undo.bad = was_bad;
        reach.added += undo.added.len();
        undo
    }

    /// Takes back the step `undo` was made by.
    pub(super) fn undo(&self, reach: &mut Reach, undo: Undo) {
        for &list in undo.added.iter().rev() {
            reach.users[list as usize].pop();
        }
        for (list, users) in undo.taken {
            reach.users[list as usize] = users;
        }
        let mut at = undo.dice.len();
        for &(id, ok, witness) in undo.multisets.iter().rev() {
            let id = id as usize;
            let span = self.span(id);
            at -= span.len();
            reach.dice[span.clone()].copy_from_slice(&undo.dice[at..at + span.len()]);
            if reach.ok[id] != ok {
                self.flip(id, ok, reach);
            }
            reach.witness[id] = witness;
        }
        reach.showing = undo.showing;
        reach.bad = undo.bad;
        debug_assert_eq!(reach.unreachable, undo.unreachable);
        reach.unreachable = undo.unreachable;
    }

    /// Saves multiset `id` as it was before this step, once a step.
    fn save(&self, id: usize, reach: &mut Reach, undo: &mut Undo) {
        if reach.saved[id] == reach.step {
            return;
        }
        reach.saved[id] = reach.step;
        undo.multisets
            .push((id as u32, reach.ok[id], reach.witness[id]));
        undo.dice.extend_from_slice(&reach.dice[self.span(id)]);
    }

    /// Marks multiset `id` shown or not in `reach`, and counts the words it decides:
    /// those whose only split it is, and those of a group whose last shown split it was
    /// (or is the first again).
    fn flip(&self, id: usize, ok: bool, reach: &mut Reach) {
        reach.ok[id] = ok;
        let n = self.words[id] as usize;
        if ok {
            reach.unreachable -= n;
        } else {
            reach.unreachable += n;
        }
        for &g in &self.in_groups[id] {
            let (alive, n) = (
                &mut reach.alive[g as usize],
                self.groups[g as usize].1 as usize,
            );
            if ok {
                if *alive == 0 {
                    reach.unreachable -= n;
                }
                *alive += 1;
            } else {
                *alive -= 1;
                if *alive == 0 {
                    reach.unreachable += n;
                }
            }
        }
    }

    /// Where multiset `id`'s letters are in [`Words::letters`], and their dice in
    /// [`Reach::dice`].
    #[inline]
    fn span(&self, id: usize) -> std::ops::Range<usize> {
        self.offsets[id] as usize..self.offsets[id + 1] as usize
    }

    /// Multiset `id`'s units, sorted.
    #[inline]
    fn split(&self, id: usize) -> &[u8] {
        &self.letters[self.span(id)]
    }
}

/// Every split of `word` into units (`starting`: the units starting with each
/// byte) of at most `cells` units, each sorted, pushed to `splits` (at most
/// [`MAX_SPLITS`]); `split` is the split so far.
fn split_into(
    word: &[u8],
    starting: &[Vec<(u8, &[u8])>],
    cells: usize,
    split: &mut Vec<u8>,
    splits: &mut Vec<Vec<u8>>,
) {
    if splits.len() >= MAX_SPLITS {
        return;
    }
    let Some(&first) = word.first() else {
        let mut done = split.clone();
        done.sort_unstable();
        splits.push(done);
        return;
    };
    if split.len() == cells {
        return;
    }
    for &(unit, key) in &starting[first as usize] {
        if word.starts_with(key) {
            split.push(unit);
            split_into(&word[key.len()..], starting, cells, split, splits);
            split.pop();
        }
    }
}

/// Can distinct dice show the units of `split` (sorted), the dice showing each unit
/// being `dice`? If so, `given` holds the die each letter was given; if not, the
/// error is a witness (the units of letters with too few dice between them).
fn reachable(split: &[u8], dice: &[u64], given: &mut [u8]) -> Result<(), u64> {
    // Each unit on at least as many dice as the word uses it, and all of them on
    // as many as the word has letters: needed (Hall's condition, cheap parts).
    let mut i = 0;
    let (mut all, mut units) = (0u64, 0u64);
    while i < split.len() {
        let run = split[i..].iter().take_while(|&&u| u == split[i]).count();
        let on = dice[split[i] as usize];
        if (on.count_ones() as usize) < run {
            return Err(unit_bit(split[i]));
        }
        all |= on;
        units |= unit_bit(split[i]);
        i += run;
    }
    if (all.count_ones() as usize) < split.len() {
        return Err(units);
    }
    let mut owner = [u8::MAX; 64];
    for letter in 0..split.len() {
        assign(letter, split, dice, &mut owner)?;
    }
    for (die, &letter) in owner.iter().enumerate() {
        if letter != u8::MAX {
            given[letter as usize] = die as u8;
        }
    }
    Ok(())
}

/// `given` held a die for each letter of `split`, some of which no longer show the
/// letter's unit (`dice`): each such letter finds another by an augmenting path.
/// If one cannot, the word cannot be shown (the other letters keep a matching, so a
/// larger one would need a path from it), and the error is a witness.
fn repair(split: &[u8], dice: &[u64], given: &mut [u8]) -> Result<(), u64> {
    // Most often a die showing the letter's unit is free: take it.
    let mut used = 0u64;
    let mut loose = 0u64;
    for (letter, (&unit, &die)) in split.iter().zip(given.iter()).enumerate() {
        if dice[unit as usize] >> die & 1 != 0 {
            used |= 1 << die;
        } else {
            loose |= 1 << letter;
        }
    }
    let mut stuck = 0u64;
    while loose != 0 {
        let letter = loose.trailing_zeros() as usize;
        loose &= loose - 1;
        let free = dice[split[letter] as usize] & !used;
        if free == 0 {
            stuck |= 1 << letter;
        } else {
            given[letter] = free.trailing_zeros() as u8;
            used |= free & free.wrapping_neg();
        }
    }
    if stuck == 0 {
        return Ok(());
    }
    let mut owner = [u8::MAX; 64];
    for (letter, &die) in given.iter().enumerate() {
        if stuck >> letter & 1 == 0 {
            owner[die as usize] = letter as u8;
        }
    }
    let mut loose = stuck;
    while loose != 0 {
        let letter = loose.trailing_zeros() as usize;
        loose &= loose - 1;
        assign(letter, split, dice, &mut owner)?;
    }
    for (die, &letter) in owner.iter().enumerate() {
        if letter != u8::MAX {
            given[letter as usize] = die as u8;
        }
    }
    Ok(())
}

/// Gives letter `letter` of `split` a die by an augmenting path (Kuhn), the dice
/// showing each unit being `dice` and `owner` the letter each die holds; if none,
/// the units of the letters the search reached (fewer dice than letters: Hall).
fn assign(letter: usize, split: &[u8], dice: &[u64], owner: &mut [u8; 64]) -> Result<(), u64> {
    let mut visited = 0u64;
    if augment(letter, split, dice, owner, &mut visited) {
        return Ok(());
    }
    // Every die reached is held by a letter whose dice were all reached.
    let mut units = unit_bit(split[letter]);
    let mut reached = visited;
    while reached != 0 {
        let die = reached.trailing_zeros() as usize;
        reached &= reached - 1;
        units |= unit_bit(split[owner[die] as usize]);
    }
    Err(units)
}

/// Kuhn's augmenting path over dice as bits: gives letter `letter` of `split` a die.
fn augment(
    letter: usize,
    split: &[u8],
    dice: &[u64],
    owner: &mut [u8; 64],
    visited: &mut u64,
) -> bool {
    let mut free = dice[split[letter] as usize] & !*visited;
    while free != 0 {
        let die = free.trailing_zeros() as usize;
        free &= free - 1;
        *visited |= 1 << die;
        if owner[die] == u8::MAX || augment(owner[die] as usize, split, dice, owner, visited) {
            owner[die] = letter as u8;
            return true;
        }
    }
    false
}

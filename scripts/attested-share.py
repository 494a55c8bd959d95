#!/usr/bin/env python3
"""The attested share of a language's game list: of the distinct words of 3 to 5
letters found on N rolls of its dice set, the share that wordfreq's list for the
language holds (docs/game-lists.md says why it matters).

    scripts/attested-share.py [--rolls 1000] [--seed 1] [--set SET] [--tsv FILE] LANG...

LANG is a tag of the language table with a word list (`he`, `he-full`, `en`, ...;
`polyboggle languages --format json` gives every fact used here): its dictionary is
dictionaries/build/LANG.pbd, its set the designed one (`play.designed_dice`: a `-full`
list's is its language's; or --set), its wordfreq tag the entry's `wordfreq` (a
language without one is skipped). Roll i uses seed S + i - 1 (`polyboggle roll SET
--seed`), and every roll is solved with `polyboggle solve --batch` under the language's
rules (`play.rules`: syllables, or hasbro).

To compare with the same normalization, wordfreq's whole list ('best': 'large' where
wordfreq has one, else 'small'), rewritten by the language's fold as the build script
rewrites its words (`polyboggle languages LANG --fold`), is compiled with the language's
preset and the same boards are solved with it: a found word is attested when that
dictionary finds it too. A word's letters are its grapheme clusters. Needs `pip install
wordfreq regex`; POLYBOGGLE names the binary (default target/release/polyboggle).
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import regex
import wordfreq

import language_table  # scripts/language_table.py: the language table
from language_table import binary

ROOT = Path(__file__).resolve().parent.parent


def roll(set_name, seeds):
    """The boards of these seeds, one inline line each (faces spaced, rows by /). A set
    named as in dice-sets/ is read from this checkout's file, which the binary may not
    have embedded yet."""
    checkout = ROOT / "dice-sets" / f"{set_name}.txt"
    if checkout.is_file():
        set_name = str(checkout)
    lines = []
    for seed in seeds:
        out = subprocess.run(
            [binary(), "roll", set_name, "--seed", str(seed), "--format", "json"],
            check=True, capture_output=True, text=True).stdout
        board = json.loads(out)["board"]
        lines.append("/".join(" ".join(row) for row in board))
    return lines


def found(boards_file, dictionary, base, rules):
    """Every word found on the boards (distinct), as the solver prints them."""
    out = subprocess.run(
        [binary(), "solve", "--batch", boards_file, "--dict", dictionary,
         "--lang", base, "--rules", rules],
        check=True, capture_output=True, text=True).stdout
    words = set()
    for line in out.splitlines():
        for w in json.loads(line)["words"]:
            words.add(w["word"])
    return words


def letters(word):
    return len(regex.findall(r"\X", word))


def measure(lang, entry, args):
    base = entry["full_of"] or lang
    freqtag = entry["wordfreq"]
    if freqtag is None:
        return None, "no wordfreq list"
    set_name = args.set or entry["play"]["designed_dice"]
    if set_name is None:
        return None, "no dice set"
    dictionary = Path(args.build) / f"{lang}.pbd"
    if not dictionary.is_file():
        return None, f"{dictionary} not built"
    rules = language_table.rules(entry)
    with tempfile.TemporaryDirectory() as tmp:
        boards = Path(tmp) / "boards.txt"
        boards.write_text("\n".join(roll(set_name, range(args.seed, args.seed + args.rolls))) + "\n")
        listed = Path(tmp) / "freq.txt"
        size = "large" if freqtag in wordfreq.available_languages("large") else "small"
        words = language_table.fold(lang, wordfreq.iter_wordlist(freqtag, size))
        listed.write_text("".join(w + "\n" for w in words))
        freq = Path(tmp) / "freq.pbd"
        subprocess.run([binary(), "compile", str(listed), "-o", str(freq), "--lang", base],
                       check=True, capture_output=True)
        game = {w for w in found(str(boards), str(dictionary), base, rules) if 3 <= letters(w) <= 5}
        attested = found(str(boards), str(freq), base, rules)
    share = len(game & attested) / len(game) if game else float("nan")
    return (lang, set_name, args.rolls, len(game), share, f"{freqtag} ({size})"), None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("langs", nargs="+")
    p.add_argument("--rolls", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--set", help="the dice set (default: the language's)")
    p.add_argument("--build", default=str(ROOT / "dictionaries/build"))
    p.add_argument("--tsv", help="append a row a language to this file")
    args = p.parse_args()
    try:
        table = language_table.languages()
    except language_table.Unavailable as e:
        sys.exit(f"attested-share.py: {e}")
    for lang in args.langs:
        if lang not in table or table[lang]["source"] is None:
            print(f"{lang}: not a language with a word list (polyboggle languages)",
                  file=sys.stderr)
            continue
        row, why = measure(lang, table[lang], args)
        if row is None:
            print(f"{lang}: skipped ({why})", file=sys.stderr)
            continue
        lang_, set_name, rolls, distinct, share, listname = row
        line = f"{lang_}\t{rolls}\t{distinct}\t{share:.3f}\t{set_name}\t{listname}"
        print(line, flush=True)
        if args.tsv:
            with open(args.tsv, "a") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()

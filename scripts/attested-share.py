#!/usr/bin/env python3
"""The attested share of a language's game list: of the distinct words of 3 to 5
letters found on N rolls of its dice set, the share that wordfreq's list for the
language holds (docs/game-lists.md says why it matters).

    scripts/attested-share.py [--rolls 1000] [--seed 1] [--set SET] [--tsv FILE] LANG...

LANG is a tag of dictionaries/build-languages.sh (`he`, `he-full`, `en`, ...): its
dictionary is dictionaries/build/LANG.pbd, its set the designed one (the set
`dice_for_language` names in crates/languages/src/lib.rs, or its language's
`-designed-4x4` where that is a published set; or --set), its wordfreq tag the table's last column (a
language without one is skipped). Roll i uses seed S + i - 1 (`polyboggle roll SET
--seed`), and every roll is solved with `polyboggle solve --batch` under the language's
rules (hasbro, or syllables where crates/languages/src/lib.rs says so).

To compare with the same normalization, wordfreq's whole list ('best': 'large' where
wordfreq has one, else 'small'), rewritten as the build script rewrites the language's
words, is compiled with the language's preset and the same boards are solved with it:
a found word is attested when that dictionary finds it too. A word's letters are its
grapheme clusters. Needs `pip install wordfreq regex`; POLYBOGGLE names the binary
(default target/release/polyboggle).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import regex
import wordfreq

ROOT = Path(__file__).resolve().parent.parent
SYLLABLES = None  # read from crates/languages/src/lib.rs


def binary():
    return os.environ.get("POLYBOGGLE", str(ROOT / "target/release/polyboggle"))


def table():
    """tag -> (fold, wordfreq tag) from the build script's table."""
    script = (ROOT / "dictionaries/build-languages.sh").read_text()
    body = script.split("table='", 1)[1].split("'", 1)[0]
    rows = {}
    for line in body.splitlines():
        cols = line.split("|")
        if len(cols) == 7:
            rows[cols[0]] = (cols[4], cols[6])
    return rows


def defaults():
    """(dice set by tag, tags that play by the syllables rules) from crates/languages/src/lib.rs."""
    text = (ROOT / "crates/languages/src/lib.rs").read_text()
    dice_fn = text.split("pub fn dice_for_language", 1)[1].split("\n}\n", 1)[0]
    dice = dict(re.findall(r'"([a-z-]+)" => "([a-z0-9-]+)"', dice_fn))
    dice["en"] = re.search(r'pub const DICE: &str = "([^"]+)"', text).group(1)
    rules_fn = text.split("pub fn rules_for_language", 1)[1].split("\n}\n", 1)[0]
    syllables = set(re.findall(r'"([a-z-]+)"', rules_fn.split("=>", 1)[0]))
    return dice, syllables


def designed(set_name):
    """The language's designed set: `english-designed-4x4` for `english-new-4x4`,
    where dice-sets/ has one; the set itself otherwise."""
    if "-designed-" in set_name:
        return set_name
    ours = f"{set_name.split('-')[0]}-designed-4x4"
    return ours if (ROOT / "dice-sets" / f"{ours}.txt").is_file() else set_name


def rewrite(fold, word):
    """The build script's rewrite() (dictionaries/build-languages.sh), one word."""
    if fold == "catalan":
        return word.replace("l·l", "ŀl").replace("L·L", "ĿL").replace("L·l", "Ŀl")
    if fold == "hebrew":
        return word.translate(str.maketrans("ךםןףץ", "כמנפצ"))
    if fold == "arabic":
        return re.sub("[\u064b-\u0652\u0640]", "", word)
    if fold == "persian":
        return word.replace("\u200c", "")
    if fold == "korean":
        word = unicodedata.normalize("NFC", word)
        return word if re.fullmatch("[\uac00-\ud7a3]+", word) else ""
    return word


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


def measure(lang, rows, dice, syllables, args):
    base = lang.removesuffix("-full")
    fold, freqtag = rows[lang]
    if freqtag == "-":
        return None, "no wordfreq list"
    set_name = args.set or designed(dice.get(lang) or dice.get(base))
    dictionary = Path(args.build) / f"{lang}.pbd"
    if not dictionary.is_file():
        return None, f"{dictionary} not built"
    rules = "syllables" if base in syllables else "hasbro"
    with tempfile.TemporaryDirectory() as tmp:
        boards = Path(tmp) / "boards.txt"
        boards.write_text("\n".join(roll(set_name, range(args.seed, args.seed + args.rolls))) + "\n")
        listed = Path(tmp) / "freq.txt"
        size = "large" if freqtag in wordfreq.available_languages("large") else "small"
        with listed.open("w") as f:
            for w in wordfreq.iter_wordlist(freqtag, size):
                w = rewrite(fold, w)
                if w:
                    f.write(w + "\n")
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
    rows = table()
    dice, syllables = defaults()
    for lang in args.langs:
        if lang not in rows:
            print(f"{lang}: not a tag of build-languages.sh", file=sys.stderr)
            continue
        row, why = measure(lang, rows, dice, syllables, args)
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

#!/usr/bin/env python3
"""A synthetic word list shaped like an unmunched Finnish or Hungarian one, for measuring
`polyboggle compile` on tens of millions of words (docs/dictionary-format.md).

Every stem (random syllables, seeded) takes every form of one of a few paradigms; a
paradigm's forms are case endings × possessive suffixes × clitics, with the paradigm's
own vowel (harmony), so the forms of different stems share their endings as a real
inflected list does. Stems come in random order, so the list is far from sorted, and a
few forms repeat (duplicates, as merged lists have).

    python3 scripts/synthetic-wordlist.py WORDS > list.txt     # e.g. 40000000

40 million words are about 600 MB; the list is made when needed, never committed.
"""
import random
import sys

CONSONANTS = "ptkmnlrsvhjdgb"
VOWELS = "aeiouyäö"
CASES = ["", "n", "a", "ssa", "sta", "an", "lla", "lta", "lle", "na", "ksi", "tta", "t",
         "in", "ine", "ihin", "issa", "ista", "illa", "ilta", "ille", "ina", "iksi", "itta",
         "iden", "ien", "ja", "ita", "tten", "ssi"]
POSSESSIVES = ["", "ni", "si", "mme", "nne", "nsa", "mi", "ti"]
CLITICS = ["", "kin", "kaan", "ko", "pa", "han", "s"]
PARADIGMS = 24


def syllable(rng):
    return rng.choice(CONSONANTS) + rng.choice(VOWELS) + rng.choice(["", "", "n", "l", "s", "t"])


def paradigm(rng, n):
    """The endings of paradigm `n`: every case, possessive and clitic, in its vowel."""
    vowel, other = VOWELS[n % len(VOWELS)], VOWELS[(n * 3 + 1) % len(VOWELS)]
    link = rng.choice(["", "i", "e", "ee", "ii", "u"])
    forms = []
    for case in CASES:
        for possessive in POSSESSIVES:
            for clitic in CLITICS:
                forms.append((link + case + possessive + clitic).replace("a", vowel).replace("o", other))
    return forms


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    total = int(sys.argv[1])
    rng = random.Random(38)
    paradigms = [paradigm(rng, n) for n in range(PARADIGMS)]
    out = sys.stdout
    written = 0
    while written < total:
        stem = "".join(syllable(rng) for _ in range(rng.randint(1, 3)))
        forms = paradigms[rng.randrange(PARADIGMS)]
        take = min(len(forms), total - written)
        out.write("\n".join(stem + form for form in forms[:take]))
        out.write("\n")
        written += take


if __name__ == "__main__":
    main()

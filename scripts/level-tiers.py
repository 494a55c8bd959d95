#!/usr/bin/env python3
"""Chooses each language's tiers for the easy, medium and hard computer (docs/levels.md).

    python scripts/level-tiers.py --reference enable2k english-new-4x4 \\
        --lang pl dictionaries/build/pl.pbd polish-4x4 --lang es ... [--boards 1000]

A level is a share of a board's words: the share the easy, medium and hard computer
find in English with the Princeton lists (tiers 1, 1-2 and 1-3 of the `--reference`
dictionary) on boards 1..N of its dice set, Hasbro rules. For each `--lang TAG DICT DICE`
(DICT compiled with `--tiers` from one ranked list) it counts, with `polyboggle bench`,
the share of the words on boards 1..N of DICE that tiers 1..k hold, for every k, and
picks the three tiers (easy < medium < hard) whose shares are closest to the
reference's: the least sum of squared log ratios. Prints one JSON line a language (its
shares under Hasbro and CS106B rules, the choice) and then the rows of
`RANKED_LEVELS` in crates/play/src/level.rs.
"""

import argparse
import itertools
import json
import math
import subprocess

RULES = ("hasbro", "cs106b")


def tier_words(polyboggle, dict_path, dice, boards, rules, last):
    """The words on the boards, and those of tiers 1..last."""
    out = subprocess.run(
        [polyboggle, "bench", "--dict", dict_path, "--dice", dice, "--boards", str(boards),
         "--seed", "1", "--rules", rules, "--tiers", f"1..{last}", "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    result = json.loads(out)
    return result["words"], result["tiers"]["words"]


def shares(polyboggle, dict_path, dice, boards, rules, count):
    """The share of the boards' words of tiers 1..k, for k = 1..count, and the words."""
    found = []
    total = 0
    for last in range(1, count + 1):
        total, words = tier_words(polyboggle, dict_path, dice, boards, rules, last)
        found.append(words)
    return total, [w / max(total, 1) for w in found], found


def choose(share, targets):
    """The tiers (increasing) whose shares are closest to the targets, in log ratio.
    Only tiers that add words to a board count (an empty last tier does not)."""
    useful = [k for k in range(len(share)) if share[k] > (share[k - 1] if k else 0)]
    best = None
    for picks in itertools.combinations(useful, len(targets)):
        error = sum(math.log(share[k] / t) ** 2 for k, t in zip(picks, targets))
        if best is None or error < best[0] - 1e-12:
            best = (error, picks)
    return [k + 1 for k in best[1]] if best else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--reference", nargs=2, metavar=("DICT", "DICE"), required=True)
    parser.add_argument("--lang", nargs=3, action="append", default=[],
                        metavar=("TAG", "DICT", "DICE"))
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--polyboggle", default="polyboggle")
    parser.add_argument("--tiers", type=int, default=6, help="tiers a ranked list has")
    args = parser.parse_args()

    ref_dict, ref_dice = args.reference
    reference = {}
    for rules in RULES:
        total, share, found = shares(args.polyboggle, ref_dict, ref_dice, args.boards, rules, 3)
        reference[rules] = share
        print(json.dumps({"reference": ref_dict, "dice": ref_dice, "rules": rules,
                          "words_per_board": round(total / args.boards, 1),
                          "share": [round(s, 4) for s in share],
                          "tier_words_per_board": [round(f / args.boards, 1) for f in found]}))
    rows = []
    for tag, dict_path, dice in args.lang:
        line = {"lang": tag, "dict": dict_path, "dice": dice}
        for rules in RULES:
            total, share, found = shares(args.polyboggle, dict_path, dice, args.boards, rules,
                                         args.tiers)
            line[rules] = {"words_per_board": round(total / args.boards, 1),
                           "share": [round(s, 4) for s in share],
                           "tier_words_per_board": [round(f / args.boards, 1) for f in found]}
            if rules == "hasbro":
                line["levels"] = choose(share, reference["hasbro"])
        print(json.dumps(line), flush=True)
        rows.append((tag, line["levels"]))
    for tag, levels in rows:
        print(f'    ("{tag}", {levels}),')


if __name__ == "__main__":
    main()

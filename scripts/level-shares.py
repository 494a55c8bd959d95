#!/usr/bin/env python3
"""How much of a board the easy, medium and hard computer find (issue 38).

    python scripts/level-shares.py DICT.pbd DICESET [--boards 1000] [--rules hasbro]

Rolls boards 1..N of DICESET (seeds 1 to N, as `polyboggle roll SET --seed S`), solves
each in DICT (compiled with --tiers) and counts the words each level knows, with the
tiers `polyboggle play --level` takes in DICT (`Lexicon.level_tiers`: tier 1, 1-2, 1-3,
or deeper for a ranked list in some languages, docs/levels.md). Prints one JSON line:
the share of all the boards' words each level finds (pooled), the mean share per board,
and the mean words a board holds at each level. Needs the Python package
(python/README.md).
"""

import argparse
import json
import statistics
import time

import polyboggle

LEVELS = ("easy", "medium", "hard")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("dict")
    parser.add_argument("dice")
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--rules", default="hasbro")
    args = parser.parse_args()

    lexicon = polyboggle.Lexicon.open(args.dict)
    if len(lexicon.tier_sizes) < 2:
        raise SystemExit(f"{args.dict}: no tiers (compile it with --tiers FILE)")
    levels = {level: lexicon.level_tiers(level) for level in LEVELS}
    dice = polyboggle.DiceSet(args.dice)
    started = time.perf_counter()
    totals = {"all": 0, **{level: 0 for level in LEVELS}}
    shares = {level: [] for level in LEVELS}
    for seed in range(1, args.boards + 1):
        words = polyboggle.solve(dice.roll(seed=seed), lexicon, rules=args.rules).words
        tiers = [lexicon.tier(w.word) for w in words]
        totals["all"] += len(tiers)
        for level, (first, last) in levels.items():
            known = sum(1 for t in tiers if first <= t <= last)
            totals[level] += known
            if tiers:
                shares[level].append(known / len(tiers))
    print(json.dumps({
        "dict": args.dict,
        "dice": args.dice,
        "boards": args.boards,
        "rules": args.rules,
        "tier_sizes": lexicon.tier_sizes,
        "level_tiers": levels,
        "words_per_board": {k: round(v / args.boards, 1) for k, v in totals.items()},
        "share": {k: round(totals[k] / max(totals["all"], 1), 4) for k in LEVELS},
        "mean_board_share": {k: round(statistics.fmean(v), 4) if v else None for k, v in shares.items()},
        "seconds": round(time.perf_counter() - started, 1),
    }))


if __name__ == "__main__":
    main()

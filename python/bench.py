"""Scores the 100,000 dice boards of ../shared/data/bench from Python: polyboggle's
score_many (all cores, then one), a loop of polyboggle.solve, and, when it is
importable, hybrid-boggle's pybind11 Boggler44 (danvk/hybrid-boggle, built with its
build.sh) in a loop. Prints one line per contender: seconds, boards/s, total score.

    python bench.py [BOARDS_FILE] [--hybrid-dir DIR] [--dictionary WORDLIST]
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import polyboggle

REPO = Path(__file__).resolve().parents[1]


def timed(name, score, boards):
    started = time.perf_counter()
    total = score(boards)
    seconds = time.perf_counter() - started
    print(f"{name:<44} {seconds:7.2f} s  {len(boards) / seconds:>10,.0f} boards/s  total {total:,}")
    return total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("boards", nargs="?", default=str(REPO.parent / "shared/data/bench/dice44_100k.txt"))
    parser.add_argument("--hybrid-dir", help="folder holding hybrid-boggle's cpp_boggle module")
    parser.add_argument("--dictionary", default=str(REPO / "dictionaries/enable2k.txt"))
    args = parser.parse_args()
    boards = Path(args.boards).read_text().split()
    cores = os.cpu_count()
    print(f"{len(boards):,} boards from {args.boards}, ENABLE2K, Hasbro rules, {cores} cores")
    lexicon = polyboggle.Lexicon.builtin()
    polyboggle.score_many(boards[:1000])  # warm: the dictionary's pages
    totals = [
        timed(f"polyboggle.score_many ({cores} threads)", lambda b: sum(polyboggle.score_many(b)), boards),
        timed("polyboggle.score_many (threads=1)", lambda b: sum(polyboggle.score_many(b, threads=1)), boards),
        timed(
            "polyboggle.score(b) in a loop",
            lambda b: sum(polyboggle.score(x, lexicon=lexicon) for x in b),
            boards,
        ),
        timed(
            "polyboggle.solve(b).score in a loop",
            lambda b: sum(polyboggle.solve(x, lexicon=lexicon).score for x in b),
            boards,
        ),
    ]
    if args.hybrid_dir:
        sys.path.insert(0, args.hybrid_dir)
    try:
        from cpp_boggle import Boggler44, Trie
    except ImportError as e:
        print(f"hybrid-boggle: not importable ({e}); build it and pass --hybrid-dir")
    else:
        # Its trie reads a file of lower-case a-z words (ours is upper case).
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as lower:
            lower.write(Path(args.dictionary).read_text(encoding="utf-8").lower())
            lower.flush()
            trie = Trie.create_from_file(lower.name)
        boggler = Boggler44(trie)
        totals.append(
            timed("hybrid-boggle Boggler44.score in a loop", lambda b: sum(boggler.score(x) for x in b), boards)
        )
    if len(set(totals)) != 1:
        sys.exit(f"the totals differ: {totals}")


if __name__ == "__main__":
    main()

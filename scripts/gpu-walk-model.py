#!/usr/bin/env python3
"""What the GPU kernel's walk does on 4x4 boards, counted (docs/gpu.md, issue 35).

Replays each board's search as kernel_shared.cu runs it (one push or one pop a turn,
candidates taken lowest first, a leaf pushed and left in one turn) over a word list's
prefixes, and prints the averages a board: pushes (and leaves), pops, the pops that land
on a state with no candidate left (what chained pops save), turns, words found (every
path) and those shorter than the rules count, distinct words.

Usage: scripts/gpu-walk-model.py WORDS BOARDS [N]
  e.g. scripts/gpu-walk-model.py ../shared/data/princeton/dictionary-enable2k.txt \
         ../shared/data/bench/dice44_100k.txt 1000
Boards are bench lines: 16 letters, row-major, `q` the Qu face. 1,000 boards take a
few seconds.
"""
import sys

MIN_LEN = 3  # Hasbro


def neighbours():
    near = []
    for c in range(16):
        r, k = divmod(c, 4)
        near.append([(r + dr) * 4 + k + dk
                     for dr in (-1, 0, 1) for dk in (-1, 0, 1)
                     if (dr or dk) and 0 <= r + dr < 4 and 0 <= k + dk < 4])
    return near


def main():
    words_file, boards_file = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    words = {w.strip().lower() for w in open(words_file) if w.strip()}
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    near = neighbours()
    t = dict(boards=0, pushes=0, leaves=0, pops=0, empty_pops=0, found=0, short=0, distinct=0)

    for line in list(open(boards_file))[:n]:
        faces = ["qu" if ch == "q" else ch for ch in line.strip()]
        seen = set()

        def candidates(prefix, used, cell):
            # The cells whose face's first letter continues the prefix (the kernel's
            # bit-parallel match), lowest first.
            cells = near[cell] if cell >= 0 else range(16)
            return sorted(d for d in cells
                          if not used >> d & 1 and prefix + faces[d][0] in prefixes)

        def visit(prefix, cell, used):
            cands = candidates(prefix, used, cell)
            for i, d in enumerate(cands):
                t["pushes"] += 1
                word = prefix + faces[d]
                if word not in prefixes:
                    continue  # the rest of a multi-letter face fails
                if word in words:
                    t["found"] += 1
                    t["short"] += len(word) < MIN_LEN
                    seen.add(word)
                below = used | 1 << d
                if not candidates(word, below, d):
                    t["leaves"] += 1
                    continue
                visit(word, d, below)
                t["pops"] += 1
                t["empty_pops"] += i == len(cands) - 1

        visit("", -1, 0)
        t["boards"] += 1
        t["distinct"] += sum(len(w) >= MIN_LEN for w in seen)

    boards = t.pop("boards")
    for key, value in t.items():
        print(f"{key:>10} {value / boards:8.1f}")
    print(f"{'turns':>10} {(t['pushes'] + t['pops']) / boards:8.1f}"
          f"  (chained pops: {(t['pushes'] + t['pops'] - t['empty_pops']) / boards:.1f})")


if __name__ == "__main__":
    main()

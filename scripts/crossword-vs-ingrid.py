#!/usr/bin/env python3
"""Fill the same grids with Ingrid Core's CLI and `polyboggle crossword fill`, interleaved,
with the same scored list and minimum score, and print a table (docs/crossword.md).

Each fill is checked here, by its own reading of the output grid (no code shared with
either filler): every entry (run of 2+ letters; British grids' single squares are
unchecked) is a word of the list at the minimum score or a pre-filled entry, no word twice,
pre-filled squares kept. Times are wall-clock seconds of the whole command (reading the
list included), the median of --runs runs.

    scripts/crossword-vs-ingrid.py [--grids tests/data/crossword/grids] [--list STWL]
        [--min-score 50] [--timeout 60] [--runs 3] [--ingrid ingrid_core]
        [--polyboggle target/release/polyboggle]

The list defaults to the Spread the Wordlist copy shipped in Ingrid Core's crate
(~/.cargo/registry/src/*/ingrid_core-*/resources/spreadthewordlist.dict); never commit it.
"""

import argparse
import glob
import os
import statistics
import subprocess
import sys
import time


def read_list(path, min_score):
    scores = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            word, _, score = line.strip().rpartition(";")
            if not word:
                continue
            word = "".join(c for c in word.lower() if c.isalpha())
            scores[word] = max(scores.get(word, -(10**9)), int(score))
    return scores


def read_grid(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip().lower() for line in f if line.strip()]


def runs(rows):
    """Runs of two or more white squares along each row: (columns, text) per row."""
    out = []
    for r, row in enumerate(rows):
        c = 0
        while c < len(row):
            start = c
            while c < len(row) and row[c] != "#":
                c += 1
            if c - start >= 2:
                out.append((r, range(start, c), row[start:c]))
            c += 1
    return out


def entries(rows):
    """Runs of two or more white squares, across then down: (cells, word)."""
    columns = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    across = [([(r, k) for k in ks], word) for r, ks, word in runs(rows)]
    down = [([(k, c) for k in ks], word) for c, ks, word in runs(columns)]
    return across + down


def check(grid, filled, scores, min_score):
    """The fill's mean entry score, or a string saying what is wrong with it."""
    if len(filled) != len(grid) or any(len(a) != len(b) for a, b in zip(grid, filled)):
        return "shape differs"
    for r, (a, b) in enumerate(zip(grid, filled)):
        for c, (x, y) in enumerate(zip(a, b)):
            if (x == "#") != (y == "#") or (x not in ".#" and x != y) or y == ".":
                return f"square {r + 1},{c + 1} changed"
    seen, got = set(), []
    for cells, word in entries(filled):
        given = all(grid[r][c] != "." for r, c in cells)
        if word in seen:
            return f"{word} twice"
        seen.add(word)
        score = scores.get(word)
        if score is None or score < min_score:
            if given:
                continue
            return f"{word} not in the list at {min_score}"
        got.append(score)
    return sum(got) / len(got)


def run(cmd, timeout):
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout, "timeout"
    took = time.monotonic() - start
    if p.returncode != 0:
        return None, took, (p.stderr.strip().splitlines() or ["failed"])[-1][:70]
    rows = [line.strip().lower() for line in p.stdout.splitlines() if line.strip()]
    return rows, took, ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grids", default="tests/data/crossword/grids")
    ap.add_argument("--list")
    ap.add_argument("--min-score", type=int, default=50)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ingrid", default="ingrid_core")
    ap.add_argument("--polyboggle", default="target/release/polyboggle")
    args = ap.parse_args()
    path = args.list or next(
        iter(sorted(glob.glob(os.path.expanduser(
            "~/.cargo/registry/src/*/ingrid_core-*/resources/spreadthewordlist.dict")))),
        None)
    if not path:
        sys.exit("no --list, and no Spread the Wordlist in ~/.cargo/registry (cargo install ingrid_core)")
    scores = read_list(path, args.min_score)
    grids = sorted(glob.glob(os.path.join(args.grids, "*.txt")))
    print(f"{'grid':<24} {'ingrid s':>9} {'mean':>6}   {'polyboggle s':>12} {'mean':>6}")
    rows_out = []
    for g in grids:
        grid = read_grid(g)
        style = ["--style", "british"] if os.path.basename(g).startswith("british") else []
        cmds = {
            "ingrid": [args.ingrid, g, "--wordlist", path, "--min-score", str(args.min_score)],
            "ours": [args.polyboggle, "crossword", "fill", g, "--words", path,
                     "--min-score", str(args.min_score), "--time", str(args.timeout)] + style,
        }
        times = {"ingrid": [], "ours": []}
        result = {}
        for k in range(args.runs):
            order = ["ingrid", "ours"] if k % 2 == 0 else ["ours", "ingrid"]
            for name in order:
                filled, took, err = run(cmds[name], args.timeout + 5)
                times[name].append(took)
                if k == 0:
                    result[name] = check(grid, filled, scores, args.min_score) if filled else (err or "failed")
        cells = []
        for name in ["ingrid", "ours"]:
            t = statistics.median(times[name])
            r = result[name]
            cells.append((t, r))
        (ti, ri), (to, ro) = cells
        show = lambda r: f"{r:6.2f}" if isinstance(r, float) else f"{'--':>6}"
        print(f"{os.path.basename(g):<24} {ti:9.2f} {show(ri)}   {to:12.2f} {show(ro)}"
              + "".join(f"  [{n}: {r}]" for n, r in (("ingrid", ri), ("polyboggle", ro)) if not isinstance(r, float)),
              flush=True)
        rows_out.append(cells)
    filled_i = [c[0] for c in rows_out if isinstance(c[0][1], float)]
    filled_o = [c[1] for c in rows_out if isinstance(c[1][1], float)]
    both = [c for c in rows_out if isinstance(c[0][1], float) and isinstance(c[1][1], float)]
    print()
    print(f"grids: {len(rows_out)}; filled by Ingrid {len(filled_i)}, by polyboggle {len(filled_o)}; "
          f"Ingrid's fills polyboggle missed: {sum(1 for c in rows_out if isinstance(c[0][1], float) and not isinstance(c[1][1], float))}")
    if both:
        print(f"mean entry score (grids both filled): Ingrid {statistics.mean(c[0][1] for c in both):.2f}, "
              f"polyboggle {statistics.mean(c[1][1] for c in both):.2f}")
    print(f"median time (all grids): Ingrid {statistics.median(c[0][0] for c in rows_out):.2f} s, "
          f"polyboggle {statistics.median(c[1][0] for c in rows_out):.2f} s")


if __name__ == "__main__":
    main()

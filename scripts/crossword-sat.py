#!/usr/bin/env python3
"""An upper bound for `polyboggle crossword`: can K words of a list be laid on an R×C grid?

Asks a SAT solver (CaDiCaL, through PySAT: `pip install python-sat`) whether K of the
list's words fit the grid under the crossword rules that docs/crossword.md lists:
crossings agree, a word's end cells are black or the edge, and two letters side by side
belong to one word running through both. Without `--connected` the layout may be in
pieces, so "UNSAT" proves that no layout at all places K words; with it the placed words
must form one group joined by crossings, as the search's layouts do (a larger formula).
"SAT" prints a layout. Words are compared as lower-case characters (enough for the
English lists).

    python3 scripts/crossword-sat.py WORDS ROWS COLS K [--connected]

Used in docs/crossword.md to check the search against proven optima on small grids;
on a 13×17 grid with 20 words the solver finds no answer in useful time.
"""
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical153


def build(words, rows, cols, k, connected):
    """Clauses that hold exactly when K words are placed by the rules (and, with
    `connected`, join into one layout)."""
    pool = IDPool()
    clauses = []
    alphabet = sorted({ch for w in words for ch in w})

    def cell(r, c):
        return r * cols + c

    def letter(i):  # some word's letter is on cell i
        return pool.id(("L", i))

    spots = {}  # (word, row, col, dir) -> variable
    covering = {(d, i): [] for d in "ad" for i in range(rows * cols)}
    joining = {}  # (dir, cell, next cell) -> spots holding both cells
    for wi, w in enumerate(words):
        n = len(w)
        for d in "ad":
            for r in range(rows if d == "a" else rows - n + 1):
                for c in range(cols - n + 1 if d == "a" else cols):
                    v = pool.id(("x", wi, r, c, d))
                    spots[(wi, r, c, d)] = v
                    cells = [cell(r, c + i) if d == "a" else cell(r + i, c) for i in range(n)]
                    for i, ci in enumerate(cells):
                        covering[(d, ci)].append(v)
                        clauses.append([-v, pool.id(("l", ci, w[i]))])
                        if i + 1 < n:
                            joining.setdefault((d, ci, cells[i + 1]), []).append(v)
                    ends = [(r, c - 1), (r, c + n)] if d == "a" else [(r - 1, c), (r + n, c)]
                    for er, ec in ends:
                        if 0 <= er < rows and 0 <= ec < cols:
                            clauses.append([-v, -letter(cell(er, ec))])
    placed = []
    for wi in range(len(words)):
        own = [v for (w, *_), v in spots.items() if w == wi]
        p = pool.id(("p", wi))
        placed.append(p)
        clauses.append([-p] + own)
        clauses.extend([-v, p] for v in own)
        clauses.extend(CardEnc.atmost(own, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    for i in range(rows * cols):
        ls = [pool.id(("l", i, ch)) for ch in alphabet]
        clauses.extend([-l, letter(i)] for l in ls)
        clauses.append([-letter(i)] + ls)
        clauses.extend(CardEnc.atmost(ls, 1, vpool=pool, encoding=EncType.pairwise).clauses)
        clauses.append([-letter(i)] + covering[("a", i)] + covering[("d", i)])
        for d in "ad":
            if len(covering[(d, i)]) > 1:
                clauses.extend(
                    CardEnc.atmost(covering[(d, i)], 1, vpool=pool, encoding=EncType.seqcounter).clauses
                )
    for r in range(rows):
        for c in range(cols):
            a = cell(r, c)
            if c + 1 < cols:
                b = cell(r, c + 1)
                clauses.append([-letter(a), -letter(b)] + joining.get(("a", a, b), []))
            if r + 1 < rows:
                b = cell(r + 1, c)
                clauses.append([-letter(a), -letter(b)] + joining.get(("d", a, b), []))
    clauses.extend(CardEnc.atleast(placed, k, vpool=pool, encoding=EncType.seqcounter).clauses)
    # Any layout can be shifted to touch the top row and the left column.
    clauses.append([letter(cell(0, c)) for c in range(cols)])
    clauses.append([letter(cell(r, 0)) for r in range(rows)])
    if connected:
        join(clauses, pool, words, rows * cols, spots, covering, placed, k)
    return clauses, spots


def join(clauses, pool, words, cells, spots, covering, placed, k):
    """Every placed word is reached from one root word in at most K - 1 steps, a step
    going from a word to a word sharing a cell with it (a crossing)."""
    steps = max(k - 1, 0)
    covers = {}  # (word, cell) -> the word's letter is on the cell
    for (d, ci), vs in covering.items():
        for v in vs:
            wi = pool.obj(v)[1]
            covers.setdefault((wi, ci), []).append(v)
    cov = {}
    for (wi, ci), vs in covers.items():
        y = pool.id(("cov", wi, ci))
        cov[(wi, ci)] = y
        clauses.append([-y] + vs)
        clauses.extend([-v, y] for v in vs)

    def reached(wi, t):
        return pool.id(("R", wi, t))

    roots = [reached(wi, 0) for wi in range(len(words))]
    clauses.extend(CardEnc.atmost(roots, 1, vpool=pool, encoding=EncType.seqcounter).clauses)
    for wi in range(len(words)):
        for t in range(steps + 1):
            clauses.append([-reached(wi, t), placed[wi]])
        clauses.append([-placed[wi], reached(wi, steps)])
    by_cell = {}
    for (wi, ci) in cov:
        by_cell.setdefault(ci, []).append(wi)
    for t in range(steps):
        # held[ci]: a word reached by step t holds cell ci.
        held = {}
        for ci, ws in by_cell.items():
            h = pool.id(("held", ci, t))
            held[ci] = h
            options = []
            for wi in ws:
                q = pool.id(("q", wi, ci, t))
                clauses.append([-q, cov[(wi, ci)]])
                clauses.append([-q, reached(wi, t)])
                options.append(q)
            clauses.append([-h] + options)
        for wi in range(len(words)):
            support = [reached(wi, t)]
            for ci in [ci for (w, ci) in cov if w == wi]:
                z = pool.id(("z", wi, ci, t))
                clauses.append([-z, cov[(wi, ci)]])
                clauses.append([-z, held[ci]])
                support.append(z)
            clauses.append([-reached(wi, t + 1)] + support)


def draw(placements, words, rows, cols):
    grid = [["."] * cols for _ in range(rows)]
    for wi, r, c, d in placements:
        for i, ch in enumerate(words[wi]):
            if d == "a":
                grid[r][c + i] = ch
            else:
                grid[r + i][c] = ch
    return "\n".join(" ".join(row) for row in grid)


def main():
    args = [a for a in sys.argv[1:] if a != "--connected"]
    if len(args) != 4:
        sys.exit(__doc__)
    path, rows, cols, k = args[0], int(args[1]), int(args[2]), int(args[3])
    with open(path, encoding="utf-8-sig") as f:
        words = [line.split()[0].lower() for line in f if line.strip()]
    connected = "--connected" in sys.argv
    clauses, spots = build(words, rows, cols, k, connected)
    started = time.time()
    with Cadical153(bootstrap_with=clauses) as solver:
        fits = solver.solve()
        model = set(solver.get_model() or []) if fits else set()
    seconds = time.time() - started
    print(f"{path}: {k} of {len(words)} words on {rows}x{cols}: "
          f"{'SAT' if fits else 'UNSAT'} in {seconds:.1f} s ({len(clauses)} clauses)")
    if fits:
        print(draw([key for key, v in spots.items() if v in model], words, rows, cols))


if __name__ == "__main__":
    main()

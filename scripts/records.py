#!/usr/bin/env python3
"""Best boards in every language (docs/records.md): runs the optimizer and the prover for
a language and keeps one JSON row a record in docs/records.ndjson, from which the table
in docs/records.md is written.

    scripts/records.py run hr fr he          # 4x4: over the designed set's faces, and rolled
    scripts/records.py run --wordiest en de  # 4x4: the most words
    scripts/records.py prove hr fr           # 3x3: the best board, proven
    scripts/records.py table [--check]       # docs/records.md's table from the rows
    scripts/records.py rescore [LANG...]     # every row's board re-scored by `polyboggle solve`
    scripts/records.py judge [LANG...]       # every row's words asked of the language's judge
    scripts/records.py recheck [LANG...]     # 4x4 rows searched again: another seed, 2x the pool
    scripts/records.py plan [LANG...]        # the table's work, a command a line (GNU parallel, Slurm)

Each row's `command` re-runs it: the optimizer with a seed and no time limit gives the
same boards on any machine. A language must be built first
(dictionaries/build-languages.sh TAG); its rules and its dictionary are the ones
`polyboggle languages --format json` gives (scripts/language_table.py). POLYBOGGLE names
the binary (default: target/release/polyboggle).
"""

import argparse
import contextlib
import fcntl
import json
import os
import resource
import shlex
import subprocess
import sys
import urllib.parse
from pathlib import Path

import judge  # scripts/judge.py: each language's judge
import language_table  # scripts/language_table.py: the language table
from language_table import binary

ROOT = Path(__file__).resolve().parent.parent
ROWS = ROOT / "docs" / "records.ndjson"
TABLE = ROOT / "docs" / "records.md"
BEGIN = "<!-- records table: scripts/records.py table -->"
END = "<!-- end of records table -->"
KEYS = ["lang", "size", "kind", "rules", "board", "score", "words", "runs_found", "runs",
        "cpu_seconds", "command"]


def fail(message, code=2):
    """One line on stderr, then exit: 2 for bad input, as the binary does (or the
    binary's own status, where it failed)."""
    print(f"records.py: {message}", file=sys.stderr)
    sys.exit(code)


def run(argv):
    """Runs the binary with argv; returns (its JSON output, CPU seconds it took)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([binary()] + argv, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if done.returncode not in (0, 3):
        fail(f"polyboggle {shlex.join(argv)}: {done.stderr.strip()}", done.returncode)
    return json.loads(done.stdout), round(cpu, 1)


def load_rows():
    if not ROWS.exists():
        return []
    return [json.loads(line) for line in ROWS.read_text().splitlines() if line.strip()]


def save_rows(rows):
    order = {"faces": 0, "dice": 1, "wordiest": 2, "proof": 3}
    rows.sort(key=lambda r: (r["lang"], order.get(r["kind"], 9), r["size"]))
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    tmp = ROWS.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(ROWS)


def put(rows, row, holds=lambda old: True):
    """Keeps `row`, replacing the row of the same language, size and kind, unless that
    one is better (a better board from an earlier search stays, and a line says so).
    `holds(old)` says whether the earlier row still scores its figures: after a new
    dictionary version it may not, and then the new search's row replaces it."""
    same = [r for r in rows if (r["lang"], r["size"], r["kind"]) ==
            (row["lang"], row["size"], row["kind"])]
    for old in same:
        better = old[measure(row["kind"])] > row[measure(row["kind"])]
        if better and row["kind"] != "proof":
            if holds(old):
                print(f"{row['lang']} {row['kind']}: kept the earlier board {old['board']} "
                      f"({old['score']}), better than this search's {row['score']}")
                return
            print(f"{row['lang']} {row['kind']}: the earlier board {old['board']} no longer "
                  f"scores {old['score']} with this dictionary; the new row replaces it")
        rows.remove(old)
    rows.append(row)


def measure(kind):
    """The figure a row of this kind is best by: words for the wordiest board, else points."""
    return "words" if kind == "wordiest" else "score"


# The optimizer's pool (its default): the recheck searches with twice as many boards.
POOL = 250
# The kinds of row a search finds (a proof's row is the prover's).
SEARCH_KINDS = ("faces", "dice", "wordiest")


def optimize_row(lang, kind, runs, seed, threads, pool=POOL):
    argv = ["optimize", "--lang", lang, "--runs", str(runs), "--seed", str(seed)]
    if pool != POOL:
        argv += ["--pool", str(pool)]
    if kind == "dice":
        argv += ["--dice"]
    if kind == "wordiest":
        argv += ["--objective", "words"]
    out, cpu = run(argv + ["--threads", str(threads), "--format", "json"])
    best = out["best"]
    found = sum(1 for r in out["runs"] if r["best"][measure(kind)] == best[measure(kind)])
    command = ["polyboggle"] + argv
    if kind == "dice":
        # The set the language rolls, named, so the command says what it searched.
        command[-1:] = ["--dice", out["space"].split()[-1]]
    return {
        "lang": lang, "size": f"{best['rows']}x{best['cols']}", "kind": kind,
        "rules": rules_of(lang), "board": best["board"],
        "score": best["score"], "words": best["words"], "runs_found": found,
        "runs": len(out["runs"]), "cpu_seconds": cpu, "command": shlex.join(command),
        "space": out["space"],
    }


def language(lang):
    """The language's entry in the table (`polyboggle languages --format json`), or
    None for a tag the table lacks."""
    try:
        return language_table.languages().get(lang)
    except language_table.Unavailable as e:
        fail(str(e))


def rules_of(lang):
    """The rules the language plays by under `--lang` (the table's `play.rules`: a
    `-full` list plays by its language's): syllables, or hasbro."""
    entry = language(lang)
    return language_table.rules(entry) if entry else "hasbro"


def built(lang):
    """The language's built dictionary, where `optimize --lang` finds it first (the
    table's `built`: POLYBOGGLE_DICTIONARIES' folders, then dictionaries/build)."""
    entry = language(lang)
    if entry and entry["built"]:
        return entry["built"]
    fail(f"{lang} is not built: dictionaries/build-languages.sh {lang}")


def prove_row(lang, size, threads, time, log=None, least=None):
    argv = ["prove", "--lang", lang, "--size", size]
    if least is not None:
        argv += ["--min", str(least)]
    limit = ["--time", str(time)] if time else []
    # A long proof (3x4) logs each finished class, so that a stopped one goes on.
    resume = ["--log", log, "--resume"] if log else []
    out, cpu = run(argv + limit + resume + ["--threads", str(threads), "--format", "json"])
    if not out["complete"] or not out["boards"]:
        within = f" in {time} s" if time else ""
        sys.exit(f"records.py: {lang} {size}: the proof did not complete{within}")
    best = max(out["boards"], key=lambda b: b["score"])
    return {
        "lang": lang, "size": size, "kind": "proof", "rules": rules_of(lang),
        "board": best["board"], "score": best["score"], "words": best.get("words", 0),
        "runs_found": 1, "runs": 1, "cpu_seconds": cpu,
        "command": shlex.join(["polyboggle"] + argv), "min": out["min"],
        "boards_at_least_min": len(out["boards"]),
    }


@contextlib.contextmanager
def locked_rows():
    """The rows, to change in place, saved with their table when the block ends; one
    process at a time (several languages may run at once: GNU parallel, a Slurm array on
    one shared folder)."""
    # The lock lives beside the rows, so that tasks on several nodes sharing the folder
    # (NFS passes flock on as a lock of its own) take the same one.
    with open(ROWS.parent / ".records.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        rows = load_rows()
        yield rows
        save_rows(rows)
        write_table(False)


def keep(new):
    """Adds rows to docs/records.ndjson and its table (put: a better row stays, if it
    still scores its figures with the dictionary built now)."""
    with locked_rows() as rows:
        for row in new:
            put(rows, row, holds=scores_so)
        for lang in {row["lang"] for row in new}:
            share_the_better_board(rows, lang, rolls, faces_of_set)


def share_the_better_board(rows, lang, can_roll, set_faces):
    """A language's faces and dice records share a board where one search found what the
    other's space holds and missed. The faces record is the dice record too where the set
    can roll it and the dice search found less: every board the set rolls is in the faces
    search's space, so none beats it. And a dice board better than the faces record is
    the faces record too where every face of the set is in the faces space. The row that
    missed carries the other's board, figures and search (its CPU stays its own, so the
    table's total is what the searches took), and says so in its note.
    `can_roll(set, board)`: `polyboggle dice check`; `set_faces(set)`: the set's faces."""
    faces = [r for r in rows if (r["lang"], r["size"], r["kind"]) == (lang, "4x4", "faces")]
    dice = [r for r in rows if (r["lang"], r["size"], r["kind"]) == (lang, "4x4", "dice")]
    if not faces or not dice or faces[0]["score"] == dice[0]["score"]:
        return
    f, d = faces[0], dice[0]
    name = dice_set(d)
    if f["score"] > d["score"] and can_roll(name, f["board"]):
        better, worse = f, d
    elif d["score"] > f["score"] and set_faces(name) <= space_faces(f):
        better, worse = d, f
    else:
        return
    # What the row's own search found, kept once: a row may carry boards more than once.
    own = worse.get("own_best", {"board": worse["board"], "score": worse["score"]})
    if better is f:
        note = (f"the faces record, which {name} can roll (polyboggle dice check {name} "
                f"'{f['board']}'); the dice search's best was {own['board']} ({own['score']})")
    else:
        note = (f"the dice record, whose set {name} shows only faces this search takes; "
                f"the faces search's best was {own['board']} ({own['score']})")
    print(f"{lang} {worse['kind']}: {note}")
    carried = {k: better[k] for k in ("board", "score", "words", "runs_found", "runs",
                                      "command", "judge", "precision") if k in better}
    # The old board's verdict goes with it; the other row's, for this board, comes along.
    kept = {k: v for k, v in worse.items() if k not in ("judge", "precision")}
    rows[rows.index(worse)] = kept | carried | {"note": note, "own_best": own}


def space_faces(row):
    """The faces a faces row searched, case-folded: its space is "4x4 letters A,B,…"."""
    return {face.casefold() for face in row["space"].split(" ", 2)[2].split(",")}


def faces_of_set(name):
    """The faces of a dice set in dice-sets/ (a face a word, a die a line), case-folded."""
    path = ROOT / "dice-sets" / f"{name}.txt"
    if not path.is_file():
        return {None}  # a set we cannot read holds no face we know the space takes
    return {face.casefold() for line in path.read_text(encoding="utf-8").splitlines()
            if not line.startswith("#") for face in line.split()}


def dice_set(row):
    """The set a dice row's boards were rolled from: its space is "4x4 dice NAME"."""
    return row["space"].split()[-1]


def rolls(name, board):
    """Whether the dice set can roll the board (`polyboggle dice check`)."""
    done = subprocess.run([binary(), "dice", "check", name, board, "--format", "json"],
                          capture_output=True, text=True)
    if done.returncode == 0:
        return json.loads(done.stdout)["can_roll"]
    fail(f"polyboggle dice check {name} {board}: {done.stderr.strip()}", done.returncode)


def scores_so(row):
    """Whether the row's board scores the row's figures with the dictionary built now."""
    return solved(row) == (row["score"], row["words"])


def merge(files):
    """Adds the rows of other copies of docs/records.ndjson (a Slurm array's tasks on
    several nodes, each with its own copy) as `run` would have: a row the same twice is
    kept once, of two rows for one record the better one stays, and a row that no longer
    scores its figures (a copy's row from before a new dictionary version) is left out."""
    for name in files:
        path = Path(name)
        if not path.is_file():
            fail(f"{name}: no such file")
        try:
            new = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                   if line.strip()]
        except ValueError as e:
            fail(f"{name}: not one JSON object a line: {e}")
        stale = [r for r in new if not scores_so(r)]
        for r in stale:
            print(f"{name}: left out {r['lang']} {r['size']} {r['kind']} {r['board']}: it no "
                  f"longer scores {r['score']} points, {r['words']} words")
        keep([r for r in new if r not in stale])


def share_link(row):
    board = urllib.parse.quote(row["board"], safe="/")
    return f"http://127.0.0.1:8080/#solve?board={board}&dict={row['lang']}&rules={row['rules']}"


def table(rows):
    # The share of words the judge accepts on rolled boards (docs/judge.tsv, the trust
    # table), beside the record board's own.
    rolled = {}
    with open(ROOT / "docs" / "judge.tsv", encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            cols = line.split("\t")
            rolled[cols[0]] = cols[6]
    lines = [BEGIN, "",
             "| lang | size | kind | rules | board | score | words | runs that found it | CPU s "
             "| judged: this board / rolled boards | recheck, note | command |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        board = f"[`{r['board']}`]({share_link(r)})"
        found = "proven" if r["kind"] == "proof" else f"{r['runs_found']} of {r['runs']}"
        judged = "–"
        if "precision" in r:
            judged = f"{r['precision']:.4f} / {rolled.get(r['lang'], '–')} ({r['judge']})"
        check = "–"
        if "recheck" in r:
            value = measure(r["kind"])
            check = f"{r['recheck'][value]} ({r['recheck'][value] / r[value]:.1%})"
        if r.get("note"):
            check = r["note"] if check == "–" else f"{check}: {r['note']}"
        lines.append(f"| {r['lang']} | {r['size']} | {r['kind']} | {r['rules']} | {board} | "
                     f"{r['score']} | {r['words']} | {found} | {r['cpu_seconds']:.0f} | "
                     f"{judged} | {check} | `{r['command']}` |")
    lines += ["", cost_line(rows), "", END]
    return "\n".join(lines)


def write_table(check):
    text = TABLE.read_text()
    if BEGIN not in text or END not in text:
        sys.exit(f"records.py: {TABLE} has no {BEGIN} ... {END} section")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = head + table(load_rows()) + tail
    if check:
        if new != text:
            sys.exit(f"records.py: {TABLE} differs from {ROWS}: run scripts/records.py table")
        return
    TABLE.write_text(new)


def solved(row):
    """The row's board's points and words, as `polyboggle solve` scores it now."""
    out, _ = run(["solve", row["board"], "--dict", built(row["lang"]), "--rules", row["rules"],
                  "--format", "json"])
    return out["score"], out["count"]


def rescore(langs):
    bad = 0
    for r in load_rows():
        if langs and r["lang"] not in langs:
            continue
        score, words = solved(r)
        problem = None
        if (score, words) != (r["score"], r["words"]):
            problem = f"DIFFERS from {(r['score'], r['words'])}"
        elif r["kind"] == "dice" and not rolls(dice_set(r), r["board"]):
            problem = f"but {dice_set(r)} cannot roll it"
        bad += problem is not None
        print(f"{r['lang']} {r['size']} {r['kind']} {r['board']}: {score} points, "
              f"{words} words {problem or 'ok'}")
    if bad:
        sys.exit(f"records.py: {bad} rows do not re-score to their figures "
                 "(or their dice cannot roll them)")


def selected(langs, kinds=None):
    """The rows of these languages (all where none is named), of these kinds."""
    return [r for r in load_rows() if (not langs or r["lang"] in langs)
            and (kinds is None or r["kind"] in kinds)]


def update(extra):
    """Sets the fields in extra[(lang, size, kind, board)] on that row."""
    with locked_rows() as rows:
        for r in rows:
            r.update(extra.get((r["lang"], r["size"], r["kind"], r["board"]), {}))


def judge_rows(langs, check=False):
    """Asks the language's own judge (scripts/judge.py: hunspell itself) about every word
    of each row's board, and keeps the share it accepts in the row (`precision`, with
    `judge` naming who judged), so the table gives it."""
    extra, differs = {}, []
    for r in selected(langs):
        args = argparse.Namespace(
            board=[r["board"]], boards=1, recall_boards=0, bound_boards=0, seed=1,
            variants=16, build=str(Path(built(r["lang"])).parent), polyboggle=binary())
        try:
            report = judge.judge_language(r["lang"], args)
        except judge.BadInput as e:
            print(f"{r['lang']} {r['size']} {r['kind']}: no judge ({e})")
            continue
        verdict = {"judge": report.judge, "precision": round(report.precision, 4)}
        if check and {k: r.get(k) for k in verdict} != verdict:
            differs.append(f"{r['lang']} {r['size']} {r['kind']}")
        extra[(r["lang"], r["size"], r["kind"], r["board"])] = verdict
        wrong = " ".join(w for w, _ in report.wrong.most_common(5))
        print(f"{r['lang']} {r['size']} {r['kind']} {r['board']}: {report.found_ok} of "
              f"{report.found} words accepted by {report.judge} ({report.precision:.4f})"
              + (f"; rejected: {wrong}" if wrong else ""))
    if check:
        if differs:
            sys.exit(f"records.py: the judge's verdict differs from the row's for "
                     f"{', '.join(differs)}: run scripts/records.py judge")
        return
    update(extra)


def recheck(langs, runs, seed, threads, at_most=None, kinds=SEARCH_KINDS):
    """Searches each 4x4 row again with another seed and twice the pool (each run about
    twice as long), and keeps what it found in the row (`recheck`); a better board
    replaces the row's (put), and a line says so."""
    extra, better = {}, []
    for r in selected(langs, set(kinds)):
        if at_most is not None and r["runs_found"] > at_most:
            continue
        row = optimize_row(r["lang"], r["kind"], runs, seed, threads, pool=2 * POOL)
        value = measure(r["kind"])
        check = {"seed": seed, "pool": 2 * POOL, "runs": runs, "board": row["board"],
                 value: row[value], "cpu_seconds": row["cpu_seconds"]}
        print(f"{r['lang']} {r['kind']}: the recheck's best {row[value]} against the "
              f"record's {r[value]} ({row['board']})")
        if row[value] > r[value]:
            row["note"] = f"found by the recheck (seed {seed}, pool {2 * POOL}); " \
                          f"the first search's best was {r['board']} ({r[value]})"
            better.append(row | {"recheck": check})
        else:
            extra[(r["lang"], r["size"], r["kind"], r["board"])] = {"recheck": check}
    update(extra)
    if better:
        keep(better)


def flags_of(command):
    """The search flags of a row's command that a rerun repeats: {"--runs": "6", ...}."""
    words = shlex.split(command)
    return {w: words[i + 1] for i, w in enumerate(words[:-1])
            if w in ("--runs", "--seed", "--size", "--min", "--pool")}


def plan_units(rows, langs, table_langs, threads, missing):
    """The table's work as commands of this script, one a line, each one row or one
    recheck: every row's search again as its command says (its runs and seed), every
    recheck, and both 4x4 records of each language of `table_langs` that has none. With `missing`,
    only what the table lacks: records not searched and rows never rechecked."""
    here = "scripts/records.py"
    units = []
    have = {(r["lang"], r["kind"], r["size"]) for r in rows}
    for lang in sorted(table_langs):
        if langs and lang not in langs:
            continue
        for kind in ("faces", "dice"):
            if (lang, kind, "4x4") not in have:
                units.append((f"{here} run --only {kind} --runs 6 --seed 1", lang))
    for r in rows:
        if langs and r["lang"] not in langs:
            continue
        flags = flags_of(r["command"])
        if r["kind"] == "proof":
            least = f" --min {flags['--min']}" if "--min" in flags else ""
            if not missing:
                units.append((f"{here} prove --size {r['size']}{least}", r["lang"]))
            continue
        how = "--wordiest" if r["kind"] == "wordiest" else f"--only {r['kind']}"
        # A row the recheck found is that search (its pool is the recheck's): run again
        # as it was, it needs no recheck of its own.
        pool = f" --pool {flags['--pool']}" if "--pool" in flags else ""
        if not missing:
            units.append((f"{here} run {how} --runs {flags.get('--runs', 6)} "
                          f"--seed {flags.get('--seed', 1)}{pool}", r["lang"]))
        if not pool and not (missing and "recheck" in r):
            units.append((f"{here} recheck --kind {r['kind']}", r["lang"]))
    return [f"{unit} --threads {threads} {lang}" for unit, lang in units]


def cost_line(rows):
    """The table's last line: what its searches took, in CPU-hours."""
    four = [r for r in rows if r["size"] == "4x4"]
    searches = sum(r["cpu_seconds"] for r in four)
    rechecks = sum(r["recheck"]["cpu_seconds"] for r in four if "recheck" in r)
    proofs = sum(r["cpu_seconds"] for r in rows if r["kind"] == "proof")
    hours = (searches + rechecks + proofs) / 3600
    return (f"{len({r['lang'] for r in four})} languages with a 4×4 record. The whole table "
            f"took {hours:.1f} CPU-hours: the 4×4 searches {searches / 3600:.1f}, their "
            f"rechecks ({sum('recheck' in r for r in four)} of {len(four)} rows) "
            f"{rechecks / 3600:.1f}, the proofs {proofs / 3600:.1f}. "
            f"`scripts/records.py plan` lists that work, a command a line, to rerun it "
            f"with GNU parallel or Slurm (\"Rerunning the table\", above).")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("run", help="4x4 records of languages")
    p.add_argument("langs", nargs="+")
    p.add_argument("--runs", type=int, default=6)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--wordiest", action="store_true", help="the most words, not points")
    p.add_argument("--only", choices=("faces", "dice"), help="one of the two records")
    p.add_argument("--pool", type=int, default=POOL,
                   help=f"boards in the optimizer's pool (default {POOL}, its own)")
    p = sub.add_parser("prove", help="proven best boards of languages")
    p.add_argument("langs", nargs="+")
    p.add_argument("--size", default="3x3")
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--time", type=float, help="give up a proof after this many seconds")
    p.add_argument("--log", help="log each finished class here, and skip those it holds")
    p.add_argument("--min", type=int, help="the least score (default: the 5-s optimizer's best)")
    p = sub.add_parser("judge", help="ask each language's judge about its rows' words")
    p.add_argument("langs", nargs="*")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 where a verdict is not the row's")
    p = sub.add_parser("recheck", help="search 4x4 rows again: another seed, 2x the pool")
    p.add_argument("langs", nargs="*")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seed", type=int, default=1001)
    p.add_argument("--at-most", type=int, metavar="N",
                   help="only rows at most N of whose runs found their board (the least sure)")
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--kind", choices=SEARCH_KINDS, action="append",
                   help="only rows of this kind (again for more kinds; default: all)")
    p = sub.add_parser("plan", help="the table's work, a command a line (GNU parallel, Slurm)")
    p.add_argument("langs", nargs="*")
    p.add_argument("--threads", type=int, default=1, help="each command's threads (default 1)")
    p.add_argument("--missing", action="store_true",
                   help="only what the table lacks: records not searched, rows not rechecked")
    p = sub.add_parser("table", help="write docs/records.md's table")
    p.add_argument("--check", action="store_true")
    p = sub.add_parser("merge", help="add the rows of other copies of records.ndjson")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("rescore", help="re-score every row with polyboggle solve")
    p.add_argument("langs", nargs="*")
    args = parser.parse_args()

    if args.what in ("run", "prove"):
        for lang in args.langs:
            if args.what == "prove":
                new = [prove_row(lang, args.size, args.threads, args.time, args.log,
                                 args.min)]
            elif args.wordiest:
                new = [optimize_row(lang, "wordiest", args.runs, args.seed, args.threads,
                                    args.pool)]
            else:
                new = [optimize_row(lang, kind, args.runs, args.seed, args.threads, args.pool)
                       for kind in ("faces", "dice") if args.only in (None, kind)]
            for row in new:
                print(f"{row['lang']} {row['size']} {row['kind']}: {row['board']} "
                      f"{row['score']} points, {row['words']} words, found by "
                      f"{row['runs_found']} of {row['runs']} ({row['cpu_seconds']} CPU s)")
            keep(new)
    elif args.what == "judge":
        judge_rows(set(args.langs), args.check)
    elif args.what == "recheck":
        recheck(set(args.langs), args.runs, args.seed, args.threads, args.at_most,
                args.kind or SEARCH_KINDS)
    elif args.what == "plan":
        # Every language the table builds (dictionaries/build-languages.sh), but the
        # `-full` lists, whose records are their game lists'.
        table_langs = [tag for tag, entry in language_table.languages().items()
                       if entry["source"] and not entry["full_of"]]
        units = plan_units(load_rows(), set(args.langs), table_langs, args.threads,
                           args.missing)
        for unit in units:
            print(unit)
    elif args.what == "table":
        write_table(args.check)
    elif args.what == "merge":
        merge(args.files)
    else:
        rescore(set(args.langs))


if __name__ == "__main__":
    main()

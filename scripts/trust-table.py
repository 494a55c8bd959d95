#!/usr/bin/env python3
"""Writes the "Trusted" table of docs/languages.md from the judge's figures
(docs/judge.tsv, scripts/judge.py) and the attested shares (docs/attested.tsv,
scripts/attested-share.py): one row for every language with a word list to build
(`polyboggle languages --format json`, in its order), a dash where a figure was not
measured. Every precision under 0.99, every recall under 0.9 (judge.py --check's
bounds) and every attested share under 0.6 carries its reason, from
docs/trust-reasons.tsv (lang, figure: precision, recall or share, reason), in the last
column; a figure below its target without a reason, or a reason for a figure that
is not below it, is an error (exit 1). POLYBOGGLE names the binary (default:
target/release/polyboggle).

    scripts/trust-table.py            # rewrites the table between its markers
    scripts/trust-table.py --check    # exits 1 when the table is not what it would write
"""
import csv
import pathlib
import sys

import language_table  # scripts/language_table.py: the language table

ROOT = pathlib.Path(__file__).resolve().parent.parent
BEGIN = "<!-- trust table: scripts/trust-table.py writes it; do not edit by hand -->"
END = "<!-- end of the trust table -->"
PRECISION_TARGET = 0.99
RECALL_TARGET = 0.9
SHARE_TARGET = 0.6


class Unexplained(Exception):
    """A figure below its target with no reason, or a reason with nothing to explain."""


def rows(path):
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        return {r["lang"]: r for r in csv.DictReader(f, delimiter="\t")}


def languages():
    """Each language with a word list: its tag and whether its expansion is cut at a
    length (the source's max_form_len)."""
    return [(tag, entry["source"]["max_form_len"] is not None)
            for tag, entry in language_table.languages().items() if entry["source"]]


def reasons(path):
    """(lang, figure) -> reason, from docs/trust-reasons.tsv."""
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as f:
        return {(r["lang"], r["figure"]): r["reason"]
                for r in csv.DictReader(f, delimiter="\t")}


def below(judged, attested):
    """(lang, figure) of every figure under its target."""
    out = set()
    for lang, j in judged.items():
        if j["precision"] not in ("", "-") and float(j["precision"]) < PRECISION_TARGET:
            out.add((lang, "precision"))
        if j["recall"] not in ("", "-") and float(j["recall"]) < RECALL_TARGET:
            out.add((lang, "recall"))
    for lang, a in attested.items():
        share = a.get("attested_share", "-")
        if share not in ("", "-") and float(share) < SHARE_TARGET:
            out.add((lang, "share"))
    return out


def table():
    judged = rows(ROOT / "docs/judge.tsv")
    attested = rows(ROOT / "docs/attested.tsv")
    why = reasons(ROOT / "docs/trust-reasons.tsv")
    low = below(judged, attested)
    missing = sorted(low - why.keys())
    stale = sorted(why.keys() - low)
    if missing or stale:
        raise Unexplained("; ".join(
            [f"{lang}: {figure} below its target with no reason in docs/trust-reasons.tsv"
             for lang, figure in missing]
            + [f"{lang}: a reason for its {figure} in docs/trust-reasons.tsv, which is not "
               "below its target" for lang, figure in stale]))
    out = [
        "| lang | judged by | boards (recall) | precision | recall | set apart: compounds / length bound / proper nouns | length bound removes | attested share (wordfreq list) | below target: why |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for lang, bounded in languages():
        j, a = judged.get(lang), attested.get(lang)
        if j:
            precision, recall = j["precision"], j["recall"]
            if float(precision) < PRECISION_TARGET:
                precision = f"**{precision}**"
            if recall not in ("", "-") and float(recall) < RECALL_TARGET:
                recall = f"**{recall}**"
            cells = [
                j["judge"],
                f"{j['boards']} ({j['recall_boards']})",
                precision,
                recall,
                f"{j['compounds_apart']} / {j['length_bound_apart']} / {j['proper_apart']}",
                j["length_bound_share"] if bounded else "no bound",
            ]
        else:
            cells = ["not judged yet", "-", "-", "-", "-", "-"]
        if a and a.get("attested_share", "-") not in ("", "-"):
            share = a["attested_share"]
            if float(share) < SHARE_TARGET:
                share = f"**{share}**"
            cells.append(f"{share} ({a['wordfreq_list']})")
        else:
            cells.append("-" if not a else f"- ({a.get('wordfreq_list', '')})")
        notes = [f"{figure}: {why[(lang, figure)]}" for figure in ("precision", "recall", "share")
                 if (lang, figure) in why]
        cells.append("; ".join(notes) if notes else "")
        out.append("| " + " | ".join([lang] + cells) + " |")
    return "\n".join(out)


def main():
    try:
        body = table()
    except language_table.Unavailable as e:
        print(f"trust-table.py: {e}", file=sys.stderr)
        return 2
    except Unexplained as e:
        print(f"trust-table.py: {e}", file=sys.stderr)
        return 1
    doc = ROOT / "docs/languages.md"
    text = doc.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        print(f"{doc}: no trust table markers", file=sys.stderr)
        return 2
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{body}\n{END}{tail}"
    if "--check" in sys.argv[1:]:
        return 0 if new == text else 1
    doc.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

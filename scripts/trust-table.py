#!/usr/bin/env python3
"""Writes the "Trusted" table of docs/languages.md from the judge's figures
(docs/judge.tsv, scripts/judge.py) and the attested shares (docs/attested.tsv,
scripts/attested-share.py): one row for every language with a word list to build
(`polyboggle languages --format json`, in its order), a dash where a figure was not
measured. POLYBOGGLE names the binary (default: target/release/polyboggle).

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


def table():
    judged = rows(ROOT / "docs/judge.tsv")
    attested = rows(ROOT / "docs/attested.tsv")
    out = [
        "| lang | judged by | boards (recall) | precision | recall | set apart: compounds / length bound / proper nouns | length bound removes | attested share (wordfreq list) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for lang, bounded in languages():
        j, a = judged.get(lang), attested.get(lang)
        if j:
            precision = j["precision"]
            if float(precision) < 0.99:
                precision = f"**{precision}** (docs/judge.md)"
            cells = [
                j["judge"],
                f"{j['boards']} ({j['recall_boards']})",
                precision,
                j["recall"],
                f"{j['compounds_apart']} / {j['length_bound_apart']} / {j['proper_apart']}",
                j["length_bound_share"] if bounded else "no bound",
            ]
        else:
            cells = ["not judged yet", "-", "-", "-", "-", "-"]
        if a and a.get("attested_share", "-") not in ("", "-"):
            cells.append(f"{a['attested_share']} ({a['wordfreq_list']})")
        else:
            cells.append("-" if not a else f"- ({a.get('wordfreq_list', '')})")
        out.append("| " + " | ".join([lang] + cells) + " |")
    return "\n".join(out)


def main():
    try:
        body = table()
    except language_table.Unavailable as e:
        print(f"trust-table.py: {e}", file=sys.stderr)
        return 2
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

"""The table of languages, as `polyboggle languages --format json` prints
it: the one place the scripts read a language's facts from (its source list, fold,
normalization, dice, rules, wordfreq tag, built dictionary). Nothing here parses Rust
or the build script.

    import language_table
    language_table.languages()["hr"]["play"]["designed_dice"]   # the set its records search
    language_table.fold("he", words)                           # the build script's rewrite

POLYBOGGLE names the binary (default: target/release/polyboggle).
"""
from __future__ import annotations

import functools
import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Unavailable(Exception):
    """The binary could not say (missing, or it failed): one line."""


def binary() -> str:
    return os.environ.get("POLYBOGGLE", str(ROOT / "target/release/polyboggle"))


def _run(pb: str, argv: list[str], stdin: str | None = None) -> str:
    try:
        done = subprocess.run([pb, *argv], input=stdin, capture_output=True, text=True,
                              encoding="utf-8", check=False)
    except OSError as e:
        raise Unavailable(f"{pb}: {e.strerror} (cargo build --release, or set POLYBOGGLE)")
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise Unavailable(f"polyboggle {' '.join(argv[:3])} failed: {last}")
    return done.stdout


@functools.lru_cache(maxsize=None)
def languages(pb: str | None = None) -> dict[str, dict]:
    """Every language of the table, tag -> its entry, in the table's order (the build
    script's). An entry's `source` is None for a language with a preset and no list;
    `play` holds what it plays with (a `-full` entry: its language's dice and rules)."""
    out = _run(pb or binary(), ["languages", "--format", "json"])
    return {entry["tag"]: entry for entry in json.loads(out)["languages"]}


def rules(entry: dict) -> str:
    """The rules preset the language plays by under `--lang`: syllables, or hasbro."""
    return entry["play"]["rules"] or "hasbro"


def fold(tag: str, words, pb: str | None = None) -> list[str]:
    """The words rewritten by the language's fold, as the build script rewrites its
    list (`polyboggle languages TAG --fold`, one process for all of them); a word the
    fold leaves out is not in the list. A language without a fold keeps its words."""
    out = _run(pb or binary(), ["languages", tag, "--fold"],
               stdin="".join(w + "\n" for w in words))
    return [w for w in out.split("\n") if w]

#!/usr/bin/env python3
"""Each language's own judge, on boards (issue 55, parts 2 and 4).

Rolls boards from a language's designed dice set, solves them with the polyboggle
binary, and asks hunspell itself (the `hunspell` program, never our own expansion)
about every word found (precision) and about every string a path of up to 8 cells
spells (recall); a language built from aspell's own list (cy, mr, ta) asks the `aspell`
program the same way. Strings hunspell accepts only as free compounds, only past the
language's length bound (its source's max_form_len in `polyboggle languages`) or only
capitalized where the build drops proper nouns are counted apart. docs/judge.md says
what each figure means and how a key is spelled back for hunspell. Every fact of a
language (its list, rules, dice, fold) is the table's, as `polyboggle languages --format
json` prints it; its keys are the binary's (`polyboggle dict lookup`). POLYBOGGLE (or
--polyboggle) names the binary (default: target/release/polyboggle).

    scripts/judge.py hr is cs                     # a table on stdout
    scripts/judge.py --check hr                   # exit 1 when a target is missed
    scripts/judge.py --tsv docs/judge.tsv hr      # rows for docs/judge.tsv
    scripts/judge.py --board ANES/TRIT/EPAR/SMOC ca   # given boards, not rolled ones

Exit status: 0, 1 (--check and a target missed), 2 (bad input: one line on stderr).
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import language_table  # scripts/language_table.py: the language table

ROOT = Path(__file__).resolve().parent.parent
HUNSPELL_DIR = Path(os.environ.get("JUDGE_HUNSPELL_DIR", "/usr/share/hunspell"))
MAX_CELLS = 8
JOBS = max(1, min(4, os.cpu_count() or 1))
PRECISION_TARGET = 0.99
RECALL_TARGET = 0.9
# Spellings tried for a found word the first --variants spellings did not pass.
PRECISION_VARIANTS = 1024
# An accented letter is tried where the .dic has one for every VARIANT_SHARE of its base.
VARIANT_SHARE = 10_000

# Languages built from plain lists (Debian's w* packages), judged by Debian's Hunspell
# dictionary for the same language where there is one: tag -> (dictionary, package).
# Faroese, Esperanto and Manx are myspell packages of the same format.
PLAIN_JUDGES = {
    "en": ("en_US", "hunspell-en-us"),
    "de": ("de_DE", "hunspell-de-de"),
    "fr": ("fr_FR", "hunspell-fr"),
    "es": ("es_ES", "hunspell-es"),
    "it": ("it_IT", "hunspell-it"),
    "pt": ("pt_PT", "hunspell-pt-pt"),
    "nl": ("nl", "hunspell-nl"),
    "pl": ("pl_PL", "hunspell-pl"),
    "ca": ("ca", "hunspell-ca"),
    "da": ("da_DK", "hunspell-da"),
    "no": ("nb_NO", "hunspell-no"),
    "sv": ("sv_SE", "hunspell-sv-se"),
    "fo": ("fo_FO", "myspell-fo"),
    "eo": ("eo", "myspell-eo"),
    "gl": ("gl_ES", "hunspell-gl-es"),
    "gv": ("gv_GB", "myspell-gv"),
    "bg": ("bg_BG", "hunspell-bg"),
    "uk": ("uk_UA", "hunspell-uk"),
}

# The folds of the table (`polyboggle languages TAG --fold`), undone: key spelling ->
# hunspell's. hebrew-final-letters wrote each final letter as its other form:
def hebrew_finals() -> dict[str, str]:
    """Each letter the Hebrew fold makes of a final form, to that final form: the fold
    (`polyboggle languages he --fold`) undone."""
    finals = "ךםןףץ"
    return dict(zip(language_table.fold("he", [finals])[0], finals))
# Lines of an .aff that let hunspell join words; without them it accepts no compound.
COMPOUND_DIRECTIVES = (
    b"COMPOUNDFLAG", b"COMPOUNDBEGIN", b"COMPOUNDFIRST", b"COMPOUNDMIDDLE",
    b"COMPOUNDLAST", b"COMPOUNDEND", b"COMPOUNDRULE",
)


class BadInput(Exception):
    """Something to install or a name to fix: one line, exit 2."""


# ---------------------------------------------------------------- the language table

@dataclass
class Language:
    """A language of the table with a word list to judge (`polyboggle languages`)."""
    tag: str
    packages: list[str]
    source: str  # its list: hunspell:NAME, plain:FILE[:ENCODING], aspell:NAME, ...
    drops_proper_nouns: bool
    fold: str | None  # the rewrite of its words, by name (hebrew-final-letters, ...)
    script: str
    rules: str  # hasbro | syllables
    max_len: int | None = None  # --max-form-len: letters (Korean: syllables)


def read_table(pb: str | None = None) -> dict[str, Language]:
    """The languages with a word list, in the table's order, from
    `polyboggle languages --format json` (scripts/language_table.py)."""
    langs = {}
    for tag, entry in table(pb).items():
        s = entry["source"]
        if s is None:
            continue  # a preset and no list: nothing built, nothing to judge
        langs[tag] = Language(tag, s["packages"], s["words"], s["drop_proper_nouns"],
                              entry["fold"], entry["script"], language_table.rules(entry),
                              s["max_form_len"])
    return langs


def table(pb: str | None = None) -> dict[str, dict]:
    """Every entry of the table, the binary's failure as one line."""
    try:
        return language_table.languages(str(pb) if pb else None)
    except language_table.Unavailable as e:
        raise BadInput(str(e)) from None


def rules_for(tag: str, pb: str | None = None) -> str:
    """The rules preset the language plays by under `--lang` (a `-full` list: its
    language's): syllables, or hasbro (also for a tag the table lacks)."""
    entry = table(pb).get(tag)
    return language_table.rules(entry) if entry else "hasbro"


def dice_set_for(tag: str, pb: str | None = None) -> str:
    """The language's designed set (a `-full` list: its language's), whose faces are
    the language's units: the set the judge rolls."""
    entry = table(pb).get(tag)
    name = entry and entry["play"]["designed_dice"]
    if not name:
        raise BadInput(f"no designed dice set for '{tag}' (polyboggle languages {tag})")
    return name


# ---------------------------------------------------------------- normalization

@dataclass
class Profile:
    """A dictionary's normalization, as `polyboggle dict info --format json` gives it.
    Its keys are the binary's own (`polyboggle dict lookup` on the dictionary, a batch
    a call, each remembered)."""
    strip_marks: bool = False
    keep: str = ""
    turkic: bool = False
    dictionary: Path | None = None  # the compiled dictionary whose keys these are
    polyboggle: Path | None = None
    known: dict[str, str] = field(default_factory=dict, repr=False, compare=False)

    @staticmethod
    def of(pbd: Path, pb: Path) -> "Profile":
        info = json.loads(run_pb(pb, "dict", "info", str(pbd), "--format", "json"))
        p = info["profile"]
        return Profile(p["strip_marks"], p["keep"], p["turkic"], Path(pbd), Path(pb))

    def keys(self, texts) -> dict[str, str]:
        """text -> its key, for every text (asked of the binary where not known yet)."""
        texts = list(dict.fromkeys(texts))
        ask = [t for t in texts if t not in self.known]
        if ask and (self.dictionary is None or self.polyboggle is None):
            raise BadInput("a key needs the dictionary: Profile.of(PBD, POLYBOGGLE)")
        at = 0
        while at < len(ask):
            # Words go on the command line: a batch of some 64 KB at most.
            chunk, size = [], 0
            while at < len(ask) and (not chunk or size + len(ask[at].encode()) < 65536):
                size += len(ask[at].encode()) + 1
                chunk.append(ask[at])
                at += 1
            out = run_pb(self.polyboggle, "dict", "lookup", str(self.dictionary),
                         "--format", "json", "--", *chunk)
            answers = [json.loads(line) for line in out.splitlines() if line.strip()]
            if [a["input"] for a in answers] != chunk:
                raise BadInput(f"polyboggle dict lookup {self.dictionary}: "
                               "not one answer a word, in order")
            self.known.update((a["input"], a["key"]) for a in answers)
        return {t: self.known[t] for t in texts}

    def key(self, text: str) -> str:
        return self.known[text] if text in self.known else self.keys([text])[text]

    def capitalize(self, word: str) -> str:
        if not word:
            return word
        first = word[0]
        if self.turkic and first in "iı":
            return ("İ" if first == "i" else "I") + word[1:]
        return first.upper() + word[1:]

    def upper(self, word: str) -> str:
        if self.turkic:
            word = word.replace("i", "İ").replace("ı", "I")
        return word.upper()


def graphemes(text: str) -> int:
    """Grapheme clusters, near enough for a length floor: characters less combining
    marks and joiners."""
    return sum(1 for c in text if not unicodedata.category(c).startswith("M")
               and c not in "\u200c\u200d")


# ---------------------------------------------------------------- boards and paths

def neighbours(rows: int, cols: int) -> list[list[int]]:
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append([rr * cols + cc
                        for rr in range(max(0, r - 1), min(rows, r + 2))
                        for cc in range(max(0, c - 1), min(cols, c + 2))
                        if (rr, cc) != (r, c)])
    return out


def path_strings(faces: list[list[str]], max_cells: int = MAX_CELLS) -> set[str]:
    """Every string a path of 1..max_cells distinct, adjacent cells spells (faces
    already folded; a blank cell is None)."""
    return long_path_strings(faces, 0, max_cells)


def long_path_strings(faces: list[list[str]], min_letters: int,
                      max_cells: int = MAX_CELLS) -> set[str]:
    """The strings a path of 1..max_cells cells spells that have at least min_letters
    characters, found without walking a path that can no longer reach them (faces of one letter: none
    past max_cells letters; hu's Sz, Gy... make 8 cells up to 12)."""
    rows, cols = len(faces), len(faces[0])
    flat = [f for row in faces for f in row]
    widest = max((len(f) for f in flat if f is not None), default=0)
    adj = neighbours(rows, cols)
    out: set[str] = set()

    def walk(cell: int, used: int, text: str, n: int) -> None:
        if len(text) >= min_letters:
            out.add(text)
        if n == max_cells or len(text) + (max_cells - n) * widest < min_letters:
            return
        for nb in adj[cell]:
            if not used >> nb & 1 and flat[nb] is not None:
                walk(nb, used | 1 << nb, text + flat[nb], n + 1)

    for cell, face in enumerate(flat):
        if face is not None:
            walk(cell, 1 << cell, face, 1)
    return out


def fold_face(face: str, profile: Profile, qu: bool) -> str | None:
    if face in ("#", "_", ""):
        return None
    key = profile.key(face)
    return "qu" if qu and key == "q" else key


# ---------------------------------------------------------------- hunspell

class Hunspell:
    """One Hunspell dictionary, asked in batches (`hunspell -L`: the lines it rejects)."""

    def __init__(self, dic: Path, workdir: Path, compounds: bool = True):
        self.dic = dic
        aff = dic.with_suffix(".aff")
        self.encoding = aff_encoding(aff)
        lines = aff.read_bytes().splitlines(keepends=True)
        # hunspell splits a line into words at any character that is no letter of its
        # own, combining marks included: ne `पान` is asked as `प` and `न` (the vowel sign
        # `ा` between them), and -L rejects the line. The .dic's marks (and ZWJ, ZWNJ)
        # are made word characters (WORDCHARS), so a line is one word again.
        marks = word_marks(dic, self.encoding)
        if not compounds:
            # The same dictionary with its compounding directives left out: a word it
            # rejects that the full one accepts is a free compound.
            lines = [l for l in lines if not l.lstrip().startswith(COMPOUND_DIRECTIVES)]
        if compounds and not marks:
            self.base = dic.with_suffix("")
        else:
            if marks:
                add = marks.encode(self.encoding, errors="ignore")
                at = [i for i, l in enumerate(lines) if l.startswith(b"WORDCHARS")]
                if at:
                    lines[at[0]] = lines[at[0]].rstrip(b"\r\n") + add + b"\n"
                else:
                    lines = [l if l.endswith(b"\n") else l + b"\n" for l in lines]
                    lines.append(b"WORDCHARS " + add + b"\n")
            self.base = workdir / (dic.stem + ("" if compounds else "-nocompound"))
            self.base.with_suffix(".aff").write_bytes(b"".join(lines))
            target = self.base.with_suffix(".dic")
            if not target.exists():
                target.symlink_to(dic.resolve())
        self.cache: dict[str, bool] = {}

    def _rejected(self, chunk: list[str]) -> set[str]:
        data = ("\n".join(chunk) + "\n").encode("utf-8")
        run = subprocess.run(["hunspell", "-d", str(self.base), "-i", "utf-8", "-L"],
                             input=data, capture_output=True, check=False)
        if run.returncode != 0:
            raise BadInput(f"hunspell -d {self.base} failed: "
                           f"{run.stderr.decode(errors='replace').strip()[:200]}")
        return set(decode_output(run.stdout, self.encoding).splitlines())

    def accepts(self, words) -> set[str]:
        words = list(dict.fromkeys(words))
        ask = [w for w in words if w not in self.cache]
        # Only what the dictionary's encoding can spell can be a word of it.
        spellable = []
        for w in ask:
            try:
                w.encode(self.encoding)
                spellable.append(w)
            except UnicodeEncodeError:
                self.cache[w] = False
        # Two or more hunspell processes at once (one a core), each on a share.
        share = max(1000, -(-len(spellable) // JOBS))
        chunks = [spellable[i:i + share] for i in range(0, len(spellable), share)]
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            for chunk, rejected in zip(chunks, pool.map(self._rejected, chunks)):
                for w in chunk:
                    self.cache[w] = w not in rejected
        return {w for w in words if self.cache.get(w)}

    def alphabet(self) -> Counter:
        """How often each letter occurs in the .dic's stems (affix flags left out)."""
        text = self.dic.read_bytes().decode(self.encoding, errors="ignore")
        return Counter(re.sub(r"/\S*", "", text).lower())


class Batched:
    """A judge program asked in batches, one process a core: `_accepted(chunk)` gives
    one verdict a word of the chunk, in order; each verdict is remembered."""

    cache: dict[str, bool]

    def _accepted(self, chunk: list[str]) -> list[bool]:
        raise NotImplementedError

    def accepts(self, words) -> set[str]:
        words = list(dict.fromkeys(words))
        ask = [w for w in words if w not in self.cache]
        share = max(1000, -(-len(ask) // JOBS))
        chunks = [ask[i:i + share] for i in range(0, len(ask), share)]
        with ThreadPoolExecutor(max_workers=JOBS) as pool:
            for chunk, verdicts in zip(chunks, pool.map(self._accepted, chunks)):
                self.cache.update(zip(chunk, verdicts))
        return {w for w in words if self.cache.get(w)}


class Aspell(Batched):
    """One Aspell dictionary (`aspell -l NAME`), asked in batches in its pipe mode
    (`aspell -a`: one verdict a word, a blank line after each line, so that an answer is
    a line's and a word aspell splits in two is no word). It judges the languages whose
    list is aspell's own (cy, mr, ta), as `aspell list` would; Aspell has no free
    compounding, so the judge's compound check is the same dictionary."""

    def __init__(self, name: str):
        self.name = name
        self.cache: dict[str, bool] = {}

    def _accepted(self, chunk: list[str]) -> list[bool]:
        # `^` before each line: a line is text, never a pipe-mode command (`*word`...).
        data = "".join(f"^{w}\n" for w in chunk).encode("utf-8")
        run = subprocess.run(["aspell", "-l", self.name, "--encoding=utf-8", "--dont-suggest", "-a"],
                             input=data, capture_output=True, check=False)
        if run.returncode != 0:
            raise BadInput(f"aspell -l {self.name} -a failed: "
                           f"{run.stderr.decode(errors='replace').strip()[:200]}")
        lines = run.stdout.decode("utf-8", errors="replace").split("\n")[1:]  # the banner
        verdicts, line = [], []
        for answer in lines:
            if answer == "":
                verdicts.append(len(line) == 1 and line[0][:1] in ("*", "-", "+"))
                line = []
            else:
                line.append(answer)
        if len(verdicts) < len(chunk):
            raise BadInput(f"aspell -l {self.name} -a: {len(verdicts)} answers to "
                           f"{len(chunk)} words")
        return verdicts[:len(chunk)]

    def alphabet(self) -> Counter:
        """How often each letter occurs in the dictionary's master list."""
        run = subprocess.run(["aspell", "-d", self.name, "dump", "master"],
                             capture_output=True, check=False)
        if run.returncode != 0:
            raise BadInput(f"aspell -d {self.name} dump master failed: "
                           f"{run.stderr.decode(errors='replace').strip()[:200]}")
        return Counter(re.sub(r"/\S*", "", run.stdout.decode("utf-8", "replace")).lower())


class Apertium(Batched):
    """An Apertium monolingual dictionary's analyser (`lt-proc LANG.automorf.bin`), for a
    language built from that dictionary's forms (`lt-expand`, hi): a word is accepted
    when the analyser knows it as anything but a proper noun (`<np>`, which the build
    leaves out). The analyser is Apertium's program, not our expansion: what it accepts
    is its lexicon's, whatever `lt-expand` and the build made of it."""

    def __init__(self, dix: Path):
        self.dix = dix
        # apertium-hin.hin.dix -> hin.automorf.bin beside it.
        code = dix.name.split(".")[-2]
        self.automorf = dix.parent / f"{code}.automorf.bin"
        if not self.automorf.is_file():
            raise BadInput(f"no Apertium analyser {self.automorf} for {dix}")
        self.cache: dict[str, bool] = {}

    def _accepted(self, chunk: list[str]) -> list[bool]:
        # One word a line; lt-proc answers `^word/analysis/...$` a word, `*word` unknown.
        data = "".join(f"{w}\n" for w in chunk).encode("utf-8")
        run = subprocess.run(["lt-proc", str(self.automorf)], input=data,
                             capture_output=True, check=False)
        if run.returncode != 0:
            raise BadInput(f"lt-proc {self.automorf} failed: "
                           f"{run.stderr.decode(errors='replace').strip()[:200]}")
        units = re.findall(r"\^(.*?)\$", run.stdout.decode("utf-8", errors="replace"))
        verdicts = []
        for unit in units:
            analyses = unit.split("/")[1:]
            verdicts.append(any(a and not a.startswith("*") and "<np>" not in a
                                for a in analyses))
        if len(verdicts) != len(chunk):
            raise BadInput(f"lt-proc {self.automorf}: {len(verdicts)} answers to "
                           f"{len(chunk)} words (a word split in two?)")
        return verdicts

    def alphabet(self) -> Counter:
        """How often each character occurs in the dictionary's source (.dix)."""
        return Counter(self.dix.read_text(encoding="utf-8", errors="replace").lower())


def word_marks(dic: Path, encoding: str) -> str:
    """The combining marks (and ZWJ, ZWNJ) a .dic's words use."""
    text = dic.read_bytes().decode(encoding, errors="ignore")
    return "".join(sorted({c for c in set(text) if unicodedata.category(c).startswith("M")
                           or c in "\u200c\u200d"}))


def aff_encoding(aff: Path) -> str:
    for line in aff.read_bytes().splitlines():
        line = line.removeprefix(b"\xef\xbb\xbf")  # kk_KZ.aff opens with a BOM
        # `SET UTF-8`, or with a tab (ar.aff: `SET\tUTF-8`).
        if line.split()[:1] == [b"SET"] and len(line.split()) > 1:
            name = line.split()[1].decode("ascii", errors="replace")
            return {"microsoft-cp1251": "cp1251", "ISCII-DEVANAGARI": "utf-8"}.get(name, name)
    return "iso-8859-1"


def decode_output(raw: bytes, encoding: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode(encoding, errors="replace")


# ---------------------------------------------------------------- spelling a key back

class Speller:
    """A key (folded, NFC, maybe stripped of accents, rewritten) -> the spellings
    hunspell may know it by, lower case first."""

    def __init__(self, lang: Language, profile: Profile, alphabet: Counter,
                 max_variants: int):
        self.lang, self.profile, self.max_variants = lang, profile, max_variants
        self.variants: dict[str, list[str]] = {}
        self.finals = hebrew_finals() if lang.fold == "hebrew-final-letters" else {}
        # Letters NFC never makes (composition exclusions) that the .dic spells with:
        # bn_BD writes য় ড় ঢ় as U+09DF U+09DC U+09DD, which NFC (our keys) decomposes
        # into য ড ঢ and the nukta U+09BC. The key's sequence is given the .dic's letter.
        self.precomposed = {unicodedata.normalize("NFC", c): c for c in alphabet
                            if unicodedata.normalize("NFC", c) != c
                            and len(unicodedata.normalize("NFC", c)) > 1}
        if profile.strip_marks:
            # Letters of the language that fold to another: those the dictionary's stems
            # use at least once in ten thousand times their base letter (it_IT's è: 74
            # to 85,551 e, the stems' è mostly in the affixes; not hr_HR's ë of names,
            # 1 to 31,122).
            letters = [c for c in sorted(alphabet) if c.isalpha() and c == c.lower()
                       and c == unicodedata.normalize("NFC", c)]
            for c, base in profile.keys(letters).items():
                if len(base) != 1 or base == c:
                    continue
                if alphabet[c] * VARIANT_SHARE >= alphabet.get(base, 0):
                    self.variants.setdefault(base, []).append(c)

    def lower(self, key: str, limit: int | None = None) -> list[str]:
        forms = [key]
        # A whole expansion (`he-full`) is spelled as its language.
        tag = self.lang.tag.removesuffix("-full")
        if self.lang.fold == "hebrew-final-letters" and key and key[-1] in self.finals:
            forms = [key[:-1] + self.finals[key[-1]], key]
        if self.lang.fold == "catalan-middle-dot":
            forms = [f.replace("ŀl", "l·l") for f in forms]
        # Case folding made a final ς σ.
        if self.lang.script == "Greek" and key.endswith("σ"):
            forms = [f[:-1] + "ς" for f in forms] + forms
        if tag == "de" and "ss" in key:
            forms = forms + list(sharp_s(key))
        if self.precomposed and any(seq in key for seq in self.precomposed):
            composed = []
            for f in forms:
                for seq, c in self.precomposed.items():
                    f = f.replace(seq, c)
                composed.append(f)
            forms = composed + forms
        if self.variants:
            forms = [v for f in forms for v in self.accented(f, limit)]
        return list(dict.fromkeys(forms))

    def accented(self, form: str, limit: int | None = None):
        """The form, then forms with some letters given back an accent the language
        has (tonos, ё, ă ...), as many as max_variants allows."""
        limit = limit or self.max_variants
        slots = [(i, self.variants[c]) for i, c in enumerate(form) if c in self.variants]
        yield form
        made = 1
        for k in range(1, len(slots) + 1):
            for chosen in itertools.combinations(slots, k):
                for letters in itertools.product(*(alts for _, alts in chosen)):
                    if made >= limit:
                        return
                    chars = list(form)
                    for (i, _), letter in zip(chosen, letters):
                        chars[i] = letter
                    made += 1
                    yield "".join(chars)

    def cased(self, lower: list[str]) -> list[str]:
        """Capitalized spellings (a name, or a German noun) of the lower-case ones.
        All-capital acronyms are not tried: the build drops them with the names."""
        # Georgian is written without capitals (Mkhedruli); Python capitalizes it to
        # Mtavruli, and hunspell accepts any string that starts with a Mtavruli letter
        # (ka `Ეარსთ`): no capitalized spelling is tried.
        return list(dict.fromkeys(self.profile.capitalize(f) for f in lower
                                  if f and not "\u10d0" <= f[0] <= "\u10ff"))


def zwnj(form: str):
    """The form with a zero-width non-joiner put back at one or two inner places."""
    for k in (1, 2):
        for spots in itertools.combinations(range(1, len(form)), k):
            s = form
            for i in reversed(spots):
                s = s[:i] + "\u200c" + s[i:]
            yield s


def sharp_s(key: str):
    spots = [m.start() for m in re.finditer("(?=ss)", key)]
    for k in range(1, min(len(spots), 3) + 1):
        for chosen in itertools.combinations(spots, k):
            if any(b - a < 2 for a, b in zip(chosen, chosen[1:])):
                continue
            s = key
            for i in reversed(chosen):
                s = s[:i] + "ß" + s[i + 2:]
            yield s


# ---------------------------------------------------------------- judging

@dataclass
class Verdicts:
    word: set[str] = field(default_factory=set)          # accepted in lower case (or as cased, keep)
    compound: set[str] = field(default_factory=set)      # ... only as a free compound
    proper: set[str] = field(default_factory=set)        # accepted only capitalized (drop)
    mixed: set[str] = field(default_factory=set)         # accepted only in all capitals
    spelled: dict[str, str] = field(default_factory=dict)  # key -> the spelling accepted


class Judge:
    def __init__(self, lang: Language, profile: Profile,
                 full: Hunspell | Aspell | Apertium | None,
                 nocompound: Hunspell | Aspell | Apertium | None, listed: set[str] | None,
                 max_variants: int):
        self.lang, self.profile = lang, profile
        self.full, self.nocompound, self.listed = full, nocompound, listed
        alphabet = full.alphabet() if full is not None else Counter()
        self.speller = Speller(lang, profile, alphabet, max_variants)

    def verdicts(self, keys: set[str], upper: bool = False) -> Verdicts:
        v = Verdicts()
        if self.full is None:  # judged by the source list itself
            v.word = {k for k in keys if k in self.listed}
            return v
        lower = {k: self.speller.lower(k) for k in keys}
        ok = self.full.accepts(f for fs in lower.values() for f in fs)
        # Found words only (few): a key the first spellings missed is tried with up to
        # PRECISION_VARIANTS (el `μαιμου` is `μαϊμού`: tonos and diaeresis, the 17th
        # spelling or later; fr `aeree` is `aérée`).
        if upper and (self.speller.variants or self.lang.fold == "persian-zwnj"):
            more = {k: self.speller.lower(k, PRECISION_VARIANTS) for k, fs in lower.items()
                    if not any(f in ok for f in fs)}
            if self.lang.fold == "persian-zwnj":
                # The fold removed the zero-width non-joiner (داشت‌ها is key
                # داشتها): for found words, one or two put back between letters.
                more = {k: fs + [z for f in fs[:4] for z in zwnj(f)] for k, fs in more.items()}
            ok |= self.full.accepts(f for fs in more.values() for f in fs)
            lower.update(more)
        rest = []
        for k, fs in lower.items():
            hit = next((f for f in fs if f in ok), None)
            if hit is None:
                rest.append(k)
            else:
                v.word.add(k)
                v.spelled[k] = hit
        cased = {k: self.speller.cased(lower[k]) for k in rest}
        ok_cased = self.full.accepts(f for fs in cased.values() for f in fs)
        for k, fs in cased.items():
            hit = next((f for f in fs if f in ok_cased), None)
            if hit is None:
                continue
            v.spelled[k] = hit
            (v.proper if self.lang.drops_proper_nouns else v.word).add(k)
        # Found words only: a key hunspell knows in another case than lower or
        # capitalized (hr `hPa`, whose all-capital HPA it accepts; the build keeps it,
        # as it does not start with a capital). Acronyms the build dropped are not found.
        if upper:
            caps = {k: [self.profile.upper(f) for f in lower[k]] for k in rest
                    if k not in v.spelled}
            ok_caps = self.full.accepts(f for fs in caps.values() for f in fs)
            for k, fs in caps.items():
                hit = next((f for f in fs if f in ok_caps), None)
                if hit is not None:
                    v.spelled[k] = hit
                    v.word.add(k)
                    v.mixed.add(k)
        # Free compounds: accepted, but not without hunspell's compounding.
        spellings = {k: lower[k] + cased.get(k, []) + [v.spelled[k]] for k in v.word}
        simple = self.nocompound.accepts(f for fs in spellings.values() for f in fs)
        v.compound = {k for k, fs in spellings.items() if not any(f in simple for f in fs)}
        return v

    def letters(self, key: str) -> int:
        """Letters as --max-form-len counts them (characters; Korean: syllables)."""
        return len(unicodedata.normalize("NFC", key))


def board_faces(board: str) -> list[list[str]]:
    """A board as `--board` takes it, `ABC/DEF/GHI` or `A Ch S/R I T/T E N`: rows split
    at `/`, a row's faces at spaces where it has any, else one a character."""
    return [row.split() if " " in row else list(row) for row in board.split("/")]


def read_board(pb: Path, pbd: Path, tag: str, board: str) -> list[list[str]]:
    """A board's faces as the binary reads them: a row written without spaces is split
    into grapheme clusters (Hindi `ररानेला` is र रा ने ला), which Python alone cannot do.
    `polyboggle solve` prints the board first, one row a line, faces apart."""
    if " " in board or board.isascii():
        return board_faces(board)
    out = run_pb(pb, "solve", board, "-d", str(pbd), "--lang", tag)
    rows = len(board.split("/"))
    return [line.split() for line in out.splitlines()[:rows]]


def run_pb(pb: Path, *args: str, stdin: bytes | None = None) -> str:
    run = subprocess.run([str(pb), *args], input=stdin, capture_output=True, check=False)
    if run.returncode != 0:
        raise BadInput(f"polyboggle {' '.join(args[:3])} failed: "
                       f"{run.stderr.decode(errors='replace').strip().splitlines()[-1:]}")
    return run.stdout.decode("utf-8")


@dataclass
class Report:
    lang: str
    source: str
    judge: str
    boards: int
    recall_boards: int
    found: int = 0
    found_ok: int = 0
    found_compound: int = 0
    found_proper: int = 0
    found_mixed: int = 0
    wrong: Counter = field(default_factory=Counter)
    accepted: int = 0          # path strings hunspell accepts, legal, in bound
    recalled: int = 0
    set_compound: int = 0
    set_length: int = 0
    set_proper: int = 0
    missed: Counter = field(default_factory=Counter)
    not_enumerated: int = 0    # solver words of <= 8 cells no path spelled: a bug here
    bound_boards: int = 0      # boards where only the strings past the bound were asked
    bound_over: int = 0        # ... accepted, not compounds, not names, past the bound
    bound_in: int = 0          # ... found words of up to 8 cells (all within the bound)
    note: str = ""

    @property
    def precision(self) -> float:
        return self.found_ok / self.found if self.found else float("nan")

    @property
    def recall(self) -> float:
        return self.recalled / self.accepted if self.accepted else float("nan")

    @property
    def bound_share(self) -> float:
        denom = self.bound_in + self.bound_over
        return self.bound_over / denom if denom else 0.0

    @property
    def length_share(self) -> float:
        denom = self.accepted + self.set_length
        return self.set_length / denom if denom else 0.0


def judge_language(tag: str, args) -> Report:
    langs = read_table(args.polyboggle)
    if tag not in langs:
        if tag in table(args.polyboggle):
            raise BadInput(f"'{tag}' has no word list to judge (polyboggle languages {tag})")
        raise BadInput(f"unknown language '{tag}'; known: {' '.join(langs)}")
    lang = langs[tag]
    if shutil.which("hunspell") is None and not lang.source.startswith(("aspell:", "apertium:")):
        raise BadInput("hunspell is not installed: apt-get install hunspell")
    build = Path(args.build)
    pbd = build / f"{tag}.pbd"
    if not pbd.is_file():
        raise BadInput(f"{pbd} is missing: dictionaries/build-languages.sh {tag}")

    # Who judges.
    listed = None
    kind, name = lang.source.split(":", 1)
    if kind == "hunspell":
        dic, judge_name = HUNSPELL_DIR / f"{name}.dic", f"hunspell {name}"
        package = " ".join(lang.packages)
    elif kind == "npm":
        dic = build / "npm" / name / "package" / "index.dic"
        package, judge_name = f"(npm) {name}", f"hunspell {name}"
    elif kind == "plain" and tag in PLAIN_JUDGES:
        dname, package = PLAIN_JUDGES[tag]
        dic, judge_name = HUNSPELL_DIR / f"{dname}.dic", f"hunspell {dname}"
    elif kind == "plain":
        dic, package, judge_name = None, "", "source list"
    elif kind == "apertium":
        dic, package, judge_name = None, " ".join(lang.packages), f"apertium {Path(name).name}"
        if shutil.which("lt-proc") is None or not Path(name).is_file():
            raise BadInput(f"no Apertium dictionary for '{tag}' ({name}, lt-proc): "
                           f"apt-get install {package}")
    elif kind == "aspell":
        dic, package, judge_name = None, " ".join(lang.packages), f"aspell {name}"
        if shutil.which("aspell") is None:
            raise BadInput(f"aspell is not installed: apt-get install {package}")
        dicts = subprocess.run(["aspell", "dicts"], capture_output=True, text=True).stdout
        if name not in dicts.split():
            raise BadInput(f"no aspell dictionary for '{tag}' ({name}): apt-get install "
                           f"{package}")
    else:
        raise BadInput(f"{tag} is built from {kind} ({name}): no Hunspell dictionary judges it")
    if dic is not None and not dic.is_file():
        raise BadInput(f"no hunspell dictionary for '{tag}' ({dic}): apt-get install {package}")

    pb = Path(args.polyboggle)
    profile = Profile.of(pbd, pb)
    rules = lang.rules
    min_len = 2 if rules == "syllables" else 3

    tmp = Path(tempfile.mkdtemp(prefix=f"judge-{tag}-"))
    try:
        if dic is not None:
            full = Hunspell(dic, tmp)
            nocompound = Hunspell(dic, tmp, compounds=False)
        elif kind == "aspell":
            full = nocompound = Aspell(name)
        elif kind == "apertium":
            full = nocompound = Apertium(Path(name))
        else:
            file, enc = name, "utf-8"
            if re.search(r":[A-Za-z0-9-]+$", name):
                file, enc = name.rsplit(":", 1)
            listed = set(profile.keys(
                Path(file).read_text(encoding=enc, errors="replace").split()).values())
            full = nocompound = None
        judge = Judge(lang, profile, full, nocompound, listed, args.variants)
        report = Report(tag, lang.source, judge_name, args.boards, args.recall_boards)

        # Roll (or take the boards given) and solve.
        if args.board:
            boards = [read_board(pb, pbd, tag, b) for b in args.board]
        else:
            dice = dice_set_for(tag, args.polyboggle)
            boards = []
            for i in range(args.boards):
                b = json.loads(run_pb(pb, "roll", dice, "--seed", str(args.seed + i),
                                      "--format", "json"))
                boards.append(b["board"])
        batch = "\n".join("/".join(" ".join(row) for row in b) for b in boards) + "\n"
        solved = [json.loads(line) for line in run_pb(
            pb, "solve", "--batch", "-", "--format", "json", "-d", str(pbd), "--lang", tag,
            "--rules", rules, stdin=batch.encode("utf-8")).splitlines() if line.strip()]

        # Every key asked of the binary at once: the words found and the faces.
        profile.keys(itertools.chain((w["word"] for s in solved for w in s["words"]),
                                     (f for b in boards for row in b for f in row
                                      if f not in ("#", "_", ""))))

        # Precision: every (board, word) the solver found.
        per_board = [{profile.key(w["word"]): len(w["path"]) for w in s["words"]}
                     for s in solved]
        v = judge.verdicts(set().union(*per_board) if per_board else set(), upper=True)
        for words in per_board:
            for k in words:
                report.found += 1
                if k in v.word:
                    report.found_ok += 1
                    report.found_compound += k in v.compound
                    report.found_mixed += k in v.mixed
                else:
                    report.found_proper += k in v.proper
                    report.wrong[k] += 1

        # Recall: every string a path of up to 8 cells spells, on the first boards.
        qu = rules != "syllables" and tag == "en"
        for board, words in zip(boards[:args.recall_boards], per_board):
            faces = [[fold_face(f, profile, qu) for f in row] for row in board]
            strings = {s for s in path_strings(faces) if graphemes(s) >= min_len}
            short = {k for k, cells in words.items() if cells <= MAX_CELLS}
            report.not_enumerated += len(short - strings)
            pv = judge.verdicts(strings)
            for s in pv.word | pv.proper:
                if s in pv.proper:
                    report.set_proper += 1
                elif s in pv.compound:
                    report.set_compound += 1
                elif lang.max_len is not None and judge.letters(s) > lang.max_len:
                    report.set_length += 1
                else:
                    report.accepted += 1
                    if s in short:
                        report.recalled += 1
                    else:
                        report.missed[s] += 1

        # The length bound's share on more boards, cheaply: hunspell is asked only about
        # the path strings longer than the bound (none where no 8 cells can spell that
        # many letters), set against the words found with up to 8 cells.
        if lang.max_len is not None:
            report.bound_boards = args.bound_boards
            for board, words in zip(boards[:args.bound_boards], per_board):
                faces = [[fold_face(f, profile, qu) for f in row] for row in board]
                long = {s for s in long_path_strings(faces, lang.max_len + 1)
                        if judge.letters(s) > lang.max_len}
                pv = judge.verdicts(long)
                report.bound_over += len(pv.word - pv.compound)
                report.bound_in += sum(1 for cells in words.values() if cells <= MAX_CELLS)
        return report
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------- output

TSV_HEADER = ("lang\tsource\tjudge\tboards\trecall_boards\tfound\tprecision\t"
              "found_compounds\tfound_proper\trecall\taccepted\tcompounds_apart\t"
              "length_bound_apart\tlength_bound_share\tproper_apart\twrong_examples\t"
              "bound_boards\tbound_over\tbound_in\tbound_share")


def tsv_row(r: Report) -> str:
    ex = " ".join(w for w, _ in r.wrong.most_common(8))
    # No recall board (--recall-boards 0): the recall columns were not measured.
    recall = ([f"{r.recall:.4f}", str(r.accepted), str(r.set_compound), str(r.set_length),
               f"{r.length_share:.4f}", str(r.set_proper)] if r.recall_boards else ["-"] * 6)
    return "\t".join([
        r.lang, r.source, r.judge, str(r.boards), str(r.recall_boards), str(r.found),
        f"{r.precision:.4f}", str(r.found_compound), str(r.found_proper),
        *recall, ex,
        *([str(r.bound_boards), str(r.bound_over), str(r.bound_in), f"{r.bound_share:.4f}"]
          if r.bound_boards else ["-"] * 4)])


def describe(r: Report) -> str:
    lines = [
        f"{r.lang}: judge {r.judge}; {r.boards} boards for precision, "
        f"{r.recall_boards} for recall",
        f"  precision {r.precision:.4f}  ({r.found_ok}/{r.found} found words accepted; "
        f"{r.found_compound} of them only as compounds, {r.found_mixed} only in capitals; "
        f"{r.found_proper} rejected were names)",
        f"  recall    {r.recall:.4f}  ({r.recalled}/{r.accepted} accepted path strings found)"
        if r.recall_boards else "  recall    not asked (no board for recall)",
        f"  set apart: {r.set_compound} free compounds, {r.set_length} past the length "
        f"bound ({r.length_share:.1%} of the words in reach), {r.set_proper} proper nouns",
    ]
    if r.bound_boards:
        lines.append(f"  length bound on {r.bound_boards} boards: {r.bound_over} accepted strings "
                     f"past it, {r.bound_in} found words of up to 8 cells "
                     f"({r.bound_share:.3%} removed)")
    if r.wrong:
        lines.append("  rejected by the judge: "
                     + " ".join(w for w, _ in r.wrong.most_common(15)))
    if r.missed:
        lines.append("  accepted, not found: " + " ".join(w for w, _ in r.missed.most_common(15)))
    if r.not_enumerated:
        lines.append(f"  {r.not_enumerated} found words no path string spelled (a bug here)")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("langs", nargs="+", metavar="LANG")
    ap.add_argument("--boards", type=int, default=100, help="boards for precision (100)")
    ap.add_argument("--recall-boards", type=int, default=3,
                    help="of those, boards whose every path string is judged (3)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (1)")
    ap.add_argument("--board", action="append", default=[],
                    help="judge this board (`ABCD/EFGH/...` or faces spaced) in place of "
                         "rolled ones; repeat for more (one language only)")
    ap.add_argument("--bound-boards", type=int, default=0,
                    help="boards on which only strings past the length bound are asked (0)")
    ap.add_argument("--variants", type=int, default=16,
                    help="spellings tried per key where accents were stripped (16)")
    ap.add_argument("--build", default=str(ROOT / "dictionaries/build"))
    ap.add_argument("--polyboggle", default=language_table.binary(),
                    help="the binary (default: $POLYBOGGLE, else target/release/polyboggle)")
    ap.add_argument("--tsv", help="append one row per language to this file")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when precision < 0.99 or recall < 0.9 (no length bound)")
    args = ap.parse_args(argv)
    if args.board:
        if len(args.langs) != 1:
            print("error: --board judges one language's boards: name one LANG",
                  file=sys.stderr)
            return 2
        args.boards = len(args.board)
    args.recall_boards = min(args.recall_boards, args.boards)
    args.bound_boards = min(args.bound_boards, args.boards)

    missed = []
    for tag in args.langs:
        try:
            r = judge_language(tag, args)
        except BadInput as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(describe(r), flush=True)
        if args.tsv:
            new = not os.path.exists(args.tsv) or os.path.getsize(args.tsv) == 0
            with open(args.tsv, "a", encoding="utf-8") as f:
                if new:
                    f.write(TSV_HEADER + "\n")
                f.write(tsv_row(r) + "\n")
        if r.precision < PRECISION_TARGET:
            missed.append(f"{tag} precision {r.precision:.4f}")
        if r.recall < RECALL_TARGET and read_table(args.polyboggle)[tag].max_len is None:
            missed.append(f"{tag} recall {r.recall:.4f}")
    if args.check and missed:
        print("targets missed: " + "; ".join(missed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

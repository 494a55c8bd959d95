"""Crosswords from Python: crossword_layout and crossword_fill give what `polyboggle
crossword` and `polyboggle crossword fill` print for the same word list, grid and seed
(every format, byte for byte but the time spent), in right-to-left Hebrew and with
Korean and Devanagari cells too, and fail with the commands' messages."""

import json
import os
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

import polyboggle
from polyboggle import CrosswordError, FillTimeoutError, Lexicon

REPO = Path(__file__).resolve().parents[2]
CLI = REPO / "target" / "release" / "polyboggle"
DATA = REPO / "crates" / "crossword" / "tests" / "data"
# .ci/run sets this: there, a missing CLI is a failure, not a skip (as in test_polyboggle.py).
REQUIRED = os.environ.get("POLYBOGGLE_REQUIRE_ALL") == "1"


def cli(*args, cwd=None):
    """Runs the polyboggle command: (exit code, stdout bytes, stderr text)."""
    if not CLI.exists():
        if REQUIRED:
            pytest.fail(f"{CLI} is missing: cargo build --release first")
        pytest.skip(f"{CLI} is missing: cargo build --release first")
    out = subprocess.run([str(CLI), *args], capture_output=True, cwd=cwd)
    return out.returncode, out.stdout, out.stderr.decode()


def printed(*args, cwd=None):
    """What the command prints, as text; it must succeed."""
    code, out, err = cli(*args, cwd=cwd)
    assert code == 0, err
    return out.decode()


def refused(*args, cwd=None, code=2):
    """The command's one-line message, without its `polyboggle: ` prefix."""
    got, _, err = cli(*args, cwd=cwd)
    assert got == code, err
    assert err.startswith("polyboggle: ") and err.count("\n") == 1, err
    return err[len("polyboggle: "):].strip()


# The only bytes that differ between two runs of one search: the time it took.
SECONDS = re.compile(r'"seconds":[0-9.e+-]+|in [0-9.]+ s$', re.M)


def timeless(text):
    return SECONDS.sub("<seconds>", text)


def without_seconds(value):
    assert isinstance(value["seconds"], float)
    return {k: v for k, v in value.items() if k != "seconds"}


def same_as_cli(python, command, cwd=None):
    """Python's output is the command's: exactly, but for the time spent."""
    out = printed(*command, cwd=cwd)
    if isinstance(python, dict):
        assert without_seconds(python) == without_seconds(json.loads(out))
    else:
        assert timeless(python) == timeless(out)
        if "seconds" not in out and " s\n" not in out:
            assert python == out


ENGLISH = "seven\tA lucky number\nnine\nten\neleven\tOne more than ten\n"
LIST = "cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n"
RING = "c..\n.#.\n...\n"
HEBREW = ["שלום", "שמש", "מים", "ספר", "לחם", "ירח", "חלב", "בית"]
HINDI = ["क्षमा", "रक्षा", "शिक्षा", "क्षण", "परीक्षा", "मामा", "माता"]


def test_a_layout_is_what_the_cli_prints_in_every_format(tmp_path):
    (tmp_path / "words.txt").write_text(ENGLISH, encoding="utf-8")
    flags = ["--size", "7x7", "--time", "30", "--seed", "3"]
    for format in ["dict", "json", "text", "ipuz", "svg"]:
        python = polyboggle.crossword_layout(ENGLISH, size=(7, 7), time=30, seed=3, format=format)
        same_as_cli(python, ["crossword", "words.txt", *flags, "--format", "json" if format == "dict" else format], tmp_path)
    svg = polyboggle.crossword_layout(ENGLISH, size="7x7", time=30, seed=3, format="svg", solution=True)
    assert svg == printed("crossword", "words.txt", *flags, "--format", "svg", "--solution", cwd=tmp_path)
    layout = polyboggle.crossword_layout(ENGLISH, size=(7, 7), time=30, seed=3)
    assert layout["placed"] == 4 and layout["complete"] and layout["dropped"] == []
    clues = {w["word"]: w["clue"] for w in layout["words"]}
    assert clues["SEVEN"] == "A lucky number" and clues["NINE"] is None
    # The list as items: lines, or (answer, clue); the same layout.
    items = ["seven\tA lucky number", "nine", "ten", ("eleven", "One more than ten")]
    again = polyboggle.crossword_layout(items, size=(7, 7), time=30, seed=3)
    assert without_seconds(again) == without_seconds(layout)


def test_pins_auto_and_dropped_words_are_the_cli_s(tmp_path):
    words = "seven\nnine\nten\neleven\nnine\nx\n"
    (tmp_path / "words.txt").write_text(words, encoding="utf-8")
    for pin in ["seven@0,0,across", ("seven", 0, 0, "across")]:
        python = polyboggle.crossword_layout(words, size=(7, 7), time=30, pins=[pin], format="json")
        same_as_cli(python, ["crossword", "words.txt", "--size", "7x7", "--time", "30", "--pin", "seven@0,0,across", "--format", "json"], tmp_path)
        assert json.loads(python)["words"][0]["pinned"]
    auto = polyboggle.crossword_layout(words, auto=True, time=30, format="text")
    same_as_cli(auto, ["crossword", "words.txt", "--auto", "--time", "30"], tmp_path)
    reasons = polyboggle.crossword_layout(words, auto=True, time=30)["reasons"]
    assert [(r["word"], r["line"], r["reason"]) for r in reasons] == [
        ("NINE", 5, "repeats line 2"), ("X", 6, "one letter: an answer needs two cells"),
    ]


def test_hebrew_runs_right_to_left_as_in_the_cli(tmp_path):
    (tmp_path / "he.txt").write_text("\n".join(HEBREW) + "\n", encoding="utf-8")
    for format in ["dict", "text", "ipuz", "svg"]:
        python = polyboggle.crossword_layout(HEBREW, size=(9, 9), time=30, lang="he", format=format)
        same_as_cli(python, ["crossword", "he.txt", "--size", "9x9", "--time", "30", "--lang", "he", "--format", "json" if format == "dict" else format], tmp_path)
    layout = polyboggle.crossword_layout(HEBREW, size=(9, 9), time=30, lang="he")
    across = [w for w in layout["words"] if w["direction"] == "across"]
    assert across and all(w["rtl"] for w in across)
    for w in across:
        # Right to left: each cell's column one left of the one before.
        columns = [c for _, c in w["cells"]]
        assert columns == sorted(columns, reverse=True) and len(set(columns)) == len(columns)


def test_a_devanagari_cell_is_one_grapheme_as_in_the_cli(tmp_path):
    (tmp_path / "hi.txt").write_text("\n".join(HINDI) + "\n", encoding="utf-8")
    layout = polyboggle.crossword_layout(HINDI, size=(7, 7), time=30, lang="hi")
    same_as_cli(layout, ["crossword", "hi.txt", "--size", "7x7", "--time", "30", "--lang", "hi", "--format", "json"], tmp_path)
    kshama = next(w for w in layout["words"] if w["word"] == "क्षमा")
    assert len(kshama["cells"]) == 2
    r, c = kshama["cells"][0]
    assert layout["grid"][r][c] == "क्ष"


def test_a_fill_is_what_the_cli_prints_in_every_format(tmp_path):
    (tmp_path / "w.txt").write_text(LIST, encoding="utf-8")
    (tmp_path / "g.txt").write_text(RING, encoding="utf-8")
    command = ["crossword", "fill", "g.txt", "--words", "w.txt", "--style", "british", "--seed", "2"]
    for format in ["dict", "json", "text", "ipuz", "svg"]:
        python = polyboggle.crossword_fill(RING, LIST, style="british", seed=2, format=format)
        same_as_cli(python, [*command, "--format", "json" if format == "dict" else format], tmp_path)
    assert polyboggle.crossword_fill(RING, LIST, style="british", format="text") == "CAT\nO#O\nWOE\n"
    svg = polyboggle.crossword_fill(RING, LIST, style="british", seed=2, format="svg", solution=True)
    assert svg == printed(*command, "--format", "svg", "--solution", cwd=tmp_path)
    puz = polyboggle.crossword_fill(RING, LIST, style="british", seed=2, format="puz")
    printed(*command, "--format", "puz", "-o", "g.puz", cwd=tmp_path)
    assert isinstance(puz, bytes) and puz == (tmp_path / "g.puz").read_bytes()
    filled = polyboggle.crossword_fill(RING, LIST, style="british")
    assert filled["placed"] == 4 and {w["word"]: w["score"] for w in filled["words"]}["CAT"] == 60
    # The list as lines, as (word, score), or mixed: the same fill.
    items = [("cat", 60), "cow;50", "toe", ("woe", 40), "car", ("tar", 30)]
    assert without_seconds(polyboggle.crossword_fill(RING, items, style="british")) == without_seconds(filled)
    # A minimum score leaves the words below it out.
    assert polyboggle.crossword_fill("...\n", LIST, style="british", min_score=55, format="text") == "CAT\n"


def test_a_fill_from_a_lexicon_is_the_cli_s_from_dict(tmp_path):
    (tmp_path / "g.txt").write_text("...\n...\n...\n", encoding="utf-8")
    python = polyboggle.crossword_fill("...\n...\n...\n", Lexicon.builtin(), format="json")
    same_as_cli(python, ["crossword", "fill", "g.txt", "--dict", "enable2k", "--format", "json"], tmp_path)
    # A plain word list opened as --dict opens it: every word scores 50.
    (tmp_path / "ring.txt").write_text(RING, encoding="utf-8")
    (tmp_path / "plain.txt").write_text("cat\ncow\ntoe\nwoe\ncar\ntar\n", encoding="utf-8")
    listed = Lexicon.open(tmp_path / "plain.txt")
    for format in ["text", "json"]:
        python = polyboggle.crossword_fill(RING, listed, style="british", format=format)
        same_as_cli(python, ["crossword", "fill", "ring.txt", "--dict", "plain.txt", "--style", "british", "--format", format], tmp_path)
    filled = polyboggle.crossword_fill(RING, listed, style="british")
    assert {w["score"] for w in filled["words"]} == {50}


@pytest.mark.parametrize("lang", ["he", "ko"])
def test_hebrew_and_korean_grids_fill_as_in_the_cli(lang):
    grid = (DATA / f"{lang}-grid.txt").read_text(encoding="utf-8")
    words = (DATA / f"{lang}-words.txt").read_text(encoding="utf-8")
    command = ["crossword", "fill", str(DATA / f"{lang}-grid.txt"), "--words", str(DATA / f"{lang}-words.txt")]
    for format in ["dict", "text", "ipuz", "svg"]:
        python = polyboggle.crossword_fill(grid, words, format=format)
        same_as_cli(python, [*command, "--format", "json" if format == "dict" else format])
    filled = polyboggle.crossword_fill(grid, words)
    listed = set(words.split())
    assert {w["word"] for w in filled["words"]} <= {w.upper() for w in listed}
    cells = [cell for row in filled["grid"] for cell in row if cell is not None]
    if lang == "ko":
        # A Korean square is one syllable block, one grapheme of several jamo at most.
        assert all(len(cell) == 1 and "\uac00" <= cell <= "\ud7a3" for cell in cells)
    else:
        # Right to left: the across words' cells run leftwards in the drawn grid.
        assert all(w["rtl"] for w in filled["words"] if w["direction"] == "across")
        assert any(w["direction"] == "across" for w in filled["words"])


def test_bad_lists_name_the_line_as_the_cli_does(tmp_path):
    (tmp_path / "grid").write_text(RING, encoding="utf-8")
    for list_text in ["cat;60\ndog;x\n", ";;\n"]:
        (tmp_path / "words").write_text(list_text, encoding="utf-8")
        with pytest.raises(CrosswordError) as caught:
            polyboggle.crossword_fill(RING, list_text, style="british")
        assert str(caught.value) == refused("crossword", "fill", "grid", "--words", "words", "--style", "british", cwd=tmp_path)
    assert str(caught.value).startswith("words: line ")
    for list_text in ["cat\nr2d2\n", "\tno word\n", "two words\n", "\n\n"]:
        (tmp_path / "words").write_text(list_text, encoding="utf-8")
        with pytest.raises(CrosswordError) as caught:
            polyboggle.crossword_layout(list_text)
        assert str(caught.value) == refused("crossword", "words", cwd=tmp_path)
    with pytest.raises(CrosswordError, match=r'^words: line 2: "r2d2" holds \'2\''):
        polyboggle.crossword_layout(["cat", "r2d2"])
    with pytest.raises(CrosswordError, match=r"^words: line 3: score"):
        polyboggle.crossword_fill(RING, [("cat", 1), "dog", "cow;many"])
    with pytest.raises(CrosswordError, match=r"^words\[1\]: .* line break"):
        polyboggle.crossword_layout(["cat", "dog\ncow"])
    with pytest.raises(CrosswordError, match=r"^words\[0\]: .* holds '\\t'"):
        polyboggle.crossword_layout([("cat\tdog", "a clue")])
    with pytest.raises(TypeError, match=r"words\[1\]: expected a string or a tuple \(word, score\), not 3$"):
        polyboggle.crossword_fill(RING, ["cat", 3])
    with pytest.raises(TypeError, match=r"words\[0\]: expected a string or a tuple \(word, score\), not \('cat', 'x'\)"):
        polyboggle.crossword_fill(RING, [("cat", "x")])
    with pytest.raises(TypeError, match=r"words\[0\]: expected a string or a tuple \(answer, clue\), not \('ten', None\)"):
        polyboggle.crossword_layout([("ten", None)])
    with pytest.raises(TypeError, match="pins: a sequence of pins"):
        polyboggle.crossword_layout(ENGLISH, pins="seven@0,0,across")


def test_bad_grids_and_grids_with_no_fill_name_the_square(tmp_path):
    (tmp_path / "words").write_text(LIST, encoding="utf-8")
    for grid, says in [
        ("...\n..\n...\n", "grid: row 2, column 3: the row ends after 2 squares"),
        ("...\n.Ж.\n...\n", "grid: row 2, column 2: \"Ж\" is no letter of the word list's alphabet"),
        (RING, "grid: row 1, column 2: an unchecked square"),
        ("c.c\n...\n...\n", "grid: row 1, column 1: no word of the list (at the minimum score) completes the across entry c.c"),
        ("...\n...\n...\n", "grid: row 3, column 1: no fill: the 3-square across entry here cannot be filled with the others"),
        ("", "grid: row 1, column 1: "),
        ("." * 256 + "\n", "grid: 1x256: at most 255 rows and columns"),
    ]:
        (tmp_path / "grid").write_text(grid, encoding="utf-8")
        with pytest.raises(CrosswordError) as caught:
            polyboggle.crossword_fill(grid, LIST)
        assert str(caught.value).startswith(says), caught.value
        assert str(caught.value) == refused("crossword", "fill", "grid", "--words", "words", cwd=tmp_path)
    with pytest.raises(CrosswordError, match=r"does not fit a \.puz square .*use ipuz"):
        polyboggle.crossword_fill((DATA / "he-grid.txt").read_text(encoding="utf-8"), (DATA / "he-words.txt").read_text(encoding="utf-8"), format="puz")


def test_running_out_of_time_is_its_own_exception(tmp_path):
    # An open 9x9 grid of 9-letter words: no fill turns up in a hundredth of a second.
    grid = ("." * 9 + "\n") * 9
    (tmp_path / "grid").write_text(grid, encoding="utf-8")
    with pytest.raises(FillTimeoutError) as caught:
        polyboggle.crossword_fill(grid, Lexicon.builtin(), time=0.01)
    assert isinstance(caught.value, TimeoutError)
    assert not isinstance(caught.value, polyboggle.PolyboggleError)
    message = refused("crossword", "fill", "grid", "--dict", "enable2k", "--time", "0.01", cwd=tmp_path, code=3)
    # Which entry failed most often depends on how far each search got.
    pattern = r"^grid: row \d+, column \d+: no fill found in 0.01 s; the (across|down) entry here failed most often$"
    assert re.match(pattern, str(caught.value)), caught.value
    assert re.match(pattern, message), message


def test_bad_options_are_refused_with_the_cli_s_reasons():
    bad = [
        (lambda: polyboggle.crossword_layout(ENGLISH, size=(300, 3)), CrosswordError, "size 300x3: at most 255 rows and columns"),
        (lambda: polyboggle.crossword_layout(ENGLISH, size="7y7"), CrosswordError, "bad grid size '7y7'"),
        (lambda: polyboggle.crossword_layout(ENGLISH, size=(0, 3)), CrosswordError, "rows and columns start at 1"),
        (lambda: polyboggle.crossword_layout(ENGLISH, size=(7, 7), auto=True), polyboggle.PolyboggleError, "size and auto"),
        (lambda: polyboggle.crossword_layout(ENGLISH, auto=True, pins=["seven@0,0,a"]), polyboggle.PolyboggleError, "pins need a fixed size"),
        (lambda: polyboggle.crossword_layout(ENGLISH, pins=["seven@0,0"]), CrosswordError, '--pin "seven@0,0": expected WORD@ROW,COL,across|down'),
        (lambda: polyboggle.crossword_layout(ENGLISH, size=(3, 3), pins=["seven@0,0,across"]), CrosswordError, "--pin"),
        (lambda: polyboggle.crossword_layout(ENGLISH, time=0), polyboggle.PolyboggleError, "time 0: expected seconds"),
        (lambda: polyboggle.crossword_fill(RING, LIST, time=-1), polyboggle.PolyboggleError, "time -1"),
        (lambda: polyboggle.crossword_layout(ENGLISH, format="puz"), polyboggle.PolyboggleError, "format 'puz': expected dict, text, json, ipuz, svg"),
        (lambda: polyboggle.crossword_layout(ENGLISH, solution=True), polyboggle.PolyboggleError, "solution goes with format 'svg'"),
        (lambda: polyboggle.crossword_fill(RING, LIST, style="french"), polyboggle.PolyboggleError, "style 'french': expected american or british"),
        (lambda: polyboggle.crossword_fill(RING, LIST, lang="xx"), polyboggle.LexiconError, "unknown language 'xx'"),
        (lambda: polyboggle.crossword_fill(RING, LIST, seed=-1), polyboggle.PolyboggleError, "seed -1"),
    ]
    for call, kind, says in bad:
        with pytest.raises(kind) as caught:
            call()
        assert says in str(caught.value), caught.value
        assert isinstance(caught.value, polyboggle.PolyboggleError)


def test_the_searches_release_the_gil():
    grid = ("." * 9 + "\n") * 9
    lexicon = Lexicon.builtin()
    done = threading.Event()
    result = []

    def work():
        try:
            polyboggle.crossword_fill(grid, lexicon, time=0.3)
        except FillTimeoutError as e:
            result.append(e)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = 0
    started = time.perf_counter()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    elapsed = time.perf_counter() - started
    assert result and elapsed > 0.2
    # Held, the GIL would stop this thread for the whole search.
    assert ticks > elapsed * 100, (ticks, elapsed)

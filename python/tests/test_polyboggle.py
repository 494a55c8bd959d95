"""The Python package, used as a Python program would: solving, dictionaries, boards,
batch scoring, the optimizer and errors, checked against the polyboggle command where
it answers the same question."""

import json
import inspect
import os
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest

import polyboggle
from polyboggle import Board, Lexicon

REPO = Path(__file__).resolve().parents[2]
CLI = REPO / "target" / "release" / "polyboggle"
BENCH = REPO.parent / "shared" / "data" / "bench"
# .ci/run sets this: there, a missing CLI or shared data is a failure, not a skip.
REQUIRED = os.environ.get("POLYBOGGLE_REQUIRE_ALL") == "1"


def cli(*args):
    """Runs the polyboggle command: (exit code, stdout, stderr)."""
    if not CLI.exists():
        if REQUIRED:
            pytest.fail(f"{CLI} is missing: cargo build --release first")
        pytest.skip(f"{CLI} is missing: cargo build --release first")
    out = subprocess.run([str(CLI), *args], capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def test_three_lines_solve_a_board():
    solution = polyboggle.solve("ATEE/APYO/TINU/EDSE")
    assert (solution.score, len(solution.words)) == (221, 156)
    first = solution.words[0]
    assert (first.word, first.points, first.path) == ("AID", 1, [(1, 0), (2, 1), (3, 1)])


def test_a_solution_is_what_the_cli_prints():
    for board, rules in [("ATEE/APYO/TINU/EDSE", "hasbro"), ("Qu A T/E R S/T I N", "cs106b")]:
        solution = polyboggle.solve(board, rules=rules)
        code, out, _ = cli("solve", board, "--rules", rules, "--format", "json")
        assert code == 0
        assert json.loads(solution.to_json()) == json.loads(out)
        expected = json.loads(out)
        assert solution.score == expected["score"]
        assert [(w.word, w.points, [list(c) for c in w.path]) for w in solution.words] == [
            (w["word"], w["points"], w["path"]) for w in expected["words"]
        ]


def test_every_board_form_reads_the_same_board():
    inline = Board("PERS/LATG/SINE/TERS")
    assert inline.rows == 4 and inline.cols == 4
    assert inline.faces[0] == ["P", "E", "R", "S"]
    assert Board("perslatgsineters").faces == [[f.lower() for f in r] for r in inline.faces]
    princeton = Board("4 4\nP E R S\nL A T G\nS I N E\nT E R S\n")
    assert princeton == inline
    assert Board([["P", "E", "R", "S"], ["L", "A", "T", "G"], ["S", "I", "N", "E"], ["T", "E", "R", "S"]]) == inline
    assert str(inline) == "PERS/LATG/SINE/TERS"
    for form in [inline, "perslatgsineters", princeton, inline.faces]:
        assert polyboggle.solve(form).score == 3625


def test_multi_letter_faces_and_blanks():
    board = Board("Qu I T/# E #")
    assert board.faces == [["Qu", "I", "T"], ["#", "E", "#"]]
    assert [w.word for w in polyboggle.solve(board).words] == ["QUIET", "QUIT", "QUITE", "TIE"]


def test_a_rolled_board_is_the_cli_roll():
    board = Board.roll("english-new-4x4", seed=1)
    code, out, _ = cli("roll", "english-new-4x4", "--seed", "1", "--format", "json")
    assert code == 0
    assert board.faces == json.loads(out)["board"]
    assert "english-new-4x4" in polyboggle.dice_sets()


def test_a_compiled_word_list_under_a_language_profile():
    words = Lexicon.compile(["tea", "eat", "ate", "teat", "TEE"])
    assert len(words) == 5 and "Eat" in words and "ta" not in words
    assert words.lookup("tea") == "word" and words.lookup("te") == "prefix"
    assert words.lookup("xyz") is None
    solution = polyboggle.solve("TE/AT", lexicon=words)
    assert [w.word for w in solution.words] == ["ATE", "EAT", "TEA", "TEAT"]
    spanish = Lexicon.compile("niño canción", lang="es")
    assert "NINO" not in spanish and "niño" in spanish and "cancion" in spanish
    assert "strip" in spanish.profile


def test_open_a_file_a_word_list_bytes_and_a_built_in(tmp_path):
    compiled = REPO / "dictionaries" / "enable2k.pbd"
    assert len(Lexicon.open(compiled)) == 173_528
    assert len(Lexicon.from_bytes(compiled.read_bytes())) == 173_528
    assert len(Lexicon.builtin()) == 173_528
    listing = tmp_path / "words.txt"
    listing.write_text("cat\ndog\ncats\n", encoding="utf-8")
    assert len(Lexicon.open(str(listing))) == 3


def test_built_languages_are_found_and_opened(tmp_path, monkeypatch):
    # dictionaries/build/TAG.pbd under the current folder, the first place looked in.
    built = tmp_path / "dictionaries" / "build"
    built.mkdir(parents=True)
    listing = tmp_path / "hr.txt"
    listing.write_text("kuća\nkuće\nruka\n", encoding="utf-8")
    code, _, err = cli("compile", str(listing), "--lang", "hr", "-o", str(built / "hr.pbd"))
    assert code == 0, err
    monkeypatch.chdir(tmp_path)
    languages = dict(Lexicon.languages())
    assert Path(languages["hr"]).resolve() == (built / "hr.pbd").resolve()
    assert [tag for tag, _ in Lexicon.languages()] == sorted(languages)
    croatian = Lexicon.language("hr")
    assert len(croatian) == 3 and "KUĆA" in croatian
    assert [w.word for w in polyboggle.solve("K U/Ć A", croatian).words] == ["KUĆA"]
    with pytest.raises(polyboggle.LexiconError) as caught:
        Lexicon.language("qq")
    assert str(caught.value) == (
        "no dictionary for language 'qq' (dictionaries/build-languages.sh knows no "
        "language 'qq'; docs/languages.md lists those it does)"
    )
    # Folders given, or listed in POLYBOGGLE_DICTIONARIES, are looked in first.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv("POLYBOGGLE_DICTIONARIES", raising=False)
    assert "hr" not in dict(Lexicon.languages())
    assert Lexicon.languages([built]) == [("hr", str(built / "hr.pbd"))]
    assert len(Lexicon.language("hr", folders=[str(built)])) == 3
    monkeypatch.setenv("POLYBOGGLE_DICTIONARIES", os.pathsep.join([str(tmp_path), str(built)]))
    assert dict(Lexicon.languages())["hr"] == str(built / "hr.pbd")
    assert len(Lexicon.language("hr")) == 3
    if "gv" not in languages:
        with pytest.raises(polyboggle.PolyboggleError, match=r"build-languages\.sh gv builds one"):
            Lexicon.language("gv")


def test_rules_options():
    hasbro = polyboggle.solve("ATEE/APYO/TINU/EDSE")
    cs106b = polyboggle.solve("ATEE/APYO/TINU/EDSE", rules="cs106b")
    assert all(len(w.word) >= 4 for w in cs106b.words) and cs106b.score != hasbro.score
    flat = polyboggle.solve("ATEE/APYO/TINU/EDSE", points="0,0,0,1")
    assert flat.score == len(flat.words)
    longer = polyboggle.solve("ATEE/APYO/TINU/EDSE", min_len=6)
    assert longer.words and all(len(w.word) >= 6 for w in longer.words)


# The five functions that score, each as a score under the rules keywords given.
SCORED_UNDER = {
    "solve": lambda **rules: polyboggle.solve("ATEE/APYO/TINU/EDSE", **rules).score,
    "score": lambda **rules: polyboggle.score("ATEE/APYO/TINU/EDSE", **rules),
    "score_many": lambda **rules: polyboggle.score_many(["ATEE/APYO/TINU/EDSE"], threads=1, **rules)[0],
    "DiceSet.stats": lambda **rules: polyboggle.DiceSet("english-new-4x4").stats(rolls=20, threads=1, **rules)["points"]["max"],
    "optimize": lambda **rules: polyboggle.optimize(letters="etaoinsr", size="3x3", pool=5, threads=1, **rules)["best"]["score"],
}


def test_every_scoring_function_takes_the_same_rules_keywords():
    functions = [polyboggle.solve, polyboggle.score, polyboggle.score_many, polyboggle.DiceSet("english-new-4x4").stats, polyboggle.optimize]
    for function in functions:
        last = list(inspect.signature(function).parameters.values())[-1]
        assert (last.name, last.kind) == ("rules", inspect.Parameter.VAR_KEYWORD), function
    cs106b = polyboggle.solve("ATEE/APYO/TINU/EDSE", rules="cs106b").score
    for name, scored in SCORED_UNDER.items():
        assert scored(min_len=99) == 0, name
        assert scored(rules="cs106b", min_len=4, points="0,0,0,0,1", qu=True) >= 0, name
        assert scored(rules=None, min_len=None, points=None, qu=None) == scored(), name
        if name in ("solve", "score", "score_many"):
            assert scored(rules="cs106b") == cs106b, name


@pytest.mark.parametrize("name", list(SCORED_UNDER))
def test_a_rules_keyword_the_spec_refuses_is_named(name):
    scored = SCORED_UNDER[name]
    prefix = rf"^{re.escape(name)}\(\) keyword argument "
    with pytest.raises(TypeError, match=prefix + r"'nope': unknown field `nope`, expected one of `rules`, `min_len`"):
        scored(nope=1)
    with pytest.raises(TypeError, match=prefix + r"'min_len': invalid type: string \"4\""):
        scored(min_len="4")
    with pytest.raises(TypeError, match=prefix + r"'qu': invalid type: integer `1`, expected a boolean"):
        scored(qu=1)
    with pytest.raises(TypeError, match=prefix + r"'points': invalid type: sequence, expected a string"):
        scored(points=[1, 2])
    with pytest.raises(TypeError, match=prefix + r"'min_len': invalid type: object"):
        scored(min_len=object())
    with pytest.raises(polyboggle.RulesError, match=prefix + r"'min_len': invalid value: integer `-1`, expected usize"):
        scored(min_len=-1)
    with pytest.raises(polyboggle.RulesError, match=prefix + r"'min_len': out of range: 10{40}$"):
        scored(min_len=10**40)
    with pytest.raises(polyboggle.RulesError, match=r"^unknown rules 'nope'"):
        scored(rules="nope")


def test_rules_are_keywords_only():
    with pytest.raises(TypeError):
        polyboggle.solve("AB/CD", None, "cs106b")
    with pytest.raises(TypeError):
        polyboggle.score("AB/CD", None, "cs106b")
    with pytest.raises(TypeError):
        polyboggle.score_many(["AB/CD"], None, "cs106b")


def test_errors_carry_the_cli_message(tmp_path):
    cases = [
        (polyboggle.BoardError, lambda: Board("AB/C"), ["solve", "AB/C"]),
        (polyboggle.RulesError, lambda: polyboggle.solve("AB/CD", rules="nope"), ["solve", "--rules", "nope", "AB/CD"]),
        (polyboggle.RulesError, lambda: polyboggle.solve("AB/CD", points="1,x"), ["solve", "--points", "1,x", "AB/CD"]),
        (polyboggle.DiceError, lambda: Board.roll("no-such-set"), ["roll", "no-such-set"]),
    ]
    for kind, call, args in cases:
        with pytest.raises(kind) as caught:
            call()
        code, _, err = cli(*args)
        assert code == 2
        assert err.strip() == f"polyboggle: {caught.value}"
        assert isinstance(caught.value, polyboggle.PolyboggleError)
        assert isinstance(caught.value, ValueError)
    missing = str(tmp_path / "missing.pbd")
    with pytest.raises(polyboggle.LexiconError, match="missing.pbd: no such file"):
        Lexicon.open(missing)
    with pytest.raises(polyboggle.LexiconError, match="unknown language 'xx'"):
        Lexicon.compile("a b", lang="xx")
    with pytest.raises(polyboggle.BoardError, match=r"boards\[1\]"):
        polyboggle.score_many(["ABCD", "AB/C"])
    with pytest.raises(polyboggle.PolyboggleError, match="threads 0"):
        polyboggle.score_many(["ABCD"], threads=0)


def test_score_many_scores_each_board_as_solve_does():
    boards = [str(Board.roll(seed=seed)) for seed in range(200)] + ["perslatgsineters", Board("Qu I T/# E #")]
    scores = polyboggle.score_many(boards)
    assert scores == [polyboggle.solve(b).score for b in boards]
    assert scores == [polyboggle.score(b) for b in boards]
    assert scores[-2] == 3625
    assert polyboggle.score_many(boards, threads=1) == scores
    assert polyboggle.score_many([]) == []
    assert polyboggle.score_many(boards, rules="cs106b") == [polyboggle.solve(b, rules="cs106b").score for b in boards]


def test_score_many_releases_the_gil():
    boards = ["perslatgsineters"] * 100_000
    done = threading.Event()
    result = []

    def work():
        result.append(polyboggle.score_many(boards))
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
    assert result[0][0] == 3625
    # Held, the GIL would stop this thread for the whole call.
    assert elapsed > 0.05 and ticks > elapsed * 100, (ticks, elapsed)


def test_optimize_finds_what_the_cli_finds():
    found = polyboggle.optimize(letters="etaoinsr", size="3x3", seed=1)
    assert found["best"]["score"] >= 400
    code, out, _ = cli("optimize", "--letters", "etaoinsr", "--size", "3x3", "--seed", "1", "--format", "json")
    assert code == 0
    expected = json.loads(out)
    assert found["best"] == expected["best"]
    assert found["seed"] == 1 and found["objective"] == "score"
    with pytest.raises(polyboggle.PolyboggleError, match="runs must be at least 1"):
        polyboggle.optimize(runs=0)
    with pytest.raises(polyboggle.PolyboggleError):
        polyboggle.optimize(objective="nonsense")


def test_the_100000_dice_boards_score_the_published_total():
    path = BENCH / "dice44_100k.txt"
    if not path.exists():
        if REQUIRED:
            pytest.fail(f"{path} is missing")
        pytest.skip(f"{path} is missing (../shared/data beside the repository)")
    boards = path.read_text().split()
    assert len(boards) == 100_000
    # docs: shared/data/bench/README.md, ENABLE2K under Hasbro rules.
    assert sum(polyboggle.score_many(boards)) == 14_080_868


def test_dice_stats_are_what_the_cli_reports():
    dice = polyboggle.DiceSet("english-new-4x4")
    assert (dice.name, dice.rows, dice.cols, len(dice)) == ("english-new-4x4", 4, 4, 16)
    assert dice.roll(seed=7) == Board.roll("english-new-4x4", seed=7)
    stats = dice.stats(rolls=2000, seed=5, floor=30)
    assert stats["set"] == "english-new-4x4" and stats["rolls"] == 2000
    assert 0 < stats["words"]["p5"] <= stats["words"]["median"] <= stats["words"]["max"]
    assert 0.0 < stats["dead_faces"] < 0.2
    assert stats["vowels"] is not None and stats["vowels"]["mean"] > 3
    code, out, _ = cli("dice", "stats", "english-new-4x4", "--rolls", "2000", "--seed", "5", "--floor", "30", "--format", "json")
    assert code == 0
    assert stats == json.loads(out)["sets"][0]
    # A smaller lexicon, no vowels known: the same keys, no vowel figures.
    small = Lexicon.compile("tea eat ate tee net ten")
    few = dice.stats(small, rolls=300, threads=1)
    assert few["vowels"] is None and few["dictionary_words"] == 6
    with pytest.raises(polyboggle.DiceError, match="rolls 0"):
        dice.stats(rolls=0)
    with pytest.raises(polyboggle.DiceError, match="no-such-set"):
        polyboggle.DiceSet("no-such-set")


@pytest.mark.parametrize("seed", [-1, 2**64, 10**40, "7", 1.5])
def test_a_bad_seed_is_a_polyboggle_error(seed):
    calls = [
        lambda: Board.roll(seed=seed),
        lambda: polyboggle.DiceSet("english-new-4x4").roll(seed=seed),
        lambda: polyboggle.DiceSet("english-new-4x4").stats(rolls=10, seed=seed),
        lambda: polyboggle.optimize(letters="etaoinsr", size="3x3", seed=seed, time=0.01),
    ]
    for call in calls:
        with pytest.raises(polyboggle.PolyboggleError, match=r"^seed .*: expected a whole number from 0 to 18446744073709551615$"):
            call()
    # The largest seed is a seed.
    assert Board.roll(seed=2**64 - 1).rows == 4


def cli_json(*args):
    code, out, err = cli(*args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize(
    "query, flags, kwargs",
    [
        ("c?t", [], {}),
        ("[aeiou]??s", ["--max-len", "4"], {"max_len": 4}),
        ("*ing", ["--limit", "25"], {"limit": 25}),
        ("qu[a,i]*", ["--min-len", "7", "--max-len", "8"], {"min_len": 7, "max_len": 8}),
        ("^(re|un)do.$", ["--regex"], {"regex": "^(re|un)do.$"}),
        ("tigger", ["--fuzzy", "--distance", "2"], {"fuzzy": "tigger", "distance": 2}),
        ("tacos", ["--anagram"], {"anagram": "tacos"}),
        ("retain?", ["--build", "--min-len", "6"], {"build": "retain?", "min_len": 6}),
    ],
)
def test_a_search_finds_what_dict_search_prints(query, flags, kwargs):
    lexicon = Lexicon.builtin()
    pattern = None if any(k in kwargs for k in ("regex", "fuzzy", "anagram", "build")) else query
    expected = cli_json("dict", "search", "enable2k", query, *flags)["words"]
    assert expected, "a query that finds nothing compares nothing"
    assert lexicon.search(pattern, **kwargs) == expected
    if "limit" not in kwargs:
        counted = cli_json("dict", "search", "enable2k", query, *flags, "--count")
        assert lexicon.count(pattern, **kwargs) == counted["count"] == len(expected)


def test_multi_letter_faces_are_the_language_s_or_the_ones_given():
    spanish = Lexicon.compile("chico coche cosa llama lobo", lang="es")
    assert spanish.search("[ch]???") == ["CHICO"]  # CH-I-C-O
    assert spanish.search("????") == ["CHICO", "COCHE", "COSA", "LLAMA", "LOBO"]
    assert spanish.search("????", units=[]) == ["COSA", "LOBO"]
    assert spanish.count(anagram="achoc") == 0  # c-o-ch-e: no e
    assert spanish.search(build="coche?") == ["CHICO", "COCHE"]
    assert spanish.search(build="llamo") == []  # LLAMA has two A


TIER_WORDS = "cat dog emu yak gnu ox"


def tiered(tmp_path):
    """The same tiered dictionary from the CLI's compile and from Lexicon.compile."""
    (tmp_path / "words.txt").write_text(TIER_WORDS)
    (tmp_path / "easy.txt").write_text("cat dog")
    (tmp_path / "hard.txt").write_text("DOG emu")
    compiled = tmp_path / "t.pbd"
    code, _, err = cli("compile", str(tmp_path / "words.txt"), "-o", str(compiled),
                       "--tiers", str(tmp_path / "easy.txt"), "--tiers", str(tmp_path / "hard.txt"))
    assert code == 0, err
    return compiled, Lexicon.compile(TIER_WORDS, tiers=["cat dog", "DOG emu"])


def test_tiers_are_what_compile_tiers_stores(tmp_path):
    compiled, lexicon = tiered(tmp_path)
    info = cli_json("dict", "info", str(compiled))
    assert lexicon.tier_sizes == Lexicon.open(compiled).tier_sizes == info["tiers"] == [3, 2, 1]
    assert [lexicon.tier(w) for w in ["cat", "DOG", "emu", "yak", "zebra"]] == [1, 1, 2, 0, None]
    for tiers, flag in [("1..2", "1..2"), (2, "2"), ("..1", "..1")]:
        expected = cli_json("dict", "search", str(compiled), "*", "--tiers", flag)["words"]
        assert lexicon.search("*", tiers=tiers) == expected
    assert lexicon.search("*", tiers=2) == ["EMU"]
    # The built-in has the Princeton lists' three tiers; a list compiled without tiers has none.
    english = Lexicon.builtin().tier_sizes
    assert english == cli_json("dict", "info", "enable2k")["tiers"] == [150_586, 1_571, 5_357, 16_014]
    assert Lexicon.compile("cat dog").tier_sizes == [2]
    ranked = Lexicon.compile(TIER_WORDS, tiers="yak 10\ncat 900\n")
    assert ranked.search("*", tiers=1) == ["CAT", "YAK"]


def test_level_tiers_are_what_play_level_takes(tmp_path):
    compiled, lexicon = tiered(tmp_path)
    info = cli_json("dict", "info", str(compiled))
    levels = [lexicon.level_tiers(level) for level in ["easy", "Medium", "hard", "all"]]
    assert levels == [(1, 1), (1, 2), (1, 3), None]
    assert [list(t) for t in levels[:3]] == [info["levels"][k] for k in ["easy", "medium", "hard"]]
    # One ranked list in Polish: deeper tiers (the dictionary holds every inflected form).
    polish = Lexicon.compile("kot dom", lang="pl", tiers="dom\nkot\n")
    assert [polish.level_tiers(level) for level in ["easy", "medium", "hard"]] == [(1, 3), (1, 4), (1, 5)]
    with pytest.raises(polyboggle.PolyboggleError, match="expected easy, medium, hard or all"):
        lexicon.level_tiers("expert")
    # The built-in's levels: the Princeton lists' tiers 1, 1-2, 1-3.
    builtin = [Lexicon.builtin().level_tiers(level) for level in ["easy", "medium", "hard", "all"]]
    assert builtin == [(1, 1), (1, 2), (1, 3), None]
    untiered = Lexicon.compile(TIER_WORDS)
    with pytest.raises(polyboggle.PolyboggleError, match="has no tiers"):
        untiered.level_tiers("easy")
    assert untiered.level_tiers("all") is None


def test_words_stream_in_key_order_as_dict_words_prints_them(tmp_path):
    compiled, lexicon = tiered(tmp_path)
    words = lexicon.words()
    assert words.__length_hint__() == 6
    assert next(words) == "CAT"
    assert words.__length_hint__() == 5
    assert ["CAT", *words] == cli_json("dict", "words", str(compiled))["words"]
    assert list(words) == []
    english = Lexicon.builtin().words()
    assert [next(english) for _ in range(3)] == ["AA", "AAH", "AAHED"]


@pytest.mark.parametrize(
    "query, flags, kwargs",
    [
        ("c[t", [], {}),
        ("(", ["--regex"], {"regex": "("}),
        ("cat", ["--fuzzy", "--distance", "9"], {"fuzzy": "cat", "distance": 9}),
        ("", ["--anagram"], {"anagram": ""}),
        ("ab1", ["--build"], {"build": "ab1"}),
        ("c?t", ["--tiers", "1..2"], {"tiers": "1..2"}),
        ("c?t", ["--min-len", "5", "--max-len", "3"], {"min_len": 5, "max_len": 3}),
    ],
)
def test_a_bad_query_raises_the_cli_s_message(query, flags, kwargs):
    # A word list with no tiers (the built-in has them), so that --tiers is refused too.
    plain = str(REPO / "dictionaries" / "algs4.txt")
    code, _, err = cli("dict", "search", plain, query, *flags)
    assert code == 2
    message = err.strip().removeprefix("polyboggle: ")
    pattern = None if any(k in kwargs for k in ("regex", "fuzzy", "anagram", "build")) else query
    with pytest.raises(polyboggle.PolyboggleError) as caught:
        Lexicon.open(plain).search(pattern, **kwargs)
    assert str(caught.value) == message


def test_a_search_names_one_query_and_a_good_tier_range():
    lexicon = Lexicon.compile(TIER_WORDS, tiers=["cat"])
    for bad in [{}, {"pattern": "c?t", "anagram": "tac"}]:
        with pytest.raises(polyboggle.PolyboggleError, match="exactly one"):
            lexicon.search(**bad)
    with pytest.raises(polyboggle.PolyboggleError, match="only with fuzzy"):
        lexicon.search("c?t", distance=1)
    with pytest.raises(polyboggle.PolyboggleError, match=r"^--tiers '3\.\.1': expected"):
        lexicon.search("*", tiers="3..1")
    with pytest.raises(polyboggle.LexiconError, match="tiers"):
        Lexicon.compile(TIER_WORDS, tiers=7)
    assert lexicon.search("*", limit=0) == [] and lexicon.search("*", limit=2) == ["CAT", "DOG"]


def test_a_hunspell_dictionary_compiles_into_every_form(tmp_path):
    (tmp_path / "small.aff").write_text(
        "SET UTF-8\nPFX U Y 1\nPFX U 0 un .\nSFX S Y 2\nSFX S 0 s [^y]\nSFX S y ies y\n"
    )
    (tmp_path / "small.dic").write_text("2\ndo/US\nfly/S\n")
    lexicon = Lexicon.compile(hunspell=tmp_path / "small.dic")
    assert sorted(lexicon.words()) == ["DO", "DOS", "FLIES", "FLY", "UNDO", "UNDOS"]
    both = Lexicon.compile("cat", hunspell=str(tmp_path / "small.dic"), max_form_len=3)
    assert sorted(both.words()) == ["CAT", "DO", "DOS", "FLY"]
    code, out, _ = cli("compile", str(tmp_path / "small.dic"), "-o", str(tmp_path / "s.pbd"))
    assert code == 0 and "2 stems expanded into 6 forms" in out
    with pytest.raises(polyboggle.LexiconError, match="small.aff:1: unknown FLAG type"):
        (tmp_path / "small.aff").write_text("FLAG bogus\n")
        Lexicon.compile(hunspell=tmp_path / "small.dic")
    with pytest.raises(polyboggle.LexiconError, match="go with hunspell"):
        Lexicon.compile("cat", compounds=2)

"""Tests of scripts/judge.py: python3 -m unittest discover -s scripts -p 'test_judge.py'

They need the binary (the language table and the keys are its own): POLYBOGGLE, else
target/release/polyboggle (cargo build --release)."""
import itertools
import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import judge  # noqa: E402
import language_table  # noqa: E402

SCRIPT = Path(__file__).resolve().parent / "judge.py"
PB = Path(language_table.binary())


def compiled_profile(folder: Path, lang: str) -> "judge.Profile":
    """The profile of a dictionary compiled with a language's preset, as the judge
    reads it (`dict info --format json`), its keys the binary's."""
    words = folder / f"{lang}.txt"
    words.write_text("abc\n", encoding="utf-8")
    pbd = folder / f"{lang}.pbd"
    subprocess.run([str(PB), "compile", str(words), "-o", str(pbd), "--lang", lang],
                   check=True, capture_output=True)
    return judge.Profile.of(pbd, PB)


def brute_force(faces, max_cells):
    """Every sequence of distinct cells, adjacent or not, kept when each step is to a
    king's neighbour: the definition, with no walk."""
    rows, cols = len(faces), len(faces[0])
    cells = [(r, c) for r in range(rows) for c in range(cols) if faces[r][c] is not None]
    out = set()
    for n in range(1, max_cells + 1):
        for seq in itertools.permutations(cells, n):
            if all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(seq, seq[1:])):
                out.add("".join(faces[r][c] for r, c in seq))
    return out


class PathStrings(unittest.TestCase):
    def test_a_3x3_board_matches_brute_force(self):
        faces = [["a", "b", "c"], ["d", "e", "f"], ["g", "h", "i"]]
        for max_cells in (1, 2, 4, 5):
            self.assertEqual(judge.path_strings(faces, max_cells),
                             brute_force(faces, max_cells), max_cells)

    def test_repeated_and_multiletter_faces_and_blanks(self):
        faces = [["a", "nj", "a"], ["dž", None, "a"]]
        self.assertEqual(judge.path_strings(faces, 4), brute_force(faces, 4))
        self.assertIn("anja", judge.path_strings(faces, 3))
        self.assertNotIn("aaa", judge.path_strings(faces, 4))  # no cell twice

    def test_a_4x4_corner_reaches_three_cells(self):
        faces = [[str(i * 4 + j).rjust(2, "0") for j in range(4)] for i in range(4)]
        two = {s for s in judge.path_strings(faces, 2) if len(s) == 4 and s.startswith("00")}
        self.assertEqual(two, {"0001", "0004", "0005"})

    def test_long_strings_are_those_of_the_full_walk(self):
        faces = [["sz", "a", "gy"], ["e", "cs", "o"], ["ny", "i", "zs"]]
        for min_letters in (6, 8, 9, 10):
            self.assertEqual(
                judge.long_path_strings(faces, min_letters, 6),
                {s for s in judge.path_strings(faces, 6) if len(s) >= min_letters})
        self.assertEqual(judge.long_path_strings([["a", "b"], ["c", "d"]], 5), set())


class Normalization(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.folder = Path(cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_profiles_read_from_dict_info(self):
        hr = compiled_profile(self.folder, "hr")
        self.assertEqual((hr.strip_marks, hr.keep, hr.turkic), (True, "čćđšž", False))
        self.assertEqual(hr.key("Čaša Ĺ"), "čaša l")
        # Many keys in one call, in order, each remembered.
        self.assertEqual(hr.keys(["ĐAK", "Ćup", "ĐAK"]), {"ĐAK": "đak", "Ćup": "ćup"})
        self.assertEqual(hr.known["ĐAK"], "đak")
        tr = compiled_profile(self.folder, "tr")
        self.assertEqual((tr.strip_marks, tr.turkic), (False, True))
        self.assertEqual(tr.key("IŞIK İzmir"), "ışık izmir")
        self.assertEqual(tr.capitalize("izmir"), "İzmir")
        # A word that looks like an option is a word.
        self.assertEqual(compiled_profile(self.folder, "en").key("-Ab"), "-ab")

    def test_a_profile_is_each_languages_normalization(self):
        # What the judge reads from a dictionary is what the table says of its language.
        for tag in ("fr", "es", "hr", "tr", "en"):
            entry = language_table.languages()[tag]["normalization"]
            p = compiled_profile(self.folder, tag)
            self.assertEqual({"strip_marks": p.strip_marks, "keep": p.keep, "turkic": p.turkic},
                             entry, tag)

    def test_a_key_needs_the_dictionary(self):
        with self.assertRaises(judge.BadInput):
            judge.Profile(strip_marks=True).key("é")

    def test_keys_are_spelled_back(self):
        langs = judge.read_table()
        he = judge.Speller(langs["he"], judge.Profile(), judge.Counter(), 16)
        self.assertEqual(he.lower("שלומ")[0], "שלום")
        # The whole expansion is spelled as its language.
        every = judge.Speller(langs["he-full"], judge.Profile(), judge.Counter(), 16)
        self.assertEqual(every.lower("שלומ")[0], "שלום")
        ca = judge.Speller(langs["ca"], judge.Profile(), judge.Counter(), 16)
        self.assertEqual(ca.lower("coŀlegi")[0], "col·legi")
        # Greek's accents are stripped: the variants are the .dic's letters.
        el_profile = compiled_profile(self.folder, "el")
        el = judge.Speller(langs["el"], el_profile, judge.Counter("όροςόα"), 16)
        self.assertIn("όρος", el.lower("οροσ"))
        # Tonos and diaeresis at once: past the first 16 spellings, within the
        # precision pass's PRECISION_VARIANTS.
        el = judge.Speller(langs["el"], el_profile, judge.Counter("αιουάίϊΐόύϋΰ"), 16)
        self.assertNotIn("μαϊμού", el.lower("μαιμου"))
        self.assertIn("μαϊμού", el.lower("μαιμου", judge.PRECISION_VARIANTS))
        # bn_BD spells য় as U+09DF, a letter NFC decomposes (a composition exclusion).
        bn = judge.Speller(langs["bn"], judge.Profile(), judge.Counter("\u099c\u09be\u09df\u09be"), 16)
        key = judge.unicodedata.normalize("NFC", "\u099c\u09be\u09df\u09be")
        self.assertEqual(key, "\u099c\u09be\u09af\u09bc\u09be")
        self.assertEqual(bn.lower(key)[0], "\u099c\u09be\u09df\u09be")
        self.assertIn("داشت\u200cها", list(judge.zwnj("داشتها")))
        ka = judge.Speller(langs["ka"], judge.Profile(), judge.Counter(), 16)
        self.assertEqual(ka.cased(["ეარსთ"]), [])  # no Mtavruli capital tried
        # it_IT's è (74 to 85,551 e) is tried; hr_HR's ë (1 to 31,122 e) is not.
        # Italian and Croatian strip accents (Croatian keeps čćđšž; ë is none of them).
        it = judge.Speller(langs["it"], compiled_profile(self.folder, "it"), judge.Counter({"e": 85551, "è": 74}), 16)
        self.assertIn("cioè", it.lower("cioe"))
        hr = judge.Speller(langs["hr"], compiled_profile(self.folder, "hr"), judge.Counter({"e": 31122, "ë": 1}), 16)
        self.assertEqual(hr.lower("mene"), ["mene"])


class Boards(unittest.TestCase):
    def test_a_board_without_spaces_is_split_into_grapheme_clusters(self):
        # A records row of a syllable language is written without spaces (`ररानेला` is
        # र रा ने ला): the binary splits it, as it reads it.
        pbd = Path(__file__).resolve().parent.parent / "crates/core/data/enable2k.pbd"
        self.assertEqual(judge.read_board(PB, pbd, "hi", "पटचम/सकहल/ररानेला/सलेवाली"),
                         [["प", "ट", "च", "म"], ["स", "क", "ह", "ल"], ["र", "रा", "ने", "ला"],
                          ["स", "ले", "वा", "ली"]])
        self.assertEqual(judge.read_board(PB, pbd, "en", "E Ch S/R I T"),
                         [["E", "Ch", "S"], ["R", "I", "T"]])

    def test_a_given_board_is_split_into_faces(self):
        self.assertEqual(judge.board_faces("ANES/TRIT"), [list("ANES"), list("TRIT")])
        self.assertEqual(judge.board_faces("E Ch S/R I T"), [["E", "Ch", "S"], ["R", "I", "T"]])

    def test_boards_of_two_languages_are_refused(self):
        out = subprocess.run([sys.executable, str(SCRIPT), "--board", "ABC/DEF/GHI", "hr", "is"],
                             capture_output=True, text=True)
        self.assertEqual(out.returncode, 2)
        self.assertIn("--board judges one language", out.stderr)


class DiceSets(unittest.TestCase):
    def test_every_language_rolls_its_designed_set(self):
        for tag in judge.read_table():
            name = judge.dice_set_for(tag)
            self.assertTrue((judge.ROOT / "dice-sets" / f"{name}.txt").is_file(), (tag, name))
        # Where players roll a published set, the judge rolls the designed one.
        self.assertEqual(judge.dice_set_for("en"), "english-designed-4x4")
        self.assertEqual(judge.dice_set_for("de"), "german-designed-4x4")
        # A whole expansion rolls its language's.
        self.assertEqual(judge.dice_set_for("he-full"), "hebrew-designed-4x4")
        with self.assertRaises(judge.BadInput):
            judge.dice_set_for("xx")

    def test_a_designed_set_is_its_languages(self):
        # Each designed set's source line names the language it was designed for
        # (`--lang TAG`; English's was designed --from english-new-4x4): the table gives
        # that language that set.
        named = 0
        for path in sorted((judge.ROOT / "dice-sets").glob("*-designed-4x4.txt")):
            head = path.read_text(encoding="utf-8").split("\n", 8)[:8]
            tags = {m.group(1) for line in head for m in re.finditer(r"--lang ([a-z-]+)", line)}
            for tag in tags:
                self.assertEqual(judge.dice_set_for(tag), path.stem, tag)
                named += 1
        self.assertGreater(named, 60)


class Table(unittest.TestCase):
    def test_each_language_is_the_tables_entry(self):
        langs = judge.read_table()
        # Those with a word list only (fi and az have a preset and dice, no list).
        self.assertNotIn("fi", langs)
        self.assertIn("he-full", langs)
        hr, hu, he = langs["hr"], langs["hu"], langs["he"]
        self.assertEqual((hr.source, hr.packages, hr.drops_proper_nouns, hr.fold, hr.max_len),
                         ("hunspell:hr_HR", ["hunspell-hr"], True, None, None))
        self.assertEqual(hu.max_len, 10)
        self.assertEqual((he.packages, he.drops_proper_nouns, he.fold),
                         (["hunspell-he", "hspell"], False, "hebrew-final-letters"))
        self.assertEqual(langs["fa"].fold, "persian-zwnj")
        self.assertEqual(langs["ca"].fold, "catalan-middle-dot")
        self.assertEqual(langs["el"].script, "Greek")

    def test_syllable_languages_and_their_full_lists_play_by_their_rules(self):
        self.assertEqual(judge.rules_for("hi"), "syllables")
        self.assertEqual(judge.rules_for("ko"), "syllables")
        self.assertEqual(judge.rules_for("hr"), "hasbro")
        self.assertEqual(judge.rules_for("he-full"), "hasbro")
        self.assertEqual(judge.rules_for("xx"), "hasbro")
        self.assertEqual({t for t, l in judge.read_table().items() if l.rules == "syllables"},
                         {"bn", "gu", "hi", "ko", "ko-full", "ml", "mr", "ne", "si", "ta", "te"})

    def test_a_missing_binary_is_one_line(self):
        with self.assertRaises(judge.BadInput) as e:
            judge.read_table("/nonexistent/polyboggle")
        self.assertIn("set POLYBOGGLE", str(e.exception))


class Hunspell(unittest.TestCase):
    def test_a_vowel_sign_is_a_word_character(self):
        # hunspell splits at characters that are no letter: without WORDCHARS, `पान`
        # (ne: betel leaf) is asked as `प` and `न`, and -L rejects the line.
        import shutil
        import tempfile
        if shutil.which("hunspell") is None:
            self.skipTest("no hunspell")
        tmp = Path(tempfile.mkdtemp())
        (tmp / "t.aff").write_text("SET UTF-8\n", encoding="utf-8")
        (tmp / "t.dic").write_text("3\nपान\nखान\nपीना\n", encoding="utf-8")
        work = tmp / "work"
        work.mkdir()
        (tmp / "bom.aff").write_bytes(b"\xef\xbb\xbfSET UTF-8\r\n")
        self.assertEqual(judge.aff_encoding(tmp / "bom.aff"), "UTF-8")  # kk_KZ's BOM
        (tmp / "tab.aff").write_bytes(b"FLAG\tlong\nSET\tUTF-8\n")
        self.assertEqual(judge.aff_encoding(tmp / "tab.aff"), "UTF-8")  # ar.aff's tab
        h = judge.Hunspell(tmp / "t.dic", work)
        self.assertEqual(h.accepts(["पान", "खान", "पानी", "प"]), {"पान", "खान"})
        self.assertEqual(judge.Hunspell(tmp / "t.dic", work, compounds=False)
                         .accepts(["पान", "पानी"]), {"पान"})


class Aspell(unittest.TestCase):
    """cy, mr and ta are aspell's own lists, judged by aspell (`aspell -a`)."""

    def setUp(self):
        import shutil
        dicts = subprocess.run(["aspell", "dicts"], capture_output=True, text=True,
                               check=False).stdout.split() if shutil.which("aspell") else []
        if "cy" not in dicts:
            self.fail("aspell and aspell-cy are needed: apt-get install aspell aspell-cy")

    def test_one_verdict_a_word_in_order(self):
        a = judge.Aspell("cy")
        # A pipe-mode command character leads no line astray (`&`, `#`: no word at
        # all), a line of two words is no word, and answers stay aligned around the
        # rejected ones.
        words = ["cath", "xyzzq", "ci", "cathx", "ci ci", "&", "dyn", "#", "tŷ"]
        self.assertEqual(a.accepts(words), {"cath", "ci", "dyn", "tŷ"})
        self.assertTrue(a.alphabet()["ŷ"] > 0)

    def test_no_aspell_program_is_one_line(self):
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            bin_dir = Path(tmp) / "bin"
            bin_dir.mkdir()
            (Path(tmp) / "cy.pbd").write_bytes(b"")
            run = subprocess.run(["/usr/bin/env", "-i", f"PATH={bin_dir}", f"POLYBOGGLE={PB}",
                                  sys.executable, str(SCRIPT), "--build", tmp, "cy"],
                                 capture_output=True, text=True, check=False)
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertEqual(run.stderr.strip().splitlines(),
                         ["error: aspell is not installed: apt-get install aspell aspell-cy"])


class Apertium(unittest.TestCase):
    """hi is apertium-hin's forms, judged by Apertium's analyser (`lt-proc`)."""

    DIX = Path("/usr/share/apertium/apertium-hin/apertium-hin.hin.dix")

    def test_an_analysis_other_than_a_name_is_a_word(self):
        import shutil
        if shutil.which("lt-proc") is None or not self.DIX.is_file():
            self.fail("apertium-hin and lttoolbox are needed: apt-get install apertium-hin "
                      "lttoolbox-dev")
        a = judge.Apertium(self.DIX)
        # पानी water, नारा slogan; लना is a piece of the multiword `चूरा लना`; xyz none.
        self.assertEqual(a.accepts(["पानी", "xyz", "नारा", "लना", "पानी"]), {"पानी", "नारा"})
        self.assertTrue(a.alphabet()["ा"] > 0)


class BadInput(unittest.TestCase):
    def run_judge(self, *args, env=None):
        return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                              text=True, env=env, check=False)

    def test_a_language_without_its_hunspell_dictionary_says_what_to_install(self):
        # A Hunspell-built language whose .dic is not here: point the build folder at a
        # fake .pbd and the judge at a missing dictionary directory.
        tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"judge-test-{os.getpid()}"
        tmp.mkdir(exist_ok=True)
        (tmp / "hr.pbd").write_bytes(b"")
        env = dict(os.environ, JUDGE_HUNSPELL_DIR=str(tmp / "nowhere"))
        run = self.run_judge("--build", str(tmp), "hr", env=env)
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertEqual(run.stdout, "")
        lines = run.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, run.stderr)
        self.assertIn("apt-get install hunspell-hr", lines[0])

    def test_no_hunspell_program_is_one_line(self):
        run = subprocess.run(["/usr/bin/env", "-i", "PATH=/nonexistent", f"POLYBOGGLE={PB}",
                              sys.executable, str(SCRIPT), "hr"],
                             capture_output=True, text=True, check=False)
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertEqual(run.stderr.strip().splitlines(),
                         ["error: hunspell is not installed: apt-get install hunspell"])

    def test_an_unknown_tag_is_one_line(self):
        run = self.run_judge("xx")
        self.assertEqual(run.returncode, 2)
        self.assertEqual(len(run.stderr.strip().splitlines()), 1)
        self.assertIn("unknown language 'xx'", run.stderr)

    def test_a_language_with_no_list_is_one_line(self):
        run = self.run_judge("fi")
        self.assertEqual(run.returncode, 2)
        self.assertEqual(run.stderr.strip().splitlines(),
                         ["error: 'fi' has no word list to judge (polyboggle languages fi)"])


if __name__ == "__main__":
    unittest.main()

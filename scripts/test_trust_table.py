"""Tests of scripts/trust-table.py: every figure below its target carries its reason."""
import importlib.util
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # trust-table.py imports language_table beside it
spec = importlib.util.spec_from_file_location("trust_table", HERE / "trust-table.py")
trust = importlib.util.module_from_spec(spec)
spec.loader.exec_module(trust)

JUDGE = ("lang\tjudge\tboards\trecall_boards\tprecision\trecall\tcompounds_apart\t"
         "length_bound_apart\tproper_apart\tlength_bound_share\n")
ATTESTED = "lang\trolls\tdistinct_3_5_letter_words\tattested_share\tset\twordfreq_list\n"


class Reasons(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        root = Path(self.dir.name)
        (root / "docs").mkdir()
        self.saved = trust.ROOT, trust.languages
        trust.ROOT = root
        trust.languages = lambda: [("xx", False), ("yy", False)]
        self.write("judge.tsv", JUDGE + "xx\thunspell xx\t30\t1\t0.9500\t1.0000\t0\t0\t0\t0\n"
                   "yy\thunspell yy\t30\t1\t1.0000\t1.0000\t0\t0\t0\t0\n")
        self.write("attested.tsv", ATTESTED + "yy\t1000\t900\t0.500\tyy-4x4\tyy (small)\n")

    def tearDown(self):
        trust.ROOT, trust.languages = self.saved
        self.dir.cleanup()

    def write(self, name, text):
        (trust.ROOT / "docs" / name).write_text(text, encoding="utf-8")

    def test_a_figure_below_its_target_needs_a_reason(self):
        self.write("trust-reasons.tsv", "lang\tfigure\treason\nxx\tprecision\tabbreviations\n")
        with self.assertRaises(trust.Unexplained) as e:
            trust.table()
        self.assertIn("yy: share below its target with no reason", str(e.exception))

    def test_a_reason_for_nothing_below_is_stale(self):
        self.write("trust-reasons.tsv", "lang\tfigure\treason\nxx\tprecision\tabbreviations\n"
                   "yy\tshare\tsmall list\nyy\tprecision\tnothing\n")
        with self.assertRaises(trust.Unexplained) as e:
            trust.table()
        self.assertIn("yy: a reason for its precision", str(e.exception))

    def test_a_recall_below_its_target_needs_a_reason_too(self):
        self.write("judge.tsv", JUDGE + "xx\thunspell xx\t30\t1\t1.0000\t0.4000\t0\t0\t0\t0\n")
        self.write("attested.tsv", ATTESTED)
        self.write("trust-reasons.tsv", "lang\tfigure\treason\n")
        with self.assertRaises(trust.Unexplained) as e:
            trust.table()
        self.assertIn("xx: recall below its target with no reason", str(e.exception))
        self.write("trust-reasons.tsv", "lang\tfigure\treason\nxx\trecall\tthe smaller list\n")
        row = trust.table().splitlines()[2]
        self.assertIn("| 1.0000 | **0.4000** |", row)
        self.assertTrue(row.endswith("| recall: the smaller list |"), row)

    def test_reasons_are_the_last_column(self):
        self.write("trust-reasons.tsv", "lang\tfigure\treason\nxx\tprecision\tabbreviations\n"
                   "yy\tshare\tsmall list\n")
        rows = trust.table().splitlines()
        self.assertTrue(rows[2].startswith("| xx | hunspell xx | 30 (1) | **0.9500** |"), rows[2])
        self.assertTrue(rows[2].endswith("| precision: abbreviations |"), rows[2])
        self.assertTrue(rows[3].endswith("| **0.500** (yy (small)) | share: small list |"), rows[3])


if __name__ == "__main__":
    unittest.main()

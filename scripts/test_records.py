"""Tests of scripts/records.py: python3 -m unittest discover -s scripts -p 'test_*.py'

Some need the binary (the language table is its own): POLYBOGGLE, else
target/release/polyboggle (cargo build --release)."""
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import records  # noqa: E402

SCRIPT = Path(__file__).resolve().parent / "records.py"


def row(**fields):
    base = {"lang": "hr", "size": "4x4", "kind": "faces", "rules": "hasbro",
            "board": "ABCD/EFGH/IJKL/MNOP", "score": 100, "words": 50, "runs_found": 3,
            "runs": 6, "cpu_seconds": 12.0, "command": "polyboggle optimize --lang hr"}
    return base | fields


class Put(unittest.TestCase):
    def test_a_better_board_replaces_the_row(self):
        rows = [row(score=100)]
        records.put(rows, row(score=120, board="B"))
        self.assertEqual([r["score"] for r in rows], [120])

    def test_a_worse_board_leaves_the_row(self):
        rows = [row(score=100)]
        records.put(rows, row(score=90, board="B"))
        self.assertEqual([r["board"] for r in rows], ["ABCD/EFGH/IJKL/MNOP"])

    def test_the_wordiest_row_is_judged_by_its_words(self):
        rows = [row(kind="wordiest", score=500, words=60)]
        records.put(rows, row(kind="wordiest", score=400, words=70, board="B"))
        self.assertEqual([r["words"] for r in rows], [70])

    def test_a_better_board_that_no_longer_scores_so_is_replaced(self):
        # After a new dictionary version the earlier board may score less than its row.
        rows = [row(score=100)]
        records.put(rows, row(score=90, board="B"), holds=lambda old: False)
        self.assertEqual([r["board"] for r in rows], ["B"])

    def test_the_same_row_twice_is_kept_once(self):
        # What merge relies on: every task's copy holds the rows it started from.
        rows = [row()]
        records.put(rows, row())
        self.assertEqual(rows, [row()])

    def test_rows_of_other_kinds_stay(self):
        rows = [row(kind="dice")]
        records.put(rows, row(kind="faces"))
        self.assertEqual(sorted(r["kind"] for r in rows), ["dice", "faces"])


class ShareTheBetterBoard(unittest.TestCase):
    def rows(self, dice_score=90):
        return [row(score=100, board="F", judge="hunspell hr_HR", precision=1.0,
                    space="4x4 letters A,B,Nj"),
                row(kind="dice", score=dice_score, board="D", space="4x4 dice croatian",
                    judge="hunspell hr_HR", precision=0.5, command="polyboggle ... --dice")]

    def test_a_faces_record_the_set_can_roll_is_the_dice_record(self):
        rows = self.rows()
        with redirect_stdout(io.StringIO()):
            records.share_the_better_board(rows, "hr", lambda name, board: True, None)
        dice = rows[1]
        self.assertEqual((dice["board"], dice["score"], dice["kind"]), ("F", 100, "dice"))
        self.assertEqual(dice["precision"], 1.0)  # the verdict on F, not on D
        self.assertEqual(dice["space"], "4x4 dice croatian")
        self.assertIn("croatian can roll", dice["note"])
        self.assertIn("the dice search's best was D (90)", dice["note"])

    def test_a_row_that_carries_twice_names_its_own_search_s_best(self):
        rows = self.rows()
        with redirect_stdout(io.StringIO()):
            records.share_the_better_board(rows, "hr", lambda name, board: True, None)
            rows[0] |= {"board": "G", "score": 120}  # a recheck beat the faces record
            records.share_the_better_board(rows, "hr", lambda name, board: True, None)
        self.assertEqual(rows[1]["board"], "G")
        self.assertIn("the dice search's best was D (90)", rows[1]["note"])

    def test_a_faces_record_the_set_cannot_roll_leaves_the_dice_row(self):
        rows = self.rows()
        records.share_the_better_board(rows, "hr", lambda name, board: False, None)
        self.assertEqual(rows, self.rows())

    def test_a_dice_row_as_good_is_left_and_the_set_not_asked(self):
        rows = self.rows(dice_score=100)
        records.share_the_better_board(rows, "hr", lambda name, board: self.fail("asked"),
                                       lambda name: self.fail("asked"))
        self.assertEqual(rows, self.rows(dice_score=100))


    def test_a_better_dice_board_within_the_faces_space_is_the_faces_record(self):
        rows = self.rows(dice_score=110)
        with redirect_stdout(io.StringIO()):
            records.share_the_better_board(rows, "hr", None, lambda name: {"a", "nj"})
        faces = rows[0]
        self.assertEqual((faces["board"], faces["score"], faces["kind"]), ("D", 110, "faces"))
        self.assertEqual(faces["space"], "4x4 letters A,B,Nj")
        self.assertEqual(faces["precision"], 0.5)  # the verdict on D
        self.assertIn("the faces search's best was F (100)", faces["note"])

    def test_a_better_dice_board_with_a_face_outside_the_space_leaves_the_faces_row(self):
        rows = self.rows(dice_score=110)
        records.share_the_better_board(rows, "hr", None, lambda name: {"a", "ch"})
        self.assertEqual(rows, self.rows(dice_score=110))

    def test_the_faces_of_a_set_are_read_from_its_file(self):
        faces = records.faces_of_set("croatian-designed-4x4")
        self.assertIn("nj", faces)
        self.assertNotIn("#", "".join(faces))
        self.assertEqual(records.faces_of_set("no-such-set"), {None})


class Table(unittest.TestCase):
    def test_a_row_gives_its_judge_and_recheck(self):
        r = row(precision=0.9876, judge="hunspell hr_HR",
                recheck={"seed": 1001, "pool": 500, "runs": 3, "board": "X", "score": 99,
                         "cpu_seconds": 1.0})
        line = records.table([r]).splitlines()[4]
        self.assertIn("| 0.9876 / ", line)
        self.assertIn("(hunspell hr_HR)", line)
        self.assertIn("| 99 (99.0%) |", line)
        self.assertIn("| 3 of 6 |", line)

    def test_a_board_the_recheck_found_says_so(self):
        r = row(note="found by the recheck (seed 1001, pool 500)",
                recheck={"seed": 1001, "pool": 500, "runs": 3, "board": "X", "score": 100,
                         "cpu_seconds": 1.0})
        line = records.table([r]).splitlines()[4]
        self.assertIn("| 100 (100.0%): found by the recheck (seed 1001, pool 500) |", line)

    def test_a_note_without_a_recheck_stands_alone(self):
        line = records.table([row(note="the faces record")])
        self.assertIn("| the faces record |", line)

    def test_a_row_not_yet_judged_or_rechecked_says_so(self):
        line = records.table([row()]).splitlines()[4]
        self.assertIn("| 12 | – | – | `polyboggle", line)

    def test_a_share_link_quotes_the_board_for_the_page(self):
        link = records.share_link(row(board="E Ch S/R I T/T E N", lang="de"))
        self.assertIn("board=E%20Ch%20S/R%20I%20T/T%20E%20N&dict=de&rules=hasbro", link)

    def test_the_table_in_the_docs_is_the_rows(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "table", "--check"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)


class Rows(unittest.TestCase):
    def test_every_row_has_the_issue_keys(self):
        for r in records.load_rows():
            self.assertEqual([k for k in records.KEYS if k not in r], [], r)
            self.assertIn(r["kind"], ("faces", "dice", "wordiest", "proof"))
            self.assertIn(r["rules"], ("hasbro", "syllables"))
            # The rules the language plays by: a row's board scores under them.
            self.assertEqual(r["rules"], records.rules_of(r["lang"]), r)
            if r["kind"] != "proof":
                self.assertLessEqual(r["runs_found"], r["runs"])

    def test_rows_are_one_json_object_a_line(self):
        for line in records.ROWS.read_text(encoding="utf-8").splitlines():
            self.assertIsInstance(json.loads(line), dict)


class Merge(unittest.TestCase):
    """records.py merge on copies of the rows and table in a temporary folder, with the
    dictionary's verdict (`solved`) given by the test."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        folder = Path(self.dir.name)
        self.saved = records.ROWS, records.TABLE, records.solved, records.rolls
        records.rolls = lambda name, board: False
        records.ROWS, records.TABLE = folder / "records.ndjson", folder / "records.md"
        records.TABLE.write_text(f"# Records\n\n{records.BEGIN}\n{records.END}\n")
        self.now = {}  # board -> (score, words) with the dictionary built now
        records.solved = lambda r: self.now.get(r["board"], (r["score"], r["words"]))

    def tearDown(self):
        records.ROWS, records.TABLE, records.solved, records.rolls = self.saved
        self.dir.cleanup()

    def merge(self, *copies):
        names = []
        for i, rows in enumerate(copies):
            name = Path(self.dir.name) / f"task-{i}.ndjson"
            name.write_text("".join(json.dumps(r) + "\n" for r in rows))
            names.append(str(name))
        with redirect_stdout(io.StringIO()) as out:
            records.merge(names)
        return records.load_rows(), out.getvalue()

    def test_rows_every_copy_holds_are_kept_once(self):
        rows, _ = self.merge([row(), row(kind="dice")], [row(), row(kind="dice")])
        self.assertEqual(sorted(r["kind"] for r in rows), ["dice", "faces"])

    def test_the_better_of_two_copies_rows_stays(self):
        rows, _ = self.merge([row(score=100)], [row(score=120, board="B")], [row(score=100)])
        self.assertEqual([r["board"] for r in rows], ["B"])

    def test_a_copys_row_from_an_older_dictionary_is_left_out(self):
        self.now["OLD"] = (90, 40)  # the new dictionary dropped some of its words
        rows, said = self.merge([row(score=100)], [row(score=120, board="OLD")])
        self.assertEqual([r["board"] for r in rows], ["ABCD/EFGH/IJKL/MNOP"])
        self.assertIn("left out hr 4x4 faces OLD", said)

    def test_the_table_is_written_from_the_merged_rows(self):
        self.merge([row(lang="is")])
        self.assertIn("| is | 4x4 | faces |", records.TABLE.read_text())


class BadInput(unittest.TestCase):
    def test_a_language_not_built_says_how_to_build_it(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "rescore", "xx"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0)  # no row of xx: nothing to re-score
        with self.assertRaises(SystemExit) as e, redirect_stderr(io.StringIO()) as err:
            records.built("xx")
        self.assertEqual(e.exception.code, 2)
        self.assertIn("dictionaries/build-languages.sh xx", err.getvalue())

    def test_a_built_language_is_where_the_binary_finds_it(self):
        # The table's `built`: POLYBOGGLE_DICTIONARIES' folders first.
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "hr.pbd").write_bytes(b"")
            saved = os.environ.get("POLYBOGGLE_DICTIONARIES")
            os.environ["POLYBOGGLE_DICTIONARIES"] = folder
            records.language_table.languages.cache_clear()
            try:
                self.assertEqual(records.built("hr"), str(Path(folder) / "hr.pbd"))
            finally:
                if saved is None:
                    del os.environ["POLYBOGGLE_DICTIONARIES"]
                else:
                    os.environ["POLYBOGGLE_DICTIONARIES"] = saved
                records.language_table.languages.cache_clear()

    def test_a_full_list_plays_by_its_languages_rules(self):
        self.assertEqual(records.rules_of("hi"), "syllables")
        self.assertEqual(records.rules_of("he-full"), "hasbro")
        self.assertEqual(records.rules_of("xx"), "hasbro")

    def test_rolls_asks_the_binary_in_json(self):
        # `dice check --format json`: "cannot roll" is an answer, bad input a failure.
        self.assertTrue(records.rolls("english-new-4x4", "ATEE/APYO/TINU/EDSE"))
        self.assertFalse(records.rolls("english-new-4x4", "ZZZZ/ZZZZ/ZZZZ/ZZZZ"))
        with self.assertRaises(SystemExit) as e, redirect_stderr(io.StringIO()) as err:
            records.rolls("klingon-4x4", "ATEE/APYO/TINU/EDSE")
        self.assertEqual(e.exception.code, 2)
        self.assertIn("unknown dice set 'klingon-4x4'", err.getvalue())

    def test_merge_of_a_missing_file_is_one_line(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "merge", "no-such.ndjson"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr, "records.py: no-such.ndjson: no such file\n")

class Plan(unittest.TestCase):
    """records.py plan: the table's work as commands, one a line."""

    ROWS = [row(kind="faces", command="polyboggle optimize --lang hr --runs 4 --seed 3"),
            row(kind="dice", command="polyboggle optimize --lang hr --runs 4 --seed 3 --dice "
                "croatian-designed-4x4", recheck={"cpu_seconds": 30.0}),
            row(kind="proof", size="3x4", cpu_seconds=600.0,
                command="polyboggle prove --lang hr --size 3x4 --min 1284")]

    def test_every_row_is_searched_again_as_its_command_says(self):
        units = records.plan_units(self.ROWS, set(), ["hr"], 2, missing=False)
        self.assertEqual(units, [
            "scripts/records.py run --only faces --runs 4 --seed 3 --threads 2 hr",
            "scripts/records.py recheck --kind faces --threads 2 hr",
            "scripts/records.py run --only dice --runs 4 --seed 3 --threads 2 hr",
            "scripts/records.py recheck --kind dice --threads 2 hr",
            "scripts/records.py prove --size 3x4 --min 1284 --threads 2 hr"])

    def test_a_row_the_recheck_found_runs_as_it_was_and_needs_no_recheck(self):
        found = row(kind="dice", recheck={"cpu_seconds": 9.0},
                    command="polyboggle optimize --lang pl --runs 3 --seed 1001 --pool 500 "
                            "--dice polish-4x4")
        self.assertEqual(records.plan_units([found], set(), [], 1, missing=False), [
            "scripts/records.py run --only dice --runs 3 --seed 1001 --pool 500 "
            "--threads 1 hr"])

    def test_missing_is_the_records_not_searched_and_the_rechecks_not_done(self):
        units = records.plan_units(self.ROWS, set(), ["hr", "lt"], 1, missing=True)
        self.assertEqual(units, [
            "scripts/records.py run --only faces --runs 6 --seed 1 --threads 1 lt",
            "scripts/records.py run --only dice --runs 6 --seed 1 --threads 1 lt",
            "scripts/records.py recheck --kind faces --threads 1 hr"])

    def test_named_languages_only(self):
        self.assertEqual(records.plan_units(self.ROWS, {"lt"}, ["hr", "lt"], 1, True),
                         ["scripts/records.py run --only faces --runs 6 --seed 1 "
                          "--threads 1 lt",
                          "scripts/records.py run --only dice --runs 6 --seed 1 "
                          "--threads 1 lt"])

    def test_the_cost_line_counts_searches_rechecks_and_proofs(self):
        line = records.cost_line(self.ROWS)
        # 24 s of 4x4 searches, 30 s of rechecks, 600 s of proof: 654 s.
        self.assertIn("took 0.2 CPU-hours: the 4×4 searches 0.0, their rechecks "
                      "(1 of 2 rows) 0.0, the proofs 0.2", line)

    def test_the_plan_of_a_language_names_each_of_its_rows_once(self):
        done = subprocess.run([sys.executable, str(SCRIPT), "plan", "en"],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        lines = done.stdout.splitlines()
        rows = records.selected({"en"})
        self.assertEqual(sum(" run " in u or " prove " in u for u in lines), len(rows))
        self.assertEqual(sum(" recheck " in u for u in lines),
                         sum(r["size"] == "4x4" for r in rows))
        self.assertTrue(all(u.endswith(" --threads 1 en") for u in lines), lines)

    def test_a_plan_with_nothing_to_do_prints_nothing(self):
        # English has both 4×4 records, each rechecked: no line, not an empty one.
        done = subprocess.run([sys.executable, str(SCRIPT), "plan", "--missing", "en"],
                              capture_output=True, text=True)
        self.assertEqual((done.returncode, done.stdout), (0, ""), done.stderr)


class Sbatch(unittest.TestCase):
    """docs/records.sbatch as Slurm runs one array task: in the submit folder, with
    SLURM_ARRAY_TASK_ID set."""
    SCRIPT = records.ROOT / "docs" / "records.sbatch"

    def task(self, k, plan):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(plan)
        self.addCleanup(os.unlink, f.name)
        env = os.environ | {"SLURM_ARRAY_TASK_ID": str(k), "PLAN": f.name}
        return subprocess.run(["bash", str(self.SCRIPT)], capture_output=True, text=True,
                              cwd=records.ROOT, env=env)

    def test_a_task_runs_its_line_of_the_plan(self):
        done = self.task(1, "scripts/records.py plan xx\nscripts/records.py table --check\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("task 1: scripts/records.py table --check", done.stdout)

    def test_a_task_past_the_plan_is_one_line(self):
        done = self.task(2, "scripts/records.py table --check\n")
        self.assertEqual(done.returncode, 2)
        self.assertEqual(done.stderr, "array task 2 is past the plan's 1 lines: "
                                      "--array=0-0\n")

    def test_a_line_that_is_not_a_records_command_is_refused(self):
        done = self.task(0, "rm -rf /tmp/nothing\n")
        self.assertEqual(done.returncode, 2)
        self.assertIn("is not a records.py command", done.stderr)

    def test_no_plan_file_says_how_to_write_it(self):
        env = os.environ | {"SLURM_ARRAY_TASK_ID": "0", "PLAN": "/nonexistent/plan.txt"}
        done = subprocess.run(["bash", str(self.SCRIPT)], capture_output=True, text=True,
                              cwd=records.ROOT, env=env)
        self.assertEqual(done.returncode, 2)
        self.assertIn("scripts/records.py plan --threads 1 >", done.stderr)


if __name__ == "__main__":
    unittest.main()

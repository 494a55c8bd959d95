//! Scale-out for real: GNU parallel runs an optimization as several tasks, and their
//! merged logs equal one process's summary. `#[ignore]`d because it needs Debian's
//! `parallel`, which `.ci/run` installs; it fails loudly when `parallel` is missing.

use std::process::Command;

use crate::common::{json, polyboggle, refusal, repo, run, strip_times, BINARY};
use serde_json::Value;

/// The flags every task and the single process share.
const FLAGS: &str =
    "optimize --size 3x3 --exclude zqxjkwvfyb --runs 6 --pool 15 --seed 21 --threads 1";

#[test]
#[ignore = "needs GNU parallel (.ci/run installs it)"]
fn gnu_parallel_tasks_merge_into_the_single_process_result() {
    require_parallel();
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    let joblog = dir.path().join("jobs.tsv");
    let job = format!(
        "{BINARY} {FLAGS} --tasks 3 --task-index {{}} --log {}/{{}}.ndjson --resume",
        logs.display()
    );
    let run_parallel = || {
        let out = Command::new("parallel")
            .args(["--will-cite", "-j", "3", "--joblog"])
            .arg(&joblog)
            .arg("--resume-failed")
            .arg(&job)
            .args([":::", "0", "1", "2"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let stdout = run_parallel();
    // Each task prints one JSON line per finished run: 6 in all.
    assert_eq!(stdout.lines().count(), 6, "{stdout}");
    let jobs = std::fs::read_to_string(&joblog).unwrap();
    assert_eq!(jobs.lines().count(), 4, "a header and three jobs: {jobs}");

    let mut paths: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .collect();
    paths.sort();
    assert_eq!(paths.len(), 3);
    let mut args = vec!["optimize", "--format", "json", "--summarize"];
    args.extend(paths.iter().map(String::as_str));
    let merged: Value = json(&args);

    let mut single_args: Vec<&str> = FLAGS.split(' ').collect();
    single_args.extend(["--format", "json"]);
    let mut single: Value = json(&single_args);
    let mut merged = merged;
    strip_times(&mut merged);
    strip_times(&mut single);
    assert_eq!(merged, single);

    // Run again: --resume-failed reruns no finished job, and --resume in each task
    // would skip its finished runs anyway.
    let before: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(run_parallel(), "");
    let after: Vec<String> = paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(before, after);
}

/// A 4x4 proof small enough for a test (8,548 top-level classes, seconds).
const PROVE_4X4: &str = "prove --size 4x4 --letters aet --min 200 --threads 1";

#[test]
#[ignore = "needs GNU parallel (.ci/run installs it)"]
fn a_4x4_proof_in_parallel_tasks_survives_a_killed_task() {
    require_parallel();
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    std::fs::create_dir(&logs).unwrap();
    let task = |k: &str| -> Vec<String> {
        let log = logs.join(format!("{k}.ndjson")).display().to_string();
        let mut args: Vec<String> = PROVE_4X4.split(' ').map(String::from).collect();
        args.extend(
            ["--tasks", "3", "--task-index", k, "--log", &log, "--resume"].map(String::from),
        );
        args
    };
    // Task 1 loses its machine after a few classes: killed outright, mid-class.
    let mut task_1 = polyboggle(task("1"));
    task_1.command().stdout(std::process::Stdio::null());
    let mut child = task_1.spawn();
    let log1 = logs.join("1.ndjson");
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&log1).map_or(0, |t| t.lines().count()) < 5 {
        assert!(started.elapsed().as_secs() < 120, "no class finished");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // The summary says what is missing, and which tasks hold it, and exits 3.
    let out = run(&["prove", "--summarize", log1.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(3));
    let partial = text(&out.stdout);
    assert!(partial.contains("NOT PROVEN"), "{partial}");
    assert!(
        partial.contains("missing: ") && partial.contains("3 of 3 tasks have classes left: 0 ("),
        "{partial}"
    );
    // GNU parallel runs the three tasks; task 1 resumes from its log.
    let job = format!("{BINARY} {}", task("{}").join(" "));
    let out = Command::new("parallel")
        .args(["--will-cite", "-j", "2", &job, ":::", "0", "1", "2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let paths: Vec<String> = ["0", "1", "2"]
        .iter()
        .map(|k| logs.join(format!("{k}.ndjson")).display().to_string())
        .collect();
    let mut args = vec!["prove", "--format", "json", "--summarize"];
    args.extend(paths.iter().map(String::as_str));
    let merged: Value = json(&args);
    assert_eq!(merged["complete"], true, "{merged}");
    assert_eq!(merged["missing_classes"], 0);
    assert_eq!(merged["unfinished_tasks"], serde_json::json!([]));
    // No class of task 1 was broken twice: the resumed run skipped what it had.
    let lines = std::fs::read_to_string(&log1).unwrap();
    let classes: std::collections::BTreeSet<&str> = lines
        .lines()
        .map(|l| {
            l.split("\"class\":")
                .nth(1)
                .unwrap()
                .split(',')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(classes.len(), lines.lines().count());
    // The same answer as one process.
    let mut single_args: Vec<&str> = PROVE_4X4.split(' ').collect();
    single_args.extend(["--format", "json"]);
    let single: Value = json(&single_args);
    assert_eq!(merged["boards"], single["boards"]);
    assert_eq!(merged["top_classes"], single["top_classes"]);
    assert_eq!(merged["classes_broken"], single["classes_broken"]);
}

#[test]
#[ignore = "runs bash and the release binary; part of the scale-out checks"]
fn the_slurm_script_runs_its_array_task_share() {
    let dir = tempfile::tempdir().unwrap();
    for task in ["0", "1"] {
        slurm_task(
            "docs/optimize.sbatch",
            dir.path(),
            task,
            &[
                ("TASKS", "2"),
                ("RUNS", "3"),
                ("SEED", "5"),
                ("SEARCH", "--size 2x2 --letters a,e,t,s --pool 5"),
            ],
        );
    }
    let logs = dir.path().join("optimize-logs");
    let merged: Value = json(&[
        "optimize",
        "--format",
        "json",
        "--summarize",
        logs.join("task-0.ndjson").to_str().unwrap(),
        logs.join("task-1.ndjson").to_str().unwrap(),
    ]);
    let runs: Vec<u64> = merged["runs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(runs, [5, 6, 7], "task 0 ran runs 0 and 2, task 1 run 1");
}

#[test]
#[ignore = "runs bash and the release binary; part of the scale-out checks"]
fn the_prove_slurm_script_splits_a_proof_into_array_tasks() {
    let dir = tempfile::tempdir().unwrap();
    let search = "--size 2x3 --letters aestrl --min 90";
    let task = |k: &str| {
        slurm_task(
            "docs/prove.sbatch",
            dir.path(),
            k,
            &[("TASKS", "2"), ("SEARCH", search)],
        )
    };
    let logs = dir.path().join("prove-logs");
    let summary = |names: &[&str]| -> Value {
        let mut args = vec!["prove", "--format", "json", "--summarize"];
        let paths: Vec<String> = names
            .iter()
            .map(|n| logs.join(n).display().to_string())
            .collect();
        args.extend(paths.iter().map(String::as_str));
        serde_json::from_slice(&run(&args, "").stdout).unwrap()
    };
    task("0");
    assert_eq!(
        summary(&["task-0.ndjson"])["complete"],
        false,
        "half a proof"
    );
    task("1");
    // A requeued task finds its classes finished and adds nothing.
    let before = std::fs::read_to_string(logs.join("task-1.ndjson")).unwrap();
    task("1");
    let after = std::fs::read_to_string(logs.join("task-1.ndjson")).unwrap();
    assert_eq!(before, after);

    let merged = summary(&["task-0.ndjson", "task-1.ndjson"]);
    let mut args: Vec<&str> = vec!["prove", "--format", "json"];
    args.extend(search.split(' '));
    let single: Value = json(&args);
    assert_eq!(merged["complete"], true);
    assert!(!single["boards"].as_array().unwrap().is_empty());
    assert_eq!(merged["boards"], single["boards"]);
}

/// The optimizer's job array: 8 runs in 4 tasks (task k runs k and k + 4).
const OPTIMIZE_JOB: [(&str, &str); 4] = [
    ("TASKS", "4"),
    ("RUNS", "8"),
    ("SEED", "5"),
    ("SEARCH", "--size 2x2 --letters a,e,t,s --pool 5"),
];

#[test]
#[ignore = "runs bash and the release binary; part of the scale-out checks"]
fn a_resubmitted_subset_of_optimize_tasks_keeps_the_jobs_split() {
    let dir = tempfile::tempdir().unwrap();
    // The first submission, --array=0-3: task 1 fails before it logs anything.
    for task in ["0", "2", "3"] {
        let out = array_task("docs/optimize.sbatch", dir.path(), task, "4", &OPTIMIZE_JOB);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let logs = dir.path().join("optimize-logs");
    let summarize = |format: &str| summarize_logs("optimize", &logs, &["--format", format]);
    // The summary says what is missing, keeps the seed, and exits 3.
    let partial = summarize("text");
    assert_eq!(partial.status.code(), Some(3), "{}", text(&partial.stderr));
    let report = text(&partial.stdout);
    assert!(report.contains("6 of 8 runs, seed 5:"), "{report}");
    assert!(
        report.contains("INCOMPLETE: 2 runs missing: 1, 5; 1 of 4 tasks have runs left: 1 (2)"),
        "{report}"
    );
    assert!(text(&partial.stderr).contains("2 of 8 runs missing"));
    let partial: Value = serde_json::from_slice(&summarize("json").stdout).unwrap();
    assert_eq!(partial["seed"], 5);
    assert_eq!(partial["complete"], false);
    assert_eq!(partial["missing_runs"], serde_json::json!([1, 5]));

    // Resubmitted alone (--array=1: a job of one task), task 1 keeps its share of 4.
    let out = array_task("docs/optimize.sbatch", dir.path(), "1", "1", &OPTIMIZE_JOB);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log1 = std::fs::read_to_string(logs.join("task-1.ndjson")).unwrap();
    let runs: Vec<u64> = log1
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["event"] == "run")
        .map(|l| l["run"].as_u64().unwrap())
        .collect();
    assert_eq!(runs, [1, 5]);
    let whole = summarize("text");
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    assert!(text(&whole.stdout).contains("8 runs, seed 5:"));
    let merged: Value = serde_json::from_slice(&summarize("json").stdout).unwrap();
    assert_eq!(merged["complete"], true);
    let single: Value = json(&[
        "optimize",
        "--size",
        "2x2",
        "--letters",
        "a,e,t,s",
        "--pool",
        "5",
        "--runs",
        "8",
        "--seed",
        "5",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    let (mut merged, mut single) = (merged, single);
    strip_times(&mut merged);
    strip_times(&mut single);
    assert_eq!(merged, single);

    // A task's log given to another split is refused, in one line, exit 2.
    let mut other = OPTIMIZE_JOB;
    other[0] = ("TASKS", "2");
    let out = array_task("docs/optimize.sbatch", dir.path(), "1", "2", &other);
    let line = refusal(&out, "task 1 of 2");
    assert!(
        line.contains("by task 1 of 4") && line.contains("task 1 of 2"),
        "{line}"
    );
    // So is an index at or above the job's size.
    let out = array_task("docs/optimize.sbatch", dir.path(), "4", "1", &OPTIMIZE_JOB);
    assert_eq!(out.status.code(), Some(2));
    let line = text(&out.stderr);
    assert!(line.contains("array task 4 is not below TASKS=4"), "{line}");
}

#[test]
#[ignore = "runs bash and the release binary; part of the scale-out checks"]
fn a_resubmitted_subset_of_prove_tasks_finishes_the_proof() {
    let dir = tempfile::tempdir().unwrap();
    let search = "--size 2x3 --letters aestrl --min 90";
    let job = [("TASKS", "3"), ("SEARCH", search)];
    for task in ["0", "2"] {
        let out = array_task("docs/prove.sbatch", dir.path(), task, "3", &job);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let logs = dir.path().join("prove-logs");
    let summarize = || summarize_logs("prove", &logs, &[]);
    let partial = summarize();
    assert_eq!(partial.status.code(), Some(3), "{}", text(&partial.stderr));
    let report = text(&partial.stdout);
    assert!(
        report.contains("NOT PROVEN") && report.contains("1 of 3 tasks have classes left: 1 ("),
        "{report}"
    );
    assert!(
        report.contains("rerun the tasks with classes left"),
        "{report}"
    );

    // Task 1 resubmitted alone (--array=1) breaks its third, not half, of the classes.
    let out = array_task("docs/prove.sbatch", dir.path(), "1", "1", &job);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let whole = summarize();
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    assert!(text(&whole.stdout).contains("proven: "));
    let lines = |k: &str| {
        std::fs::read_to_string(logs.join(format!("task-{k}.ndjson")))
            .unwrap()
            .lines()
            .count()
    };
    assert!(lines("0") >= lines("1") && lines("1") + 1 >= lines("0"));

    // Task 1's log under a split of 2 is refused, in one line, exit 2.
    let other = [("TASKS", "2"), ("SEARCH", search)];
    let out = array_task("docs/prove.sbatch", dir.path(), "1", "2", &other);
    let line = refusal(&out, "task 1 of 2");
    assert!(line.contains("by task 1 of 3"), "{line}");
}

/// `polyboggle COMMAND --summarize` with `flags` of every log in `logs`.
fn summarize_logs(command: &str, logs: &std::path::Path, flags: &[&str]) -> std::process::Output {
    let mut paths: Vec<String> = std::fs::read_dir(logs)
        .unwrap()
        .map(|entry| entry.unwrap().path().display().to_string())
        .collect();
    paths.sort();
    let mut args = vec![command];
    args.extend(flags);
    args.push("--summarize");
    args.extend(paths.iter().map(String::as_str));
    run(&args, "")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Fails loudly when GNU parallel is missing (`.ci/run` installs it).
fn require_parallel() {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "GNU parallel is missing: apt-get install parallel"
    );
}

/// Runs array task `task` of a job of 2 tasks; expects it to succeed.
fn slurm_task(script: &str, dir: &std::path::Path, task: &str, vars: &[(&str, &str)]) {
    let out = array_task(script, dir, task, "2", vars);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Runs array task `task` of the job script `script` (a path in the repository) in
/// `dir`, as Slurm would in a job (or a resubmitted subset) of `count` tasks, with the
/// release binary on PATH and `vars` set.
fn array_task(
    script: &str,
    dir: &std::path::Path,
    task: &str,
    count: &str,
    vars: &[(&str, &str)],
) -> std::process::Output {
    let bin = std::path::Path::new(BINARY);
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("bash")
        .arg(repo(script))
        .current_dir(dir)
        .env("PATH", &path)
        .env("SLURM_ARRAY_TASK_ID", task)
        .env("SLURM_ARRAY_TASK_COUNT", count)
        .env("SLURM_CPUS_PER_TASK", "1")
        .envs(vars.iter().copied())
        .output()
        .unwrap()
}

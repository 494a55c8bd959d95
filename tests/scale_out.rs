//! Scale-out for real: GNU parallel runs an optimization as several tasks, and their
//! merged logs equal one process's summary. `#[ignore]`d because it needs Debian's
//! `parallel`, which `.ci/run` installs; it fails loudly when `parallel` is missing.

use std::process::Command;

use crate::common::{ok, strip_times};
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
    let bin = env!("CARGO_BIN_EXE_polyboggle");
    let job = format!(
        "{bin} {FLAGS} --tasks 3 --task-index {{}} --log {}/{{}}.ndjson --resume",
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
    let merged: Value = serde_json::from_str(&ok(&args)).unwrap();

    let mut single_args: Vec<&str> = FLAGS.split(' ').collect();
    single_args.extend(["--format", "json"]);
    let mut single: Value = serde_json::from_str(&ok(&single_args)).unwrap();
    single.as_object_mut().unwrap().remove("seed");
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
    let bin = env!("CARGO_BIN_EXE_polyboggle");
    let task = |k: &str| -> Vec<String> {
        let log = logs.join(format!("{k}.ndjson")).display().to_string();
        let mut args: Vec<String> = PROVE_4X4.split(' ').map(String::from).collect();
        args.extend(
            ["--tasks", "3", "--task-index", k, "--log", &log, "--resume"].map(String::from),
        );
        args
    };
    // Task 1 loses its machine after a few classes: killed outright, mid-class.
    let mut child = Command::new(bin)
        .args(task("1"))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let log1 = logs.join("1.ndjson");
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&log1).map_or(0, |t| t.lines().count()) < 5 {
        assert!(started.elapsed().as_secs() < 120, "no class finished");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // The summary says what is missing, and which tasks hold it.
    let partial = ok(&["prove", "--summarize", log1.to_str().unwrap()]);
    assert!(partial.contains("NOT PROVEN"), "{partial}");
    assert!(
        partial.contains("missing: ") && partial.contains("3 of 3 tasks have classes left: 0 ("),
        "{partial}"
    );
    // GNU parallel runs the three tasks; task 1 resumes from its log.
    let job = format!("{bin} {}", task("{}").join(" "));
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
    let merged: Value = serde_json::from_str(&ok(&args)).unwrap();
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
    let single: Value = serde_json::from_str(&ok(&single_args)).unwrap();
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
                ("RUNS", "3"),
                ("SEED", "5"),
                ("SEARCH", "--size 2x2 --letters a,e,t,s --pool 5"),
            ],
        );
    }
    let logs = dir.path().join("optimize-logs");
    let merged: Value = serde_json::from_str(&ok(&[
        "optimize",
        "--format",
        "json",
        "--summarize",
        logs.join("task-0.ndjson").to_str().unwrap(),
        logs.join("task-1.ndjson").to_str().unwrap(),
    ]))
    .unwrap();
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
    let task = |k: &str| slurm_task("docs/prove.sbatch", dir.path(), k, &[("SEARCH", search)]);
    let logs = dir.path().join("prove-logs");
    let summary = |names: &[&str]| -> Value {
        let mut args = vec!["prove", "--format", "json", "--summarize"];
        let paths: Vec<String> = names
            .iter()
            .map(|n| logs.join(n).display().to_string())
            .collect();
        args.extend(paths.iter().map(String::as_str));
        serde_json::from_str(&ok(&args)).unwrap()
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
    let single: Value = serde_json::from_str(&ok(&args)).unwrap();
    assert_eq!(merged["complete"], true);
    assert!(!single["boards"].as_array().unwrap().is_empty());
    assert_eq!(merged["boards"], single["boards"]);
}

/// Fails loudly when GNU parallel is missing (`.ci/run` installs it).
fn require_parallel() {
    let found = Command::new("parallel").arg("--version").output();
    assert!(
        found.is_ok_and(|o| o.status.success()),
        "GNU parallel is missing: apt-get install parallel"
    );
}

/// Runs array task `task` of 2 of the job script `script` (a path in the repository)
/// in `dir`, as Slurm would, with the release binary on PATH and `vars` set.
fn slurm_task(script: &str, dir: &std::path::Path, task: &str, vars: &[(&str, &str)]) {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_polyboggle"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg(crate::common::repo(script))
        .current_dir(dir)
        .env("PATH", &path)
        .env("SLURM_ARRAY_TASK_ID", task)
        .env("SLURM_ARRAY_TASK_COUNT", "2")
        .env("SLURM_CPUS_PER_TASK", "1")
        .envs(vars.iter().copied())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

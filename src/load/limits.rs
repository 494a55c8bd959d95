//! How much work a command may do, and on how many threads: `--threads`, `--time`,
//! and a search's `--task-index K --tasks N`, checked.

use std::time::Duration;

use crate::args::ScaleArgs;
use crate::Failure;

/// Worker threads a command accepts at most.
const MAX_THREADS: usize = 1024;

/// Refuses a thread count of 0 or more than [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<usize, Failure> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {threads}: expected 1 to {MAX_THREADS}"
        )));
    }
    Ok(threads)
}

/// Checks a `--time` in seconds: more than 0 and at most `most`.
pub fn check_seconds(secs: f64, most: f64) -> Result<Duration, Failure> {
    if secs > 0.0 && secs <= most {
        return Ok(Duration::from_secs_f64(secs));
    }
    // 1e300 shown as such, not as 301 digits.
    let shown = if secs.abs() >= 1e6 {
        format!("{secs:e}")
    } else {
        secs.to_string()
    };
    Err(Failure::input(format!(
        "--time {shown}: expected seconds, more than 0 and at most {most}"
    )))
}

/// The scale-out and limit flags `optimize` and `prove` share: `--threads`,
/// `--task-index K --tasks N` (K below N, N at least 1) and `--time`.
pub fn check_run_flags(scale: &ScaleArgs, time: Option<f64>) -> Result<(), Failure> {
    if scale.tasks == Some(0) {
        return Err(Failure::input("--tasks must be at least 1"));
    }
    if let Some(threads) = scale.threads {
        check_threads(threads)?;
    }
    if let (Some(index), Some(tasks)) = (scale.task_index, scale.tasks) {
        if index >= tasks {
            return Err(Failure::input(format!(
                "--task-index {index} is not below --tasks {tasks} (tasks are numbered from 0)"
            )));
        }
    }
    if let Some(time) = time {
        check_seconds(time, 1e9)?;
    }
    Ok(())
}

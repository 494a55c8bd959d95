//! What `optimize` and `prove` share as long searches cut into tasks
//! (docs/scale-out.md): the log a task appends a JSON line to as each unit of work
//! (a run, a top-level class) finishes, that log read back by `--resume`, the check
//! that it was written by the same split, and the progress bar on a terminal.
//! What a line holds, and what a summary makes of the lines, is each library's.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::Failure;

/// Where finished work goes: `--log` (appended, flushed a line at a time, so a
/// crash loses at most the unit in progress) and, for a task (`--tasks`), standard
/// output, a JSON line per finished unit.
pub struct RunLog {
    file: Option<(Mutex<File>, PathBuf)>,
    echo: bool,
    error: Mutex<Option<String>>,
}

impl RunLog {
    /// Opens `--log` for appending, when given; `task`: this process is one task
    /// of a split search (`--tasks`).
    pub fn open(log: Option<&Path>, task: bool) -> Result<RunLog, Failure> {
        let file = match log {
            Some(path) => Some((
                Mutex::new(polyboggle::files::open_append(path)?),
                path.to_path_buf(),
            )),
            None => None,
        };
        Ok(RunLog {
            file,
            echo: task,
            error: Mutex::new(None),
        })
    }

    /// Appends a JSON line to the log (an improvement on the way: not printed).
    pub fn write(&self, json: &str) {
        self.append(&format!("{json}\n"));
    }

    /// Appends a finished unit's JSON line to the log and, for a task, prints it.
    pub fn finished(&self, json: &str) {
        let text = format!("{json}\n");
        self.append(&text);
        if self.echo {
            // A closed standard output must not stop the work: the log has it.
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
    }

    /// The first write to the log that failed, naming the log.
    pub fn close(self) -> Result<(), Failure> {
        match self
            .error
            .into_inner()
            .expect("no thread panics writing the log")
        {
            Some(error) => Err(Failure::input(error)),
            None => Ok(()),
        }
    }

    fn append(&self, text: &str) {
        let Some((file, path)) = &self.file else {
            return;
        };
        let mut file = file.lock().expect("no thread panics writing the log");
        if let Err(e) = file.write_all(text.as_bytes()).and_then(|_| file.flush()) {
            let mut error = self.error.lock().expect("no thread panics writing the log");
            error.get_or_insert_with(|| format!("{}: {e}", path.display()));
        }
    }
}

/// The text of the log `--resume` goes on from, up to its last whole line (a line
/// cut short by a crash is left out); a log not written yet is empty.
pub fn read_resumed(path: &Path) -> Result<String, Failure> {
    let mut text = match polyboggle::files::read_text(path) {
        Ok(text) => text,
        Err(e) if matches!(e.fault, polyboggle::files::ReadFault::Missing) => String::new(),
        Err(e) => return Err(e.into()),
    };
    text.truncate(text.rfind('\n').map_or(0, |end| end + 1));
    Ok(text)
}

/// Refuses a resumed log's line written by a task of another split: with another
/// `--tasks`, its units are not this task's share (a resubmitted subset of a job
/// array must give the job's own task count, not the subset's). A line of no task
/// (an older log, a whole-search process) fits any task, and a whole-search process
/// may finish any task's log.
pub fn check_split(
    path: &Path,
    unit: &str,
    logged: Option<[u64; 2]>,
    ours: Option<[u64; 2]>,
) -> Result<(), Failure> {
    match (logged, ours) {
        (Some([index, tasks]), Some([our_index, our_tasks])) if logged != ours => {
            Err(Failure::input(format!(
                "{}: {unit} was made with other settings (by task {index} of {tasks}), but this \
                 is task {our_index} of {our_tasks}; give the --tasks and --task-index the log \
                 was made with, or use another --log",
                path.display(),
            )))
        }
        _ => Ok(()),
    }
}

/// A progress bar of `len` units drawn with `template` on a terminal; off one, none.
pub fn progress_bar(len: u64, template: &str, on_terminal: bool) -> Option<ProgressBar> {
    on_terminal.then(|| {
        let bar = ProgressBar::new(len);
        bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    })
}

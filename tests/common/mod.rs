//! The integration tests' kit, in one place: [`TestCommand`], the real `polyboggle`
//! binary run as a test runs it (standard input fed on its own thread while the
//! output is read, so neither side waits on a full pipe), its shorthands ([`ok`],
//! [`json`], [`bad`], [`run`]), the refusal contract ([`refusal`]: exit code 2, one
//! line on stderr, no panic), and the brute-force reference solver and shared data of
//! the core crate's tests.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::fmt;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The `polyboggle` binary under test (for a test that copies it, or names it to
/// another program).
pub const BINARY: &str = env!("CARGO_BIN_EXE_polyboggle");

/// The most of stdout or stderr kept: a run that prints more fails (after it ends)
/// instead of filling the memory.
const KEPT: u64 = 64 << 20;

/// `polyboggle` with its arguments, standard input and folder, run to its end
/// ([`output`](Self::output), [`success`](Self::success), [`stdout`](Self::stdout),
/// [`json`](Self::json), [`refused`](Self::refused)) or started and held
/// ([`spawn`](Self::spawn)).
///
/// ```ignore
/// let words = TestCommand::new()
///     .args(["solve", "-", "--format", "json"])
///     .stdin("ATEE/APYO/TINU/EDSE")
///     .json();
/// ```
pub struct TestCommand {
    cmd: Command,
    stdin: Vec<u8>,
    timeout: Option<Duration>,
}

impl Default for TestCommand {
    fn default() -> TestCommand {
        TestCommand::new()
    }
}

impl TestCommand {
    /// The binary under test, with no arguments and empty standard input.
    pub fn new() -> TestCommand {
        TestCommand::from_command(Command::new(BINARY))
    }

    /// `cmd`, a way of running the binary other than [`BINARY`] itself (a copy of it,
    /// or it run as another user).
    pub fn from_command(cmd: Command) -> TestCommand {
        TestCommand {
            cmd,
            stdin: Vec::new(),
            timeout: None,
        }
    }

    /// One more argument.
    pub fn arg(&mut self, arg: impl AsRef<OsStr>) -> &mut TestCommand {
        self.cmd.arg(arg);
        self
    }

    /// More arguments.
    pub fn args<I, A>(&mut self, args: I) -> &mut TestCommand
    where
        I: IntoIterator<Item = A>,
        A: AsRef<OsStr>,
    {
        self.cmd.args(args);
        self
    }

    /// What the run reads on standard input (nothing by default: it sees the end at
    /// once, never the terminal).
    pub fn stdin(&mut self, input: impl AsRef<[u8]>) -> &mut TestCommand {
        self.stdin = input.as_ref().to_vec();
        self
    }

    /// The folder it runs in (the test's own by default).
    pub fn current_dir(&mut self, dir: impl AsRef<Path>) -> &mut TestCommand {
        self.cmd.current_dir(dir);
        self
    }

    /// An environment variable set for it.
    pub fn env(&mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> &mut TestCommand {
        self.cmd.env(key, value);
        self
    }

    /// Kills a run to its end still going after `limit` and fails the test, so that a
    /// regression that never ends fails instead of hanging (a spawned child is the
    /// test's to watch).
    pub fn timeout(&mut self, limit: Duration) -> &mut TestCommand {
        self.timeout = Some(limit);
        self
    }

    /// The command itself, for what the kit does not say (the standard streams of a
    /// child to [`spawn`](Self::spawn)).
    pub fn command(&mut self) -> &mut Command {
        &mut self.cmd
    }

    /// Starts the command as set (its streams as [`command`](Self::command) set them)
    /// and hands back the child, for a test that holds a long-running one.
    pub fn spawn(&mut self) -> Child {
        // A copy of the binary made a moment ago may still be open for writing in a
        // child another test forked meanwhile: the start is then refused ("Text file
        // busy") for a moment.
        for _ in 0..100 {
            match self.cmd.spawn() {
                Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) => {
                    thread::sleep(Duration::from_millis(20))
                }
                started => return started.unwrap_or_else(|e| panic!("{self}: {e}")),
            }
        }
        panic!("{self}: text file busy for 2 s")
    }

    /// Runs the command to its end, whatever its exit code: standard input written on
    /// its own thread while stdout and stderr are read on theirs.
    pub fn output(&mut self) -> Output {
        self.cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self.spawn();
        let mut stdin = child.stdin.take().unwrap();
        let input = self.stdin.clone();
        let writer = thread::spawn(move || match stdin.write_all(&input) {
            // A child that stops at once (a refusal) may close its end first: its
            // output and exit code are what the test checks.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
            written => written,
        });
        let stdout = read_all(child.stdout.take().unwrap());
        let stderr = read_all(child.stderr.take().unwrap());
        let status = match self.timeout {
            None => child.wait().unwrap(),
            Some(limit) => {
                let started = Instant::now();
                loop {
                    if let Some(status) = child.try_wait().unwrap() {
                        break status;
                    }
                    if started.elapsed() > limit {
                        child.kill().unwrap();
                        child.wait().unwrap();
                        panic!("{self} still ran after {limit:?}");
                    }
                    thread::sleep(Duration::from_millis(20));
                }
            }
        };
        writer.join().unwrap().expect("standard input written");
        let kept = |reader: JoinHandle<(Vec<u8>, bool)>, name: &str| {
            let (bytes, whole) = reader.join().unwrap();
            assert!(whole, "{self} printed more than {KEPT} bytes on {name}");
            bytes
        };
        Output {
            status,
            stdout: kept(stdout, "stdout"),
            stderr: kept(stderr, "stderr"),
        }
    }

    /// Runs the command, expects success, returns its output (for a test that reads
    /// its stderr too).
    pub fn success(&mut self) -> Output {
        let out = self.output();
        assert!(
            out.status.success(),
            "{self} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Runs the command, expects success, returns its standard output.
    pub fn stdout(&mut self) -> String {
        let out = self.success();
        String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{self}: stdout: {e}"))
    }

    /// Runs the command, expects success, returns its standard output read as JSON.
    pub fn json(&mut self) -> Value {
        let text = self.stdout();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{self}: not JSON ({e}): {text}"))
    }

    /// Runs the command, expects it refused ([`refusal`]), returns the line.
    pub fn refused(&mut self) -> String {
        let out = self.output();
        refused_as(&out, &self.to_string())
    }
}

/// `polyboggle ARGS` and where it runs, as a failed test names it.
impl fmt::Display for TestCommand {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let program = Path::new(self.cmd.get_program());
        let name = program.file_name().unwrap_or(program.as_os_str());
        let args: Vec<_> = self.cmd.get_args().map(OsStr::to_string_lossy).collect();
        write!(f, "{} {args:?}", name.to_string_lossy())?;
        if let Some(dir) = self.cmd.get_current_dir() {
            write!(f, " in {}", dir.display())?;
        }
        Ok(())
    }
}

/// Reads `from` to its end on a thread: the bytes (at most [`KEPT`]), and whether
/// they are all it held.
fn read_all(from: impl Read + Send + 'static) -> JoinHandle<(Vec<u8>, bool)> {
    thread::spawn(move || {
        let mut from = from;
        let mut bytes = Vec::new();
        from.by_ref().take(KEPT).read_to_end(&mut bytes).unwrap();
        let more = io::copy(&mut from, &mut io::sink()).unwrap();
        (bytes, more == 0)
    })
}

/// The project's contract for bad input, checked on `out` (the run of `what`): exit
/// code 2, exactly one line on stderr, and no panic. Returns that line (with its
/// newline).
pub fn refusal(out: &Output, what: impl fmt::Debug) -> String {
    refused_as(out, &format!("{what:?}"))
}

fn refused_as(out: &Output, what: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
    stderr
}

/// `polyboggle ARGS`, to set more on or to run.
pub fn polyboggle<I, A>(args: I) -> TestCommand
where
    I: IntoIterator<Item = A>,
    A: AsRef<OsStr>,
{
    let mut cmd = TestCommand::new();
    cmd.args(args);
    cmd
}

/// Runs `polyboggle ARGS` with `stdin`, whatever its exit code.
pub fn run(args: &[&str], stdin: &str) -> Output {
    polyboggle(args).stdin(stdin).output()
}

/// Runs `polyboggle ARGS`, expects success, returns standard output.
pub fn ok(args: &[&str]) -> String {
    polyboggle(args).stdout()
}

/// Runs `polyboggle ARGS`, expects success, returns standard output read as JSON.
pub fn json(args: &[&str]) -> Value {
    polyboggle(args).json()
}

/// Runs `polyboggle ARGS`, expects it refused ([`refusal`]), returns the line.
pub fn bad(args: &[&str]) -> String {
    polyboggle(args).refused()
}

/// Interrupts `child` as Ctrl-C would (SIGINT); one that has already ended is left be.
pub fn interrupt(child: &Child) {
    // SAFETY: kill(2) with a pid and a signal number reads and writes no memory.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
}

/// Writes `contents` to the file `name` in `dir`; returns its path.
pub fn file(dir: impl AsRef<Path>, name: &str, contents: impl AsRef<[u8]>) -> String {
    let path = dir.as_ref().join(name);
    std::fs::write(&path, contents).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    path.display().to_string()
}

/// The repository's own files.
pub fn repo(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

// The brute-force reference solver and the shared data, written once beside the
// core crate's tests.
#[path = "../../crates/core/tests/common/mod.rs"]
mod library;
pub use library::{lines, reference, shared};

/// `v` without its wall-clock fields (`seconds`, `seconds_to_best`), which differ
/// from run to run, at any depth.
pub fn strip_times(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            map.remove("seconds");
            map.remove("seconds_to_best");
            map.values_mut().for_each(strip_times);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_times),
        _ => {}
    }
}

#[test]
fn standard_input_is_written_while_the_output_is_read() {
    // `duel` answers each guess as it reads it: 200 KB of guesses, 540 KB of answers,
    // both more than a pipe holds. Writing all of the input before reading any of the
    // output would wait for ever.
    let guesses = "abcdefghijklmnopqrst\n".repeat(10_000);
    let out = polyboggle(["duel"])
        .stdin(format!("2\nZZ\nZZ\n{guesses}"))
        .timeout(Duration::from_secs(120))
        .stdout();
    assert_eq!(
        out.matches(" is not a word.\n").count(),
        10_000,
        "{}",
        &out[..200]
    );
}

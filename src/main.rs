//! The `polyboggle` command: parses arguments ([`args`]), reads what they name
//! ([`load`]), runs one command a file ([`cmd`]) on the library crates, prints
//! ([`output`]); [`throughput`] times the scoring. Failures end as one line on stderr and an exit code.

mod args;
mod cmd;
mod load;
mod output;
mod runlog;
mod throughput;

use std::io::{self, Write};
use std::process::ExitCode;

/// A failure to report: one line on stderr and an exit code (2 for bad input or
/// usage, 1 for an internal failure, 3 for work left undone).
#[derive(Debug)]
pub struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    /// Bad input or usage: exit code 2.
    pub fn input(message: impl std::fmt::Display) -> Failure {
        Failure {
            code: 2,
            message: message.to_string(),
        }
    }

    /// The work is not all done (a summary with runs or classes missing, a proof
    /// stopped short): exit code 3, after the partial result was printed.
    pub fn incomplete(message: impl std::fmt::Display) -> Failure {
        Failure {
            code: 3,
            message: message.to_string(),
        }
    }
}

impl From<io::Error> for Failure {
    /// Output errors are internal failures, except a closed pipe
    /// (`polyboggle solve ... | head`), which ends the command quietly.
    fn from(e: io::Error) -> Failure {
        let code = if e.kind() == io::ErrorKind::BrokenPipe {
            0
        } else {
            1
        };
        Failure {
            code,
            message: e.to_string(),
        }
    }
}

macro_rules! input_errors {
    ($($t:ty),*) => {$(
        impl From<$t> for Failure {
            fn from(e: $t) -> Failure {
                Failure::input(e)
            }
        }
    )*};
}
input_errors!(
    polyboggle::LexiconError,
    polyboggle::BoardError,
    polyboggle::RulesError,
    polyboggle_dice::DiceError,
    polyboggle_dice::stats::StatsError,
    polyboggle_dice::design::DesignError,
    polyboggle::files::WriteError,
    polyboggle::files::ReadError,
    polyboggle::query::QueryError,
    polyboggle::tiers::TierError,
    polyboggle::spec::SpecError,
    polyboggle_hunspell::Error
);

/// Ctrl-C (or a kill) while a file is being written: remove the temporary file that
/// the write's destructor would have removed, then end as the signal would have.
fn remove_partial_files_on_signal() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            polyboggle::files::remove_unfinished_writes();
            std::process::exit(128 + signal);
        }
    });
}

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(io::stderr(), "polyboggle: internal error: {info}");
        std::process::exit(1);
    }));
    let cli = match parse() {
        Ok(cli) => cli,
        // --help and --version print in full; usage errors as one line.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            let line = match number_line(&e) {
                Some(line) => line,
                None => format!("{} (see --help)", usage_line(&e)),
            };
            let _ = writeln!(io::stderr(), "polyboggle: {line}");
            return ExitCode::from(2);
        }
    };
    if cli.command.writes_files() {
        remove_partial_files_on_signal();
    }
    match cmd::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) if f.code == 0 => ExitCode::SUCCESS,
        Err(f) => {
            let _ = writeln!(io::stderr(), "polyboggle: {}", one_line(&f.message));
            ExitCode::from(f.code)
        }
    }
}

/// The command line, parsed. A flag's value that is a negative number (`--seed -1`)
/// reaches the flag's parser, which refuses it in [`number_line`]'s words, rather than
/// reading as an unknown flag `-1`.
fn parse() -> Result<args::Cli, clap::Error> {
    fn negative_numbers_are_values(command: clap::Command) -> clap::Command {
        command
            .mut_args(|arg| {
                if !arg.is_positional() && arg.get_action().takes_values() {
                    arg.allow_negative_numbers(true)
                } else {
                    arg
                }
            })
            .mut_subcommands(negative_numbers_are_values)
    }
    use clap::{CommandFactory, FromArgMatches};
    let mut command = negative_numbers_are_values(args::Cli::command());
    let mut matches = command.try_get_matches_from_mut(std::env::args_os())?;
    args::Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

/// A number flag's value that is not one, as one line naming the flag and what it takes:
/// `--seed: -1 is not a seed (a whole number 0 to 2^64-1)`. `None` for other errors.
fn number_line(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use std::error::Error as _;
    if e.kind() != ErrorKind::ValueValidation {
        return None;
    }
    let (Some(ContextValue::String(arg)), Some(ContextValue::String(value))) = (
        e.get(ContextKind::InvalidArg),
        e.get(ContextKind::InvalidValue),
    ) else {
        return None;
    };
    let flag = arg.split_whitespace().next().unwrap_or(arg);
    let source = e.source()?;
    // An unsigned flag of fewer bits refuses a negative number by its range.
    let negative = value
        .strip_prefix('-')
        .is_some_and(|n| n.parse::<u128>().is_ok());
    let what = if source.is::<std::num::ParseIntError>() || negative {
        if flag == "--seed" {
            "a seed (a whole number 0 to 2^64-1)"
        } else {
            "a whole number (0 or more)"
        }
    } else if source.is::<std::num::ParseFloatError>() {
        "a number"
    } else {
        return None;
    };
    Some(one_line(&format!("{flag}: {value} is not {what}")))
}

/// A clap usage error as one line: its first line, with what clap lists below it
/// (the missing arguments, the possible values, a suggestion) joined on.
fn usage_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let mut lines = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or_default();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let rest: Vec<&str> = lines.collect();
    let line = match (rest.is_empty(), first.strip_suffix(':')) {
        (true, _) => first.to_string(),
        (false, Some(head)) => format!("{head}: {}", rest.join(", ")),
        (false, None) => format!("{first}; {}", rest.join("; ")),
    };
    one_line(&line)
}

/// Longest error line printed; longer ones (a huge input echoed back) are cut.
const MAX_LINE: usize = 300;
/// The characters a cut line keeps from its end, where the reason is.
const KEPT_END: usize = 120;

/// `message` on one line, cut to about [`MAX_LINE`] characters: a long one loses its
/// middle (where an echoed input is), so the reason at its end stays whole.
fn one_line(message: &str) -> String {
    let flat: String = message
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let count = flat.chars().count();
    if count <= MAX_LINE {
        return flat;
    }
    let head: String = flat.chars().take(MAX_LINE - KEPT_END).collect();
    let tail: String = flat.chars().skip(count - KEPT_END).collect();
    format!("{head}…{tail} ({count} characters in all)")
}

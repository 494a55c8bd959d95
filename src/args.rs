//! Command-line arguments, as `clap` derives them. No work happens here: each
//! command's arguments are in a module of their own, what several share in `common`.

mod common;
mod completions;
mod crossword;
mod dice;
mod dict;
mod play;
mod search;
mod solve;

pub use common::{
    BackendArg, DictArgs, Format, LevelArg, ProfileArgs, RulesArgs, ScaleArgs, SpaceArgs,
    BOARD_HELP,
};
pub use completions::{CompletionsArgs, Shell};
pub use crossword::{
    CrosswordArgs, CrosswordCommand, CrosswordFormat, FillArgs, FillFormat, PatternArgs, StyleArg,
    SymmetryArg, CROSSWORD_HELP,
};
pub use dice::{DeriveArgs, DesignObjective, DiceCommand, DiceDesignArgs, DiceStatsArgs, RollArgs};
pub use dict::{CompileArgs, DictCommand, HunspellArgs, SearchArgs};
#[cfg(feature = "web")]
pub use play::ServeArgs;
pub use play::{DuelArgs, PlayArgs, DUEL_HELP};
pub use search::{BenchArgs, MethodArg, OptimizeArgs, ProveArgs, OPTIMIZE_HELP, PROVE_HELP};
pub use solve::SolveArgs;

use clap::{Parser, Subcommand};

/// Solve, play and optimize Boggle-style word grids in any language.
#[derive(Parser, Debug)]
#[command(name = "polyboggle", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find every word on a board.
    #[command(after_help = BOARD_HELP)]
    Solve(SolveArgs),
    /// Compile word lists into a memory-mapped FST dictionary.
    Compile(CompileArgs),
    /// Inspect a dictionary.
    #[command(subcommand)]
    Dict(DictCommand),
    /// Roll a board from a dice set.
    Roll(RollArgs),
    /// Work with dice sets: check a board against one, or derive one from a word list.
    #[command(subcommand)]
    Dice(DiceCommand),
    /// Measure solving speed over many boards.
    Bench(BenchArgs),
    /// Two players on standard input/output (the Lab 6 console protocol).
    #[command(after_help = DUEL_HELP)]
    Duel(DuelArgs),
    /// Play against the computer in the terminal (the CS106B game).
    Play(PlayArgs),
    /// Search for the best boards (highest score, most words, a target score...).
    #[command(after_help = OPTIMIZE_HELP)]
    Optimize(Box<OptimizeArgs>),
    /// Serve the game and the solver as a web page, with a JSON API, on this machine.
    #[cfg(feature = "web")]
    Serve(ServeArgs),
    /// Prove which boards are the best: every board of a space scoring at least S.
    #[command(after_help = PROVE_HELP)]
    Prove(Box<ProveArgs>),
    /// Print a shell completion script (bash, zsh, fish or powershell).
    Completions(CompletionsArgs),
    /// Print the manual page, every command in one (roff: polyboggle man | man -l -).
    Man,
    /// Lay out a word list as a crossword grid (right-to-left scripts included).
    #[command(
        after_help = CROSSWORD_HELP,
        args_conflicts_with_subcommands = true,
        subcommand_negates_reqs = true
    )]
    Crossword(CrosswordArgs),
}

impl Command {
    /// Does this command write a file (so a signal must not leave a partial one)?
    pub fn writes_files(&self) -> bool {
        match self {
            Command::Compile(_) | Command::Dice(DiceCommand::Derive(_)) => true,
            Command::Crossword(args) => match &args.command {
                Some(CrosswordCommand::Fill(fill)) => fill.output.is_some(),
                Some(CrosswordCommand::Pattern(pattern)) => pattern.output.is_some(),
                None => args.output.is_some(),
            },
            Command::Dice(DiceCommand::Stats(args)) => args.plot.is_some(),
            Command::Dice(DiceCommand::Design(_)) => true,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(args: &[&str]) -> Command {
        let all = std::iter::once("polyboggle").chain(args.iter().copied());
        Cli::try_parse_from(all).unwrap().command
    }

    #[test]
    fn every_command_that_writes_a_file_says_so() {
        // Those writes must have their temporary files removed on Ctrl-C.
        assert!(command(&["compile", "w.txt", "-o", "d.pbd"]).writes_files());
        assert!(command(&["dice", "derive", "w.txt", "-o", "s.txt"]).writes_files());
        assert!(command(&["crossword", "w.txt", "-o", "c.svg"]).writes_files());
        assert!(!command(&["crossword", "w.txt"]).writes_files());
        assert!(
            command(&["crossword", "fill", "g.txt", "--words", "w", "-o", "g.puz"]).writes_files()
        );
        assert!(!command(&["crossword", "fill", "g.txt", "--words", "w"]).writes_files());
        assert!(command(&["crossword", "pattern", "-o", "g.txt"]).writes_files());
        assert!(!command(&["solve", "ATEE/APYO/TINU/EDSE"]).writes_files());
    }
}

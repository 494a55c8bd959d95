//! One file a command: each turns its arguments into library calls and prints the
//! results; [`run`] picks the command.

mod bench;
mod compile;
mod completions;
mod crossword;
mod crossword_fill;
mod crossword_input;
mod dice;
mod dice_design;
mod dice_stats;
mod dict;
mod duel;
mod languages;
mod man;
mod optimize;
mod play;
mod play_join;
mod prove;
mod roll;
#[cfg(feature = "web")]
mod serve;
mod solve;

use crate::args::{Cli, Command, CrosswordCommand, DiceCommand, DictCommand};
use crate::Failure;

/// Runs the command `cli` names.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Compile(args) => compile::run(args),
        Command::Dict(DictCommand::Info {
            dict,
            profile,
            format,
        }) => dict::info(&dict, &profile, format),
        Command::Dict(DictCommand::Lookup {
            dict,
            words,
            profile,
            format,
        }) => dict::lookup(&dict, &words, &profile, format),
        Command::Dict(DictCommand::Search(args)) => dict::search(&args),
        Command::Dict(DictCommand::Words {
            dict,
            profile,
            format,
        }) => dict::words(&dict, &profile, format),
        Command::Dict(DictCommand::Expand {
            dic,
            stem,
            hunspell,
        }) => compile::expand(&dic, stem.as_deref(), &hunspell),
        Command::Dict(DictCommand::Upgrade { file, output }) => {
            dict::upgrade(&file, output.as_deref())
        }
        Command::Dict(DictCommand::Diff {
            a,
            b,
            count,
            profile,
            format,
        }) => dict::diff(&a, &b, count, &profile, format),
        Command::Languages(args) => languages::run(args),
        Command::Roll(args) => roll::run(args),
        Command::Dice(DiceCommand::Check { set, board, format }) => {
            dice::check(&set, &board, format)
        }
        Command::Dice(DiceCommand::Stats(args)) => dice_stats::run(args),
        Command::Dice(DiceCommand::Design(args)) => dice_design::run(*args),
        Command::Dice(DiceCommand::Derive(args)) => dice::derive(&args),
        Command::Dice(DiceCommand::Unreachable {
            set,
            dict,
            rules,
            size,
            format,
        }) => dice::unreachable_words(&set, &dict, &rules, size.as_deref(), format),
        Command::Bench(args) => bench::run(args),
        Command::Duel(args) => duel::run(args),
        Command::Play(args) => play::run(args),
        Command::Optimize(args) => optimize::run(*args),
        Command::Prove(args) => prove::run(*args),
        #[cfg(feature = "web")]
        Command::Serve(args) => serve::run(args),
        Command::Completions(args) => completions::run(args.shell),
        Command::Man => man::run(),
        Command::Crossword(args) => match args.command {
            Some(CrosswordCommand::Fill(args)) => crossword_fill::run_fill(args),
            Some(CrosswordCommand::Pattern(args)) => crossword_fill::run_pattern(args),
            None => crossword::run(args),
        },
    }
}

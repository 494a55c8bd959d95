//! `polyboggle roll`: a board rolled from a dice set, or the list of built-in sets.

use std::io::Write;

use polyboggle::random;
use polyboggle_dice::{self as dice, DiceSet};
use serde_json::{json, Value};

use crate::args::{Format, RollArgs};
use crate::load::Dice;
use crate::output::stdout;
use crate::Failure;

pub fn run(args: RollArgs) -> Result<(), Failure> {
    let mut out = stdout();
    if args.list {
        for name in DiceSet::builtin_names() {
            let set = Dice::Builtin(&name).open()?;
            match args.format {
                Format::Json => {
                    let mut fields = set.summary_json();
                    fields.insert("set".into(), json!(name));
                    writeln!(out, "{}", Value::Object(fields))?
                }
                Format::Text => {
                    writeln!(out, "{name}\t{}x{}\t{}", set.rows, set.cols, set.confidence)?
                }
            }
        }
        return Ok(out.flush()?);
    }
    let set = Dice::Named(args.set.as_deref().unwrap_or_default()).open()?;
    let size = args.size.as_deref().map(dice::parse_size).transpose()?;
    let seed = args.seed.unwrap_or_else(random::seed);
    let board = set.roll(seed, size)?;
    match args.format {
        Format::Json => writeln!(out, "{}", Value::Object(set.roll_json(seed, &board)))?,
        Format::Text => {
            write!(out, "{board}")?;
            if args.seed.is_none() {
                writeln!(out, "(seed {seed})")?;
            }
        }
    }
    Ok(out.flush()?)
}

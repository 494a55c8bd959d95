//! `polyboggle completions SHELL`: a completion script for bash, zsh, fish or
//! PowerShell, generated from the same clap definitions that parse the arguments.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell as Generator;

use crate::args::{Cli, Shell};
use crate::output::stdout;
use crate::Failure;

pub fn run(shell: Shell) -> Result<(), Failure> {
    let generator = match shell {
        Shell::Bash => Generator::Bash,
        Shell::Zsh => Generator::Zsh,
        Shell::Fish => Generator::Fish,
        Shell::Powershell => Generator::PowerShell,
    };
    // Into memory first: clap_complete panics on a failed write (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(generator, &mut Cli::command(), "polyboggle", &mut script);
    let mut out = stdout();
    out.write_all(&script)?;
    Ok(out.flush()?)
}

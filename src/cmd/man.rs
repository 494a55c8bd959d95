//! `polyboggle man`: the manual page, in roff, from the clap definitions: the
//! command's page, then a section for each subcommand with its arguments.

use std::io::{self, Write};

use clap::CommandFactory;
use clap_mangen::Man;

use crate::args::Cli;
use crate::output::stdout;
use crate::Failure;

pub fn run() -> Result<(), Failure> {
    let mut out = stdout();
    out.write_all(&page()?)?;
    Ok(out.flush()?)
}

/// The page: NAME, SYNOPSIS, DESCRIPTION and OPTIONS of `polyboggle`, then a section
/// for each subcommand (its synopsis, description, options and subcommands as
/// subsections), so one page documents every command, then VERSION.
fn page() -> io::Result<Vec<u8>> {
    let command = Cli::command();
    let top = Man::new(command.clone());
    let mut page = Vec::new();
    top.render_title(&mut page)?;
    top.render_name_section(&mut page)?;
    top.render_synopsis_section(&mut page)?;
    top.render_description_section(&mut page)?;
    top.render_options_section(&mut page)?;
    for sub in command.get_subcommands() {
        let name = format!("polyboggle {}", sub.get_name());
        let man = Man::new(sub.clone().bin_name(&name));
        let mut section = Vec::new();
        man.render_synopsis_section(&mut section)?;
        man.render_description_section(&mut section)?;
        man.render_options_section(&mut section)?;
        if sub.has_subcommands() {
            man.render_subcommands_section(&mut section)?;
        }
        if let Some(notes) = sub.get_after_help() {
            notes_section(&mut section, &notes.to_string())?;
        }
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        // The subcommand's sections become subsections of its own.
        for line in String::from_utf8_lossy(&section).lines() {
            match line.strip_prefix(".SH ") {
                Some(heading) => writeln!(page, ".SS {heading}")?,
                None => writeln!(page, "{line}")?,
            }
        }
    }
    top.render_version_section(&mut page)?;
    Ok(page)
}

/// A subcommand's notes (its `after_help`: board forms, objectives...) as lines kept
/// as written: they are small tables that filling would run together.
fn notes_section(page: &mut Vec<u8>, notes: &str) -> io::Result<()> {
    writeln!(page, ".SH NOTES\n.nf")?;
    for line in notes.lines() {
        let line = line.replace('\\', "\\e");
        // A line opening with . or ' would be a roff request.
        let guard = if line.starts_with(['.', '\'']) {
            "\\&"
        } else {
            ""
        };
        writeln!(page, "{guard}{line}")?;
    }
    writeln!(page, ".fi")
}

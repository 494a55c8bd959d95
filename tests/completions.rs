//! `polyboggle completions SHELL` and `polyboggle man`: scripts a shell accepts and
//! that complete our commands, and a man page that documents every command.

use std::process::Command;

use crate::common::{bad, ok};

/// The subcommands `polyboggle --help` lists.
fn subcommands() -> Vec<String> {
    let help = ok(&["--help"]);
    let commands = help
        .split("Commands:")
        .nth(1)
        .and_then(|rest| rest.split("Options:").next())
        .expect("--help lists the commands");
    let names: Vec<String> = commands
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect();
    assert!(
        names.len() > 10 && names.iter().any(|n| n == "solve"),
        "{names:?}"
    );
    names
}

/// What bash's completion offers after `words` (the last one is being typed).
fn bash_completes(words: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("polyboggle.bash");
    std::fs::write(&script, ok(&["completions", "bash"])).unwrap();
    let line = words.join(" ");
    let words: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let words = words.join(" ");
    let program = format!(
        r#"source '{}'
COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); COMP_LINE="{line}"
_polyboggle polyboggle "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\n' "${{COMPREPLY[@]}}""#,
        script.display()
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &program])
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn bash_completes_commands_and_their_options() {
    assert_eq!(bash_completes(&["polyboggle", "sol"]), ["solve"]);
    assert_eq!(
        bash_completes(&["polyboggle", "solve", "--rul"]),
        ["--rules"]
    );
    let shells = bash_completes(&["polyboggle", "completions", ""]);
    for shell in ["bash", "zsh", "fish", "powershell"] {
        assert!(shells.iter().any(|s| s == shell), "{shells:?}");
    }
}

#[test]
fn every_shell_gets_a_script_naming_every_command() {
    let commands = subcommands();
    for (shell, marker) in [
        ("bash", "complete -F _polyboggle"),
        ("zsh", "#compdef polyboggle"),
        ("fish", "complete -c polyboggle"),
        (
            "powershell",
            "Register-ArgumentCompleter -Native -CommandName 'polyboggle'",
        ),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell}: no {command}");
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error_listing_the_shells() {
    let err = bad(&["completions", "tcsh"]);
    assert!(
        err.contains("'tcsh'") && err.contains("bash, zsh, fish, powershell"),
        "{err}"
    );
}

#[test]
fn the_man_page_has_a_section_for_every_command() {
    let page = ok(&["man"]);
    assert!(page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH polyboggle 1"));
    assert!(page.contains(".TH polyboggle 1"), "{}", &page[..200]);
    for command in subcommands() {
        let heading = format!(".SH \"POLYBOGGLE {}\"", command.to_uppercase());
        assert!(page.contains(&heading), "no {heading}");
    }
    // Options and the notes under a command: solve's --rules, its board forms.
    assert!(page.contains("\\-\\-rules"));
    assert!(page.contains("Princeton   first tokens"));
}

#[test]
fn the_man_page_renders_without_warnings() {
    let page = ok(&["man"]);
    let mut groff = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("groff runs (Debian: apt-get install groff-base)");
    use std::io::Write;
    groff
        .stdin
        .take()
        .unwrap()
        .write_all(page.as_bytes())
        .unwrap();
    let out = groff.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

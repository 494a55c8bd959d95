//! `expand DIC [AFF] [--stem W] [--compounds 2] [--max-len N] [--limit N] [--normalize]`
//!
//! `--normalize` reads words on stdin and prints Hunspell's normalization of
//! each (ICONV, IGNORE) instead of expanding.
//!
//! Prints every form, one a line, to stdout. Errors: one line on stderr, exit 2.

use polyboggle_hunspell::{Compounds, ExpandOptions, HunspellDictionary};
use std::io::{BufWriter, Write};

fn run() -> Result<(), String> {
    let mut pos = Vec::new();
    let mut stem = None;
    let mut normalize = false;
    let mut compounds = None;
    let mut max_len = 15usize;
    let mut opts = ExpandOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match a.as_str() {
            "--stem" => stem = Some(val("--stem")?),
            "--normalize" => normalize = true,
            "--compounds" => {
                let n: usize = val("--compounds")?
                    .parse()
                    .map_err(|_| "--compounds needs a number")?;
                compounds = Some(n);
            }
            "--max-len" => {
                max_len = val("--max-len")?
                    .parse()
                    .map_err(|_| "--max-len needs a number")?
            }
            "--limit" => {
                opts.limit = val("--limit")?
                    .parse()
                    .map_err(|_| "--limit needs a number")?
            }
            "-h" | "--help" => {
                return Err(
                    "usage: expand DIC [AFF] [--stem W] [--compounds 2] [--max-len N] [--limit N]"
                        .into(),
                )
            }
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => pos.push(a),
        }
    }
    let dic = pos
        .first()
        .ok_or("usage: expand DIC [AFF] [--stem W] [--compounds 2]")?;
    let aff = pos.get(1).cloned().unwrap_or_else(|| {
        std::path::Path::new(dic)
            .with_extension("aff")
            .display()
            .to_string()
    });
    if let Some(n) = compounds {
        opts.compounds = Some(Compounds {
            parts: n,
            ..Compounds::two(max_len)
        });
    }
    let d = HunspellDictionary::open_with(dic, &aff, opts).map_err(|e| e.to_string())?;
    let out = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, out.lock());
    let mut write = |w: &str| -> Result<(), String> {
        out.write_all(w.as_bytes())
            .and_then(|_| out.write_all(b"\n"))
            .map_err(|e| format!("stdout: {e}"))
    };
    if normalize {
        // stdin words -> Hunspell's input normalization (ICONV, IGNORE)
        for line in std::io::stdin().lines() {
            let line = line.map_err(|e| format!("stdin: {e}"))?;
            write(&d.normalize(&line))?;
        }
    } else if let Some(s) = stem {
        for w in d.expand_stem(&s).map_err(|e| e.to_string())? {
            write(&w)?;
        }
    } else {
        for w in d.expand().map_err(|e| e.to_string())? {
            write(&w.map_err(|e| e.to_string())?)?;
        }
    }
    out.flush().map_err(|e| format!("stdout: {e}"))
}

fn main() {
    if let Err(e) = run() {
        eprintln!("expand: {e}");
        std::process::exit(2);
    }
}

//! `polyboggle serve`: the web page and its JSON API on a local port.

use std::io::Write;
use std::net::TcpListener;
use std::sync::Arc;

use polyboggle::{Lexicon, Profile};
use polyboggle_web::{self as web, App, Dictionaries};

use crate::args::ServeArgs;
use crate::Failure;

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let mut dicts = Dictionaries::builtin();
    for spec in &args.dict {
        let (name, path) = spec
            .split_once('=')
            .ok_or_else(|| Failure::input(format!("--dict {spec}: expected NAME=PATH")))?;
        let lexicon = Lexicon::load(path, &Profile::default())?;
        dicts
            .add(name, lexicon)
            .map_err(|e| Failure::input(format!("--dict {spec}: {e}")))?;
    }
    let listener = TcpListener::bind((args.host.as_str(), args.port)).map_err(|e| {
        Failure::input(format!("cannot listen on {}:{}: {e}", args.host, args.port))
    })?;
    listener.set_nonblocking(true)?;
    let address = listener.local_addr()?;
    let url = format!("http://{address}/");
    let names: Vec<&str> = dicts.names().collect();
    {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "polyboggle: serving {url} (dictionaries: {}; Ctrl-C stops)",
            names.join(", ")
        )?;
        if !address.ip().is_loopback() {
            writeln!(
                out,
                "polyboggle: note: listening on {}, so other machines can reach this server",
                address.ip()
            )?;
        }
        out.flush()?;
    }
    if args.open {
        // A browser is a convenience: without one, the URL above is enough.
        let _ = std::process::Command::new("xdg-open")
            .arg(&url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        web::serve(listener, Arc::new(App::new(dicts))).await
    })?;
    Ok(())
}

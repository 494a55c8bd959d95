//! `polyboggle serve`: the web page and its JSON API on a local port, until SIGTERM or
//! Ctrl-C stops it gracefully; with `--state FILE`, the games in progress are read
//! back at start and written there while serving and when stopping.

use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use polyboggle::{Lexicon, Profile};
use polyboggle_languages as languages;
use polyboggle_web::{self as web, App, Capacity, Dictionaries, Games, Limits};

use crate::args::ServeArgs;
use crate::load;
use crate::Failure;

/// Without `--state`, how often games idle past their time are forgotten.
const SWEEP_EVERY: Duration = Duration::from_secs(60);

pub fn run(args: ServeArgs) -> Result<(), Failure> {
    let started = Instant::now();
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
    // Every built language, by its tag, each opened when a request first names it: the
    // headers alone are read now. A --dict of the same name keeps its dictionary.
    let given = dicts.names().count();
    if !args.no_languages {
        for note in dicts.add_languages(&languages::built_languages(&load::language_folders())) {
            let _ = writeln!(std::io::stderr(), "polyboggle: {note}");
        }
    }
    let languages = dicts.names().count() - given;
    if args
        .state
        .as_ref()
        .is_some_and(|p| p.as_os_str().is_empty())
    {
        return Err(Failure::input("--state: give a file name"));
    }
    let mut rooms =
        web::room_store::Rooms::new(args.max_rooms as usize, args.room_players as usize);
    if let Some(prefix) = &args.room_prefix {
        rooms = rooms.with_prefix(prefix).map_err(Failure::input)?;
    }
    let listener = TcpListener::bind((args.host.as_str(), args.port)).map_err(|e| {
        Failure::input(format!("cannot listen on {}:{}: {e}", args.host, args.port))
    })?;
    listener.set_nonblocking(true)?;
    deepen_backlog(&listener);
    let games = Games::with_capacity(Capacity::games(args.max_games as usize));
    // Read back, then written at once: a folder the server cannot write in is told now,
    // not when it stops. (Connections wait in the kernel's queue meanwhile.)
    let resumed = match &args.state {
        Some(path) => {
            let resumed = games.resume(&dicts, path)?;
            for note in &resumed.notes {
                let _ = writeln!(std::io::stderr(), "polyboggle: {note}");
            }
            games.save(&dicts, path)?;
            Some(resumed.games)
        }
        None => None,
    };
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
        if languages > 0 {
            writeln!(
                out,
                "polyboggle: {languages} built languages ({} ms after start: each opens when first asked for; --no-languages leaves them out)",
                started.elapsed().as_millis()
            )?;
        }
        if !address.ip().is_loopback() {
            writeln!(
                out,
                "polyboggle: note: listening on {}, so other machines can reach this server",
                address.ip()
            )?;
        }
        if let (Some(n), Some(path)) = (resumed, &args.state) {
            let ms = started.elapsed().as_millis();
            writeln!(
                out,
                "polyboggle: resumed {} from {} (serving {ms} ms after start)",
                games_count(n),
                path.display()
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
    if let Some(path) = &args.state {
        let path = rooms_file(path);
        for note in rooms.resume(&dicts, &path)? {
            let _ = writeln!(std::io::stderr(), "polyboggle: {note}");
        }
        rooms.save(&path)?;
        if !rooms.is_empty() {
            let _ = writeln!(
                std::io::stdout(),
                "polyboggle: resumed {} from {}",
                rooms_count(rooms.len()),
                path.display()
            );
        }
    }
    let app = Arc::new(App {
        dicts,
        games,
        rooms,
        crossword_lists: Default::default(),
        crossword_fills: Default::default(),
    });
    if languages > 0 {
        // Each language's tier sizes, for `GET /api/dicts`, read off the requests'
        // threads now (half a second for 59 languages) rather than by the first page.
        let app = app.clone();
        std::thread::spawn(move || {
            for name in app.dicts.names() {
                let _ = app.dicts.tier_sizes(name);
            }
        });
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let stopping = runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let every = match (&args.state, args.snapshot) {
            (Some(_), 0) | (None, _) => SWEEP_EVERY,
            (Some(_), secs) => Duration::from_secs(secs),
        };
        let snapshots = match args.snapshot {
            0 => None,
            _ => args.state.clone(),
        };
        tokio::spawn(keep(app.clone(), snapshots, every));
        web::keep_room_clocks(&app);
        let stopping = Arc::new(std::sync::Mutex::new(None));
        let signalled = stopping.clone();
        let shutdown = async move {
            let name = web::shutdown_signal().await;
            *signalled.lock().unwrap_or_else(|p| p.into_inner()) = Some((name, Instant::now()));
            // The output may be gone (a closed pipe): stopping goes on regardless.
            let _ = writeln!(
                std::io::stdout(),
                "polyboggle: {name}: stopping (finishing the requests running)"
            );
        };
        let limits = Limits {
            max_connections: args.max_connections as usize,
            ..Limits::default()
        };
        let drained = web::serve_until(listener, app.clone(), limits, shutdown).await?;
        let signalled = stopping.lock().unwrap_or_else(|p| p.into_inner()).take();
        Ok::<_, std::io::Error>((drained, signalled))
    })?;
    let (drained, signalled) = stopping;
    // From here on a request still running cannot change a game: what is written is
    // what every answer said.
    app.games.close();
    let mut line = String::from("polyboggle: stopped");
    if drained.cut > 0 {
        line += &format!(
            "; {} connections still running a request after {} s were cut",
            drained.cut,
            web::DRAIN_LIMIT.as_secs()
        );
    }
    if let Some(path) = &args.state {
        let n = app.games.save(&app.dicts, path).map_err(|e| {
            Failure::from(std::io::Error::other(format!(
                "the games could not be saved: {e}"
            )))
        })?;
        line += &format!("; wrote {} to {}", games_count(n), path.display());
        let rooms = app.rooms.save(&rooms_file(path)).map_err(|e| {
            Failure::from(std::io::Error::other(format!(
                "the rooms could not be saved: {e}"
            )))
        })?;
        if rooms > 0 {
            line += &format!(
                " and {} to {}",
                rooms_count(rooms),
                rooms_file(path).display()
            );
        }
    }
    if let Some((_, at)) = signalled {
        line += &format!(" ({} ms after the signal)", at.elapsed().as_millis());
    }
    let _ = writeln!(std::io::stdout(), "{line}");
    runtime.shutdown_timeout(Duration::from_millis(100));
    Ok(())
}

/// While serving: every `every`, forgets the games idle past their time and, with a
/// state file, writes the games there if any changed (off the request threads). A
/// failed write is told once on stderr (and again once it has worked in between).
async fn keep(app: Arc<App>, state: Option<PathBuf>, every: Duration) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failing = false;
    loop {
        ticks.tick().await;
        let app = app.clone();
        let state = state.clone();
        let wrote = tokio::task::spawn_blocking(move || match state {
            Some(path) if app.games.changed() || !app.rooms.is_empty() => snapshot(&app, &path),
            _ => {
                app.games.sweep();
                Ok(())
            }
        })
        .await;
        match wrote {
            Ok(Err(e)) if !failing => {
                failing = true;
                let _ = writeln!(std::io::stderr(), "polyboggle: snapshot: {e}");
            }
            Ok(Ok(())) => failing = false,
            _ => {}
        }
    }
}

fn snapshot(app: &App, path: &Path) -> Result<(), polyboggle::files::WriteError> {
    app.games.save(&app.dicts, path)?;
    app.rooms.save(&rooms_file(path)).map(drop)
}

/// Connections a listener holds before they are accepted. The standard library listens
/// with 128: 8,000 players of rooms connecting at once then lost packets and waited 1
/// to 3 s to retry (docs/performance.md). (The kernel caps it at `net.core.somaxconn`.)
const BACKLOG: i32 = 4096;

/// Listens again with [`BACKLOG`] (Linux takes a second `listen` as a new backlog).
fn deepen_backlog(listener: &TcpListener) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: `listen` on the listener's own open descriptor, which it keeps open.
        unsafe {
            libc::listen(listener.as_raw_fd(), BACKLOG);
        }
    }
    #[cfg(not(unix))]
    let _ = listener;
}

/// Where the rooms are kept beside `--state FILE`: `FILE.rooms`.
fn rooms_file(state: &Path) -> PathBuf {
    let mut name = state.as_os_str().to_owned();
    name.push(".rooms");
    PathBuf::from(name)
}

/// `1 room`, `2 rooms`.
fn rooms_count(n: usize) -> String {
    match n {
        1 => "1 room".into(),
        n => format!("{n} rooms"),
    }
}

/// `1 game`, `2 games`.
fn games_count(n: usize) -> String {
    match n {
        1 => "1 game".into(),
        n => format!("{n} games"),
    }
}

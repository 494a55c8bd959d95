//! room-load: a load client for the rooms of `polyboggle serve` (issue 66).
//!
//! 1. opens `--rooms` rooms on one board (`--board`, `--rules`, timer `--seconds`),
//!    joins `--players - 1` more players to each (plain HTTP, a pool of kept-alive
//!    connections);
//! 2. connects every player's live connection (`GET /api/rooms/CODE/live?token=`, a
//!    WebSocket) and waits for each one's first room message;
//! 3. starts every room (countdown 0..=`--countdown` seconds, drawn per room);
//! 4. each player sends a word over its WebSocket every `--interval-ms` (its first at a
//!    random moment of the first interval) while its round is on, the word drawn from
//!    the board's real words (`polyboggle solve BOARD --format json`) with probability
//!    `--real`, else a string of the board's letters; each verdict is timed from just
//!    before the send to its arrival (percentiles over the whole round, per 10 s from
//!    the first start, and for the words sent in the last 10 s of their room's round);
//! 5. after every round's end (and the server's grace), fetches each room's view as its
//!    host (each fetch timed) and checks that every word a player had accepted
//!    (`correct`) is in that player's results list, and no other.
//!
//! With `--pid` it samples the server's /proc/PID/status (VmRSS, VmHWM) and CPU time
//! every second. It prints a summary, and with `--json FILE` writes it as JSON.
//!
//! Loopback only: `--host` must be 127.0.0.1 (or localhost).

use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::{oneshot, watch, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

type Error = Box<dyn std::error::Error + Send + Sync>;

#[derive(Clone, Debug)]
struct Args {
    host: String,
    port: u16,
    rooms: usize,
    players: usize,
    seconds: u64,
    interval_ms: u64,
    board: String,
    rules: String,
    real: f64,
    countdown: u64,
    http_conns: usize,
    ws_parallel: usize,
    solver: String,
    pid: Option<u32>,
    json: Option<String>,
    threads: usize,
    seed: u64,
}

const USAGE: &str = "room-load [--host 127.0.0.1] [--port 8080] [--rooms 2000] [--players 4] \
[--seconds 180] [--interval-ms 2000] [--board ATEE/APYO/TINU/EDSE] [--rules hasbro] [--real 0.7] \
[--countdown 5] [--http-conns 32] [--ws-parallel 256] [--solver polyboggle] [--pid PID] \
[--json FILE] [--threads 2] [--seed 1]";

fn parse_args() -> Result<Args, Error> {
    let mut a = Args {
        host: "127.0.0.1".into(),
        port: 8080,
        rooms: 2000,
        players: 4,
        seconds: 180,
        interval_ms: 2000,
        board: "ATEE/APYO/TINU/EDSE".into(),
        rules: "hasbro".into(),
        real: 0.7,
        countdown: 5,
        http_conns: 32,
        ws_parallel: 256,
        solver: "polyboggle".into(),
        pid: None,
        json: None,
        threads: 2,
        seed: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            println!("{USAGE}");
            std::process::exit(0);
        }
        let value = it
            .next()
            .ok_or_else(|| format!("{flag}: needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--host" => a.host = value,
            "--port" => a.port = value.parse()?,
            "--rooms" => a.rooms = value.parse()?,
            "--players" => a.players = value.parse()?,
            "--seconds" => a.seconds = value.parse()?,
            "--interval-ms" => a.interval_ms = value.parse()?,
            "--board" => a.board = value,
            "--rules" => a.rules = value,
            "--real" => a.real = value.parse()?,
            "--countdown" => a.countdown = value.parse()?,
            "--http-conns" => a.http_conns = value.parse()?,
            "--ws-parallel" => a.ws_parallel = value.parse()?,
            "--solver" => a.solver = value,
            "--pid" => a.pid = Some(value.parse()?),
            "--json" => a.json = Some(value),
            "--threads" => a.threads = value.parse()?,
            "--seed" => a.seed = value.parse()?,
            _ => return Err(format!("unknown flag {flag}\n{USAGE}").into()),
        }
    }
    if a.host != "127.0.0.1" && a.host != "localhost" {
        return Err("loopback only: --host 127.0.0.1".into());
    }
    if a.players < 1 || a.rooms < 1 || a.interval_ms < 1 {
        return Err("--rooms, --players and --interval-ms must be at least 1".into());
    }
    Ok(a)
}

/// A small, fast generator (splitmix64), one per task.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn wall_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis() as u64
}

/// The instant of a wall-clock time in milliseconds (same machine: same clock).
fn instant_of(ms: u64) -> Instant {
    let now_ms = wall_ms();
    let now = Instant::now();
    if ms >= now_ms {
        now + Duration::from_millis(ms - now_ms)
    } else {
        now.checked_sub(Duration::from_millis(now_ms - ms))
            .unwrap_or(now)
    }
}

// ---------------------------------------------------------------- plain HTTP

/// One request of a batch.
struct Job {
    method: &'static str,
    path: String,
    token: Option<String>,
    body: Option<String>,
}

/// One kept-alive HTTP/1.1 connection (the server answers with Content-Length).
struct Http {
    addr: String,
    conn: Option<BufReader<TcpStream>>,
}

impl Http {
    async fn once(&mut self, job: &Job) -> Result<(u16, String), Error> {
        if self.conn.is_none() {
            let s = TcpStream::connect(&self.addr).await?;
            s.set_nodelay(true)?;
            self.conn = Some(BufReader::new(s));
        }
        let conn = self.conn.as_mut().expect("connected");
        let body = job.body.as_deref().unwrap_or("");
        let mut head = format!(
            "{} {} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
            job.method,
            job.path,
            self.addr,
            body.len()
        );
        if job.body.is_some() {
            head += "Content-Type: application/json\r\n";
        }
        if let Some(t) = &job.token {
            head += &format!("Authorization: Bearer {t}\r\n");
        }
        head += "\r\n";
        head += body;
        conn.get_mut().write_all(head.as_bytes()).await?;
        let mut line = String::new();
        if conn.read_line(&mut line).await? == 0 {
            return Err("connection closed before the answer".into());
        }
        let status: u16 = line.split_whitespace().nth(1).ok_or("no status")?.parse()?;
        let mut length = 0usize;
        let mut close = false;
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                return Err("connection closed in the head".into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                let k = k.trim().to_ascii_lowercase();
                if k == "content-length" {
                    length = v.trim().parse()?;
                } else if k == "connection" && v.trim().eq_ignore_ascii_case("close") {
                    close = true;
                } else if k == "transfer-encoding" {
                    return Err("chunked answers are not read by this client".into());
                }
            }
        }
        let mut buf = vec![0u8; length];
        conn.read_exact(&mut buf).await?;
        if close {
            self.conn = None;
        }
        Ok((status, String::from_utf8(buf)?))
    }

    /// The request, again on a new connection if the kept one was closed (the
    /// server closes one idle for 5 s).
    async fn request(&mut self, job: &Job, retries: &AtomicU64) -> Result<(u16, String), Error> {
        let mut last = None;
        for _ in 0..3 {
            match self.once(job).await {
                Ok(answer) => return Ok(answer),
                Err(e) => {
                    retries.fetch_add(1, Ordering::Relaxed);
                    self.conn = None;
                    last = Some(e);
                }
            }
        }
        Err(last.expect("an error"))
    }
}

/// An answer (status and body, or why none came) and its time.
type Answer = (Result<(u16, String), String>, Duration);

/// Runs the jobs over `conns` kept-alive connections; answers in the jobs' order, each
/// with its time.
async fn http_all(
    addr: &str,
    jobs: Vec<Job>,
    conns: usize,
    retries: Arc<AtomicU64>,
) -> Vec<Answer> {
    let jobs = Arc::new(jobs);
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..conns.max(1) {
        let (jobs, next, retries) = (jobs.clone(), next.clone(), retries.clone());
        let addr = addr.to_string();
        tasks.push(tokio::spawn(async move {
            let mut http = Http { addr, conn: None };
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= jobs.len() {
                    break;
                }
                let t = Instant::now();
                let r = http
                    .request(&jobs[i], &retries)
                    .await
                    .map_err(|e| e.to_string());
                done.push((i, r, t.elapsed()));
            }
            done
        }));
    }
    let mut out: Vec<Option<Answer>> = (0..jobs.len()).map(|_| None).collect();
    for t in tasks {
        for (i, r, d) in t.await.expect("an HTTP task") {
            out[i] = Some((r, d));
        }
    }
    out.into_iter().map(|o| o.expect("every job ran")).collect()
}

// ---------------------------------------------------------------- the players

/// When a player's round is on, as instants: from `start`, words until `stop`.
#[derive(Clone, Copy)]
struct Window {
    start: Instant,
    stop: Instant,
}

#[derive(Default)]
struct Counters {
    connected: AtomicUsize,
    sent: AtomicU64,
    verdicts: AtomicU64,
}

/// What a player's task reports.
#[derive(Default)]
struct Report {
    connect_error: Option<String>,
    connect_time: Duration,
    /// (ms since the run's epoch when sent, latency in µs)
    latencies: Vec<(u32, u32)>,
    /// How late each send was against its schedule, in µs (the client's own lag).
    max_lag_us: u64,
    lag_over_100ms: u64,
    accepted: Vec<String>,
    verdicts: BTreeMap<String, u64>,
    errors: BTreeMap<String, u64>,
    found_mismatch: u64,
    unanswered: u64,
    room_messages: u64,
    room_bytes: u64,
    found_messages: u64,
    closed_early: Option<String>,
    sent: u64,
    /// The end of the player's round, in ms since the run's epoch (once started).
    round_end_ms: Option<u32>,
}

struct Player {
    code: String,
    id: String,
    token: String,
}

#[allow(clippy::too_many_arguments)]
async fn play(
    args: Arc<Args>,
    me: Arc<Player>,
    words: Arc<Vec<String>>,
    letters: Arc<Vec<char>>,
    window: oneshot::Receiver<Window>,
    mut finish: watch::Receiver<bool>,
    gate: Arc<Semaphore>,
    counters: Arc<Counters>,
    epoch: Instant,
    seed: u64,
) -> Report {
    let mut report = Report::default();
    let mut rng = Rng(seed);
    let url = format!(
        "ws://{}:{}/api/rooms/{}/live?token={}",
        args.host, args.port, me.code, me.token
    );
    let t = Instant::now();
    let permit = gate.acquire_owned().await.expect("the gate");
    let connected = async {
        let stream = TcpStream::connect((args.host.as_str(), args.port)).await?;
        stream.set_nodelay(true)?;
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0);
        let (mut ws, _) =
            tokio_tungstenite::client_async_with_config(url.as_str(), stream, Some(config)).await?;
        // The first message: the room.
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) if t.as_str().starts_with(r#"{"type":"room""#) => {}
            other => return Err::<_, Error>(format!("no room message first: {other:?}").into()),
        }
        Ok(ws)
    };
    let mut ws = match tokio::time::timeout(Duration::from_secs(60), connected).await {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => {
            report.connect_error = Some(e.to_string());
            return report;
        }
        Err(_) => {
            report.connect_error = Some("connect: timed out (60 s)".into());
            return report;
        }
    };
    drop(permit);
    report.connect_time = t.elapsed();
    report.room_messages += 1;
    counters.connected.fetch_add(1, Ordering::Relaxed);

    let interval = Duration::from_millis(args.interval_ms);
    let mut window = Some(window);
    let mut stop = None;
    let mut next_send: Option<Instant> = None;
    // (sent, scheduled)
    let mut pending: VecDeque<Instant> = VecDeque::new();
    let far = Instant::now() + Duration::from_secs(365 * 24 * 3600);
    loop {
        let sleep = tokio::time::sleep_until(next_send.unwrap_or(far).into());
        tokio::select! {
            biased;
            received = ws.next() => {
                let text = match received {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(c))) => {
                        report.closed_early = Some(format!("closed by the server: {c:?}"));
                        break;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        report.closed_early = Some(format!("error: {e}"));
                        break;
                    }
                    None => {
                        report.closed_early = Some("closed".into());
                        break;
                    }
                };
                let text = text.as_str();
                if text.starts_with(r#"{"type":"found""#) {
                    report.found_messages += 1;
                } else if text.starts_with(r#"{"type":"room""#)
                    // The end of the round: its results are asked for by GET (below).
                    || text.starts_with(r#"{"type":"results""#)
                {
                    report.room_messages += 1;
                    report.room_bytes += text.len() as u64;
                } else if text.starts_with(r#"{"type":"verdict""#)
                    // An error's keys come sorted: {"error":..,"status":..,"type":"error"}.
                    || text.contains(r#""type":"error""#)
                {
                    let now = Instant::now();
                    let Some(sent) = pending.pop_front() else {
                        *report.errors.entry("an answer to no word".into()).or_default() += 1;
                        continue;
                    };
                    let lat = now.duration_since(sent).as_micros().min(u32::MAX as u128) as u32;
                    let at = sent.duration_since(epoch).as_millis() as u32;
                    report.latencies.push((at, lat));
                    counters.verdicts.fetch_add(1, Ordering::Relaxed);
                    let v: Value = match serde_json::from_str(text) {
                        Ok(v) => v,
                        Err(e) => {
                            *report.errors.entry(format!("bad JSON: {e}")).or_default() += 1;
                            continue;
                        }
                    };
                    if v["type"] == "error" {
                        let key = format!("{} {}", v["status"], v["error"].as_str().unwrap_or(""));
                        *report.errors.entry(key).or_default() += 1;
                        continue;
                    }
                    let verdict = v["verdict"].as_str().unwrap_or("?").to_string();
                    if verdict == "correct" {
                        report.accepted.push(v["word"].as_str().unwrap_or("").to_string());
                    }
                    if v["found"].as_u64() != Some(report.accepted.len() as u64) {
                        report.found_mismatch += 1;
                    }
                    *report.verdicts.entry(verdict).or_default() += 1;
                } else {
                    *report.errors.entry(format!("unknown message: {:.60}", text)).or_default() += 1;
                }
            }
            _ = sleep, if next_send.is_some() => {
                let scheduled = next_send.expect("a send");
                let now = Instant::now();
                let lag = now.saturating_duration_since(scheduled).as_micros() as u64;
                report.max_lag_us = report.max_lag_us.max(lag);
                if lag > 100_000 {
                    report.lag_over_100ms += 1;
                }
                let word = if rng.unit() < args.real && !words.is_empty() {
                    words[rng.below(words.len() as u64) as usize].clone()
                } else {
                    let n = 4 + rng.below(4) as usize;
                    (0..n).map(|_| letters[rng.below(letters.len() as u64) as usize]).collect()
                };
                let message = json!({"type": "word", "word": word}).to_string();
                pending.push_back(Instant::now());
                report.sent += 1;
                counters.sent.fetch_add(1, Ordering::Relaxed);
                if let Err(e) = ws.send(Message::Text(message.into())).await {
                    report.closed_early = Some(format!("send: {e}"));
                    break;
                }
                let next = scheduled + interval;
                next_send = match stop {
                    Some(stop) if next < stop => Some(next),
                    _ => None,
                };
            }
            w = async { window.as_mut().expect("a window").await }, if window.is_some() => {
                window = None;
                if let Ok(w) = w {
                    stop = Some(w.stop);
                    let end = w.stop + Duration::from_millis(250);
                    report.round_end_ms = Some(end.duration_since(epoch).as_millis() as u32);
                    let first = w.start + Duration::from_micros(rng.below(interval.as_micros() as u64));
                    next_send = (first < w.stop).then_some(first);
                }
            }
            _ = finish.changed() => break,
        }
    }
    report.unanswered = pending.len() as u64;
    let _ = ws.close(None).await;
    report
}

// ---------------------------------------------------------------- the server's numbers

#[derive(Clone, Copy, Default)]
struct Sample {
    t: f64,
    rss_kb: u64,
    hwm_kb: u64,
    cpu_s: f64,
    threads: u64,
    self_cpu_s: f64,
    self_rss_kb: u64,
    load1: f64,
}

fn status_kb(text: &str, key: &str) -> u64 {
    text.lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// utime + stime of /proc/PID/stat, in seconds (100 ticks a second).
fn cpu_of(stat: &str) -> f64 {
    let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0);
    ticks as f64 / 100.0
}

fn sample(pid: Option<u32>, epoch: Instant) -> Sample {
    let mut s = Sample {
        t: epoch.elapsed().as_secs_f64(),
        ..Sample::default()
    };
    if let Some(pid) = pid {
        if let Ok(st) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            s.rss_kb = status_kb(&st, "VmRSS:");
            s.hwm_kb = status_kb(&st, "VmHWM:");
            s.threads = status_kb(&st, "Threads:");
        }
        if let Ok(st) = std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            s.cpu_s = cpu_of(&st);
        }
    }
    if let Ok(st) = std::fs::read_to_string("/proc/self/stat") {
        s.self_cpu_s = cpu_of(&st);
    }
    if let Ok(st) = std::fs::read_to_string("/proc/self/status") {
        s.self_rss_kb = status_kb(&st, "VmRSS:");
    }
    if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
        s.load1 = l
            .split_whitespace()
            .next()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
    }
    s
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

fn main() -> Result<(), Error> {
    let args = parse_args()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads.max(1))
        .enable_all()
        .build()?;
    runtime.block_on(run(args))
}

async fn run(args: Args) -> Result<(), Error> {
    let args = Arc::new(args);
    let epoch = Instant::now();
    let addr = format!("{}:{}", args.host, args.port);
    let retries = Arc::new(AtomicU64::new(0));
    let mut phases: Vec<(String, f64)> = Vec::new();
    let mut setup_errors: BTreeMap<String, u64> = BTreeMap::new();

    // The board's words, once.
    let solved = std::process::Command::new(&args.solver)
        .args([
            "solve",
            &args.board,
            "--format",
            "json",
            "--rules",
            &args.rules,
        ])
        .output()?;
    if !solved.status.success() {
        return Err(format!(
            "{} solve: {}",
            args.solver,
            String::from_utf8_lossy(&solved.stderr)
        )
        .into());
    }
    let solved: Value = serde_json::from_slice(&solved.stdout)?;
    let words: Vec<String> = solved["words"]
        .as_array()
        .ok_or("solve: no words")?
        .iter()
        .filter_map(|w| w["word"].as_str().map(str::to_lowercase))
        .collect();
    let letters: Vec<char> = args
        .board
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphabetic())
        .collect();
    println!(
        "room-load: board {} ({} words, rules {}); {} rooms x {} players, {} s rounds, a word every {} ms",
        args.board,
        words.len(),
        args.rules,
        args.rooms,
        args.players,
        args.seconds,
        args.interval_ms
    );
    let words = Arc::new(words);
    let letters = Arc::new(letters);

    // The sampler.
    let samples: Arc<Mutex<Vec<Sample>>> = Arc::new(Mutex::new(Vec::new()));
    let counters = Arc::new(Counters::default());
    let (stop_sampling, mut sampling_stopped) = watch::channel(false);
    let sampler = {
        let (samples, counters, pid) = (samples.clone(), counters.clone(), args.pid);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            let mut n = 0u64;
            loop {
                tokio::select! {
                    _ = tick.tick() => {}
                    _ = sampling_stopped.changed() => break,
                }
                let s = sample(pid, epoch);
                samples.lock().unwrap().push(s);
                if n.is_multiple_of(10) {
                    println!(
                        "  t={:6.1}s server rss {:7.1} MB hwm {:7.1} MB cpu {:7.1} s | client cpu {:6.1} s rss {:6.1} MB | load {:.2} | live {} sent {} verdicts {}",
                        s.t,
                        s.rss_kb as f64 / 1024.0,
                        s.hwm_kb as f64 / 1024.0,
                        s.cpu_s,
                        s.self_cpu_s,
                        s.self_rss_kb as f64 / 1024.0,
                        s.load1,
                        counters.connected.load(Ordering::Relaxed),
                        counters.sent.load(Ordering::Relaxed),
                        counters.verdicts.load(Ordering::Relaxed),
                    );
                }
                n += 1;
            }
        })
    };
    let start_sample = sample(args.pid, epoch);

    // 1. Open the rooms.
    let t = Instant::now();
    let body =
        json!({"name": "host", "board": args.board, "rules": args.rules, "timer": args.seconds})
            .to_string();
    let jobs = (0..args.rooms)
        .map(|_| Job {
            method: "POST",
            path: "/api/rooms".into(),
            token: None,
            body: Some(body.clone()),
        })
        .collect();
    let mut rooms: Vec<Vec<Arc<Player>>> = Vec::new();
    for (r, _) in http_all(&addr, jobs, args.http_conns, retries.clone()).await {
        match r {
            Ok((200, text)) => {
                let v: Value = serde_json::from_str(&text)?;
                rooms.push(vec![Arc::new(Player {
                    code: v["code"].as_str().unwrap_or("").into(),
                    id: v["player"].as_str().unwrap_or("").into(),
                    token: v["token"].as_str().unwrap_or("").into(),
                })]);
            }
            Ok((status, text)) => {
                *setup_errors
                    .entry(format!("open {status}: {text:.80}"))
                    .or_default() += 1
            }
            Err(e) => *setup_errors.entry(format!("open: {e}")).or_default() += 1,
        }
    }
    phases.push((
        format!("open {} rooms", rooms.len()),
        t.elapsed().as_secs_f64(),
    ));

    // 2. Join the others.
    let t = Instant::now();
    let mut jobs = Vec::new();
    let mut of = Vec::new();
    for (i, room) in rooms.iter().enumerate() {
        for k in 2..=args.players {
            jobs.push(Job {
                method: "POST",
                path: format!("/api/rooms/{}/join", room[0].code),
                token: None,
                body: Some(json!({ "name": format!("player {k}") }).to_string()),
            });
            of.push(i);
        }
    }
    let joined = http_all(&addr, jobs, args.http_conns, retries.clone()).await;
    for ((r, _), i) in joined.into_iter().zip(of) {
        match r {
            Ok((200, text)) => {
                let v: Value = serde_json::from_str(&text)?;
                let code = rooms[i][0].code.clone();
                rooms[i].push(Arc::new(Player {
                    code,
                    id: v["player"].as_str().unwrap_or("").into(),
                    token: v["token"].as_str().unwrap_or("").into(),
                }));
            }
            Ok((status, text)) => {
                *setup_errors
                    .entry(format!("join {status}: {text:.80}"))
                    .or_default() += 1
            }
            Err(e) => *setup_errors.entry(format!("join: {e}")).or_default() += 1,
        }
    }
    let players: usize = rooms.iter().map(Vec::len).sum();
    phases.push((
        format!("join ({players} players)"),
        t.elapsed().as_secs_f64(),
    ));

    // 3. Connect every player.
    let t = Instant::now();
    let gate = Arc::new(Semaphore::new(args.ws_parallel.max(1)));
    let (finish, finished) = watch::channel(false);
    let mut windows: Vec<Vec<oneshot::Sender<Window>>> = Vec::new();
    let mut tasks = Vec::new();
    let mut seeder = Rng(args.seed);
    for room in &rooms {
        let mut senders = Vec::new();
        for p in room {
            let (tx, rx) = oneshot::channel();
            senders.push(tx);
            tasks.push((
                p.clone(),
                tokio::spawn(play(
                    args.clone(),
                    p.clone(),
                    words.clone(),
                    letters.clone(),
                    rx,
                    finished.clone(),
                    gate.clone(),
                    counters.clone(),
                    epoch,
                    seeder.next(),
                )),
            ));
        }
        windows.push(senders);
    }
    // Until all are connected, or failed (a failed task has ended).
    let connect_deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let up = counters.connected.load(Ordering::Relaxed);
        let ended = tasks.iter().filter(|(_, t)| t.is_finished()).count();
        if up + ended >= tasks.len() || Instant::now() > connect_deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let live = counters.connected.load(Ordering::Relaxed);
    phases.push((format!("connect ({live} live)"), t.elapsed().as_secs_f64()));
    let connected_sample = sample(args.pid, epoch);

    // 4. Start every room.
    let t = Instant::now();
    let mut rng = Rng(args.seed ^ 0x5555);
    let jobs = rooms
        .iter()
        .map(|room| Job {
            method: "POST",
            path: format!("/api/rooms/{}/start", room[0].code),
            token: Some(room[0].token.clone()),
            body: Some(json!({"countdown": rng.below(args.countdown + 1)}).to_string()),
        })
        .collect();
    let started = http_all(&addr, jobs, args.http_conns, retries.clone()).await;
    let mut last_end = Instant::now();
    let mut first_start: Option<Instant> = None;
    for ((r, _), senders) in started.into_iter().zip(windows) {
        match r {
            Ok((200, text)) => {
                let v: Value = serde_json::from_str(&text)?;
                let ends_ms = v["ends_at_ms"].as_u64().unwrap_or(0);
                let starts_ms = ends_ms.saturating_sub(args.seconds * 1000);
                let w = Window {
                    start: instant_of(starts_ms),
                    // The last word leaves 250 ms before the end (the server's grace
                    // of 2 s covers the delay; this keeps the round's edge out of it).
                    stop: instant_of(ends_ms.saturating_sub(250)),
                };
                last_end = last_end.max(instant_of(ends_ms));
                first_start = Some(first_start.map_or(w.start, |f| f.min(w.start)));
                for s in senders {
                    let _ = s.send(w);
                }
            }
            Ok((status, text)) => {
                *setup_errors
                    .entry(format!("start {status}: {text:.80}"))
                    .or_default() += 1
            }
            Err(e) => *setup_errors.entry(format!("start: {e}")).or_default() += 1,
        }
    }
    phases.push(("start every room".into(), t.elapsed().as_secs_f64()));

    // 5. The rounds; then the results, once every round's grace is over.
    let round_began = sample(args.pid, epoch);
    let t = Instant::now();
    let results_at = last_end + Duration::from_millis(2000 + 1500);
    tokio::time::sleep_until(results_at.into()).await;
    let round_ended = sample(args.pid, epoch);
    phases.push((
        "rounds (last end + grace)".into(),
        t.elapsed().as_secs_f64(),
    ));

    let t = Instant::now();
    let jobs = rooms
        .iter()
        .map(|room| Job {
            method: "GET",
            path: format!("/api/rooms/{}", room[0].code),
            token: Some(room[0].token.clone()),
            body: None,
        })
        .collect();
    let views = http_all(&addr, jobs, args.http_conns, retries.clone()).await;
    let mut view_times: Vec<u32> = views.iter().map(|(_, d)| d.as_micros() as u32).collect();
    view_times.sort_unstable();
    let mut results: HashMap<(String, String), HashSet<String>> = HashMap::new();
    let mut not_results = 0u64;
    let mut view_bytes = 0u64;
    for ((r, _), room) in views.into_iter().zip(&rooms) {
        match r {
            Ok((200, text)) => {
                view_bytes += text.len() as u64;
                let v: Value = serde_json::from_str(&text)?;
                if v["phase"] != "results" {
                    not_results += 1;
                }
                for p in v["players"].as_array().into_iter().flatten() {
                    let id = p["player"].as_str().unwrap_or("").to_string();
                    let list: HashSet<String> = p["words"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|w| w["word"].as_str().map(str::to_uppercase))
                        .collect();
                    results.insert((room[0].code.clone(), id), list);
                }
            }
            Ok((status, text)) => {
                *setup_errors
                    .entry(format!("view {status}: {text:.80}"))
                    .or_default() += 1
            }
            Err(e) => *setup_errors.entry(format!("view: {e}")).or_default() += 1,
        }
    }
    phases.push((
        "fetch every room's results".into(),
        t.elapsed().as_secs_f64(),
    ));

    // 6. Close, gather, check.
    let _ = finish.send(true);
    let mut reports = Vec::new();
    for (p, task) in tasks {
        reports.push((p, task.await?));
    }
    let end_sample = sample(args.pid, epoch);
    let _ = stop_sampling.send(true);
    let _ = sampler.await;

    let mut all: Vec<u32> = Vec::new();
    let mut by_window: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    // The verdicts of words sent in the last 10 s of their own room's round.
    let mut last_10s: Vec<u32> = Vec::new();
    let mut verdicts: BTreeMap<String, u64> = BTreeMap::new();
    let mut errors: BTreeMap<String, u64> = BTreeMap::new();
    let (mut accepted, mut missing, mut extra, mut mismatch, mut unanswered) = (0, 0, 0, 0, 0);
    let (mut room_msgs, mut room_bytes, mut found_msgs, mut sent) = (0, 0, 0, 0);
    let (mut max_lag, mut late_sends) = (0u64, 0u64);
    let mut connect_errors: BTreeMap<String, u64> = BTreeMap::new();
    let mut closed: BTreeMap<String, u64> = BTreeMap::new();
    let mut connect_times: Vec<u32> = Vec::new();
    let base = first_start.map_or(0, |f| f.duration_since(epoch).as_millis() as u32);
    for (p, r) in &reports {
        if let Some(e) = &r.connect_error {
            *connect_errors.entry(format!("{e:.100}")).or_default() += 1;
            continue;
        }
        connect_times.push(r.connect_time.as_micros() as u32);
        if let Some(e) = &r.closed_early {
            *closed.entry(format!("{e:.100}")).or_default() += 1;
        }
        for &(at, lat) in &r.latencies {
            all.push(lat);
            if r.round_end_ms.is_some_and(|end| at + 10_000 >= end) {
                last_10s.push(lat);
            }
            by_window
                .entry(at.saturating_sub(base) / 10_000)
                .or_default()
                .push(lat);
        }
        for (k, v) in &r.verdicts {
            *verdicts.entry(k.clone()).or_default() += v;
        }
        for (k, v) in &r.errors {
            *errors.entry(k.clone()).or_default() += v;
        }
        mismatch += r.found_mismatch;
        unanswered += r.unanswered;
        room_msgs += r.room_messages;
        room_bytes += r.room_bytes;
        found_msgs += r.found_messages;
        sent += r.sent;
        max_lag = max_lag.max(r.max_lag_us);
        late_sends += r.lag_over_100ms;
        let list = results.get(&(p.code.clone(), p.id.clone()));
        let mine: HashSet<String> = r.accepted.iter().map(|w| w.to_uppercase()).collect();
        accepted += mine.len() as u64;
        match list {
            Some(list) => {
                missing += mine.difference(list).count() as u64;
                extra += list.difference(&mine).count() as u64;
            }
            None => missing += mine.len() as u64,
        }
    }
    all.sort_unstable();
    last_10s.sort_unstable();
    connect_times.sort_unstable();

    let samples = samples.lock().unwrap().clone();
    let peak_rss = samples.iter().map(|s| s.rss_kb).max().unwrap_or(0);
    let hwm = end_sample.hwm_kb.max(round_ended.hwm_kb);
    let round_wall = round_ended.t - round_began.t;
    let server_cpu_round = round_ended.cpu_s - round_began.cpu_s;
    let client_cpu_round = round_ended.self_cpu_s - round_began.self_cpu_s;
    let loads: Vec<f64> = samples
        .iter()
        .filter(|s| s.t >= round_began.t && s.t <= round_ended.t)
        .map(|s| s.load1)
        .collect();
    let load_mean = loads.iter().sum::<f64>() / loads.len().max(1) as f64;
    let load_max = loads.iter().cloned().fold(0.0, f64::max);

    println!("\nphases:");
    for (name, secs) in &phases {
        println!("  {name:40} {secs:8.1} s");
    }
    println!(
        "\nverdicts: {} timed of {} sent ({} unanswered); p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms",
        all.len(),
        sent,
        unanswered,
        percentile(&all, 50.0),
        percentile(&all, 95.0),
        percentile(&all, 99.0),
        percentile(&all, 99.9),
        percentile(&all, 100.0)
    );
    println!("  by verdict: {verdicts:?}");
    println!(
        "  sent in the last 10 s of their room's round: {}; p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        last_10s.len(),
        percentile(&last_10s, 50.0),
        percentile(&last_10s, 95.0),
        percentile(&last_10s, 99.0),
        percentile(&last_10s, 100.0)
    );
    println!("  by 10 s of the round (from the first start): window: n, p50, p99, max (ms)");
    for (w, lats) in &mut by_window {
        lats.sort_unstable();
        println!(
            "    {:4}-{:<4}s {:7} {:7.2} {:7.2} {:8.2}",
            w * 10,
            w * 10 + 10,
            lats.len(),
            percentile(lats, 50.0),
            percentile(lats, 99.0),
            percentile(lats, 100.0)
        );
    }
    println!(
        "  client lag: max {:.1} ms behind schedule, {} sends over 100 ms late",
        max_lag as f64 / 1000.0,
        late_sends
    );
    println!(
        "results: {} accepted words; {} not in their player's results, {} in the results but not accepted; {} found counts off; {} rooms not in results when fetched; {:.1} KB a view",
        accepted,
        missing,
        extra,
        mismatch,
        not_results,
        view_bytes as f64 / rooms.len().max(1) as f64 / 1024.0
    );
    println!(
        "results fetch ({} views over {} connections): p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        view_times.len(),
        args.http_conns,
        percentile(&view_times, 50.0),
        percentile(&view_times, 95.0),
        percentile(&view_times, 99.0),
        percentile(&view_times, 100.0)
    );
    println!(
        "pushed: {room_msgs} room messages ({:.1} MB), {found_msgs} found messages",
        room_bytes as f64 / 1048576.0
    );
    println!(
        "connect: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        percentile(&connect_times, 50.0),
        percentile(&connect_times, 99.0),
        percentile(&connect_times, 100.0)
    );
    println!("errors: setup {setup_errors:?}; connect {connect_errors:?}; closed early {closed:?}; in verdicts {errors:?}; HTTP retries {}", retries.load(Ordering::Relaxed));
    if args.pid.is_some() {
        println!(
            "server: VmHWM {:.1} MB, peak sampled VmRSS {:.1} MB (start {:.1} MB, all connected {:.1} MB, round end {:.1} MB, end {:.1} MB); {} threads",
            hwm as f64 / 1024.0,
            peak_rss as f64 / 1024.0,
            start_sample.rss_kb as f64 / 1024.0,
            connected_sample.rss_kb as f64 / 1024.0,
            round_ended.rss_kb as f64 / 1024.0,
            end_sample.rss_kb as f64 / 1024.0,
            end_sample.threads
        );
        println!(
            "server CPU during the rounds: {:.1} s in {:.1} s = {:.0}% of one core; whole run {:.1} s",
            server_cpu_round,
            round_wall,
            100.0 * server_cpu_round / round_wall.max(1e-9),
            end_sample.cpu_s - start_sample.cpu_s
        );
    }
    println!(
        "client CPU during the rounds: {:.1} s = {:.0}% of one core; client RSS at end {:.1} MB; load average (1 min) during the rounds: mean {:.2}, max {:.2}",
        client_cpu_round,
        100.0 * client_cpu_round / round_wall.max(1e-9),
        end_sample.self_rss_kb as f64 / 1024.0,
        load_mean,
        load_max
    );

    if let Some(path) = &args.json {
        let summary = json!({
            "args": format!("{:?}", args),
            "phases": phases,
            "verdicts_timed": all.len(),
            "sent": sent,
            "unanswered": unanswered,
            "latency_ms": {
                "p50": percentile(&all, 50.0), "p95": percentile(&all, 95.0),
                "p99": percentile(&all, 99.0), "p999": percentile(&all, 99.9),
                "max": percentile(&all, 100.0),
            },
            "by_verdict": verdicts,
            "last_10s_ms": {
                "n": last_10s.len(), "p50": percentile(&last_10s, 50.0),
                "p95": percentile(&last_10s, 95.0), "p99": percentile(&last_10s, 99.0),
                "max": percentile(&last_10s, 100.0),
            },
            "results_fetch_ms": {
                "n": view_times.len(), "p50": percentile(&view_times, 50.0),
                "p95": percentile(&view_times, 95.0), "p99": percentile(&view_times, 99.0),
                "max": percentile(&view_times, 100.0),
            },
            "windows": by_window.iter().map(|(w, l)| json!({
                "from_s": w * 10, "n": l.len(), "p50": percentile(l, 50.0),
                "p99": percentile(l, 99.0), "max": percentile(l, 100.0)})).collect::<Vec<_>>(),
            "accepted": accepted, "missing": missing, "extra": extra,
            "found_mismatch": mismatch, "not_results": not_results,
            "errors": {"setup": setup_errors, "connect": connect_errors, "closed": closed, "verdict": errors},
            "server": {"hwm_mb": hwm as f64 / 1024.0, "peak_rss_mb": peak_rss as f64 / 1024.0,
                       "connected_rss_mb": connected_sample.rss_kb as f64 / 1024.0,
                       "cpu_round_s": server_cpu_round, "round_wall_s": round_wall},
            "client": {"cpu_round_s": client_cpu_round, "max_lag_ms": max_lag as f64 / 1000.0},
            "load": {"mean": load_mean, "max": load_max},
            "samples": samples.iter().map(|s| json!([s.t, s.rss_kb, s.hwm_kb, s.cpu_s, s.self_cpu_s, s.load1])).collect::<Vec<_>>(),
        });
        std::fs::write(path, serde_json::to_string_pretty(&summary)?)?;
    }
    Ok(())
}

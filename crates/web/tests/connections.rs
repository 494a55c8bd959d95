//! The server's connections on a loopback port: stalled clients are closed in time and
//! cannot lock others out.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use crate::common::{app, post, BOARD};
use polyboggle_web::{serve_within, App, Dictionaries, Limits};
use serde_json::json;

/// of its own; stops when dropped.
struct Local {
    address: std::net::SocketAddr,
    _runtime: tokio::runtime::Runtime,
}

impl Local {
    fn start(limits: Limits) -> Local {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let address = listener.local_addr().unwrap();
        runtime.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let app = Arc::new(App::new(Dictionaries::builtin()));
            serve_within(listener, app, limits).await
        });
        Local {
            address,
            _runtime: runtime,
        }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream
    }
}

/// Reads one HTTP/1.1 answer with a `Content-Length` from a kept-alive connection.
fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap();
        }
        head.push_str(&line);
        if line == "\r\n" || line.is_empty() {
            break;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, String::from_utf8(body).unwrap())
}

/// How long until the server closes `stream` (reading and dropping whatever it sends),
/// or `None` if it is still open after `bound`.
fn closed_within(stream: &mut TcpStream, bound: Duration) -> Option<Duration> {
    let start = std::time::Instant::now();
    let mut buf = [0; 1024];
    loop {
        let left = bound.checked_sub(start.elapsed())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        match stream.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(start.elapsed())
            }
            Err(_) => return None,
        }
    }
}

#[test]
fn stalled_connections_are_closed() {
    let limits = Limits {
        header_time: Duration::from_secs(2),
        idle_time: Duration::from_secs(1),
        max_connections: 64,
    };
    let server = Local::start(limits);
    let bound = Duration::from_secs(8);
    std::thread::scope(|scope| {
        // A client that connects and sends nothing: closed once idle.
        let silent = scope.spawn(|| closed_within(&mut server.connect(), bound));
        // One that sends its headers a line every 250 ms, never idle: closed when the
        // time for the head is up.
        let trickle = scope.spawn(|| {
            let mut stream = server.connect();
            let mut writer = stream.try_clone().unwrap();
            writer.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
            let stop = std::sync::atomic::AtomicBool::new(false);
            std::thread::scope(|inner| {
                inner.spawn(|| {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(250));
                        if writer.write_all(b"X-Slow: 1\r\n").is_err() {
                            break;
                        }
                    }
                });
                let closed = closed_within(&mut stream, bound);
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                closed
            })
        });
        // A kept-alive connection: two requests answered, then closed once idle.
        let kept = scope.spawn(|| {
            let mut stream = server.connect();
            for _ in 0..2 {
                stream
                    .write_all(b"GET /api/dicts HTTP/1.1\r\nHost: x\r\n\r\n")
                    .unwrap();
                let (status, body) = read_answer(&mut stream);
                assert_eq!((status, body.contains("enable2k")), (200, true), "{body}");
                std::thread::sleep(Duration::from_millis(300));
            }
            closed_within(&mut stream, bound)
        });
        let silent = silent.join().unwrap().expect("a silent client is closed");
        let trickle = trickle.join().unwrap().expect("a slow head is cut off");
        let kept = kept
            .join()
            .unwrap()
            .expect("an idle kept-alive one is closed");
        // Lower bounds: no limit fires early (the trickle outlives the idle time, so the
        // head's time cut it off). Upper bounds leave room for a busy machine.
        let one = Duration::from_millis(900);
        assert!(
            silent >= one && silent < Duration::from_secs(6),
            "{silent:?}"
        );
        assert!(
            trickle >= Duration::from_millis(1900) && trickle < Duration::from_secs(7),
            "{trickle:?}"
        );
        assert!(
            kept >= Duration::from_millis(500) && kept < Duration::from_secs(6),
            "{kept:?}"
        );
    });
}

#[test]
fn stalled_connections_cannot_lock_others_out() {
    // Timeouts far beyond the test: only the cap on connections frees them here.
    let limits = Limits {
        header_time: Duration::from_secs(120),
        idle_time: Duration::from_secs(120),
        max_connections: 16,
    };
    let server = Local::start(limits);
    let mut stalled: Vec<TcpStream> = (0..200)
        .map(|i| {
            let mut stream = server.connect();
            if i % 2 == 0 {
                stream.write_all(b"POST /api/solve HTTP/1.1\r\nHo").unwrap();
            }
            stream
        })
        .collect();
    // Every new client is still answered, at once.
    // The answer the router gives in-process.
    let expected = post(&app(), "/api/solve", json!({"board": BOARD})).body;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        let mut stream = server.connect();
        let body = json!({"board": BOARD}).to_string();
        write!(
            stream,
            "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        assert_eq!(read_answer(&mut stream), (200, expected.clone()));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }
    // The server holds at most 16: the others were closed to make room.
    std::thread::sleep(Duration::from_millis(300));
    let mut open = 0;
    for stream in &mut stalled {
        if closed_within(stream, Duration::from_millis(5)).is_none() {
            open += 1;
        }
    }
    assert!(open <= 16, "{open} stalled connections still open");
}

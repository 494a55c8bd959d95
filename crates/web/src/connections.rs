//! Connections: the accept loop, and the limits that keep stalled clients from holding
//! the server.
//!
//! A request's own time is bounded by the router ([`crate::REQUEST_TIME_LIMIT`], a body
//! that never comes included). What happens before a request and between requests is
//! bounded here, by [`Limits`]:
//! - the request head (request line and headers) must arrive within
//!   [`Limits::header_time`] of the server starting to wait for it (hyper's header-read
//!   timeout), so a client that sends its headers a byte at a time is cut off;
//! - a connection with no request running that reads and writes nothing for
//!   [`Limits::idle_time`] is closed: one that never sends anything, a kept-alive one
//!   nobody uses, one whose client stopped reading its answer;
//! - at most [`Limits::max_connections`] are open at once. When a new one comes and the
//!   server is full, the connection that has been quiet longest, and is not running a
//!   request, is closed to make room; so stalled clients cannot lock others out even
//!   before their time is up. Only when every open connection is running a request does
//!   the new one wait (in the kernel's queue) for a slot.
//!
//! [`serve_until`] stops gracefully: when its `shutdown` future ends it stops accepting
//! (the listener is closed), lets each connection finish the request it is running
//! and closes it (hyper's graceful shutdown), and returns once every connection has
//! closed or `drain` has passed, saying how many were still open.

use std::future::Future;
use std::io;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify};
use tower::ServiceExt;

/// The bounds on connections (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a client has to send a request's head, from when the server starts
    /// waiting for it (the connection opened, or the previous answer was sent).
    pub header_time: Duration,
    /// How long a connection running no request may read and write nothing.
    pub idle_time: Duration,
    /// The most connections open at once.
    pub max_connections: usize,
}

impl Default for Limits {
    /// 10 s for the head, 5 s idle (Apache's keep-alive default), 512 connections (well
    /// under the usual limit of 1024 open files).
    fn default() -> Limits {
        Limits {
            header_time: Duration::from_secs(10),
            idle_time: Duration::from_secs(5),
            max_connections: 512,
        }
    }
}

/// Serves `router` on `listener` within `limits`, until the process ends.
pub async fn serve(listener: TcpListener, router: Router, limits: Limits) -> io::Result<()> {
    serve_until(
        listener,
        router,
        limits,
        std::future::pending(),
        Duration::ZERO,
    )
    .await?;
    Ok(())
}

/// How a graceful stop went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drained {
    /// Connections still open (running a request) when the time to drain ran out;
    /// they are dropped with the runtime.
    pub cut: usize,
    /// How long the connections took to close.
    pub took: Duration,
}

/// Serves `router` on `listener` within `limits` until `shutdown` ends; then stops
/// accepting, lets the requests running finish, closes every connection, and returns
/// once none is open or `drain` has passed.
pub async fn serve_until(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
    drain: Duration,
) -> io::Result<Drained> {
    let open = Arc::new(Open::default());
    let epoch = Instant::now();
    let (stop, stopping) = watch::channel(false);
    let mut shutdown = pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted:
            // wait a little rather than spin, and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        tokio::select! {
            _ = &mut shutdown => break,
            _ = open.make_room(limits.max_connections) => {}
        }
        let connection = Arc::new(Connection::new(epoch));
        open.list().push(connection.clone());
        let open = open.clone();
        let router = router.clone();
        let stopping = stopping.clone();
        tokio::spawn(async move {
            run(stream, connection.clone(), router, limits, stopping).await;
            open.remove(&connection);
        });
    }
    drop(listener);
    let began = Instant::now();
    let _ = stop.send(true);
    let deadline = tokio::time::Instant::now() + drain;
    loop {
        let freed = open.freed.notified();
        if open.list().is_empty() {
            break;
        }
        if tokio::time::timeout_at(deadline, freed).await.is_err() {
            break;
        }
    }
    let cut = open.list().len();
    Ok(Drained {
        cut,
        took: began.elapsed(),
    })
}

/// Serves one connection until it ends, breaks a limit, or is closed to make room; once
/// `stopping`, it finishes the request it is running and closes.
async fn run(
    stream: TcpStream,
    connection: Arc<Connection>,
    router: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    // Answers go out whole (hyper writes head and body together); no reason to wait.
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Watched {
        stream,
        connection: connection.clone(),
    });
    let running = connection.clone();
    let service = service_fn(move |request: Request<Incoming>| {
        let router = router.clone();
        let busy = Busy::new(running.clone());
        async move {
            let response = router.oneshot(request.map(Body::new)).await;
            drop(busy);
            response
        }
    });
    let http = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_time)
        .serve_connection(io, service)
        // A room's live connection (a WebSocket) takes the connection over: it then
        // leaves these limits, its own task keeping it.
        .with_upgrades();
    let mut http = pin!(http);
    tokio::select! {
        _ = http.as_mut() => return,
        _ = connection.close.notified() => return,
        _ = connection.idle(limits.idle_time) => return,
        _ = stopping.wait_for(|&stop| stop) => {}
    }
    // The server is stopping: the request running (if any) is answered, then the
    // connection closes; one waiting for a request closes now.
    http.as_mut().graceful_shutdown();
    tokio::select! {
        _ = http => {}
        _ = connection.close.notified() => {}
    }
}

/// The connections open now.
#[derive(Default)]
struct Open {
    list: Mutex<Vec<Arc<Connection>>>,
    /// Told when a connection ends.
    freed: Notify,
}

impl Open {
    fn list(&self) -> MutexGuard<'_, Vec<Arc<Connection>>> {
        self.list.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn remove(&self, connection: &Arc<Connection>) {
        self.list().retain(|c| !Arc::ptr_eq(c, connection));
        self.freed.notify_waiters();
    }

    /// Returns once fewer than `max` connections are open, closing the quietest one
    /// running no request if need be.
    async fn make_room(&self, max: usize) {
        loop {
            let freed = self.freed.notified();
            {
                let mut list = self.list();
                if list.len() < max {
                    return;
                }
                let quietest = (0..list.len())
                    .filter(|&i| list[i].busy.load(Ordering::Acquire) == 0)
                    .min_by_key(|&i| list[i].last.load(Ordering::Relaxed));
                if let Some(i) = quietest {
                    list.swap_remove(i).close.notify_one();
                    return;
                }
            }
            // Every connection is running a request: wait for one to end.
            freed.await;
        }
    }
}

/// One open connection: when it last read or wrote, and whether a request is running.
struct Connection {
    epoch: Instant,
    /// Milliseconds from `epoch` to the last byte read or written.
    last: AtomicU64,
    /// Requests running (0 or 1 on HTTP/1.1).
    busy: AtomicUsize,
    /// Told when the connection is to be closed to make room.
    close: Notify,
}

impl Connection {
    fn new(epoch: Instant) -> Connection {
        let connection = Connection {
            epoch,
            last: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
            close: Notify::new(),
        };
        connection.touch();
        connection
    }

    fn touch(&self) {
        let ms = self.epoch.elapsed().as_millis() as u64;
        self.last.store(ms, Ordering::Relaxed);
    }

    fn quiet_since(&self) -> Instant {
        self.epoch + Duration::from_millis(self.last.load(Ordering::Relaxed))
    }

    /// Returns once the connection has run no request and moved no byte for `limit`.
    async fn idle(&self, limit: Duration) {
        loop {
            let deadline = self.quiet_since() + limit;
            let now = Instant::now();
            if now >= deadline && self.busy.load(Ordering::Acquire) == 0 {
                return;
            }
            let wake = if now >= deadline {
                now + limit
            } else {
                deadline
            };
            tokio::time::sleep_until(wake.into()).await;
        }
    }
}

/// A request running on a connection, from its head to its answer.
struct Busy(Arc<Connection>);

impl Busy {
    fn new(connection: Arc<Connection>) -> Busy {
        connection.busy.fetch_add(1, Ordering::AcqRel);
        Busy(connection)
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.touch();
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A stream that notes when it last read or wrote a byte.
struct Watched {
    stream: TcpStream,
    connection: Arc<Connection>,
}

impl Watched {
    fn moved<T>(&self, poll: Poll<io::Result<T>>, moved: bool) -> Poll<io::Result<T>> {
        if moved {
            self.connection.touch();
        }
        poll
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let poll = Pin::new(&mut this.stream).poll_read(cx, buf);
        let moved = matches!(poll, Poll::Ready(Ok(()))) && buf.filled().len() > before;
        this.moved(poll, moved)
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        let moved = matches!(poll, Poll::Ready(Ok(n)) if n > 0);
        this.moved(poll, moved)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        let moved = matches!(poll, Poll::Ready(Ok(n)) if n > 0);
        this.moved(poll, moved)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

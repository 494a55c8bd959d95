//! [`Fills`]: the server's fills in progress (`POST /api/crossword/fills`), each on a
//! thread of its own with a stop flag, its progress and then its result kept by id for
//! a while. At most a few run at once (one a core); a finished one is forgotten
//! [`FILL_KEPT`] after it ended.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::{FillJob, FillProgress};
use crate::ApiError;

/// How long a finished fill's result is kept.
pub const FILL_KEPT: Duration = Duration::from_secs(300);
/// The most fills kept, running or finished.
pub const MAX_FILLS: usize = 64;

enum State {
    Running(FillProgress),
    Done(Value),
    Failed(ApiError),
    Stopped,
}

struct Fill {
    stop: AtomicBool,
    state: Mutex<State>,
    ended: Mutex<Option<Instant>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The fills, by id.
pub struct Fills {
    fills: Mutex<HashMap<String, Arc<Fill>>>,
    max_running: usize,
}

impl Default for Fills {
    /// As many running at once as the machine has cores.
    fn default() -> Fills {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Fills::new(cores)
    }
}

impl Fills {
    /// At most `max_running` fills running at once.
    pub fn new(max_running: usize) -> Fills {
        Fills {
            fills: Mutex::new(HashMap::new()),
            max_running: max_running.max(1),
        }
    }

    /// Starts `job` on a thread of its own; its id. 503 when [`Fills::new`]'s number
    /// are running, or [`MAX_FILLS`] are kept.
    pub fn start(&self, job: FillJob) -> Result<String, ApiError> {
        let mut fills = lock(&self.fills);
        fills.retain(|_, f| lock(&f.ended).is_none_or(|t| t.elapsed() < FILL_KEPT));
        let running = fills.values().filter(|f| lock(&f.ended).is_none()).count();
        if running >= self.max_running || fills.len() >= MAX_FILLS {
            return Err(ApiError::unavailable(
                format!(
                    "{running} fills are running (at most {}): try again soon",
                    self.max_running
                ),
                5,
            ));
        }
        // An id nobody guesses: whoever started a fill alone may watch or stop it.
        let mut bytes = [0u8; 12];
        getrandom::fill(&mut bytes)
            .map_err(|e| ApiError::new(500, format!("no random bytes for a fill's id: {e}")))?;
        let id: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let fill = Arc::new(Fill {
            stop: AtomicBool::new(false),
            state: Mutex::new(State::Running(FillProgress::default())),
            ended: Mutex::new(None),
        });
        fills.insert(id.clone(), Arc::clone(&fill));
        drop(fills);
        std::thread::Builder::new()
            .name(format!("fill {id}"))
            .spawn(move || {
                let run = || {
                    job.run(&mut |p| {
                        if let State::Running(progress) = &mut *lock(&fill.state) {
                            *progress = *p;
                        }
                        if fill.stop.load(Ordering::Relaxed) {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(())
                        }
                    })
                };
                // A fill that panicked has failed; it is not left running for ever.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
                    .unwrap_or_else(|_| Err(ApiError::new(500, "the fill failed")));
                let mut state = lock(&fill.state);
                if !matches!(*state, State::Stopped) {
                    *state = match result {
                        Ok(text) => {
                            State::Done(serde_json::from_str(&text).expect("a fill's JSON"))
                        }
                        Err(e) if e.status == 409 => State::Stopped,
                        Err(e) => State::Failed(e),
                    };
                }
                drop(state);
                *lock(&fill.ended) = Some(Instant::now());
            })
            .map_err(|e| ApiError::new(500, format!("no thread for the fill: {e}")))?;
        Ok(id)
    }

    fn get(&self, id: &str) -> Result<Arc<Fill>, ApiError> {
        lock(&self.fills).get(id).cloned().ok_or_else(|| {
            ApiError::new(
                404,
                format!(
                    "no fill '{id}' (a finished one is kept {} s)",
                    FILL_KEPT.as_secs()
                ),
            )
        })
    }

    /// The fill `id`: `{"state": "running", "attempts", "restarts", "seconds"}`, `{"state":
    /// "done", "result": FILL}`, `{"state": "failed", "error", "at"}` or `{"state":
    /// "stopped"}`.
    pub fn view(&self, id: &str) -> Result<String, ApiError> {
        let fill = self.get(id)?;
        let state = lock(&fill.state);
        let value = match &*state {
            State::Running(p) => json!({
                "state": "running", "attempts": p.attempts, "restarts": p.restarts,
                "seconds": p.seconds,
            }),
            State::Done(result) => json!({"state": "done", "result": result}),
            State::Failed(e) => {
                let mut v = json!({"state": "failed", "error": e.message});
                if let Some(at) = &e.at {
                    v["at"] = at.to_json();
                }
                v
            }
            State::Stopped => json!({"state": "stopped"}),
        };
        Ok(value.to_string())
    }

    /// Stops the fill `id` (it ends within about 250 ms); a finished one is forgotten.
    /// Answers its view.
    pub fn stop(&self, id: &str) -> Result<String, ApiError> {
        let fill = self.get(id)?;
        fill.stop.store(true, Ordering::Relaxed);
        {
            let mut state = lock(&fill.state);
            if matches!(*state, State::Running(_)) {
                *state = State::Stopped;
            }
        }
        let view = self.view(id)?;
        if lock(&fill.ended).is_some() {
            lock(&self.fills).remove(id);
        }
        Ok(view)
    }

    /// How many fills are running.
    pub fn running(&self) -> usize {
        lock(&self.fills)
            .values()
            .filter(|f| lock(&f.ended).is_none())
            .count()
    }
}

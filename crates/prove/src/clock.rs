//! The CPU time of the calling thread, so that a class's cost reads the same on a
//! quiet machine and on a busy one (wall time counts the time other processes ran).

use std::time::Instant;

/// A stopwatch on the calling thread's CPU time where the platform has one
/// (`CLOCK_THREAD_CPUTIME_ID` on Unix), else on wall time.
pub(crate) struct ThreadClock {
    wall: Instant,
    cpu: Option<f64>,
}

impl ThreadClock {
    /// Starts the stopwatch.
    pub(crate) fn start() -> ThreadClock {
        ThreadClock {
            wall: Instant::now(),
            cpu: thread_cpu_seconds(),
        }
    }

    /// Seconds since [`ThreadClock::start`], read on the same thread.
    pub(crate) fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(start), Some(now)) => (now - start).max(0.0),
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_work_and_not_sleep() {
        let clock = ThreadClock::start();
        std::thread::sleep(std::time::Duration::from_millis(200));
        let slept = clock.seconds();
        // Spin until the clock counts 50 ms of work, or 10 s of a machine so busy
        // that this thread is never run (the assertion then fails).
        let mut x = 0u64;
        let spin = Instant::now();
        while clock.seconds() - slept < 0.05 && spin.elapsed().as_secs() < 10 {
            for _ in 0..10_000 {
                x = std::hint::black_box(x.wrapping_add(1));
            }
        }
        let worked = clock.seconds() - slept;
        if cfg!(unix) {
            assert!(slept < 0.1, "a sleeping thread counted {slept} s");
            assert!(worked > 0.05, "a spinning thread counted {worked} s");
        }
    }
}

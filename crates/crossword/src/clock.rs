//! The clock the searches read their time budgets from: the standard library's
//! `Instant`, except in WebAssembly for browsers (wasm32-unknown-unknown has no clock
//! of its own: `std::time::Instant::now` panics there), where `web-time` reads the
//! page's `performance.now()`.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;

//! The one error of this crate: why no GPU scorer could start (or a device failed).

/// Why no GPU scorer could start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no usable GPU: {0}")]
pub struct GpuError(pub String);

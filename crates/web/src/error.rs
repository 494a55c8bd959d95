//! [`ApiError`]: how a request fails, as an HTTP status and one line.

/// A failed request: its HTTP status and one line saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (400 for bad input, 404, 409, 413, 503...).
    pub status: u16,
    /// One line, the same the command line prints for the same input.
    pub message: String,
    /// For a refusal that will pass (503: the server is full or restarting): in how many
    /// seconds to ask again, sent as `Retry-After`.
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with this status; line breaks in `message` become spaces.
    pub fn new(status: u16, message: impl std::fmt::Display) -> ApiError {
        let message = message.to_string().replace(['\r', '\n'], " ");
        ApiError {
            status,
            message,
            retry_after: None,
        }
    }

    /// Bad input: HTTP 400.
    pub fn bad(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(400, message)
    }

    /// HTTP 503: the server cannot take this now; ask again in `retry_after` seconds
    /// (at least 1).
    pub fn unavailable(message: impl std::fmt::Display, retry_after: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after.max(1)),
            ..ApiError::new(503, message)
        }
    }

    /// The error as the body the server sends: `{"error": "..."}`.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "error": self.message }).to_string()
    }
}

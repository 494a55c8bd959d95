//! [`ApiError`]: how a request fails, as an HTTP status and one line.

/// A failed request: its HTTP status and one line saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// Where in a crossword grid the input is wrong, when a square or an entry can be
    /// named (sent as `"at"`).
    pub at: Option<At>,
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
            at: None,
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

    /// The error naming a square of a crossword grid (or an entry, with a direction).
    pub fn at(self, at: At) -> ApiError {
        ApiError {
            at: Some(at),
            ..self
        }
    }

    /// The error as the body the server sends: `{"error": "..."}`, and `"at"` when it
    /// names a square.
    pub fn to_json(&self) -> String {
        match &self.at {
            None => serde_json::json!({ "error": self.message }).to_string(),
            Some(at) => {
                serde_json::json!({ "error": self.message, "at": at.to_json() }).to_string()
            }
        }
    }
}

/// A square of a crossword grid, zero-based, the column in reading order; with a
/// direction, the entry through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The row, from the top.
    pub row: usize,
    /// The column in reading order (from the right in a right-to-left grid).
    pub col: usize,
    /// `across` or `down`, when an entry is meant.
    pub direction: Option<&'static str>,
}

impl At {
    /// `{"row": R, "col": C}`, with `"direction"` when there is one.
    pub fn to_json(&self) -> serde_json::Value {
        let mut v = serde_json::json!({ "row": self.row, "col": self.col });
        if let Some(d) = self.direction {
            v["direction"] = d.into();
        }
        v
    }
}

//! [`ApiError`]: how a request fails, as an HTTP status and one line.

/// A failed request: its HTTP status and one line saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (400 for bad input, 404, 409, 413...).
    pub status: u16,
    /// One line, the same the command line prints for the same input.
    pub message: String,
}

impl ApiError {
    /// An error with this status; line breaks in `message` become spaces.
    pub fn new(status: u16, message: impl std::fmt::Display) -> ApiError {
        let message = message.to_string().replace(['\r', '\n'], " ");
        ApiError { status, message }
    }

    /// Bad input: HTTP 400.
    pub fn bad(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(400, message)
    }

    /// The error as the body the server sends: `{"error": "..."}`.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "error": self.message }).to_string()
    }
}

//! How a call failed, as the server would answer it.

use polyboggle_web::ApiError;
use wasm_bindgen::prelude::*;

/// How a call failed: the HTTP status the server would send, and its one line.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Failure {
    status: u16,
    message: String,
    at: Option<String>,
}

#[wasm_bindgen]
impl Failure {
    /// The status `polyboggle serve` answers for the same request (400, 404, 409...).
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The line the server (and the CLI, for the same input) says.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }

    /// Where in a crossword grid the input is wrong, as JSON (`{"row", "col"}`, and
    /// `"direction"` for an entry; zero-based, reading order), when a square can be
    /// named; `undefined` otherwise.
    #[wasm_bindgen(getter)]
    pub fn at(&self) -> Option<String> {
        self.at.clone()
    }
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Failure {
        Failure {
            status: e.status,
            at: e.at.map(|at| at.to_json().to_string()),
            message: e.message,
        }
    }
}

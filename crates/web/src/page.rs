//! The page: one HTML file, its style sheet and its script, compiled into the binary
//! so the server needs no files and the page no network (no build step, no CDN). The
//! static page (crates/wasm/build.sh) is the same three files beside the WebAssembly
//! module; the script picks its backend (docs/web.md).

#[cfg(feature = "server")]
use axum::http::header;
#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};

/// One embedded file and its media type.
pub struct Asset {
    /// The `Content-Type` the server sends with it.
    pub content_type: &'static str,
    /// The file.
    pub text: &'static str,
}

/// `GET /`: the page.
pub const INDEX: Asset = Asset {
    content_type: "text/html; charset=utf-8",
    text: include_str!("page/index.html"),
};

/// `GET /style.css`.
pub const STYLE: Asset = Asset {
    content_type: "text/css; charset=utf-8",
    text: include_str!("page/style.css"),
};

/// `GET /app.js`.
pub const SCRIPT: Asset = Asset {
    content_type: "text/javascript; charset=utf-8",
    text: include_str!("page/app.js"),
};

#[cfg(feature = "server")]
impl Asset {
    /// The file as a response; the page may load nothing but its own files.
    pub fn response(&self) -> Response {
        (
            [
                (header::CONTENT_TYPE, self.content_type),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                ),
            ],
            self.text,
        )
            .into_response()
    }
}

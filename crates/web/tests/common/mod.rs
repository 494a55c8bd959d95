//! Shared helpers: the router over the built-in dictionary, one request at a time.
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use polyboggle_web::{router, App, Dictionaries};
use serde_json::Value;
use tower::ServiceExt;

pub const BOARD: &str = "ATEE/APYO/TINU/EDSE";

/// A reply: status, content type, body.
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: String,
    pub headers: axum::http::HeaderMap,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// Asserts an error reply: this status, `{"error": one line}`; returns the line.
    pub fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.content_type, "application/json");
        let value = self.json();
        let object = value.as_object().unwrap();
        assert_eq!(object.len(), 1, "{}", self.body);
        let line = object["error"].as_str().unwrap().to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
        line
    }
}

pub fn app() -> Router {
    router(Arc::new(App::new(Dictionaries::builtin())))
}

pub fn call(app: &Router, method: &str, uri: &str, body: impl Into<Body>) -> Reply {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .body(body.into())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let content_type = headers
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        Reply {
            status,
            content_type,
            body: String::from_utf8(bytes.to_vec()).unwrap(),
            headers,
        }
    })
}

pub fn post(app: &Router, uri: &str, body: Value) -> Reply {
    call(app, "POST", uri, body.to_string())
}

pub fn get(app: &Router, uri: &str) -> Reply {
    call(app, "GET", uri, Body::empty())
}

/// A file of the repository, from the workspace's root.
pub fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

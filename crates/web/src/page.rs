//! The page: one HTML file, its style sheet and its script, compiled into the binary so
//! the server needs no files and the page no network (no build step, no CDN). The script
//! is ES modules, `app.js` and those it imports (`js/`: the backend, the board, the
//! address, the dictionaries; `js/views/`: Play, Solve and Rooms), each served at its path under
//! `page/`. The static page (crates/wasm/build.sh) is the same files beside the
//! WebAssembly module, the modules joined into one classic `app.js` (a page opened from a
//! folder may not load modules); the script picks its backend (docs/web.md).

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

/// A module of the page's script, at its path under `page/`, which is its path on the
/// server.
macro_rules! script {
    ($path:literal) => {
        (
            concat!("/", $path),
            Asset {
                content_type: "text/javascript; charset=utf-8",
                text: include_str!(concat!("page/", $path)),
            },
        )
    };
}

/// The page's script by path: `GET /app.js`, which the page loads as a module, and the
/// modules it imports (`GET /js/board.js`, ...). A new module is one line here.
pub const SCRIPTS: &[(&str, Asset)] = &[
    script!("app.js"),
    script!("js/backend.js"),
    script!("js/board.js"),
    script!("js/crossword/grid.js"),
    script!("js/dictionaries.js"),
    script!("js/dom.js"),
    script!("js/router.js"),
    script!("js/text.js"),
    script!("js/views/crossword.js"),
    script!("js/views/play.js"),
    script!("js/views/rooms.js"),
    script!("js/views/solve.js"),
];

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Component, Path, PathBuf};

    /// The `.js` files under `dir`, as paths under `root`.
    fn scripts_in(root: &Path, dir: &Path, found: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                scripts_in(root, &path, found);
            } else if path.extension().is_some_and(|e| e == "js") {
                let relative = path.strip_prefix(root).unwrap();
                found.push(format!("/{}", relative.to_str().unwrap()));
            }
        }
    }

    /// `specifier` (`./board.js`, `../dom.js`) imported by the module at `from`.
    fn resolve(from: &str, specifier: &str) -> String {
        let mut path = PathBuf::from(from);
        path.pop();
        for part in Path::new(specifier).components() {
            match part {
                Component::CurDir => {}
                Component::ParentDir => assert!(path.pop(), "{from} imports {specifier}"),
                other => path.push(other),
            }
        }
        path.to_str().unwrap().to_string()
    }

    #[test]
    fn no_two_modules_declare_one_top_level_name() {
        // crates/wasm/build.sh joins the modules into one classic script for the static
        // page: there a second `function guess` replaces the first, silently.
        let mut declared: Vec<(String, &str)> = Vec::new();
        for (path, script) in SCRIPTS {
            for line in script.text.lines() {
                let line = line.strip_prefix("export ").unwrap_or(line);
                let line = line.strip_prefix("async ").unwrap_or(line);
                let Some((keyword, rest)) = line.split_once(' ') else {
                    continue;
                };
                if !["function", "const", "let", "var", "class"].contains(&keyword) {
                    continue;
                }
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                    .collect();
                if name.is_empty() {
                    continue; // a destructuring: `const { a, b } = ...`
                }
                if let Some((_, first)) = declared.iter().find(|(n, _)| *n == name) {
                    panic!("{name} is declared at the top of both {first} and {path}");
                }
                declared.push((name, path));
            }
        }
        assert!(
            declared.len() > 50,
            "{} names: the scan reads nothing",
            declared.len()
        );
    }

    #[test]
    fn every_script_is_embedded_and_every_import_is_one_of_them() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/page");
        let mut on_disk = Vec::new();
        scripts_in(&root, &root, &mut on_disk);
        on_disk.sort();
        let mut embedded: Vec<String> = SCRIPTS.iter().map(|(p, _)| p.to_string()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk, "page.rs's SCRIPTS against src/page");

        for (path, script) in SCRIPTS {
            assert!(script.content_type.starts_with("text/javascript"), "{path}");
            for line in script.text.lines() {
                // An import's last line: `import { a } from './a.js';` or `} from './a.js';`.
                let Some((head, from)) = line.split_once(" from '") else {
                    continue;
                };
                if !(head.starts_with("import ") || head == "}") {
                    continue;
                }
                let specifier = from.strip_suffix("';").unwrap();
                let module = resolve(path, specifier);
                assert!(embedded.contains(&module), "{path} imports {module}");
            }
        }
        assert!(INDEX
            .text
            .contains(r#"<script type="module" src="app.js"></script>"#));
    }
}

//! HTTP request bodies of `polyboggle serve` (`/api/solve`, `/api/board`, `/api/roll`,
//! a game and its guesses): each answers JSON, or an error with a status and one line.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use polyboggle_web::{api, ApiError, App, Dictionaries};

fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(|| App::new(Dictionaries::builtin()))
}

fn check(answer: Result<String, ApiError>) -> Option<String> {
    match answer {
        Ok(body) => {
            let _: serde_json::Value = serde_json::from_str(&body).expect("answers are JSON");
            Some(body)
        }
        Err(e) => {
            assert!(
                (400..500).contains(&e.status),
                "{}: {}",
                e.status,
                e.message
            );
            assert!(!e.message.contains('\n'));
            let _: serde_json::Value = serde_json::from_str(&e.to_json()).expect("JSON errors");
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let app = app();
    check(api::solve(&app.dicts, data));
    check(api::parse_board(data));
    check(api::roll(data));
    if let Some(game) = check(app.games.create(&app.dicts, data)) {
        let game: serde_json::Value = serde_json::from_str(&game).unwrap();
        if let Some(id) = game["id"].as_str() {
            check(app.games.guess(id, data));
            check(app.games.guess(id, br#"{"word": "tea"}"#));
            check(app.games.end(id));
        }
    }
});

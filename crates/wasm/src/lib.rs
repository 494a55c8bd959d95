//! polyboggle in the browser: the core crate's dictionaries, dice and solver behind a
//! small `wasm-bindgen` API that the static page in `www/` calls. Answers are the
//! command's JSON (`solve --format json`, `roll --format json`), so the page and the
//! CLI can be compared byte for byte. Nothing here needs a server, threads or files:
//! the built-in ENABLE2K is embedded, and other dictionaries come in as bytes.
//!
//! The same functions build on the host (an `rlib`), where the tests call them.

use polyboggle::dice::DiceSet;
use polyboggle::{Board, Lexicon, Rules, Solver};
use wasm_bindgen::prelude::*;

/// A dictionary and the solver's work, ready to judge and solve boards.
#[wasm_bindgen]
pub struct Engine {
    lexicon: Lexicon,
}

/// A message as the command prints it after `polyboggle: `.
fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

fn board(text: &str) -> Result<Board, String> {
    text.parse::<Board>()
        .map_err(|e| format!("board {text:?}: {e}"))
}

fn rules(name: &str) -> Result<Rules, String> {
    Rules::preset(name).map_err(|e| e.to_string())
}

#[wasm_bindgen]
impl Engine {
    /// The built-in English dictionary (ENABLE2K), used in place from the module's
    /// memory.
    pub fn builtin() -> Engine {
        Engine {
            lexicon: Lexicon::builtin("enable2k").expect("the built-in dictionary opens"),
        }
    }

    /// A dictionary compiled by `polyboggle compile`, from its bytes.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Engine, JsError> {
        Engine::open(bytes.to_vec(), name).map_err(error)
    }

    /// How many words the dictionary holds.
    #[wasm_bindgen(js_name = wordCount)]
    pub fn word_count(&self) -> usize {
        self.lexicon.word_count()
    }

    /// Every word on `board` (any board form) under `rules` (`hasbro`, `cs106b`):
    /// the JSON `polyboggle solve --format json` prints.
    pub fn solve(&self, board: &str, rules: &str) -> Result<String, JsError> {
        self.solve_json(board, rules).map_err(error)
    }

    /// The total score of the boards of `text`, one a line, and how long it took
    /// (for the page's speed test): `{"boards": N, "score": S}`.
    #[wasm_bindgen(js_name = scoreLines)]
    pub fn score_lines(&self, text: &str, rules: &str) -> Result<String, JsError> {
        self.score_text(text, rules).map_err(error)
    }

    /// The words' display form of `guess` (upper case under the dictionary's
    /// normalization), to compare a typed guess with `solve`'s words.
    pub fn display(&self, guess: &str) -> String {
        let profile = self.lexicon.profile();
        profile.display(&profile.key(guess))
    }
}

impl Engine {
    /// A dictionary from compiled bytes, with the command's message on failure.
    pub fn open(bytes: Vec<u8>, name: &str) -> Result<Engine, String> {
        let lexicon = Lexicon::from_bytes(bytes, name).map_err(|e| e.to_string())?;
        Ok(Engine { lexicon })
    }

    /// [`Engine::solve`], with the error as text.
    pub fn solve_json(&self, board: &str, rules: &str) -> Result<String, String> {
        let board = self::board(board)?;
        let solution = Solver::new(&self.lexicon, self::rules(rules)?).solve(&board);
        Ok(solution.to_json(&board, self.lexicon.profile()))
    }

    /// [`Engine::score_lines`], with the error as text.
    pub fn score_text(&self, text: &str, rules: &str) -> Result<String, String> {
        let mut solver = Solver::new(&self.lexicon, self::rules(rules)?);
        let (mut boards, mut score) = (0u64, 0u64);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let board = self::board(line).map_err(|e| format!("line {}: {e}", i + 1))?;
            score += solver.tally(&board).points;
            boards += 1;
        }
        Ok(serde_json::json!({"boards": boards, "score": score}).to_string())
    }
}

/// A board rolled from the built-in dice set `set` with `seed`: the JSON
/// `polyboggle roll SET --seed N --format json` prints.
#[wasm_bindgen]
pub fn roll(set: &str, seed: f64) -> Result<String, JsError> {
    roll_json(set, seed as u64).map_err(error)
}

/// [`roll`], with the error as text.
pub fn roll_json(set: &str, seed: u64) -> Result<String, String> {
    let dice = DiceSet::builtin(set).map_err(|e| e.to_string())?;
    let board = dice.roll(seed, None).map_err(|e| e.to_string())?;
    Ok(serde_json::Value::Object(dice.roll_json(seed, &board)).to_string())
}

/// The built-in dice sets, as JSON: `[{"set": NAME, "rows": R, "cols": C}, ...]`.
#[wasm_bindgen(js_name = diceSets)]
pub fn dice_sets() -> String {
    let sets: Vec<serde_json::Value> = DiceSet::builtin_names()
        .into_iter()
        .filter_map(|name| {
            let set = DiceSet::builtin(&name).ok()?;
            Some(serde_json::json!({"set": name, "rows": set.rows, "cols": set.cols}))
        })
        .collect();
    serde_json::Value::Array(sets).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_as_the_command_does() {
        let engine = Engine::builtin();
        let json = engine.solve_json("ATEE/APYO/TINU/EDSE", "hasbro").unwrap();
        assert!(json.starts_with(r#"{"cols":4,"count":156,"rows":4,"score":221,"#));
        assert_eq!(engine.word_count(), 173_528);
    }

    #[test]
    fn a_compiled_dictionary_opens_from_bytes() {
        let mut compiler = polyboggle::Compiler::new(Default::default());
        compiler.add_text("tea eat ate");
        let (bytes, _) = compiler.finish("three.txt").unwrap();
        let engine = Engine::open(bytes, "three.pbd").unwrap();
        let json = engine.solve_json("TE/AX", "hasbro").unwrap();
        assert!(json.contains(r#""score":3"#), "{json}");
        let err = Engine::open(b"not a dictionary".to_vec(), "x.pbd")
            .err()
            .unwrap();
        assert!(err.starts_with("x.pbd"), "{err}");
    }

    #[test]
    fn errors_carry_the_command_messages() {
        let engine = Engine::builtin();
        assert_eq!(
            engine.solve_json("AB/C", "hasbro").unwrap_err(),
            r#"board "AB/C": row 2 has 1 face, but row 1 has 2"#
        );
        assert_eq!(
            engine.solve_json("AB/CD", "nope").unwrap_err(),
            "unknown rules 'nope' (expected hasbro or cs106b)"
        );
        let err = engine.score_text("ABCD\nAB/C\n", "hasbro").unwrap_err();
        assert!(err.starts_with("line 2: "), "{err}");
    }

    #[test]
    fn rolls_and_scores_lines() {
        let rolled: serde_json::Value =
            serde_json::from_str(&roll_json("english-new-4x4", 1).unwrap()).unwrap();
        assert_eq!(rolled["board"][0], serde_json::json!(["B", "X", "E", "S"]));
        let engine = Engine::builtin();
        let total = engine
            .score_text("perslatgsineters\n\nATEE/APYO/TINU/EDSE\n", "hasbro")
            .unwrap();
        assert_eq!(total, r#"{"boards":2,"score":3846}"#);
        assert!(dice_sets().contains(r#"{"cols":4,"rows":4,"set":"english-new-4x4"}"#));
        assert_eq!(engine.display("quïet"), "QUÏET");
    }
}

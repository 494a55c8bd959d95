//! A set and a roll as JSON fields, as the CLI's `--format json` and the web API
//! answer them.

use crate::set::DiceSet;
use polyboggle::board::Board;

impl DiceSet {
    /// What a list of sets says of each, as JSON fields: `rows`, `cols`,
    /// `confidence` and `source` (`roll --list` and `GET /api/dice` add the name).
    pub fn summary_json(&self) -> serde_json::Map<String, serde_json::Value> {
        let value = serde_json::json!({
            "rows": self.rows, "cols": self.cols,
            "confidence": self.confidence, "source": self.source,
        });
        json_fields(value)
    }

    /// A roll as JSON fields: the set's name (`set`), the `seed`, the board's `rows`,
    /// `cols` and faces (`board`, a list a row), and the set's `dice`, as `roll
    /// --format json` and `POST /api/roll` answer it.
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    ///
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let board = set.roll(7, None)?;
    /// let json = set.roll_json(7, &board);
    /// assert_eq!(json["seed"], 7);
    /// assert_eq!(json["board"][0].as_array().unwrap().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roll_json(
        &self,
        seed: u64,
        board: &Board,
    ) -> serde_json::Map<String, serde_json::Value> {
        let value = serde_json::json!({
            "set": self.name, "seed": seed, "rows": board.rows(), "cols": board.cols(),
            "board": board.face_rows(), "dice": self.dice,
        });
        json_fields(value)
    }
}

/// The fields of a JSON object built with `json!({...})`.
fn json_fields(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    match value {
        serde_json::Value::Object(fields) => fields,
        _ => unreachable!("json! of braces is an object"),
    }
}

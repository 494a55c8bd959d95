//! The report as JSON: the keys of the user contract's `dice stats --format json`.

use super::report::Stats;

impl Stats {
    /// The report as JSON (the keys of the user contract's `dice stats --format json`).
    pub fn to_json(&self) -> serde_json::Value {
        let long: serde_json::Map<String, serde_json::Value> = self
            .long_word
            .iter()
            .map(|(len, share)| (len.to_string(), (*share).into()))
            .collect();
        let missing: Vec<serde_json::Value> = self
            .missing
            .iter()
            .map(|(face, share)| serde_json::json!({"face": face, "dict_share": share}))
            .collect();
        serde_json::json!({
            "set": self.set, "rows": self.rows, "cols": self.cols,
            "rolls": self.rolls, "seed": self.seed,
            "words": self.words, "points": self.points,
            "floor": self.floor, "under_floor": self.under_floor, "none": self.none,
            "long_word": long, "longest": self.longest,
            "dead_faces": self.dead_faces,
            "unreachable_words": self.unreachable_words,
            "dictionary_words": self.dictionary_words,
            "distinct_words": self.distinct_words,
            "divergence": self.divergence,
            "vowels": self.vowels,
            "faces": self.faces, "missing": missing,
        })
    }
}

//! The crossword operations as the page calls them.

use super::*;

const LIST: &str = "cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n";
const RING: &str = "c..\n.#.\n...";

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn go(_: &FillProgress) -> ControlFlow<()> {
    ControlFlow::Continue(())
}

/// A context with the list `LIST` dropped; its id.
fn dropped(lists: &Lists) -> String {
    let answer = json(&list(lists, json!({ "text": LIST }).to_string().as_bytes()).unwrap());
    assert_eq!(
        (answer["words"].as_u64(), answer["skipped"].as_u64()),
        (Some(6), Some(0))
    );
    answer["id"].as_str().unwrap().to_string()
}

#[test]
fn check_numbers_the_grid_and_says_why_it_is_not_legal() {
    let answer = json(&check(br#"{"grid": "...\n.#.\n...", "style": "british"}"#).unwrap());
    assert_eq!(answer["legal"], true);
    assert_eq!(answer["error"], Value::Null);
    assert_eq!(
        answer["slots"][0],
        json!({"number": 1, "direction": "across", "row": 0, "col": 0, "len": 3})
    );
    assert_eq!(answer["slots"].as_array().unwrap().len(), 4);
    let answer = json(&check(br#"{"grid": "...\n.#.\n..."}"#).unwrap());
    assert_eq!(answer["legal"], false);
    assert_eq!(answer["error"]["row"], 0);
    assert_eq!(answer["error"]["col"], 1);
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("row 1, column 2: an unchecked square"));
    assert_eq!(
        answer["slots"].as_array().unwrap().len(),
        4,
        "numbered anyway"
    );
    let ragged = json(&check(br#"{"grid": "...\n.."}"#).unwrap());
    assert_eq!(
        (ragged["legal"].as_bool(), ragged["error"]["row"].as_u64()),
        (Some(false), Some(1))
    );
    assert_eq!(check(b"{").unwrap_err().status, 400);
}

#[test]
fn fill_answers_what_the_command_line_prints() {
    let (dicts, lists) = (Dictionaries::none(), Lists::default());
    let cx = Context {
        dicts: &dicts,
        lists: &lists,
    };
    let id = dropped(&lists);
    let body = json!({"grid": RING, "style": "british", "list": id, "seed": 3});
    let answer = fill(&cx, body.to_string().as_bytes(), &mut go).unwrap();
    // The same as the library's fill rendered as `crossword fill --format json` does.
    let words = fill::parse_scored_list(LIST).unwrap().words;
    let options = FillOptions {
        style: Style::British,
        seed: 3,
        ..FillOptions::default()
    };
    let filled = fill::fill(&Pattern::parse(RING).unwrap(), &words, &options).unwrap();
    let mut expected = filled.to_json();
    let mut got = json(&answer);
    assert!(answer.ends_with("}\n"));
    got["seconds"] = Value::Null;
    expected["seconds"] = Value::Null;
    assert_eq!(got, expected);
    assert_eq!(got["grid"][0], json!(["C", "A", "T"]));
}

#[test]
fn fill_errors_name_the_entry() {
    let (dicts, lists) = (Dictionaries::none(), Lists::default());
    let cx = Context {
        dicts: &dicts,
        lists: &lists,
    };
    let id = dropped(&lists);
    let body = json!({"grid": RING, "style": "british", "list": id, "min_score": 65});
    let err = fill(&cx, body.to_string().as_bytes(), &mut go).unwrap_err();
    assert_eq!(err.status, 422);
    assert!(
        err.message.contains("no word of the list"),
        "{}",
        err.message
    );
    assert_eq!(
        err.at,
        Some(At {
            row: 0,
            col: 0,
            direction: Some("across")
        })
    );
    assert!(
        err.to_json()
            .contains(r#""at":{"col":0,"direction":"across","row":0}"#),
        "{}",
        err.to_json()
    );
    let body = json!({"grid": "...\n...\n...", "list": id, "min_score": 60});
    let err = fill(&cx, body.to_string().as_bytes(), &mut go).unwrap_err();
    assert_eq!(
        err.message,
        "row 3, column 1: no fill: the 3-square across entry here cannot be filled with the others"
    );
    assert_eq!(err.at.map(|a| (a.row, a.col)), Some((2, 0)));
    let body = json!({"grid": RING, "style": "british", "list": "nope"});
    assert_eq!(
        fill(&cx, body.to_string().as_bytes(), &mut go)
            .unwrap_err()
            .status,
        404
    );
    let body = json!({"grid": RING, "style": "british", "list": id, "time": 601});
    let err = fill(&cx, body.to_string().as_bytes(), &mut go).unwrap_err();
    assert_eq!(
        (err.status, err.message.as_str()),
        (
            422,
            "time 601: expected seconds, more than 0 and at most 600"
        )
    );
    let body = json!({"grid": RING, "style": "british", "list": id});
    let err = fill(&cx, body.to_string().as_bytes(), &mut |_| {
        ControlFlow::Break(())
    });
    assert!(err.is_ok(), "a fill too quick to report is not stopped");
    let body = json!({"grid": RING, "style": "british"});
    assert_eq!(
        fill(&cx, body.to_string().as_bytes(), &mut go)
            .unwrap_err()
            .status,
        422
    );
}

#[test]
fn a_dictionary_fills_as_crossword_fill_dict_does() {
    let (dicts, lists) = (Dictionaries::builtin(), Lists::default());
    let cx = Context {
        dicts: &dicts,
        lists: &lists,
    };
    let body = json!({"grid": "...\n...\n...", "dict": "enable2k"});
    let answer = json(&fill(&cx, body.to_string().as_bytes(), &mut go).unwrap());
    assert_eq!(answer["grid"].as_array().unwrap().len(), 3);
    let body = json!({"grid": "c..\n...\n...", "dict": "enable2k", "row": 0, "col": 2, "direction": "down", "limit": 3});
    let answer = json(&fits(&cx, body.to_string().as_bytes()).unwrap());
    assert_eq!(answer["candidates"].as_array().unwrap().len(), 3);
    assert_eq!(answer["candidates"][0]["score"], 50);
}

#[test]
fn fits_lists_the_words_that_keep_the_grid_fillable() {
    let (dicts, lists) = (Dictionaries::none(), Lists::default());
    let cx = Context {
        dicts: &dicts,
        lists: &lists,
    };
    let id = dropped(&lists);
    let body = json!({"grid": RING, "style": "british", "list": id, "row": 0, "col": 2, "direction": "across"});
    let answer = json(&fits(&cx, body.to_string().as_bytes()).unwrap());
    assert_eq!(
        answer,
        json!({"row": 0, "col": 0, "direction": "across", "len": 3, "pattern": "c..", "total": 2,
               "candidates": [{"word": "CAT", "score": 60}, {"word": "COW", "score": 50}], "cut": false})
    );
    let body = json!({"grid": RING, "style": "british", "list": id, "row": 1, "col": 1, "direction": "down"});
    let err = fits(&cx, body.to_string().as_bytes()).unwrap_err();
    assert_eq!(
        (err.status, err.at.map(|a| (a.row, a.col))),
        (422, Some((1, 1)))
    );
    let body = json!({"grid": RING, "style": "british", "list": id, "row": 0, "col": 0, "direction": "sideways"});
    assert_eq!(
        fits(&cx, body.to_string().as_bytes()).unwrap_err().status,
        422
    );
}

#[test]
fn layout_answers_what_the_command_line_prints() {
    let answer = layout(br#"{"words": "seven\nnine\nten\neleven\n", "size": "7x7"}"#).unwrap();
    let entries = crossword::parse_word_list("seven\nnine\nten\neleven\n").unwrap();
    let options = LayoutOptions {
        size: (7, 7),
        ..LayoutOptions::default()
    };
    let mut expected = crossword::generate(&entries, &options).unwrap().to_json();
    let mut got = json(&answer);
    got["seconds"] = Value::Null;
    expected["seconds"] = Value::Null;
    assert_eq!(got, expected);
    assert_eq!(got["placed"], 4);
    let err = layout(br#"{"words": "seven", "size": "7by7"}"#).unwrap_err();
    assert_eq!(err.status, 422);
    let err = layout(br#"{"words": "", "size": "7x7"}"#).unwrap_err();
    assert_eq!(err.status, 422);
}

#[test]
fn export_renders_a_filled_grid_as_crossword_fill_does() {
    let words = fill::parse_scored_list(LIST).unwrap().words;
    let options = FillOptions {
        style: Style::British,
        ..FillOptions::default()
    };
    let filled = fill::fill(&Pattern::parse(RING).unwrap(), &words, &options).unwrap();
    let crossword = filled.to_crossword();
    let export = |format: &str| {
        let body = json!({"grid": filled.to_text(), "style": "british", "format": format});
        json(&super::export(body.to_string().as_bytes()).unwrap())
    };
    assert_eq!(
        export("ipuz")["text"],
        format!("{:#}\n", crossword.to_ipuz())
    );
    assert_eq!(export("svg")["text"], crossword.to_svg(false));
    assert_eq!(export("svg-solution")["text"], crossword.to_svg(true));
    assert_eq!(
        export("puz")["base64"],
        base64(&crossword.to_puz().unwrap())
    );
    assert_eq!(export("puz")["format"], "puz");
    // Clues, and a grid not filled yet.
    let body = json!({"grid": "c..\n.#.\n...", "style": "british", "format": "ipuz",
                      "clues": [{"number": 1, "direction": "across", "clue": "Pet"}]});
    let ipuz = json(&super::export(body.to_string().as_bytes()).unwrap());
    let ipuz = json(ipuz["text"].as_str().unwrap());
    assert_eq!(ipuz["clues"]["Across"][0], json!([1, "Pet"]));
    assert_eq!(ipuz["solution"][0], json!(["C", "", ""]));
    let body = json!({"grid": "c..\n.#.\n...", "style": "british", "format": "puz"});
    let err = super::export(body.to_string().as_bytes()).unwrap_err();
    assert_eq!(
        err.at.map(|a| (a.row, a.col)),
        Some((0, 1)),
        "{}",
        err.message
    );
}

#[test]
fn base64_is_the_standard_one() {
    assert_eq!(base64(b""), "");
    assert_eq!(base64(b"f"), "Zg==");
    assert_eq!(base64(b"fo"), "Zm8=");
    assert_eq!(base64(b"foo"), "Zm9v");
    assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
}

#[test]
fn import_reads_back_what_export_writes() {
    let body = json!({"grid": "CAT\nO#O\nWOE\n", "style": "british", "format": "ipuz",
                      "clues": [{"number": 1, "direction": "across", "clue": "Pet"},
                                {"number": 1, "direction": "down", "clue": "Moo"}]});
    let ipuz = json(&export(body.to_string().as_bytes()).unwrap());
    let body = json!({"text": ipuz["text"], "format": "ipuz"});
    let answer = json(&import(body.to_string().as_bytes()).unwrap());
    assert_eq!(answer["grid"], "CAT\nO#O\nWOE\n");
    assert_eq!(
        (answer["rows"].as_u64(), answer["cols"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(answer["rtl"], false);
    assert_eq!(
        answer["clues"][0],
        json!({"number": 1, "direction": "across", "clue": "Pet"})
    );
    assert_eq!(
        answer["clues"][2],
        json!({"number": 1, "direction": "down", "clue": "Moo"})
    );
    let text = json(&import(br#"{"text": "c..\n.#.\n...", "format": "text"}"#).unwrap());
    assert_eq!(text["grid"], "c..\n.#.\n...\n");
}

#[test]
fn import_takes_the_usual_ipuz_forms_and_rtl_grids() {
    let ipuz = json!({
        "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 2},
        "puzzle": [[{"cell": 1, "style": {"shapebg": "circle"}}, "2", "#"], [null, 0, {"cell": "#"}]],
        "solution": [["א", {"value": "ב"}, null], [null, "ג", null]],
        "clues": {"Across:Across": [{"number": 1, "clue": "first"}], "Down": [["2", "second"]]},
    });
    let body = json!({"text": ipuz.to_string(), "format": "ipuz"});
    let answer = json(&import(body.to_string().as_bytes()).unwrap());
    // Right to left: each row in reading order (from the right).
    assert_eq!(answer["grid"], "#בא\n#ג#\n");
    assert_eq!(answer["rtl"], true);
    assert_eq!(
        answer["clues"][1],
        json!({"number": 2, "direction": "down", "clue": "second"})
    );
}

#[test]
fn a_bad_ipuz_is_one_line_saying_where() {
    let bad = |text: &str| {
        let body = json!({"text": text, "format": "ipuz"});
        let err = import(body.to_string().as_bytes()).unwrap_err();
        assert_eq!(err.status, 422);
        err.message
    };
    assert_eq!(
        bad("{\n  \"dimensions\": {\"width\": 3,,\n}"),
        "line 2, column 29: key must be a string"
    );
    assert_eq!(bad("[1]"), "the ipuz is not a JSON object");
    assert_eq!(
        bad("{}"),
        "dimensions: missing (the grid's width and height)"
    );
    let grid = |puzzle: Value| {
        json!({"dimensions": {"width": 3, "height": 2}, "puzzle": puzzle}).to_string()
    };
    assert_eq!(
        bad(&grid(json!([[0, 0, 0], [0, 0]]))),
        "puzzle, row 2: 2 squares, dimensions say 3"
    );
    assert_eq!(
        bad(&grid(json!([[0, 0, 0]]))),
        "puzzle: 1 rows, dimensions say 2"
    );
    assert_eq!(
        bad(&grid(json!([[0, 0, 0], [0, true, 0]]))),
        "puzzle, row 2, column 2: true is no square ipuz knows"
    );
    let solved =
        json!({"dimensions": {"width": 1, "height": 1}, "puzzle": [[0]], "solution": [["AB"]]});
    assert_eq!(
        bad(&solved.to_string()),
        "solution, row 1, column 1: \"AB\" is more than one letter (a square holds one)"
    );
    let kind =
        json!({"kind": ["http://ipuz.org/sudoku#1"], "dimensions": {"width": 1, "height": 1}});
    assert_eq!(
        bad(&kind.to_string()),
        "kind: [\"http://ipuz.org/sudoku#1\"] is not a crossword"
    );
}

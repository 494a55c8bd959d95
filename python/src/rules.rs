//! The rules keywords: every function that scores (`solve`, `score`, `score_many`,
//! `DiceSet.stats`, `optimize`) takes `**rules` and hands them here, where the core's
//! [`RulesSpec`] reads them with its own deserializer. An option added to the spec
//! (and to the type stubs' `Rules`) is a keyword of all five with no edit here; a
//! keyword the spec does not know, or a value of the wrong type, is refused by the
//! spec, the keyword named.

use crate::common::RulesError;
use polyboggle::spec::RulesSpec;
use polyboggle::Rules;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Value};

/// The docstring line of a function's `**rules`, written once for all five.
macro_rules! rules_doc {
    () => {
        "`**rules`: the scoring rules, each keyword named as its `polyboggle` flag\n\
         (`rules=\"cs106b\", min_len=5` for `--rules cs106b --min-len 5`), Hasbro's\n\
         when none is given; the type stubs' `polyboggle.Rules` lists them."
    };
}
pub(crate) use rules_doc;

/// The rules `function`'s keywords ask for: the spec's refusal of a keyword (unknown,
/// or of the wrong type) is a `TypeError`, of a value out of range or rules that make
/// no sense (`rules="nope"`, `points="1,x"`) a [`RulesError`] with the CLI's message.
pub(crate) fn from_keywords(
    function: &str,
    keywords: Option<&Bound<'_, PyDict>>,
) -> PyResult<Rules> {
    let spec = match keywords {
        Some(keywords) if !keywords.is_empty() => spec(function, keywords)?,
        _ => RulesSpec::default(),
    };
    spec.rules().map_err(|e| RulesError::new_err(e.to_string()))
}

/// The keywords as the spec's JSON object, read by the spec.
fn spec(function: &str, keywords: &Bound<'_, PyDict>) -> PyResult<RulesSpec> {
    let mut object = Map::new();
    for (key, value) in keywords.iter() {
        let key: String = key.extract()?;
        let value = to_json(&value)
            .map_err(|why| refused(function, &key, why.starts_with("out of range"), &why))?;
        object.insert(key, value);
    }
    let whole = match serde_json::from_value::<RulesSpec>(Value::Object(object.clone())) {
        Ok(spec) => return Ok(spec),
        Err(e) => e,
    };
    // Which keyword: the first by name that the spec refuses alone (each field is read
    // on its own).
    for (key, value) in object {
        let alone = Map::from_iter([(key.clone(), value)]);
        if let Err(e) = serde_json::from_value::<RulesSpec>(Value::Object(alone)) {
            let message = e.to_string();
            return Err(refused(
                function,
                &key,
                message.starts_with("invalid value"),
                &message,
            ));
        }
    }
    Err(PyTypeError::new_err(format!("{function}(): {whole}")))
}

/// A keyword refused: a value out of range is a [`RulesError`], the rest `TypeError`s.
fn refused(function: &str, key: &str, out_of_range: bool, why: &str) -> PyErr {
    let message = format!("{function}() keyword argument '{key}': {why}");
    if out_of_range {
        RulesError::new_err(message)
    } else {
        PyTypeError::new_err(message)
    }
}

/// A Python value as JSON: None, bools, whole numbers, floats, strings, and lists
/// and dicts of them; anything else is refused here, saying what it is.
fn to_json(value: &Bound<'_, PyAny>) -> Result<Value, String> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if value.cast::<PyInt>().is_ok() {
        if let Ok(n) = value.extract::<i64>() {
            return Ok(n.into());
        }
        if let Ok(n) = value.extract::<u64>() {
            return Ok(n.into());
        }
        return Err(format!("out of range: {}", shown(value)));
    }
    if let Ok(f) = value.cast::<PyFloat>() {
        return serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .ok_or_else(|| format!("invalid type: {}, expected a finite number", shown(value)));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(
            text.to_cow().map_err(|e| e.to_string())?.into_owned(),
        ));
    }
    if value.cast::<PyList>().is_ok() || value.cast::<PyTuple>().is_ok() {
        let items = value.try_iter().map_err(|e| e.to_string())?;
        return items
            .map(|item| to_json(&item.map_err(|e| e.to_string())?))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array);
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut object = Map::new();
        for (key, item) in dict.iter() {
            let key: String = key.extract().map_err(|_| {
                format!(
                    "invalid type: a dict key {}, expected a string",
                    shown(&key)
                )
            })?;
            object.insert(key, to_json(&item)?);
        }
        return Ok(Value::Object(object));
    }
    let kind = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    Err(format!(
        "invalid type: {kind} {}, expected None, a bool, a number, a string, a list or a dict",
        shown(value)
    ))
}

/// A value as `repr` shows it.
fn shown(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map_or_else(|_| "?".to_string(), |r| r.to_string())
}

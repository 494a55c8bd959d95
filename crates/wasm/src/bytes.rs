//! A dictionary's bytes, written into the module's memory as they arrive.

use wasm_bindgen::prelude::*;

/// A dictionary's bytes as they arrive, kept in the module's memory: the page writes each
/// chunk of a download here as it comes, so a 20 MB file is never held twice (neither
/// whole in JavaScript nor copied again when opened: [`Local::open_dictionary`](crate::Local::open_dictionary) opens
/// the lexicon over these very bytes).
#[wasm_bindgen]
pub struct Bytes {
    pub(crate) bytes: Vec<u8>,
}

#[wasm_bindgen]
impl Bytes {
    /// Room for `size` bytes (the file's size, when known: then nothing moves as it
    /// grows).
    #[wasm_bindgen(constructor)]
    pub fn new(size: usize) -> Bytes {
        Bytes {
            bytes: Vec::with_capacity(size),
        }
    }

    /// Appends a chunk (copied from JavaScript into the module's memory).
    pub fn push(&mut self, chunk: &[u8]) {
        self.bytes.extend_from_slice(chunk);
    }

    /// How many bytes have come.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> usize {
        self.bytes.len()
    }
}

// Names a scanner that returns bool (fn=): the generated wrapper does not
// compile, and rustc's error names what is wrong.

// scanproof: candidate(rust_named_bool, popcount, fn=is_odd)
pub fn is_odd(b: u64) -> bool {
    b & 1 == 1
}

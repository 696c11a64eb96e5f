// Declares a candidate whose function is not exported (no #[no_mangle]):
// the configure step says so, naming the file and the function.

// scanproof: candidate(rust_not_exported, lsb)
pub extern "C" fn rust_not_exported(b: u64) -> u32 {
    b.trailing_zeros()
}

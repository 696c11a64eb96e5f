// Exports with the wrong types: a 32-bit argument, and a bool result.

// scanproof: candidate(rust_narrow_arg, lsb)
#[no_mangle]
pub extern "C" fn rust_narrow_arg(b: u32) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_bool_result, popcount)
#[no_mangle]
pub extern "C" fn rust_bool_result(b: u64) -> bool {
    b != 0
}

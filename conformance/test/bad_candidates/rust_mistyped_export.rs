// Exports with the wrong types: a signed argument, a u128 argument (no stable
// extern "C" ABI: the message says to pass two u64 halves), and a bool result.

// scanproof: candidate(rust_signed_arg, lsb)
#[no_mangle]
pub extern "C" fn rust_signed_arg(b: i32) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_u128_arg, lsb)
#[no_mangle]
#[allow(improper_ctypes_definitions)]
pub extern "C" fn rust_u128_arg(b: u128) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_bool_result, popcount)
#[no_mangle]
pub extern "C" fn rust_bool_result(b: u64) -> bool {
    b != 0
}

// Exports with the wrong types: a signed argument, a u128 argument (no stable
// extern "C" ABI: the message says to pass two u64 halves), a bool result, and
// a pop or a scan whose board is passed the other way.

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

// A pop declared on an export that takes its board by value, and a scan
// declared on one that takes it by &mut (so it clears what it returns).
// scanproof: candidate(rust_pop_by_value, pop_lsb)
#[no_mangle]
pub extern "C" fn rust_pop_by_value(b: u64) -> u32 {
    b.trailing_zeros()
}

// scanproof: candidate(rust_lsb_by_mut, lsb)
#[no_mangle]
pub extern "C" fn rust_lsb_by_mut(b: &mut u64) -> u32 {
    b.trailing_zeros()
}

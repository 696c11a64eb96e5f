// Declared and exported correctly, but rustc rejects the body.

// scanproof: candidate(rust_broken, lsb)
#[no_mangle]
pub extern "C" fn rust_broken(b: u64) -> u32 {
    b.trailing_zeros() + 1u64
}

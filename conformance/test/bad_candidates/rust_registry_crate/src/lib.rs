// scanproof: candidate(rust_registry_lsb, lsb)
#[no_mangle]
pub extern "C" fn rust_registry_lsb(b: u64) -> u32 {
    b.trailing_zeros()
}

// Correct, and never built: its rust-toolchain.toml asks for a toolchain
// that is not here.
// scanproof: candidate(toolchain_absent_lsb, lsb)
#[no_mangle]
pub extern "C" fn toolchain_absent_lsb(b: u64) -> u32 {
    b.trailing_zeros()
}

# Included by the qemu-user toolchain files: their programs are linked
# -static. Dynamically linked, every test process first runs the guest's
# dynamic loader under the emulator (mapping libstdc++ and libc, relocating
# them and the PIE program), a fixed cost paid by each of a target's ~340
# test processes (docs/matrix.md has the figures). A static program starts at
# its own entry point. ScanproofRust.cmake reads SCANPROOF_LINK_STATIC to link
# Rust's unwinder statically too.
set(SCANPROOF_LINK_STATIC ON)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SCANPROOF_LINK_STATIC)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

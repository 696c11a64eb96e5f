# x86_64-nehalem: the host's compiler, run under `qemu-x86_64 -cpu Nehalem`:
# POPCNT but no LZCNT and no BMI1, so LZCNT executes as BSR and TZCNT as BSF.
set(SCANPROOF_QEMU qemu-x86_64)
set(SCANPROOF_QEMU_CPU Nehalem)
# Debian package of the emulator (the compiler is the host's; ci/setup installs it).
set(SCANPROOF_PACKAGES "qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS nehalem)
# The triple llvm-mca models this code with (the host compiler's x86-64 code).
set(SCANPROOF_MCA_TRIPLE x86_64-linux-gnu)
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET x86_64-unknown-linux-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev")
include(${CMAKE_CURRENT_LIST_DIR}/common/x86_64-qemu-cpu.cmake)

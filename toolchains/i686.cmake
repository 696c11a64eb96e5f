# i686: 32-bit x86, little-endian, 32-bit long and pointers (g++-i686-linux-gnu, qemu-i386).
set(SCANPROOF_TRIPLE i686-linux-gnu)
set(SCANPROOF_PROCESSOR i686)
set(SCANPROOF_QEMU qemu-i386)
# Debian architecture whose libgtest-dev/librapidcheck-dev ci/setup installs (multiarch).
set(SCANPROOF_DEBIAN_ARCH i386)
set(SCANPROOF_MULTIARCH i386-linux-gnu)
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-i686-linux-gnu qemu-user")
# No SCANPROOF_MCA_CPUS: no 32-bit x86 CPU model chosen yet (the 64-bit columns have theirs).
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET i686-unknown-linux-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev:i386")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)

# x86_64-nehalem: the host's compiler, run under `qemu-x86_64 -cpu Nehalem`:
# POPCNT but no LZCNT and no BMI1, so LZCNT executes as BSR and TZCNT as BSF.
set(SCANPROOF_QEMU qemu-x86_64)
set(SCANPROOF_QEMU_CPU Nehalem)
# Debian package of the emulator (the compiler is the host's; ci/setup installs it).
set(SCANPROOF_PACKAGES "qemu-user")
include(${CMAKE_CURRENT_LIST_DIR}/common/x86_64-qemu-cpu.cmake)

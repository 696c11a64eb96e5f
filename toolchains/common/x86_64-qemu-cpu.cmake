# Shared by the x86_64-<cpu> targets: the host compiler (baseline x86-64 code,
# no -march), run under qemu-x86_64 with an older CPU model so the CPUID the
# suite reads and the instructions that execute are that CPU's. The including
# file sets SCANPROOF_QEMU (qemu-x86_64) and SCANPROOF_QEMU_CPU (a
# `qemu-x86_64 -cpu help` model name) and SCANPROOF_PACKAGES (qemu-user).
include(${CMAKE_CURRENT_LIST_DIR}/require-program.cmake)
scanproof_require_program(${SCANPROOF_QEMU})
# CMAKE_SYSTEM_NAME marks the build as cross-compiling: CMake 3.25 uses
# CMAKE_CROSSCOMPILING_EMULATOR only then.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_CROSSCOMPILING_EMULATOR ${SCANPROOF_QEMU} -cpu ${SCANPROOF_QEMU_CPU})
include(${CMAKE_CURRENT_LIST_DIR}/emulator-forks.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/link-static.cmake)

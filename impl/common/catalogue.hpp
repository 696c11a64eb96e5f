// Private helpers for catalogue files.
#pragma once
#include <cstdint>

#include "scanproof/registry.hpp"

namespace scanproof::cat {
using U64 = std::uint64_t;  // the seeds' spelling

// The `l` builtins (__builtin_ctzl, ...) take unsigned long: 64 bits on LP64,
// 32 bits on ILP32 (i686, armhf, mips) and LLP64 (64-bit Windows), where the
// high half is silently dropped. A classic porting bug in engines written on
// 64-bit Linux.
inline constexpr expectation long_is_32_bits_drops_high_half = {
    when::long_is_32_bits, scope::nonzero,
    "unsigned long is 32 bits here: the high half is dropped"};
}  // namespace scanproof::cat

// Entries that only compile for some CPUs. On other targets the entry is still
// registered, unbuilt, with the reason, so `scanproof list` and the report show it.
#if defined(__x86_64__)
#define SCANPROOF_ENTRY_X86_64(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_X86_64(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "x86-64 only (inline asm or x86 intrinsic)", __VA_ARGS__)
#endif

#if defined(__aarch64__)
#define SCANPROOF_ENTRY_AARCH64(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_AARCH64(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "AArch64 only (inline asm)", __VA_ARGS__)
#endif

#if defined(__arm__)
#define SCANPROOF_ENTRY_ARM32(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_ARM32(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "32-bit ARM only (inline asm)", __VA_ARGS__)
#endif

#if defined(__alpha__)
#define SCANPROOF_ENTRY_ALPHA(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_ALPHA(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "Alpha only (inline asm)", __VA_ARGS__)
#endif

// MSVC's bit-scan intrinsics (<intrin.h>): built where a Windows compiler
// provides them (mingw-w64 here); elsewhere registered unbuilt. The 64-bit
// ones (_BitScanForward64, _BitScanReverse64, __popcnt64, __lzcnt64,
// _tzcnt_u64) exist for x64 only: a 32-bit Windows build splits the word into
// two 32-bit scans (the *_split entries, every x86 Windows).
#if defined(_WIN32) && defined(__x86_64__)
#define SCANPROOF_HAS_MSVC_INTRIN 1
#define SCANPROOF_ENTRY_MSVC_INTRIN(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#elif defined(_WIN32) && defined(__i386__)
#define SCANPROOF_ENTRY_MSVC_INTRIN(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "32-bit Windows: MSVC's 64-bit intrinsics exist on x64 only "  \
                        "(a 32-bit build splits the word: the *_split entries)", __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_MSVC_INTRIN(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "needs MSVC's <intrin.h> (Windows x86-64)", __VA_ARGS__)
#endif
#if defined(_WIN32) && (defined(__x86_64__) || defined(__i386__))
#define SCANPROOF_HAS_MSVC_INTRIN32 1
#define SCANPROOF_ENTRY_MSVC_INTRIN32(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_MSVC_INTRIN32(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "needs MSVC's <intrin.h> (Windows x86)", __VA_ARGS__)
#endif

// POSIX C library functions (ffsll): glibc and musl/wasi-libc have them, the
// Windows C runtime does not.
#if !defined(_WIN32)
#define SCANPROOF_HAS_POSIX_LIBC 1
#define SCANPROOF_ENTRY_POSIX_LIBC(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_POSIX_LIBC(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "needs a POSIX C library (the Windows C runtime has no ffsll)", \
                        __VA_ARGS__)
#endif

// Entries over unsigned __int128, which GCC lacks on i686, armhf, mips, ppc and
// m68k (and Clang on i686/armv7). Elsewhere registered unbuilt, 128 bits wide,
// so the test names and the report's row are the same on every target.
#if defined(__SIZEOF_INT128__)
#define SCANPROOF_ENTRY_INT128(NAME, OP, FN, ...) SCANPROOF_ENTRY(NAME, OP, FN, __VA_ARGS__)
#else
#define SCANPROOF_ENTRY_INT128(NAME, OP, FN, ...) \
  SCANPROOF_UNAVAILABLE(NAME, OP, "unsigned __int128 is not available with this compiler", __VA_ARGS__)
#endif

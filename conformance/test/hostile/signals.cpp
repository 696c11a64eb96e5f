// Crash with each fatal signal on an input every check family contains (a
// word with bit 0 set or bit 63 set, and zero for ctz/clz/popcount's zero check).
#include <csignal>
#include <cstdlib>

#include <scanproof/candidate.hpp>

// A real invalid write, not raise(): the fault comes from the memory access.
static int hostile_sigsegv(std::uint64_t b) {
  if (b & 1) *reinterpret_cast<volatile int*>(std::uintptr_t{16}) = 1;
  return __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(hostile_sigsegv, scanproof::op::lsb);

static int hostile_sigill(std::uint64_t b) {
  if (b >> 63) std::raise(SIGILL);
  return 63 - __builtin_clzll(b);
}
SCANPROOF_CANDIDATE(hostile_sigill, scanproof::op::msb);

static int hostile_sigfpe(std::uint64_t b) {
  if (b & 1 || b == 0) std::raise(SIGFPE);
  return __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(hostile_sigfpe, scanproof::op::ctz);

static int hostile_sigbus(std::uint64_t b) {
  if (b >> 63 || b == 0) std::raise(SIGBUS);
  return __builtin_clzll(b);
}
SCANPROOF_CANDIDATE(hostile_sigbus, scanproof::op::clz);

static int hostile_abort(std::uint64_t b) {
  if (b & 1 || b == 0) std::abort();
  return __builtin_popcountll(b);
}
SCANPROOF_CANDIDATE(hostile_abort, scanproof::op::popcount);

// Unbounded recursion: SIGSEGV on the guard page, reported from the alternate stack.
static int hostile_stack_overflow(std::uint64_t b) {
  volatile char frame[256];
  frame[0] = static_cast<char>(b);
  if (b & 1) return hostile_stack_overflow(b | frame[0]) + frame[0];
  return __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(hostile_stack_overflow, scanproof::op::lsb);

#include "signal_report.hpp"

// POSIX sigaction (signal details, alternate stack, sanitizer callback) where
// the C library has it; ISO C signal() on Windows (the C runtime maps faults
// to SIGSEGV, SIGILL, SIGFPE) and WebAssembly/WASI (wasi-libc's signal
// emulation: raise() and abort() only, a trap ends the instance).
#if defined(_WIN32) || defined(__wasi__)
#define SCANPROOF_ISO_C_SIGNALS 1
#endif

#include <signal.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "scanproof/supervise.hpp"

// Provided by the ASan/UBSan runtimes when linked; null otherwise.
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace scanproof {

namespace {


// Only async-signal-safe calls below: write(2), no allocation, no stdio.
void put(const char* s) {
  if (!s) return;
  const std::size_t n = std::strlen(s);
  ssize_t r = ::write(STDERR_FILENO, s, n);
  (void)r;
}

[[maybe_unused]] void put_hex(std::uintptr_t v) {  // unused with ISO C signals
  char buf[2 + 2 * sizeof v + 1];
  buf[0] = '0';
  buf[1] = 'x';
  for (std::size_t i = 0; i < 2 * sizeof v; ++i)
    buf[2 + i] = "0123456789abcdef"[(v >> (4 * (2 * sizeof v - 1 - i))) & 0xF];
  buf[sizeof buf - 1] = '\0';
  put(buf);
}

struct signal_name {
  int sig;
  const char* name;
  const char* meaning;
};
constexpr signal_name reported[] = {
    {SIGSEGV, "SIGSEGV", "segmentation fault: invalid memory access or stack overflow"},
#if defined(SIGBUS)
    {SIGBUS, "SIGBUS", "bus error: misaligned or unmapped memory access"},
#endif
    {SIGILL, "SIGILL", "illegal instruction: the CPU lacks an instruction the code uses, or a trap"},
    {SIGFPE, "SIGFPE", "arithmetic exception: integer division by zero or overflow"},
    {SIGABRT, "SIGABRT", "abort: std::abort, a failed assert, or std::terminate (uncaught or noexcept-escaping exception)"},
#if defined(SIGTRAP)
    {SIGTRAP, "SIGTRAP", "trap instruction (__builtin_trap on some CPUs)"},
#endif
};

void put_killed_by(int sig) {
  put("\nscanproof: ");
  put(flight().active ? flight().label : "(outside any check)");
  put(": killed by ");
  for (const signal_name& s : reported) {
    if (s.sig != sig) continue;
    put(s.name);
    put(" (");
    put(s.meaning);
    put(")");
  }
}

#if defined(SCANPROOF_ISO_C_SIGNALS)
void on_signal(int sig) {
  put_killed_by(sig);
  put("\n");
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}
#else
void on_signal(int sig, siginfo_t* info, void*) {
  put_killed_by(sig);
  if ((sig == SIGSEGV || sig == SIGBUS) && info && info->si_code > 0) {  // a fault, not kill/raise
    put(" at address ");
    put_hex(reinterpret_cast<std::uintptr_t>(info->si_addr));
  }
  put("\n");
  // SA_RESETHAND restored the default action; the signal is blocked until we
  // return, then kills the process with the signal's own status.
  ::raise(sig);
}

void on_sanitizer_death() {
  put("\nscanproof: ");
  put(flight().active ? flight().label : "(outside any check)");
  put(": stopped by the sanitizer finding reported above\n");
}

alignas(16) char alt_stack[1 << 16];
#endif

}  // namespace

#if defined(SCANPROOF_ISO_C_SIGNALS)
void install_signal_report() {
  for (const signal_name& s : reported) ::signal(s.sig, on_signal);
}
#else
void install_signal_report() {
  stack_t ss{};
  ss.ss_sp = alt_stack;
  ss.ss_size = sizeof alt_stack;
  sigaltstack(&ss, nullptr);
  struct sigaction sa{};
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  // With a sanitizer linked, it reports SIGSEGV/SIGBUS/SIGFPE itself (with a
  // stack trace) and then calls on_sanitizer_death. (gcc links libubsan
  // separately from libasan, with its own callback list: a UBSan report is
  // then identified by the test's name and the report's file:line.)
  const bool sanitizer = __sanitizer_set_death_callback != nullptr;
  for (const signal_name& s : reported) {
    if (sanitizer && (s.sig == SIGSEGV || s.sig == SIGBUS || s.sig == SIGFPE)) continue;
    sigaction(s.sig, &sa, nullptr);
  }
  if (sanitizer) __sanitizer_set_death_callback(on_sanitizer_death);
}
#endif

}  // namespace scanproof

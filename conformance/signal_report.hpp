// Says which check of which implementation crashed the driver, and how
// (the check is the one supervise.hpp's flight() record names).
//
// ctest runs every check in its own process, so a scanner that crashes fails
// only its own test; this makes that test's output name the signal (and, for
// a sanitizer finding, that the report above it is about this check). The
// signal is then re-raised with its default action, so the exit status and
// ctest's own "***Exception" line stay those of the signal.
#pragma once

namespace scanproof {

// Installs the handlers (on an alternate stack, so a stack overflow is
// reported too) and the sanitizer death callback when a sanitizer is linked.
void install_signal_report();

}  // namespace scanproof

// One process runs many implementations (scanproof check, the fuzz targets,
// the bench, a per-implementation conformance test). A scanner may change
// process-wide state as a side effect -- the floating-point environment
// (rounding mode, exception flags; on x86 the MXCSR's FTZ/DAZ too) is the one
// that changes other scanners' results: the double-conversion entries round
// through it. Every driver wraps each implementation's run in a
// `fresh_process_state`: the run starts from the default environment and the
// next one does too, whatever the scanner left behind.
#pragma once

namespace scanproof {

// Puts the process-wide state scanners can observe back to its defaults.
void reset_process_state();

class fresh_process_state {
 public:
  fresh_process_state() { reset_process_state(); }
  ~fresh_process_state() { reset_process_state(); }
  fresh_process_state(const fresh_process_state&) = delete;
  fresh_process_state& operator=(const fresh_process_state&) = delete;
};

}  // namespace scanproof

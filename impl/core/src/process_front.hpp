// Internal to the core: the supervisor's platform back-ends behind one
// interface, chosen once by the_process_front() (as GoogleTest's DeathTest
// factory chooses its platform's death test):
//
//  * "fork" (process_front_fork.cpp; POSIX, also under qemu-user): work runs
//    in a child of its own, and this process judges how it ended;
//  * "in-process" (process_front_inline.cpp; Windows under Wine, WASI, and
//    SCANPROOF_NO_SUPERVISOR): nothing forks, the caller runs the work itself
//    and the launcher (cmake/scanproof-launch) is the outer judge.
//
// supervise.cpp (one program's run) and batch_front.cpp (many tests in one
// process tree) are both written on it; neither calls the other. What a child
// tells its parent is child_protocol.hpp. The platform's #ifs live in the
// back-end files (and flight_file_*.cpp), not in the shared logic.
#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "scanproof/supervise.hpp"

namespace scanproof {

// A child the front started; the front fills `end` when it ended.
struct running_child {
  long pid = -1;                                    // the platform's id
  int fd = -1;                                      // the parent's end of the child's pipe
  in_flight* record = nullptr;                      // the child's flight record, shared with this process
  child_limits limits;
  bool own_group = false;                           // in a process group of its own (batch)
  std::string output_file;                          // if set: the child's stdout and stderr, made afresh
  std::string writable;                             // a batch child's one file to write by name (its results JSON)
  std::chrono::steady_clock::time_point started;
  bool ended = false;
  child_end end;                                    // `output`: the raw frames (child_protocol.hpp)
};

class process_front {
 public:
  virtual ~process_front() = default;
  // Why work runs in this process here ("" where it runs in children).
  virtual std::string why_inline() const = 0;
  // Starts body() in a child whose flight record is a copy of `record`, in
  // memory shared with this process (c.record). The child sends body()'s
  // result as a frame and ends with _exit(0) (body may end it itself). With
  // own_group the child leads a process group of its own, so the front ends
  // it with everything it started. False (c.end.failure says why) when
  // nothing started.
  virtual bool start(running_child& c, const std::function<std::string()>& body, const in_flight& record,
                     child_limits limits, bool own_group) = 0;
  // Waits until one of `running` (none ended yet) ends, or passes its
  // deadline (then killed: c.end.timed_out); returns its index.
  virtual std::size_t wait_any(const std::vector<running_child*>& running) = 0;
  // Ends what is left of the child's process group (own_group) and frees its
  // record; c.record is null afterwards.
  virtual void release(running_child& c) = 0;
  // Whether the child may have been ended by another process (a sibling's
  // kill) rather than by what it ran itself: a signal that is not one of the
  // faults a process raises by running code (segfault, abort, ...).
  virtual bool ended_from_outside(const child_end& end) const = 0;
};

process_front& the_process_front();

// The supervisor's clock: the start of this process (or of the first of its
// forked family), the same in parent and children (supervise.cpp).
std::chrono::steady_clock::time_point supervisor_epoch();

// The back-ends (the factory in process_front.cpp picks one): null where the
// platform has none.
process_front* forking_front();
process_front& in_process_front();

// In a child: writes `bytes` to the pipe to its parent at once (so what was
// sent before an early end arrives); false outside a child.
bool send_to_parent(std::string_view bytes);

}  // namespace scanproof

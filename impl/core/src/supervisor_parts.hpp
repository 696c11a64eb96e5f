// Internal to the core: the supervisor's shared logic, used by the two ways a
// driver runs -- one program (supervise.cpp) and a batch of tests
// (batch_front.cpp) -- both on the process front (process_front.hpp), with
// one child protocol (child_protocol.hpp). Neither calls the other;
// supervised_main.cpp chooses between them.
#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "process_front.hpp"

namespace scanproof {

// A child that ran, as its parent saw it.
struct child_run {
  child_end end;        // output: what its body returned (the result frame)
  bool returned = false;
  in_flight record{};   // its flight record when it ended
  std::string outputs;  // its outputs lines, each ending in a newline
};

// Starts body() in a child of the process front whose flight record starts as
// `initial` (its flight_begin/flight_chunk write that record); false, with
// c.end.failure, when nothing started.
bool start_child(running_child& c, const std::function<std::string()>& body, const in_flight& initial,
                 child_limits limits, bool own_group);
// What c told and left, once the front saw it end (wait_any); releases c.
child_run finish_child(running_child& c);

// The body of a child that runs the work as a program's main does: the work's
// status goes into the child's record, then exit(status), so atexit handlers
// and static destructors run in the child.
[[noreturn]] void run_work_as_main(int (*work)(int, char**), int argc, char** argv);

// The supervising parent's reading of a child that ran the work
// (run_work_as_main, not killed at a limit): the work's status when the
// record says the work returned that very status and the kernel's exit
// status agrees; else a failure explained from the record.
struct work_verdict {
  int status = 0;           // as a shell gives it (128 + the signal)
  int signal = 0;           // the child died of it (the program re-raises it)
  std::string text;         // the flight file's text: "done <nonce> <status>" or "reported"
  std::string explanation;  // why it failed (stderr, or the test's log); "" when it did not
};
work_verdict judge_work(const child_run& run, std::string_view nonce, child_limits limits);

// The two ways a driver runs (supervised_main.cpp chooses): one program,
// supervised (supervise.cpp), and a batch of tests (batch_front.cpp,
// supervise_batch.hpp).
int supervise_program(int (*work)(int, char**), int argc, char** argv);
int run_batch(int (*work)(int, char**), int argc, char** argv);

// The flight file's text for a record (supervise.hpp: "running ...", "idle").
std::string state_text(const in_flight& f);

}  // namespace scanproof

// Internal to the core: the one child protocol, what a child tells the
// process that started it -- the same for a program's supervised run
// (supervise.cpp), a run_isolated() child and each test of a batch
// (batch_front.cpp):
//
//  1. its flight record (in_flight: the check and input in flight, and
//     whether the work returned and with what status), in memory shared with
//     the parent, which alone copies it into the flight file the launcher
//     reads;
//  2. frames on its pipe, written at once: an outputs line for the judge
//     (report_outputs) and what its body returned;
//  3. how it ended, as the kernel tells the parent (waitpid), never as the
//     child says.
//
// The parent then writes what the launcher reads -- the flight file's text,
// the outputs file and, in a batch, the status file -- from what it observed.
// A frame is one type byte, the payload's length (4 bytes, this machine's
// order: both ends are the same program) and the payload.
#pragma once
#include <string>
#include <string_view>

namespace scanproof {

enum class frame_type : char {
  outputs_line = 'O',  // one line for SCANPROOF_OUTPUTS_FILE (without its newline)
  result = 'R',        // what the child's body returned
};

std::string frame(frame_type type, std::string_view payload);

// What the frames a child sent say; a frame cut short by the child's end is
// dropped.
struct child_frames {
  bool returned = false;  // a result frame arrived: the body returned
  std::string result;
  std::string outputs;    // the outputs lines, each ending in a newline
};
child_frames read_frames(std::string_view stream);

}  // namespace scanproof

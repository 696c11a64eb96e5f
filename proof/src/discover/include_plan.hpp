// Which #include lines a written candidate file needs for the engine's
// headers and sources to compile in it: the outermost of the headers, each
// after what the engine's own units include before it (a header that is not
// self-contained, such as a bitutils.h using the U64 of a defs.h every unit
// includes first, compiles only so), and how the file names each.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "discover/units.hpp"

namespace scanproof::discover {

// The #include lines, in order, for `headers` (absolute paths) in a file
// written to `out_dir`, with `dirs` the engine's include directories in the
// tree and `units` its translation units. No line appears twice.
std::vector<std::string> header_lines(const std::vector<std::string>& headers, const std::vector<unit>& units,
                                      const std::set<std::string>& dirs, const std::string& out_dir);

// How a candidate file in `out_dir` names `file`: relative to the deepest
// include directory that holds it, else to the candidate file's own directory.
std::string include_path(const std::string& file, const std::set<std::string>& dirs, const std::string& out_dir);

}  // namespace scanproof::discover

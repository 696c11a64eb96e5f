// What the build's generated candidates manifest calls for each listed
// candidate file (cmake/ScanproofCandidates.cmake), on its own: the manifest
// is recompiled for every new candidate file on every target, and the
// registry's headers cost it about 0.2 CPU s more each time.
#pragma once

namespace scanproof::detail {
// A listed file that registered no candidate is reported by registry_errors()
// (registry.hpp). `isa_options`: the file's `// scanproof: option` flags for
// this target, space-separated (cmake/ScanproofCandidates.cmake); a CPU that
// lacks what one enables is its candidates' finding (registry.cpp).
int expect_candidates_from(const char* file, const char* isa_options = "");
}  // namespace scanproof::detail

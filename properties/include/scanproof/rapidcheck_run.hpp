// The RapidCheck driver's engine: a property checked against one
// implementation on boards from scanproof::bitboard(), the shrunk failure
// reported in the same format as the deterministic driver, with the RC_PARAMS
// line that replays exactly the shrunk case.
#pragma once
#include <cstddef>

#include "scanproof/property_driver.hpp"

namespace scanproof {

// `cases` is RapidCheck's max_success unless RC_PARAMS names max_success.
property_outcome run_rapidcheck(const property& p, const descriptor& d, std::size_t cases);

}  // namespace scanproof

// The RapidCheck driver's engine: a property checked against one
// implementation on boards from scanproof::bitboard(), the shrunk failure
// reported in the same format as the deterministic driver, with the RC_PARAMS
// line that replays exactly the shrunk case.
#pragma once
#include <cstddef>
#include <cstdint>

#include "scanproof/property_runner.hpp"

namespace scanproof {

// The seed of every RapidCheck test: fixed, so the judge computes the calls a
// correct implementation gets (property_judge.hpp) and a verdict is the same
// on every run. RC_PARAMS=seed=N explores others; such a run is judged on
// its record alone (cmake/scanproof-launch).
inline constexpr std::uint64_t rapidcheck_seed = 0x5ca9900f0200;

// `cases` is RapidCheck's max_success. Where RC_PARAMS is set, RapidCheck's
// configuration from it (seed, max_success if it names one, reproduce).
property_outcome run_rapidcheck(const property& p, const scanners& s, std::size_t cases);
property_outcome run_rapidcheck(const property& p, const descriptor& d, std::size_t cases);
// The judge's: the fixed seed and RapidCheck's defaults, whatever RC_PARAMS says.
property_outcome run_rapidcheck_judged(const property& p, const scanners& s, std::size_t cases);

}  // namespace scanproof

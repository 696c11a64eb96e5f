// A candidate descriptor for a function F registered as op O, with the shape
// the tests vary (layout, index base, declared domain): what
// SCANPROOF_CANDIDATE builds, without the registry, for the check-engine tests.
#pragma once

#include "scanproof/batch.hpp"
#include "scanproof/descriptor.hpp"

namespace scanproof::testing {

template <auto F, op O>
descriptor make(const char* n, int high_offset = 64, int index_base = 0, const word* domain = nullptr) {
  const kernels k = kernels_for<F, O>();
  descriptor d;
  d.name = n;
  d.operation = O;
  d.batch = k.batch;
  d.sh = k.sh;
  d.sh.high_offset = high_offset;
  d.sh.index_base = index_base;
  d.sh.domain = domain ? *domain : d.sh.all_squares();
  d.sh.domain_declared = domain != nullptr;
  d.candidate = true;
  return d;
}

}  // namespace scanproof::testing

// The status a GoogleTest driver returns to the launcher (cmake/scanproof-launch).
#pragma once
#include <gtest/gtest.h>

#include "scanproof/supervise.hpp"

namespace scanproof {

// RUN_ALL_TESTS()'s status, except that a run whose every test skipped itself
// returns skipped_status: the launcher turns that into ctest's skip, so a skip
// is the driver's word too, never a printed "[  SKIPPED ]".
inline int gtest_status(int rc) {
  const testing::UnitTest& u = *testing::UnitTest::GetInstance();
  if (rc == 0 && u.test_to_run_count() > 0 && u.skipped_test_count() == u.test_to_run_count())
    return skipped_status;
  return rc;
}

}  // namespace scanproof

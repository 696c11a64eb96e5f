// GoogleTest driver: one test per (implementation, check), named
// <op>.<impl>.<check>, so ctest runs each in its own process (a crash or hang
// fails only that test) and test names carry the implementation's name.
#include <gtest/gtest.h>

#include <iostream>

#include "scanproof/checks.hpp"
#include "scanproof/registry.hpp"

namespace {

class conformance_check : public testing::Test {
 public:
  conformance_check(const scanproof::descriptor* d, std::string check)
      : d_(d), check_(std::move(check)) {}

  void TestBody() override {
    const scanproof::check_outcome r = scanproof::run_check(*d_, check_);
    RecordProperty("verdict", std::string(scanproof::name(r.v)));
    if (r.seen.zero_result) RecordProperty("zero_result", std::to_string(*r.seen.zero_result));
    if (r.seen.smallest) RecordProperty("counterexample", scanproof::hex(r.seen.smallest->input));
    switch (r.v) {
      case scanproof::verdict::skip: GTEST_SKIP() << r.message;
      case scanproof::verdict::fail:
      case scanproof::verdict::xpass: ADD_FAILURE() << r.message; break;
      case scanproof::verdict::xfail:
      case scanproof::verdict::pass: std::cout << r.message << "\n"; break;
    }
  }

 private:
  const scanproof::descriptor* d_;
  std::string check_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (!scanproof::registry_ok()) return 2;
  for (const scanproof::descriptor& d : scanproof::registry()) {
    for (const std::string& check : scanproof::check_names(d)) {
      const std::string suite(scanproof::name(d.operation));
      const std::string test = d.name + "." + check;
      testing::RegisterTest(suite.c_str(), test.c_str(), nullptr, nullptr, d.source.c_str(), 0,
                            [&d, check]() -> testing::Test* { return new conformance_check(&d, check); });
    }
  }
  return RUN_ALL_TESTS();
}

// Tests of the check engine itself: deliberately broken copies of catalogue
// entries must fail with their minimal counterexample, and the expectation
// machinery must turn unexpected passes into failures.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "scanproof/batch.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"
#include "scanproof/json_style.hpp"

namespace {
using namespace scanproof;

// Walisch's De Bruijn scan with two table entries swapped: the ones that
// bits 62 and 61 hash to. Only those two single bits go wrong.
constexpr int swapped_index64[64] = {
    0,  47, 1,  56, 48, 27, 2,  60, 57, 49, 41, 37, 28, 16, 3,  62,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11, 4,  61,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30, 9,  24, 13, 18, 8,  12, 7,  6,  5,  63};
int walisch_swapped(std::uint64_t bb) {
  return swapped_index64[((bb ^ (bb - 1)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

// The Bit Hacks SWAR popcount with the nibble step shifting by 3, not 4.
int swar_wrong_shift(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 3)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

// An msb that loses the top bit: right everywhere except words with bit 63.
int msb_drops_bit63(std::uint64_t b) { return 63 - std::countl_zero(b & 0x7fffffffffffffffULL); }

// A ctz 64 too high for odd words: an index outside [0, 63] that names the
// right square modulo 64 (the stored-values compare checks the range).
int ctz_wraps(std::uint64_t b) { return std::countr_zero(b) + (b & 1 ? 64 : 0); }

// A clz that counts only the half holding the top set bit: 32 short for words
// whose high half is empty.
int clz_one_half(std::uint64_t b) {
  return b >> 32 ? std::countl_zero(static_cast<std::uint32_t>(b >> 32)) : std::countl_zero(static_cast<std::uint32_t>(b));
}

int correct_ctz(std::uint64_t b) { return std::countr_zero(b); }
int correct_clz(std::uint64_t b) { return std::countl_zero(b); }
int correct_lsb(std::uint64_t b) { return std::countr_zero(b); }
int correct_msb(std::uint64_t b) { return 63 - std::countl_zero(b); }
int correct_popcount(std::uint64_t b) { return std::popcount(b); }
int ctz_zero_is_63(std::uint64_t b) { return b ? std::countr_zero(b) : 63; }

descriptor make(const char* n, op o, batch_fn f) {
  descriptor d;
  d.name = n;
  d.operation = o;
  d.batch = f;
  return d;
}

TEST(check_engine, swapped_table_entry_at_bit_62_fails_with_minimal_input) {
  const descriptor d = make("walisch_swapped", op::lsb, &batch<walisch_swapped>);
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_EQ(r.seen.failures, 2u);
  ASSERT_TRUE(r.seen.smallest);
  EXPECT_EQ(r.seen.smallest->input, 0x2000000000000000ULL);
  EXPECT_NE(r.message.find("lsb(0x2000000000000000) expected 61, got 62"), std::string::npos)
      << r.message;
  // A random family finds it too, and shrinks to a single bit.
  const check_outcome rnd = run_check(d, "random_above_lsb");
  EXPECT_EQ(rnd.v, verdict::fail);
  ASSERT_TRUE(rnd.seen.smallest);
  EXPECT_EQ(popcount(rnd.seen.smallest->input), 1) << hex(rnd.seen.smallest->input.lo);
  EXPECT_NE(r.message.find("walisch_swapped"), std::string::npos);
}

TEST(check_engine, wrong_shift_fails_with_minimal_input) {
  const descriptor d = make("swar_wrong_shift", op::popcount, &batch<swar_wrong_shift>);
  const check_outcome r = run_check(d, "random_uniform");
  EXPECT_EQ(r.v, verdict::fail);
  ASSERT_TRUE(r.seen.smallest);
  // Shrinking reaches the smallest word the bug shows on: bit 4 alone, counted
  // once in its own nibble and again after the shift by 3.
  EXPECT_EQ(r.seen.smallest->input, 0x0000000000000010ULL) << r.message;
  EXPECT_NE(r.message.find("popcount(0x0000000000000010) expected 1, got 2"), std::string::npos)
      << r.message;
}

TEST(check_engine, bug_on_bit_63_only_is_found_by_every_family_that_sets_it) {
  const descriptor d = make("msb_drops_bit63", op::msb, &batch<msb_drops_bit63>);
  for (const char* c : {"known_answers", "single_bits", "masks", "windows8", "random_uniform"}) {
    const check_outcome r = run_check(d, c);
    EXPECT_EQ(r.v, verdict::fail) << c;
    ASSERT_TRUE(r.seen.smallest) << c;
    EXPECT_EQ(r.seen.smallest->input, 0x8000000000000000ULL) << c;
  }
}

TEST(check_engine, zero_contract_is_enforced_for_ctz) {
  const descriptor bad = make("ctz_zero_is_63", op::ctz, &batch<ctz_zero_is_63>);
  const check_outcome r = run_check(bad, "zero");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_NE(r.message.find("ctz(0x0000000000000000) expected 64, got 63"), std::string::npos) << r.message;
  EXPECT_EQ(run_check(make("ok", op::ctz, &batch<correct_ctz>), "zero").v, verdict::pass);
}

TEST(check_engine, lsb_zero_is_never_called_for_candidates) {
  descriptor d = make("c", op::lsb, &batch<correct_ctz>);
  d.candidate = true;
  EXPECT_EQ(run_check(d, "zero").v, verdict::skip);
}

TEST(check_engine, expected_failure_observed_is_xfail) {
  descriptor d = make("swapped", op::lsb, &batch<walisch_swapped>);
  d.expected = {{when::always, scope::nonzero, "deliberately swapped"}};
  EXPECT_EQ(run_check(d, "single_bits").v, verdict::xfail);
  EXPECT_EQ(run_check(d, "expected_failure").v, verdict::xfail);
}

TEST(check_engine, unexpected_pass_is_a_failure) {
  descriptor d = make("correct", op::ctz, &batch<correct_ctz>);
  d.expected = {{when::always, scope::nonzero, "claimed broken"},
                {when::always, scope::zero, "claimed broken on zero"}};
  EXPECT_EQ(run_check(d, "expected_failure").v, verdict::xpass);
  EXPECT_EQ(run_check(d, "zero").v, verdict::xpass);
  EXPECT_TRUE(is_failure(verdict::xpass));
}

TEST(check_engine, expectation_for_another_target_is_a_skip_here) {
  descriptor d = make("correct", op::ctz, &batch<correct_ctz>);
  d.expected = {{{"never", [] { return false; }}, scope::nonzero, "only elsewhere"}};
  const check_outcome r = run_check(d, "expected_failure");
  EXPECT_EQ(r.v, verdict::skip);
  EXPECT_NE(r.message.find("only elsewhere"), std::string::npos);
  EXPECT_EQ(run_check(d, "single_bits").v, verdict::pass);
}

TEST(check_engine, unbuilt_and_unsupported_entries_are_skipped_with_reason) {
  descriptor d = make("arm_only", op::clz, nullptr);
  d.unavailable = "AArch64 only";
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::skip);
  EXPECT_NE(r.message.find("AArch64 only"), std::string::npos);
}

// A CPU feature the entry's own code needs is a skip where it is missing; the
// same feature enabled by a candidate's `// scanproof: option` flag is the
// candidate's finding there (its engine, built so, runs SIGILL), named after
// the flag, and nothing runs. This CPU lacks Alpha's CIX whatever it is.
TEST(check_engine, a_build_option_this_cpu_lacks_is_the_candidates_finding) {
  descriptor d = make("needs_cix", op::ctz, &batch<correct_ctz>);
  d.requires_cpu = {{cpu_feature::alpha_cix}};
  EXPECT_EQ(run_check(d, "single_bits").v, verdict::skip);
  EXPECT_FALSE(built_beyond_cpu(d));

  d.requires_cpu = {{cpu_feature::alpha_cix, "-mcix"}};
  EXPECT_FALSE(unrunnable(d));
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_NE(r.message.find("built with -mcix"), std::string::npos) << r.message;
  EXPECT_NE(r.message.find("runs SIGILL on a CPU without cix"), std::string::npos) << r.message;
  EXPECT_EQ(r.seen.inputs, 0u) << "nothing runs";
}

// A correct scanner of a board that holds its high half first, registered
// without saying so, fails (the suite cannot know) and the failure says what
// to declare; declared, it passes. The hint is text beside the verdict.
struct high_first_board {
  std::uint64_t b64[2];  // b64[0]: squares 64..127
};
int high_first_lsb(high_first_board b) {
  return b.b64[1] ? std::countr_zero(b.b64[1]) : 64 + std::countr_zero(b.b64[0]);
}

TEST(check_engine, a_board_read_in_the_wrong_half_order_fails_with_a_hint_naming_the_declaration) {
  descriptor d = make("undeclared", op::lsb, &batch<&high_first_lsb>);
  d.sh = signature_shape<&high_first_lsb>();
  const check_outcome r = run_check(d, "single_bits");
  EXPECT_EQ(r.v, verdict::fail);
  EXPECT_NE(r.message.find("declare .halves = scanproof::high_first"), std::string::npos) << r.message;

  using high_first = reading<half_order::high_first>;
  descriptor ok = make("declared", op::lsb, &batch<&high_first_lsb, high_first>);
  ok.sh = signature_shape<&high_first_lsb, high_first>();
  EXPECT_EQ(run_check(ok, "single_bits").v, verdict::pass);

  // A scanner that is wrong either way gets no hint.
  descriptor wrong = make("wrong", op::lsb, &batch<walisch_swapped>);
  EXPECT_EQ(run_check(wrong, "single_bits").message.find("hint:"), std::string::npos);
}

// What a sweep reports besides its verdict: every input of the set ran, the
// digest is value_digest of the outputs in input order (the one definition
// the matrix report and a separate judge compare), and the scanner's own time
// is part of the check's.
TEST(check_engine, sweep_digests_every_output_in_order_and_times_the_scanner) {
  const descriptor d = make("ok", op::ctz, &batch<correct_ctz>);
  const check_outcome r = run_check(d, "random_sparse");
  const input_values& v = values_of(*find_input_set("random_sparse"), 64);
  value_digest want;
  for (std::size_t i = 0; i < v.count; ++i) want.add(static_cast<std::uint64_t>(std::countr_zero(v.data[i])));
  EXPECT_EQ(r.v, verdict::pass);
  EXPECT_EQ(r.seen.inputs, v.count);
  ASSERT_TRUE(r.seen.digest);
  EXPECT_EQ(*r.seen.digest, want.value());
  EXPECT_GT(r.seen.scanner_seconds, 0.0);
  EXPECT_LE(r.seen.scanner_seconds, r.seconds);
  // One wrong output changes it.
  const check_outcome w = run_check(make("w", op::msb, &batch<msb_drops_bit63>), "random_sparse");
  ASSERT_TRUE(w.seen.digest);
  EXPECT_NE(*w.seen.digest, *r.seen.digest);
}

// A scanner of one 64-bit integer gets batch_values (batch.hpp), and a sweep
// then hands it the stored values themselves (checks.cpp: compare_values):
// that path must report what the word path reports, right or wrong, to the
// last counterexample.
template <auto F>
descriptor with_values(descriptor d) {
  d.batch_values = &batch_values<F>;
  return d;
}
TEST(check_engine, stored_values_path_reports_what_the_word_path_reports) {
  const std::pair<descriptor, descriptor> pairs[] = {
      {make("ctz", op::ctz, &batch<correct_ctz>), with_values<correct_ctz>(make("ctz", op::ctz, nullptr))},
      {make("clz", op::clz, &batch<correct_clz>), with_values<correct_clz>(make("clz", op::clz, nullptr))},
      {make("lsb", op::lsb, &batch<correct_lsb>), with_values<correct_lsb>(make("lsb", op::lsb, nullptr))},
      {make("msb", op::msb, &batch<correct_msb>), with_values<correct_msb>(make("msb", op::msb, nullptr))},
      {make("pop", op::popcount, &batch<correct_popcount>),
       with_values<correct_popcount>(make("pop", op::popcount, nullptr))},
      {make("swapped", op::lsb, &batch<walisch_swapped>),
       with_values<walisch_swapped>(make("swapped", op::lsb, nullptr))},
      {make("swar", op::popcount, &batch<swar_wrong_shift>),
       with_values<swar_wrong_shift>(make("swar", op::popcount, nullptr))},
      {make("drops63", op::msb, &batch<msb_drops_bit63>),
       with_values<msb_drops_bit63>(make("drops63", op::msb, nullptr))},
      {make("wraps", op::ctz, &batch<ctz_wraps>), with_values<ctz_wraps>(make("wraps", op::ctz, nullptr))},
      {make("one_half", op::clz, &batch<clz_one_half>),
       with_values<clz_one_half>(make("one_half", op::clz, nullptr))},
  };
  for (auto [words, values] : pairs) {
    values.batch = words.batch;
    for (const char* set : {"single_bits", "masks", "random_sparse", "random_below_msb"}) {
      const check_outcome a = run_check(words, set), b = run_check(values, set);
      SCOPED_TRACE(words.name + " on " + set);
      EXPECT_EQ(a.v, b.v);
      EXPECT_EQ(a.seen.inputs, b.seen.inputs);
      EXPECT_EQ(a.seen.failures, b.seen.failures);
      ASSERT_TRUE(a.seen.digest && b.seen.digest);
      EXPECT_EQ(*a.seen.digest, *b.seen.digest);
      for (auto m : {&observation::smallest, &observation::first}) {
        ASSERT_EQ((a.seen.*m).has_value(), (b.seen.*m).has_value());
        if (!(a.seen.*m)) continue;
        EXPECT_EQ((a.seen.*m)->input, (b.seen.*m)->input);
        EXPECT_EQ((a.seen.*m)->got, (b.seen.*m)->got);
        EXPECT_EQ((a.seen.*m)->expected, (b.seen.*m)->expected);
        EXPECT_EQ((a.seen.*m)->position, (b.seen.*m)->position);
      }
    }
  }
}

void set_inputs_dir(const char* dir) {
#if defined(_WIN32)
  _putenv_s("SCANPROOF_INPUTS_DIR", dir ? dir : "");
#else
  if (dir) setenv("SCANPROOF_INPUTS_DIR", dir, 1);
  else unsetenv("SCANPROOF_INPUTS_DIR");
#endif
}

// A sweep reads a mapped input file once, digesting it as it goes
// (sweep_values_of): a file of the right size with one wrong byte is found by
// that digest at the end of the sweep, made again, and the check runs again
// on the right inputs, so its verdict and outputs are those of the canonical
// inputs, never of the corrupt file.
TEST(check_engine, a_corrupt_input_file_is_found_by_the_sweep_that_reads_it_and_the_check_runs_again) {
#if defined(__wasi__)
  GTEST_SKIP() << "needs std::filesystem and GoogleTest's stderr capture, which wasm32-wasi lacks";
#else
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() /
                       ("scanproof-sweep-test-" + std::to_string(reinterpret_cast<std::uintptr_t>(&dir)) + "-" +
                        std::to_string(std::rand()));
  fs::create_directories(dir);
  set_inputs_dir(dir.string().c_str());
  forget_inputs();
  const descriptor d = with_values<correct_ctz>(make("ok", op::ctz, &batch<correct_ctz>));
  const check_outcome before = run_check(d, "random_sparse");
  ASSERT_EQ(before.v, verdict::pass) << before.message;
  const fs::path file = dir / "random_sparse-64.u64";
  ASSERT_TRUE(fs::exists(file)) << "the sweep did not write the input file " << file.string();
  forget_inputs();
  {
    std::FILE* f = std::fopen(file.string().c_str(), "r+b");
    ASSERT_NE(f, nullptr);
    std::fseek(f, 8 * 12345 + 3, SEEK_SET);
    std::fputc('x', f);
    std::fclose(f);
  }
  testing::internal::CaptureStderr();
  const check_outcome after = run_check(d, "random_sparse");
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(after.v, verdict::pass) << after.message;
  EXPECT_EQ(after.seen.inputs, before.seen.inputs);
  ASSERT_TRUE(after.seen.digest && before.seen.digest);
  EXPECT_EQ(*after.seen.digest, *before.seen.digest);
  EXPECT_NE(said.find("is corrupt"), std::string::npos) << said;
  EXPECT_NE(said.find("runs again"), std::string::npos) << "not found by the sweep: " << said;
  // (A temporary: Windows cannot remove a file that is still mapped.)
  EXPECT_FALSE(load_inputs(*find_input_set("random_sparse"), 64, dir.string().c_str()).regenerated)
      << "the corrupt file was not replaced";
  forget_inputs();
  set_inputs_dir(nullptr);
  fs::remove_all(dir);
#endif
}

TEST(check_engine, unknown_check_is_an_error) {
  EXPECT_EQ(run_check(make("x", op::ctz, &batch<correct_ctz>), "no_such_check").v, verdict::fail);
}

// The machine's facts every result file and `scanproof check --json` begin with
// (docs/contracts.md, Results of a run).
TEST(check_engine, target_facts_are_json_naming_the_machine) {
  const auto t = scanproof::json_style::json::parse(target_json(), nullptr, /*allow_exceptions=*/false);
  ASSERT_FALSE(t.is_discarded()) << target_json();
  for (const char* field : {"arch", "compiler", "cpu", "big_endian", "long_bits", "pointer_bits", "cpu_features"})
    EXPECT_TRUE(t.contains(field)) << field;
}

}  // namespace

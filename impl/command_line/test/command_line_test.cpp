// unit.command_line.*: how the three commands read their options and write JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scanproof/command_json.hpp"
#include "scanproof/command_line.hpp"

namespace {
using namespace scanproof::command_line;

// parse() over a command line given as words; argv[0] is the program.
std::optional<arguments> read(std::vector<std::string> words, const std::vector<option_spec>& options,
                              bool operands = false) {
  words.insert(words.begin(), "scanproof_test");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return parse("scanproof test", static_cast<int>(words.size()), argv.data(), 1, options, operands);
}

const std::vector<option_spec> check_options = {{"impl", true}, {"op", true}, {"json", true}, {"timeout", true}};

// What a call printed on stderr (GoogleTest captures it where it can: not under WASI).
template <class F>
std::string stderr_of(F&& f) {
#if GTEST_HAS_STREAM_REDIRECTION
  testing::internal::CaptureStderr();
  f();
  return testing::internal::GetCapturedStderr();
#else
  f();
  return "";
#endif
}

void expect_said(const std::string& said, const std::string& want) {
#if GTEST_HAS_STREAM_REDIRECTION
  EXPECT_EQ(said, want);
#else
  (void)said;
  (void)want;
#endif
}

TEST(command_line, reads_values_flags_and_operands_in_any_order) {
  const auto a = read({"0x1", "--impl", "a,b", "--op=lsb", "--tim", "2.5", "0x2"},
                      {{"impl", true}, {"op", true}, {"timeout", true}, {"markdown", false}}, true);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->value("impl"), "a,b");
  EXPECT_EQ(a->value("op"), "lsb");
  EXPECT_EQ(a->value("timeout"), "2.5");  // a unique prefix names the option
  EXPECT_FALSE(a->has("markdown"));
  EXPECT_EQ(a->value("markdown", "none"), "none");
  EXPECT_EQ(a->operands, (std::vector<std::string>{"0x1", "0x2"}));
  EXPECT_FALSE(a->help);
  const auto flags = read({"--markdown", "-h"}, {{"markdown", false}});
  ASSERT_TRUE(flags);
  EXPECT_TRUE(flags->has("markdown"));
  EXPECT_TRUE(flags->help);
}

TEST(command_line, the_last_of_a_repeated_option_counts) {
  const auto a = read({"--impl", "a", "--impl", "b"}, check_options);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->value("impl"), "b");
}

TEST(command_line, bad_arguments_are_named) {
  std::optional<arguments> a;
  expect_said(stderr_of([&] { a = read({"--nope"}, check_options); }),
              "scanproof test: unknown argument '--nope'\n");
  EXPECT_FALSE(a);
  expect_said(stderr_of([&] { a = read({"--impl"}, check_options); }), "scanproof test: --impl needs a value\n");
  EXPECT_FALSE(a);
  expect_said(stderr_of([&] { a = read({"-x"}, check_options); }), "scanproof test: unknown argument '-x'\n");
  EXPECT_FALSE(a);
  // An operand where the command takes none (`scanproof list extra`).
  expect_said(stderr_of([&] { a = read({"--impl", "a", "extra"}, check_options); }),
              "scanproof test: unknown argument 'extra'\n");
  EXPECT_FALSE(a);
  // A flag given a value.
  EXPECT_FALSE(read({"--markdown=yes"}, {{"markdown", false}}));
}

TEST(command_line, implementation_lists_are_split_on_commas_and_every_name_must_exist) {
  EXPECT_EQ(implementation_names("t", ""), std::vector<std::string>{});  // every implementation
  EXPECT_EQ(implementation_names("t", "debruijn_walisch,,table4,"),
            (std::vector<std::string>{"debruijn_walisch", "table4"}));
  std::optional<std::vector<std::string>> names;
  expect_said(stderr_of([&] { names = implementation_names("scanproof check", "table4,nope"); }),
              "scanproof check: no implementation named 'nope' (see `scanproof list`)\n");
  EXPECT_FALSE(names);
}

TEST(command_line, ops_are_named) {
  EXPECT_EQ(op_named("t", "pop_msb"), scanproof::op::pop_msb);
  std::optional<scanproof::op> o;
  expect_said(stderr_of([&] { o = op_named("t", "lsb64"); }),
              "t: unknown op 'lsb64' (lsb, msb, ctz, clz, popcount, pop_lsb, pop_msb)\n");
  EXPECT_FALSE(o);
}

TEST(command_line, a_timeout_is_a_positive_number_of_seconds_up_to_a_day) {
  EXPECT_EQ(timeout_seconds("t", "60"), 60.0);
  EXPECT_EQ(timeout_seconds("t", "0.25"), 0.25);
  EXPECT_EQ(timeout_seconds("t", "86400"), 86400.0);
  for (const char* bad : {"", "abc", "0", "-1", "86401", "1e9", "inf", "nan", "5s", " 5"}) {
    std::optional<double> t;
    expect_said(stderr_of([&] { t = timeout_seconds("scanproof prove", bad); }),
                "scanproof prove: --timeout wants a positive number of seconds (at most 86400) for one check, not '" +
                    std::string(bad) + "'\n");
    EXPECT_FALSE(t) << bad;
  }
}

TEST(command_line, counts_and_times_are_positive) {
  EXPECT_EQ(positive_integer("t", "--jobs", "3"), 3);
  EXPECT_EQ(positive_number("t", "--min-time", "0.0005"), 0.0005);
  for (const char* bad : {"", "0", "-2", "2.5", "x", "99999999999999999999"})
    EXPECT_FALSE(positive_integer("t", "--jobs", bad)) << bad;
  for (const char* bad : {"", "0", "-0.1", "x", "inf"}) EXPECT_FALSE(positive_number("t", "--min-time", bad)) << bad;
  std::optional<int> n;
  expect_said(stderr_of([&] { n = positive_integer("scanproof bench", "--repetitions", "0"); }),
              "scanproof bench: --repetitions wants a positive whole number, not '0'\n");
}

TEST(command_line, json_is_one_line_in_the_suites_style) {
  json v;
  v["name"] = "x\"\n";
  v["width"] = 64;
  v["zero_required"] = nullptr;
  v["built"] = true;
  v["checks"] = json::array({json{{"check", "zero"}}, -1});
  v["empty"] = json::array();
  v["digest"] = 18446744073709551615ULL;
  EXPECT_EQ(json_line(v),
            "{\"name\": \"x\\\"\\n\", \"width\": 64, \"zero_required\": null, \"built\": true, "
            "\"checks\": [{\"check\": \"zero\"}, -1], \"empty\": [], \"digest\": 18446744073709551615}");
  // A byte that is not UTF-8 is replaced, never written as invalid JSON.
  EXPECT_EQ(json_line(json("a\xff")), "\"a\xef\xbf\xbd\"");
  EXPECT_EQ(json_line(json("caf\xc3\xa9")), "\"caf\xc3\xa9\"");  // UTF-8 stays as it is
}

TEST(command_line, documents_have_one_item_a_line) {
  json head;
  head["target"] = json{{"arch", "x86_64"}};
  EXPECT_EQ(json_document(head, "implementations", {json{{"name", "a"}}, json{{"name", "b"}}}),
            "{\"target\": {\"arch\": \"x86_64\"}, \"implementations\": [\n  {\"name\": \"a\"},\n  {\"name\": \"b\"}\n]}\n");
  EXPECT_EQ(json_document(head, "implementations", {}), "{\"target\": {\"arch\": \"x86_64\"}, \"implementations\": [\n]}\n");
  // What the commands write parses back to what they meant.
  const auto back = parse_json(json_document(head, "implementations", {json{{"name", "a"}}}));
  ASSERT_TRUE(back);
  EXPECT_EQ((*back)["implementations"][0]["name"], "a");
  EXPECT_FALSE(parse_json("{\"a\": "));
}

}  // namespace

// unit.command_line_dispatch.*: the one dispatcher (command_line.hpp) that `scanproof` and
// the conformance driver choose and read their subcommands with.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scanproof/command_line.hpp"

namespace {
using namespace scanproof::command_line;

// What the last subcommand run was given.
struct ran {
  std::string name, program;
  arguments args;
};

// A table shaped like the catalogue's and `scanproof`'s: options, operands, and
// one whose words are another program's.
std::vector<subcommand> table(ran& last) {
  const auto record = [&last](const char* name) {
    return [&last, name](std::string_view program, const arguments& a) {
      last = {name, std::string(program), a};
      return 7;
    };
  };
  return {{"list", "[--json | --markdown]", {{"json", false}, {"markdown", false}}, false, false, record("list")},
          {"eval", "--impl NAME INPUT...", {{"impl", true}}, true, false, record("eval")},
          {"bench", "[ITS OWN OPTIONS]", {}, false, true, record("bench")}};
}

// dispatch() over a command line given as words after the program's name.
int dispatch_words(std::vector<std::string> words, ran& last) {
  words.insert(words.begin(), "driver");
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return dispatch("driver", static_cast<int>(words.size()), argv.data(), 1, table(last));
}

// What a call printed on a stream (GoogleTest captures it where it can: not under WASI).
template <class F>
std::pair<std::string, std::string> output_of(F&& f) {
#if GTEST_HAS_STREAM_REDIRECTION
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  f();
  std::string out = testing::internal::GetCapturedStdout();
  return {out, testing::internal::GetCapturedStderr()};
#else
  f();
  return {"", ""};
#endif
}

const char* const usage_text =
    "usage: driver list [--json | --markdown]\n"
    "       driver eval --impl NAME INPUT...\n"
    "       driver bench [ITS OWN OPTIONS]\n";

TEST(command_line_dispatch, runs_the_named_subcommand_with_its_arguments_read) {
  ran last;
  EXPECT_EQ(dispatch_words({"list", "--json"}, last), 7);  // the handler's status
  EXPECT_EQ(last.name, "list");
  EXPECT_EQ(last.program, "driver");
  EXPECT_TRUE(last.args.has("json"));
  EXPECT_EQ(dispatch_words({"eval", "--impl", "double_conversion_unguarded", "0x003fffffffffffff", "1"}, last), 7);
  EXPECT_EQ(last.name, "eval");
  EXPECT_EQ(last.args.value("impl"), "double_conversion_unguarded");
  EXPECT_EQ(last.args.operands, (std::vector<std::string>{"0x003fffffffffffff", "1"}));
}

TEST(command_line_dispatch, passes_another_programs_words_on_unread) {
  ran last;
  EXPECT_EQ(dispatch_words({"bench", "--min-time", "0.1", "--help"}, last), 7);
  EXPECT_EQ(last.name, "bench");
  EXPECT_EQ(last.args.operands, (std::vector<std::string>{"--min-time", "0.1", "--help"}));
  EXPECT_TRUE(last.args.values.empty());
}

TEST(command_line_dispatch, bad_command_lines_are_named_and_followed_by_the_usage) {
  ran last;
  int status = 0;
  auto said = output_of([&] { status = dispatch_words({"lst", "--json"}, last); });
  EXPECT_EQ(status, 2);
#if GTEST_HAS_STREAM_REDIRECTION
  EXPECT_EQ(said.second, std::string("driver: unknown command 'lst'\n") + usage_text);
  EXPECT_EQ(said.first, "");
#endif
  said = output_of([&] { status = dispatch_words({"eval", "--impl"}, last); });
  EXPECT_EQ(status, 2);
#if GTEST_HAS_STREAM_REDIRECTION
  EXPECT_EQ(said.second, std::string("driver: --impl needs a value\n") + usage_text);
#endif
  said = output_of([&] { status = dispatch_words({"list", "--impl", "x"}, last); });
  EXPECT_EQ(status, 2);
#if GTEST_HAS_STREAM_REDIRECTION
  EXPECT_EQ(said.second, std::string("driver: unknown argument '--impl'\n") + usage_text);
#endif
  said = output_of([&] { status = dispatch_words({}, last); });  // no subcommand
  EXPECT_EQ(status, 2);
#if GTEST_HAS_STREAM_REDIRECTION
  EXPECT_EQ(said.second, usage_text);
#endif
  EXPECT_EQ(last.name, "");  // nothing ran
}

TEST(command_line_dispatch, help_is_the_usage_on_stdout) {
  ran last;
  for (const std::vector<std::string>& words : {std::vector<std::string>{"--help"}, {"-h"}, {"list", "--help"}}) {
    int status = 1;
    const auto said = output_of([&] { status = dispatch_words(words, last); });
    EXPECT_EQ(status, 0) << words.back();
#if GTEST_HAS_STREAM_REDIRECTION
    EXPECT_EQ(said.first, usage_text);
    EXPECT_EQ(said.second, "");
#endif
  }
  EXPECT_EQ(last.name, "");
}

TEST(command_line_dispatch, finds_subcommands_by_their_whole_name) {
  ran last;
  const std::vector<subcommand> t = table(last);
  ASSERT_TRUE(find_subcommand(t, "eval"));
  EXPECT_EQ(find_subcommand(t, "eval")->name, "eval");
  EXPECT_FALSE(find_subcommand(t, "eva"));  // a prefix is a GoogleTest flag's business, not a subcommand
  EXPECT_FALSE(find_subcommand(t, "--gtest_filter=*"));
}

}  // namespace

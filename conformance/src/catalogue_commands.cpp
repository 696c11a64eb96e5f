// `list` and `eval` (catalogue_commands.hpp): what a program with the
// registry linked in says about it. docs/catalogue.md's table is `list --markdown`.
#include "scanproof/catalogue_commands.hpp"

#include <cstdio>
#include <iostream>
#include <string>

#include "scanproof/catalogue_listing.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/registry.hpp"

namespace scanproof {

namespace {

std::string expectations_text(const descriptor& d) {
  std::string s;
  for (const expectation& e : d.expected)
    s += std::string(s.empty() ? "" : "; ") + "fails " +
         (e.on == scope::zero ? "on zero" : "on nonzero inputs") + " where " + e.when.name + ": " +
         e.reason;
  return s;
}

std::string md_cell(std::string s) {
  for (std::size_t p = 0; (p = s.find('|', p)) != std::string::npos; p += 2) s.replace(p, 1, "\\|");
  return s;
}

// docs/catalogue.md's table (ci/update-catalogue writes it).
int list_markdown() {
  std::cout << "| op | name | shape | zero input | needs | expected to fail | provenance |\n"
            << "|---|---|---|---|---|---|---|\n";
  for (const descriptor& d : registry()) {
    if (d.candidate) continue;
    std::string xf;
    for (const expectation& e : d.expected)
      xf += std::string(xf.empty() ? "" : "; ") + (e.on == scope::zero ? "zero, " : "") + e.when.name;
    const std::string lang = d.language == "C++" ? "" : " (" + d.language + ")";
    std::cout << "| " << op_label(d.operation, d.sh) << " | `" << d.name << "`" << lang << " | "
              << md_cell(d.sh.plain_64() ? "" : shape_text(d.sh)) << " | " << md_cell(zero_text(d))
              << " | " << md_cell(requirements_text(d)) << " | " << md_cell(xf) << " | "
              << md_cell(d.provenance) << " |\n";
  }
  return 0;
}

int list(bool as_json) {
  if (as_json) {
    std::cout << catalogue_json();
    return 0;
  }
  auto reg = registry();
  std::printf("%-11s %-30s %-26s %-28s %s\n", "op", "name", "zero", "availability", "source");
  for (const descriptor& d : reg) {
    std::printf("%-11s %-30s %-26s %-28s %s\n", op_label(d.operation, d.sh).c_str(),
                d.name.c_str(), zero_text(d).c_str(), availability(d).c_str(), source_path(d).c_str());
    if (!d.sh.plain_64()) std::printf("%-11s %-30s shape: %s\n", "", "", shape_text(d.sh).c_str());
    if (!d.expected.empty()) std::printf("%-11s %-30s expects: %s\n", "", "", expectations_text(d).c_str());
  }
  std::printf("%zu implementations on %s (%s); provenance: scanproof list --json\n", reg.size(),
              arch_name(), compiler_id().c_str());
  return 0;
}

}  // namespace

std::vector<command_line::subcommand> catalogue_commands() {
  using command_line::arguments;
  return {
      {"list", "[--json | --markdown]", {{"json", false}, {"markdown", false}}, false, false,
       [](std::string_view, const arguments& a) { return a.has("markdown") ? list_markdown() : list(a.has("json")); }},
      {"eval", "--impl NAME INPUT...   (each input's result, one line each)", {{"impl", true}}, true, false,
       [](std::string_view program, const arguments& a) {
         return eval_inputs(std::string(program) + " eval", a.value("impl"), a.operands);
       }},
  };
}

}  // namespace scanproof

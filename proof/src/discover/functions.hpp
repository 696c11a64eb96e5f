// The functions of an engine's IR whose signature could be a scanner's: one
// board (an integer of 8..128 bits, an enumeration, an 8- or 16-byte class,
// two 64-bit halves) by value, by reference or pointer, or as the object of a
// member function; an integer, enumeration or small-class result. What the
// debug information says of each (file, line, C/C++ names and types) is read
// before LLVM's -O2 passes run and the debug information is dropped.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace scanproof::discover {

// How the board reaches the function.
struct board_form {
  enum class passing { value, two_values, memory } how = passing::value;
  unsigned bits = 64;     // 8, 16, 32, 64 or 128
  bool writable = false;  // memory the function may write (a pop scanner's board)
};

struct found_function {
  std::size_t module = 0;
  std::string symbol;     // the IR function's name
  std::string shown;      // as a person reads it: "engine::lsb(unsigned long)"
  std::string qualified;  // as C++ names it: "engine::ShogiBoard::pop", "engine::popcount<unsigned long>"
  std::string file;       // where it is defined (absolute)
  unsigned line = 0;
  std::string language;   // "C++" or "C"
  bool member = false;    // a member function: the board is the object
  bool internal = false;  // static, or in an anonymous namespace
  bool overloaded = false;  // another function of the tree has its qualified name
  board_form form;
  unsigned result_bits = 32;
  bool result_signed = true;
  // The declaration as the debug information spells it ("" where it cannot):
  // the result's and the board parameter's types.
  std::string result_type, board_type;
  std::string board_type_file;  // where the board's class or enum is declared, if it is one
};

// What one compiled unit defines and needs from elsewhere (external
// functions and globals): whether a candidate file can include its source
// and link on its own (registration.cpp).
struct unit_symbols {
  std::string source;
  std::vector<std::string> defines, needs;
  bool has_main = false;
};

// Reads every bitcode file into `ir`, lists the functions defined in files
// under `root` that could be scanners, keeps them through LLVM's -O2
// pipeline (run here on each module) and strips the debug information.
// `unreadable` gets "file: why" for a bitcode file LLVM cannot read.
// `symbols`: each readable unit's (its source from the debug information).
// `out_of_line`: for each class of the tree with a member function defined
// in a source file (YaneuraOu's Bitboard(u64, u64) in bitboard.cpp), that
// file: a candidate naming the class links its definitions.
std::vector<found_function> load_and_find(proof::ir_set& ir, const std::vector<std::string>& bitcode,
                                          const std::string& root, std::vector<std::string>& unreadable,
                                          std::map<std::string, std::string>& out_of_line,
                                          std::vector<unit_symbols>& symbols);

// Links into m the definitions of the functions it calls that other units
// define (llvm::Linker, only what is needed), until none is missing that the
// tree has: a scanner that calls another file's function runs whole.
void link_callees(const proof::ir_set& ir, llvm::Module& m);

}  // namespace scanproof::discover

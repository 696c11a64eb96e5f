// The prover on fixtures (fixtures/*.cpp, registered as candidates in this
// test binary and compiled to IR by the build): bugs that sampling can miss are
// refuted with the input, correct scanners are proved, what cannot be modelled
// is "not provable" with the reason, and a replay that disagrees with the
// solver is an error, never a counterexample or a pass.
#include <gtest/gtest.h>

#include <bit>
#include <csignal>
#include <memory>
#include <sstream>
#include <string>
#include <tuple>

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include "ir/ir.hpp"
#include "prover/prove.hpp"
#include "prover/report.hpp"
#include "scanproof/batch.hpp"
#include "scanproof/reference.hpp"
#include "scanproof/registry.hpp"

namespace {
using namespace scanproof;

const proof::ir_set& fixtures_ir() {
  static const std::unique_ptr<proof::ir_set> ir =
      proof::load_ir(SCANPROOF_PROOF_FIXTURE_IR, "host");
  return *ir;
}

const descriptor& fixture(const char* name) {
  const descriptor* d = find(name);
  if (!d) throw std::runtime_error(std::string("fixture not registered: ") + name);
  return *d;
}

proof::outcome prove(const descriptor& d) {
  proof::prove_options o;
  o.timeout_s = 120;
  return proof::prove(d, fixtures_ir(), o);
}

TEST(Proof, RegistryHasNoErrors) { EXPECT_TRUE(registry_ok()); }

// `--jobs` proves each implementation in a child process: its outcome must
// reach the parent whole, whatever text the reasons hold.
TEST(Proof, OutcomeSurvivesTheTripFromAChildProcess) {
  proof::outcome r;
  r.name = "x";
  r.op = "lsb";
  r.verdict = "counterexample";
  r.expected = true;
  r.reason = "two\nlines and a back\\slash = sign";
  r.input = word{0x8000000000000000ULL, 0x5ULL};
  r.input_shown = "{lo=0x8000000000000000, hi=0x0000000000000005}";
  r.input_argument = "0x00000000000000058000000000000000";
  r.expected_value = 63;
  r.got = -1023;
  r.replay = "replayed: -1023";
  r.seconds = 0.125;
  r.details = {"zero: proved", "nonzero inputs: counterexample"};
  r.result = proof::status::pass;
  const proof::outcome back = proof::from_record(proof::to_record(r));
  EXPECT_EQ(back.name, r.name);
  EXPECT_EQ(back.op, r.op);
  EXPECT_EQ(back.verdict, r.verdict);
  EXPECT_EQ(back.expected, r.expected);
  EXPECT_EQ(back.reason, r.reason);
  EXPECT_EQ(back.input, r.input);
  EXPECT_EQ(back.input_shown, r.input_shown);
  EXPECT_EQ(back.input_argument, r.input_argument);
  EXPECT_EQ(back.expected_value, r.expected_value);
  EXPECT_EQ(back.got, r.got);
  EXPECT_EQ(back.replay, r.replay);
  EXPECT_EQ(back.seconds, r.seconds);
  EXPECT_EQ(back.details, r.details);
  EXPECT_EQ(back.result, r.result);
  EXPECT_FALSE(proof::from_record(proof::to_record(proof::outcome{})).input.has_value());
}

TEST(Proof, CandidateMacroEmitsTheProofSymbol) {
  EXPECT_NE(fixtures_ir().find("fixture_debruijn_ok"), nullptr);
}

TEST(Proof, UnavailableEntryEmitsNoSymbolAndIsNotProvable) {
  EXPECT_EQ(fixtures_ir().find("fixture_unavailable"), nullptr);
  const proof::outcome r = prove(fixture("fixture_unavailable"));
  EXPECT_EQ(r.verdict, "not provable");
  EXPECT_EQ(r.result, proof::status::skip);
  EXPECT_NE(r.reason.find("never built"), std::string::npos) << r.reason;
}

TEST(Proof, ProvesCorrectDeBruijn) {
  const proof::outcome r = prove(fixture("fixture_debruijn_ok"));
  EXPECT_EQ(r.verdict, "proved") << r.reason;
  EXPECT_EQ(r.result, proof::status::pass);
}

TEST(Proof, ProvesCorrectSwarPopcount) {
  const proof::outcome r = prove(fixture("fixture_swar_ok"));
  EXPECT_EQ(r.verdict, "proved") << r.reason;
  EXPECT_EQ(r.result, proof::status::pass);
}

// Checks a refutation: a real counterexample, replayed through the build.
void expect_refuted(const proof::outcome& r, op o, const shape& sh = integer_shape(64)) {
  ASSERT_EQ(r.verdict, "counterexample") << r.reason;
  EXPECT_EQ(r.result, proof::status::fail);
  ASSERT_TRUE(r.input && r.expected_value);
  EXPECT_EQ(*r.expected_value, expected_result(o, sh, *r.input));
  if (sh.plain_64()) {
    EXPECT_EQ(*r.expected_value, reference::eval(o, r.input->lo));
  }
  EXPECT_NE(r.replay.find("replayed"), std::string::npos) << r.replay;
}

TEST(Proof, RefutesTableEntrySwappedAtBit62) {
  const descriptor& d = fixture("fixture_debruijn_swapped62");
  const proof::outcome r = prove(d);
  expect_refuted(r, op::lsb);
  const int lsb = std::countr_zero(r.input->lo);
  EXPECT_TRUE(lsb == 61 || lsb == 62) << std::hex << r.input->lo;
  EXPECT_NE(call_one(d.batch, r.input->lo), lsb);
}

TEST(Proof, RefutesHashCollidingOnlyAboveBit48) {
  const proof::outcome r = prove(fixture("fixture_mod97_lsb"));
  expect_refuted(r, op::lsb);
  EXPECT_GE(std::countr_zero(r.input->lo), 48) << std::hex << r.input->lo;
}

TEST(Proof, RefutesSpecialCaseForSparseHighBits) {
  const proof::outcome r = prove(fixture("fixture_sparse_high"));
  expect_refuted(r, op::lsb);
  EXPECT_EQ(r.input->lo, 0xA004000000000000ULL);
  EXPECT_EQ(r.got, 49);
}

TEST(Proof, ReportsOverWideShiftAsUndefinedBehaviour) {
  const proof::outcome r = prove(fixture("fixture_msb_overwide_shift"));
  ASSERT_EQ(r.verdict, "counterexample") << r.reason;
  EXPECT_EQ(r.result, proof::status::fail);
  ASSERT_TRUE(r.input);
  EXPECT_EQ(r.input->lo >> 63, 1u) << std::hex << r.input->lo;
  EXPECT_NE(r.reason.find("undefined behaviour"), std::string::npos) << r.reason;
  EXPECT_NE(r.reason.find("shift by the width"), std::string::npos) << r.reason;
}

// Catalogue expectations (XFAIL): an expected counterexample passes, a proof
// of an entry expected to fail is an XPASS and fails.
TEST(Proof, ExpectedCounterexamplePassesAndProofOfExpectedFailureFails) {
  descriptor xfail = fixture("fixture_sparse_high");
  xfail.expected = {{when::always, scope::nonzero, "fixture: known wrong"}};
  const proof::outcome refuted = prove(xfail);
  EXPECT_EQ(refuted.verdict, "counterexample");
  EXPECT_TRUE(refuted.expected);
  EXPECT_EQ(refuted.result, proof::status::pass);

  descriptor xpass = fixture("fixture_debruijn_ok");
  xpass.expected = {{when::always, scope::nonzero, "fixture: claimed wrong"}};
  const proof::outcome proved = prove(xpass);
  EXPECT_EQ(proved.verdict, "proved");
  EXPECT_TRUE(proved.expected);
  EXPECT_EQ(proved.result, proof::status::fail);
  EXPECT_NE(proved.reason.find("XPASS"), std::string::npos) << proved.reason;
}

// Conditions are the IR's target's facts, not the prover's machine's.
TEST(Proof, ExpectationConditionsAreTheTargetsFacts) {
  descriptor be = fixture("fixture_sparse_high");
  be.expected = {{when::big_endian_target, scope::nonzero, "fixture: big-endian only"}};
  const proof::outcome r = prove(be);  // the fixtures' IR is little-endian x86-64
  EXPECT_EQ(r.verdict, "counterexample");
  EXPECT_FALSE(r.expected);
  EXPECT_EQ(r.result, proof::status::fail);
}

// The engines' fixtures (fixtures/engines.cpp): the correct scanner is
// proved, and the one with a wrong constant refuted by an input that replays.
const descriptor* engine_fixture(const char* name) {
  const descriptor* d = find(name);
  return d && fixtures_ir().find(name) ? d : nullptr;
}

void expect_proved(const char* name, const char* engine = nullptr) {
  const descriptor* d = engine_fixture(name);
  if (!d) GTEST_SKIP() << name << " is not built for this host";
  const proof::outcome r = prove(*d);
  EXPECT_EQ(r.verdict, "proved") << name << ": " << r.reason;
  EXPECT_EQ(r.result, proof::status::pass) << name;
  if (engine) {
    EXPECT_EQ(r.engine, engine) << name;
  }
}

proof::outcome refuted(const char* name, op o) {
  const descriptor* d = engine_fixture(name);
  if (!d) return {};
  const proof::outcome r = prove(*d);
  expect_refuted(r, o);
  // The replay ran the build and it agreed with the IR's model.
  EXPECT_NE(r.replay.find("as the solver predicted"), std::string::npos) << name << ": " << r.replay;
  return r;
}

TEST(Proof, AsmSequenceWithLocalLabel) {
  if (!engine_fixture("fixture_asm_ctz_ok")) GTEST_SKIP() << "x86-64 only";
  const proof::outcome ok = prove(fixture("fixture_asm_ctz_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  for (const std::string& line : ok.details)  // the zero case does not rest on BSF's zero behaviour
    EXPECT_EQ(line.find("depends on the CPU"), std::string::npos) << line;
  const proof::outcome bad = refuted("fixture_asm_ctz_63", op::ctz);
  EXPECT_EQ(bad.input, 0u);
  EXPECT_EQ(bad.got, 63);
}

// Asm for other CPUs on IR written here (so the test needs no cross
// compiler): the function's body for `triple`, proved as a clz or ctz.
// `params`: the proof symbol's, (lo, hi) or (lo, hi, after) for a pop op.
proof::outcome prove_ir(const char* name, op o, const char* triple, const char* layout, const std::string& body,
                        const char* params = "i64 %b, i64 %unused_hi", const char* declarations = "") {
  auto ir = std::make_unique<proof::ir_set>();
  ir->target = triple;
  ir->triple = triple;
  const std::string text = std::string("target datalayout = \"") + layout + "\"\ntarget triple = \"" + triple +
                           "\"\ndefine i64 @scanproof_scalar__" + name + "(" + params + ") {\n" + body + "}\n" + declarations;
  llvm::SMDiagnostic err;
  ir->modules.push_back(llvm::parseAssemblyString(text, err, ir->context));
  if (!ir->modules.back()) throw std::runtime_error("bad fixture IR: " + err.getMessage().str());
  descriptor d = fixture("fixture_kernighan_ok");  // a candidate's contract
  d.name = name;
  d.operation = o;
  d.batch = nullptr;  // not built for this host: no replay
  proof::prove_options opt;
  opt.timeout_s = 60;
  opt.replay = false;
  return proof::prove(d, *ir, opt);
}

proof::outcome prove_aarch64_asm(const char* name, const char* asm_text) {
  return prove_ir(name, op::ctz, "aarch64-unknown-linux-gnu", "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128",
                  std::string("  %r = call i64 asm \"") + asm_text + "\", \"=r,r\"(i64 %b)\n  ret i64 %r\n");
}

// rbit then clz counts trailing zeros; clz alone does not.
TEST(Proof, Aarch64AsmRbitClz) {
  const proof::outcome ok = prove_aarch64_asm("a64_ctz_ok", "rbit ${0:x}, ${1:x}\\0A\\09clz ${0:x}, ${0:x}");
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  const proof::outcome bad = prove_aarch64_asm("a64_ctz_clz", "clz ${0:x}, ${1:x}");
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
  ASSERT_TRUE(bad.input && bad.got);
  EXPECT_EQ(*bad.got, std::countl_zero(bad.input->lo)) << std::hex << bad.input->lo;
}

// 32-bit ARM: a 64-bit clz from two 32-bit clz; with 31 for the low half
// the answer is one short wherever the high half is zero.
proof::outcome prove_arm_clz_pair(const char* name, int low_offset) {
  return prove_ir(name, op::clz, "armv7-unknown-linux-gnueabihf", "e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64",
                  "  %lo = trunc i64 %b to i32\n  %h = lshr i64 %b, 32\n  %hi = trunc i64 %h to i32\n"
                  "  %ch = call i32 asm \"clz $0, $1\", \"=r,r\"(i32 %hi)\n"
                  "  %cl = call i32 asm \"clz $0, $1\", \"=r,r\"(i32 %lo)\n"
                  "  %z = icmp eq i32 %hi, 0\n  %cl2 = add i32 %cl, " + std::to_string(low_offset) + "\n"
                  "  %r = select i1 %z, i32 %cl2, i32 %ch\n  %r64 = zext i32 %r to i64\n  ret i64 %r64\n");
}

TEST(Proof, ArmAsmClzPair) {
  const proof::outcome ok = prove_arm_clz_pair("arm_clz_pair_ok", 32);
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  const proof::outcome bad = prove_arm_clz_pair("arm_clz_pair_31", 31);
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
  ASSERT_TRUE(bad.input);
  EXPECT_EQ(bad.input->lo >> 32, 0u) << std::hex << bad.input->lo;
}

// 64-bit PowerPC: cnttzd and popcntd are ctz and popcount; popcntw counts
// each word on its own, so as a 64-bit popcount it is refuted.
proof::outcome prove_ppc64_asm(const char* name, op o, const char* asm_text) {
  return prove_ir(name, o, "powerpc64le-unknown-linux-gnu", "e-m:e-Fn32-i64:64-n32:64-S128-v256:256:256-v512:512:512",
                  std::string("  %r = call i64 asm \"") + asm_text + "\", \"=r,r\"(i64 %b)\n  ret i64 %r\n");
}

TEST(Proof, Ppc64AsmCountInstructions) {
  for (const auto& [name, o, text] : {std::tuple{"ppc_ctz_ok", op::ctz, "cnttzd $0, $1"},
                                      std::tuple{"ppc_clz_ok", op::clz, "cntlzd $0, $1"},
                                      std::tuple{"ppc_popcount_ok", op::popcount, "popcntd $0, $1"}}) {
    const proof::outcome ok = prove_ppc64_asm(name, o, text);
    EXPECT_EQ(ok.verdict, "proved") << name << ": " << ok.reason;
  }
  const proof::outcome bad = prove_ppc64_asm("ppc_popcntw", op::popcount, "popcntw $0, $1");
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
  ASSERT_TRUE(bad.input);
  EXPECT_NE(bad.input->lo >> 32, 0u) << std::hex << bad.input->lo;  // the high word's count lands in the high word
}

// s390x: FLOGR's even register is the leading-zero count (64 for zero); the
// z196 POPCNT counts per byte, so as a 64-bit popcount it is refuted.
proof::outcome prove_systemz_asm(const char* name, op o, const std::string& body) {
  return prove_ir(name, o, "s390x-unknown-linux-gnu", "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64",
                  body);
}

TEST(Proof, SystemzAsmFlogrAndPopcnt) {
  const proof::outcome ok = prove_systemz_asm(
      "s390x_flogr_ok", op::clz,
      "  %p = call { i64, i64 } asm \"flogr $0, $2\", \"={r2},={r3},d,~{cc}\"(i64 %b)\n"
      "  %r = extractvalue { i64, i64 } %p, 0\n  ret i64 %r\n");
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  const proof::outcome bad = prove_systemz_asm(
      "s390x_popcnt_bytes", op::popcount,
      "  %r = call i64 asm \"popcnt $0, $1\", \"=d,d,~{cc}\"(i64 %b)\n  ret i64 %r\n");
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
}

// BSF on a zero source: AMD documents the destination unchanged, Intel
// undefined. The proof says which it assumed and that the zero verdict rests on it.
TEST(Proof, AsmZeroVerdictThatDependsOnTheCpuSaysSo) {
  if (!engine_fixture("fixture_asm_ctz_amd")) GTEST_SKIP() << "x86-64 only";
  const proof::outcome r = prove(fixture("fixture_asm_ctz_amd"));
  EXPECT_EQ(r.verdict, "proved") << r.reason;
  bool zero_noted = false, nonzero_noted = false;
  for (const std::string& line : r.details) {
    if (line.find("depends on the CPU") == std::string::npos) continue;
    (line.rfind("zero:", 0) == 0 ? zero_noted : nonzero_noted) = true;
    EXPECT_NE(line.find("AMD"), std::string::npos) << line;
  }
  EXPECT_TRUE(zero_noted);
  EXPECT_FALSE(nonzero_noted);
}

TEST(Proof, KernighanLoopByBdd) {
  expect_proved("fixture_kernighan_ok", "bdd");
  const proof::outcome bad = refuted("fixture_kernighan_63", op::popcount);
  EXPECT_EQ(bad.input, ~std::uint64_t{0});
}

// Nested loops whose paths multiply (9^8) are decided because paths join
// again where they meet, not followed one by one to the block limit.
TEST(Proof, PathsJoinAfterAnInnerLoop) {
  expect_proved("fixture_bytewise_kernighan_ok");
  const proof::outcome bad = refuted("fixture_bytewise_kernighan_7", op::popcount);
  ASSERT_TRUE(bad.input);
  EXPECT_NE(bad.input->lo >> 56, 0u) << std::hex << bad.input->lo;
}

TEST(Proof, SwarFoldTo32BitsByBdd) {
  expect_proved("fixture_swar_fold32_ok", "bdd");
  refuted("fixture_swar_fold32_mask", op::popcount);
}

TEST(Proof, NibbleTableLoopByBdd) {
  expect_proved("fixture_table4_ok", "bdd");
  const proof::outcome bad = refuted("fixture_table4_entry15", op::popcount);
  ASSERT_TRUE(bad.input);
  bool nibble_f = false;
  for (int k = 0; k < 64; k += 4) nibble_f = nibble_f || ((bad.input->lo >> k) & 0xF) == 0xF;
  EXPECT_TRUE(nibble_f) << std::hex << bad.input->lo;
}

// Run-time dispatch (fixtures/dispatch.cpp): every path is proved and named;
// a bug on the software path is refuted on that path. The replay runs the
// path this CPU takes, which must return what the IR returns on one path.
TEST(Proof, FunctionPointerDispatchIsProvedOnEveryPath) {
  if (!engine_fixture("fixture_dispatch_ptr_ok")) GTEST_SKIP() << "x86-64 only";
  const proof::outcome ok = prove(fixture("fixture_dispatch_ptr_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("every dispatch path"), std::string::npos) << ok.reason;
  EXPECT_NE(ok.reason.find("hw_popcount (+popcnt)"), std::string::npos) << ok.reason;
  EXPECT_NE(ok.reason.find("sw_popcount"), std::string::npos) << ok.reason;
  const proof::outcome bad = prove(fixture("fixture_dispatch_ptr_bad"));
  expect_refuted(bad, op::popcount);
  EXPECT_NE(bad.reason.find("= sw_popcount_bad"), std::string::npos) << bad.reason;
}

TEST(Proof, CpuFeatureCheckIsProvedForEveryCpu) {
  if (!engine_fixture("fixture_cpu_supports_ok")) GTEST_SKIP() << "x86-64 only";
  const proof::outcome ok = prove(fixture("fixture_cpu_supports_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("for every CPU"), std::string::npos) << ok.reason;
  expect_refuted(prove(fixture("fixture_cpu_supports_bad")), op::popcount);
}

void expect_not_provable(const char* name, const char* because);

// Does the function (or one it calls) compute with vector values?
bool uses_vectors(const llvm::Function& f, int depth = 0) {
  for (const llvm::BasicBlock& bb : f)
    for (const llvm::Instruction& i : bb) {
      if (i.getType()->isVectorTy()) return true;
      if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function* g = cb->getCalledFunction(); g && !g->isDeclaration() && depth < 4 &&
                                                             uses_vectors(*g, depth + 1))
          return true;
    }
  return false;
}

bool uses_stack_memory(const llvm::Function& f, int depth = 0) {
  for (const llvm::BasicBlock& bb : f)
    for (const llvm::Instruction& i : bb) {
      if (auto* s = llvm::dyn_cast<llvm::StoreInst>(&i);
          s && llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(s->getPointerOperand())))
        return true;
      if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function* g = cb->getCalledFunction(); g && !g->isDeclaration() && depth < 4 &&
                                                             uses_stack_memory(*g, depth + 1))
          return true;
    }
  return false;
}

TEST(Proof, LocalArrayStoresAndLoads) {
  const llvm::Function* fn = fixtures_ir().find("fixture_local_array_entry15");
  ASSERT_NE(fn, nullptr);
  EXPECT_TRUE(uses_stack_memory(*fn));  // the fixture exercises stack memory
  expect_proved("fixture_local_array_ok");
  const proof::outcome bad = refuted("fixture_local_array_entry15", op::popcount);
  ASSERT_TRUE(bad.input);
  bool nibble_f = false;
  for (int k = 0; k < 64; k += 4) nibble_f = nibble_f || ((bad.input->lo >> k) & 0xF) == 0xF;
  EXPECT_TRUE(nibble_f) << std::hex << bad.input->lo;
}

TEST(Proof, VectorTypedSwarByBdd) {
  const llvm::Function* fn = fixtures_ir().find("fixture_vector_swar_mask");
  ASSERT_NE(fn, nullptr);
  EXPECT_TRUE(uses_vectors(*fn));  // the fixture exercises the vector idioms
  expect_proved("fixture_vector_swar_ok", "bdd");
  refuted("fixture_vector_swar_mask", op::popcount);
}

// The right De Bruijn table is proved; the one whose entry 37 is off by one
// is refuted at square 37, where it returns 36.
void expect_table_proved_and_entry_37_refuted(const char* ok_name, const char* bad_name) {
  const proof::outcome ok = prove(fixture(ok_name));
  EXPECT_EQ(ok.verdict, "proved") << ok_name << ": " << ok.reason;
  const proof::outcome bad = prove(fixture(bad_name));
  expect_refuted(bad, op::lsb);
  ASSERT_TRUE(bad.input);
  EXPECT_EQ(std::countr_zero(bad.input->lo), 37) << std::hex << bad.input->lo;
  EXPECT_EQ(bad.got, 36);
}

// A table filled by a static initialiser (fixtures/startup.cpp): the
// initialisers are executed, so the table is read like a constant one.
TEST(Proof, TableFilledAtStartUpIsProved) {
  // The fixture must really be filled at start-up in the IR, not folded.
  const llvm::Function* fn = fixtures_ir().find("fixture_startup_table_ok");
  ASSERT_NE(fn, nullptr);
  bool runtime_table = false;
  for (const llvm::GlobalVariable& gv : fn->getParent()->globals())
    runtime_table = runtime_table || (gv.getName().contains("index_ok") && !gv.isConstant() && !gv.user_empty());
  EXPECT_TRUE(runtime_table);
  expect_table_proved_and_entry_37_refuted("fixture_startup_table_ok", "fixture_startup_table_37");
}
// A table a class template's static initialiser fills in another file
// (fixtures/template_fill.cpp): read as the run's linked start-up code leaves it.
TEST(Proof, TableFilledByATemplateInAnotherFileIsProved) {
  const llvm::Function* fn = fixtures_ir().find("fixture_template_table_ok");
  ASSERT_NE(fn, nullptr);
  bool declared_here = false;  // the reading file has only a declaration of the table
  for (const llvm::GlobalVariable& gv : fn->getParent()->globals())
    declared_here = declared_here || (gv.getName().contains("debruijn_tables") && gv.getName().contains("index") &&
                                      gv.isDeclaration());
  EXPECT_TRUE(declared_here);
  expect_table_proved_and_entry_37_refuted("fixture_template_table_ok", "fixture_template_table_37");
}
// A table a vectorised start-up loop fills (fixtures/startup.cpp): LLVM's
// constant folding runs the vector lanes, so it is read like a constant one.
TEST(Proof, TableFilledByVectorisedStartUpCodeIsProved) {
  const llvm::Function* fn = fixtures_ir().find("fixture_startup_vector_ok");
  ASSERT_NE(fn, nullptr);
  bool vector_startup = false;  // the start-up code really is vectorised
  if (const llvm::GlobalVariable* ctors = fn->getParent()->getNamedGlobal("llvm.global_ctors"))
    for (const llvm::Use& u : llvm::cast<llvm::ConstantArray>(ctors->getInitializer())->operands())
      if (auto* f = llvm::dyn_cast<llvm::Function>(llvm::cast<llvm::ConstantStruct>(u.get())->getOperand(1)))
        vector_startup = vector_startup || uses_vectors(*f);
  EXPECT_TRUE(vector_startup);
  const proof::outcome ok = prove(fixture("fixture_startup_vector_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  const proof::outcome bad = prove(fixture("fixture_startup_vector_0x37"));
  expect_refuted(bad, op::popcount);
  ASSERT_TRUE(bad.input);
  bool has_0x37 = false;  // the wrong entry is the only way to be wrong
  for (int k = 0; k < 64; k += 8) has_0x37 = has_0x37 || ((bad.input->lo >> k) & 0xFF) == 0x37;
  EXPECT_TRUE(has_0x37) << std::hex << bad.input->lo;
}
TEST(Proof, TableFilledFromOutsideTheFileIsNotProvable) {
  expect_not_provable("fixture_startup_table_outside", "getenv");
}

void expect_not_provable(const char* name, const char* because) {
  const proof::outcome r = prove(fixture(name));
  EXPECT_EQ(r.verdict, "not provable") << name << ": " << r.reason;
  EXPECT_EQ(r.result, proof::status::skip) << name;
  EXPECT_NE(r.reason.find(because), std::string::npos) << name << ": " << r.reason;
}

TEST(Proof, UnboundedLoopIsNotProvable) {
  expect_not_provable("fixture_unbounded_loop", "loop not bounded within");
}
TEST(Proof, InlineAsmNotModelledIsNotProvable) { expect_not_provable("fixture_inline_asm", "asm \""); }
TEST(Proof, TableWrittenAtRunTimeIsNotProvable) {
  expect_not_provable("fixture_runtime_table", "table written at run time");
  expect_not_provable("fixture_runtime_table", "volatile read");
}

// Contract exits (fixtures/exits.cpp): an assert, a trap or an abort the
// contract never reaches is a precondition, named in the verdict; one a
// checked input reaches is a counterexample, and the build stops there too.
bool calls(const llvm::Function& f, const char* callee) {
  for (const llvm::BasicBlock& bb : f)
    for (const llvm::Instruction& i : bb)
      if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function* g = cb->getCalledFunction();
            g && (g->getName() == callee || (!g->isDeclaration() && calls(*g, callee))))
          return true;
  return false;
}

TEST(Proof, AssertThatIsThePreconditionIsProved) {
  const llvm::Function* fn = fixtures_ir().find("fixture_assert_lsb_ok");
  ASSERT_NE(fn, nullptr);
  EXPECT_TRUE(calls(*fn, "__assert_fail"));  // the assert is in the IR proved
  const proof::outcome r = prove(fixture("fixture_assert_lsb_ok"));
  EXPECT_EQ(r.verdict, "proved") << r.reason;
  EXPECT_NE(r.reason.find("assert(b != 0) failed (exits.cpp:"), std::string::npos) << r.reason;
  const proof::outcome trap = prove(fixture("fixture_trap_msb_ok"));
  EXPECT_EQ(trap.verdict, "proved") << trap.reason;
  EXPECT_NE(trap.reason.find("llvm.trap"), std::string::npos) << trap.reason;
}

TEST(Proof, AssertThatFiresOnACheckedInputIsRefutedAndReplayed) {
  const proof::outcome r = prove(fixture("fixture_assert_signed"));
  ASSERT_EQ(r.verdict, "counterexample") << r.reason;
  EXPECT_EQ(r.result, proof::status::fail);
  ASSERT_TRUE(r.input);
  EXPECT_NE(r.input->lo >> 63, 0u) << std::hex << r.input->lo;  // only inputs with bit 63 set make it fail
  EXPECT_NE(r.reason.find("stops on this input: assert(static_cast<std::int64_t>(b) > 0) failed"),
            std::string::npos)
      << r.reason;
  EXPECT_FALSE(r.got);  // it returns nothing there
  EXPECT_NE(r.replay.find("stops too (died with signal " + std::to_string(SIGABRT) + ")"), std::string::npos)
      << r.replay;
}

TEST(Proof, AbortOnZeroIsACounterexampleWhereZeroIsInTheContract) {
  const proof::outcome r = prove(fixture("fixture_abort_ctz_zero"));
  ASSERT_EQ(r.verdict, "counterexample") << r.reason;
  ASSERT_TRUE(r.input);
  EXPECT_EQ(r.input->lo, 0u);
  EXPECT_NE(r.reason.find("zero: the scanner stops on this input: abort()"), std::string::npos) << r.reason;
  EXPECT_NE(r.replay.find("stops too"), std::string::npos) << r.replay;
}

// A replay that returns where the IR stops (here: another fixture's build)
// is an error, as any disagreement with the solver is (an assert compiled
// out by NDEBUG would be the one excuse; abort has none).
TEST(Proof, ReplayThatReturnsWhereTheIrStopsIsAnError) {
  descriptor mismatched = fixture("fixture_abort_ctz_zero");
  mismatched.batch = fixture("fixture_debruijn_ok").batch;
  const proof::outcome r = prove(mismatched);
  EXPECT_EQ(r.verdict, "error") << r.reason;
  EXPECT_NE(r.reason.find("the IR stops there"), std::string::npos) << r.reason;
}

// Locals whose address escapes (fixtures/locals.cpp): an out-parameter of a
// function that is not inlined, and a local's address kept in a local.
bool passes_local_address(const llvm::Function& f, int depth = 0) {
  for (const llvm::BasicBlock& bb : f)
    for (const llvm::Instruction& i : bb)
      if (auto* cb = llvm::dyn_cast<llvm::CallBase>(&i))
        if (const llvm::Function* g = cb->getCalledFunction(); g && !g->isDeclaration() && !g->isIntrinsic()) {
          for (const llvm::Use& a : cb->args())
            if (llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(a.get()))) return true;
          if (depth < 4 && passes_local_address(*g, depth + 1)) return true;
        }
  return false;
}

TEST(Proof, LocalPassedByAddressIsModelled) {
  for (const char* name : {"fixture_local_out_param_ok", "fixture_local_pointer_in_local"}) {
    const llvm::Function* fn = fixtures_ir().find(name);
    ASSERT_NE(fn, nullptr) << name;
    EXPECT_TRUE(passes_local_address(*fn)) << name << ": the local's address must escape in the IR";
    expect_proved(name);
  }
  const proof::outcome bad = refuted("fixture_local_out_param_63", op::lsb);
  ASSERT_TRUE(bad.input);
  EXPECT_NE(bad.input->lo >> 63, 0u) << std::hex << bad.input->lo;
}

// A loop bounded by the contract (fixtures/loops.cpp): on nonzero words the
// shift loop ends within 64 iterations; where zero is checked it does not.
TEST(Proof, ShiftLoopIsBoundedByTheContract) {
  const llvm::Function* fn = fixtures_ir().find("fixture_shift_loop_lsb");
  ASSERT_NE(fn, nullptr);
  const proof::outcome ok = prove(fixture("fixture_shift_loop_lsb"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("loops unrolled"), std::string::npos) << ok.reason;  // a loop in the IR
  expect_not_provable("fixture_shift_loop_ctz", "loop not bounded within");
}

// The guard: the solver's counterexample must be what the built
// implementation returns. Proving one fixture's IR while replaying another's
// build makes them disagree; that must be an error (a suite bug), not a
// counterexample and not a pass.
TEST(Proof, ReplayThatDisagreesWithTheSolverIsAnError) {
  descriptor mismatched = fixture("fixture_sparse_high");
  mismatched.batch = fixture("fixture_debruijn_ok").batch;
  const proof::outcome r = prove(mismatched);
  EXPECT_EQ(r.verdict, "error");
  EXPECT_EQ(r.result, proof::status::fail);
  EXPECT_NE(r.reason.find("replay disagrees"), std::string::npos) << r.reason;
}

// Shapes (fixtures/shapes.cpp): the prover quantifies over the board of the
// declared width and layout, inside the declared domain.
TEST(Proof, ProvesDeBruijn32) {
  const descriptor& d = fixture("fixture_debruijn32_lsb");
  EXPECT_EQ(d.sh.width, 32);
  const proof::outcome r = prove(d);
  EXPECT_EQ(r.verdict, "proved") << r.reason;
  EXPECT_NE(r.reason.find("all 2^32 inputs"), std::string::npos) << r.reason;
}

TEST(Proof, ProvesTwoHalfScansInTheirLayout) {
  const proof::outcome ok = prove(fixture("fixture_halves63_lsb_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("2^127 boards"), std::string::npos) << ok.reason;
  const proof::outcome pair = prove(fixture("fixture_pair64_msb_ok"));
  EXPECT_EQ(pair.verdict, "proved") << pair.reason;
  if (find("fixture_int128_popcount_ok")) {
    const proof::outcome p = prove(fixture("fixture_int128_popcount_ok"));
    EXPECT_EQ(p.verdict, "proved") << p.reason;
  }
}

// 64 where the layout says 63: wrong on every board whose low half is empty;
// the counterexample is shown as the two halves the scanner is passed.
TEST(Proof, RefutesTwoHalfScanWithTheWrongOffset) {
  const descriptor& d = fixture("fixture_halves63_lsb_offset64");
  EXPECT_EQ(d.sh.high_offset, 63);
  const proof::outcome r = prove(d);
  expect_refuted(r, op::lsb, d.sh);
  ASSERT_TRUE(r.input && r.got && r.expected_value);
  EXPECT_GE(lowest_bit(*r.input), 63);
  EXPECT_EQ(*r.got, *r.expected_value + 1);
  const word arg = to_argument(d.sh, *r.input);
  EXPECT_EQ(arg.lo, 0u);
  EXPECT_EQ(r.input_shown, render(d.sh, *r.input));
  EXPECT_EQ(r.input_shown.rfind("{lo=0x0000000000000000, hi=0x", 0), 0u) << r.input_shown;
  EXPECT_EQ(r.input_argument.size(), 34u) << r.input_argument;  // 0x<hi><lo> for scanproof eval
  EXPECT_NE(r.replay.find("as the solver predicted"), std::string::npos) << r.replay;
  std::ostringstream text;
  proof::print_text(text, r);
  EXPECT_NE(text.str().find("input {lo=0x"), std::string::npos) << text.str();
}

// A uint16_t through the 32-bit __builtin_clz: 16 too many.
TEST(Proof, RefutesClz16ThroughTheBuiltin) {
  const descriptor& d = fixture("fixture_clz16_builtin32");
  EXPECT_EQ(d.sh.width, 16);
  const proof::outcome r = prove(d);
  expect_refuted(r, op::clz, d.sh);
  ASSERT_TRUE(r.input && r.got && r.expected_value);
  EXPECT_EQ(*r.got, *r.expected_value + 16);
  EXPECT_EQ(r.input_shown.size(), 6u) << r.input_shown;  // 0x and 4 digits
  const proof::outcome ok = prove(fixture("fixture_clz16_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
}

// Draughts: wrong only where the lowest set bit is 5, never set on the board.
TEST(Proof, DeclaredDomainBoundsTheProof) {
  const descriptor& off = fixture("fixture_draughts_lsb_wrong_off_domain");
  EXPECT_TRUE(off.sh.domain_declared);
  const proof::outcome ok = prove(off);
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("declared domain"), std::string::npos) << ok.reason;
  const descriptor& on = fixture("fixture_draughts_lsb_wrong_on_domain");
  const proof::outcome bad = prove(on);
  expect_refuted(bad, op::lsb, on.sh);
  ASSERT_TRUE(bad.input);
  EXPECT_EQ(lowest_bit(*bad.input), 6);
  EXPECT_FALSE(*bad.input & ~on.sh.domain) << bad.input_shown;
  EXPECT_EQ(bad.got, 99);
  // Without the domain, the off-domain bug is found.
  descriptor everywhere = off;
  everywhere.sh.domain = word::ones(64);
  everywhere.sh.domain_declared = false;
  const proof::outcome all = prove(everywhere);
  expect_refuted(all, op::lsb);
  EXPECT_EQ(lowest_bit(*all.input), 5);
}

// Pop ops (fixtures/pops.cpp): the index and the board left at the proof
// symbol's `after`, both proved; a counterexample shows the board before
// and after as conformance does.
TEST(Proof, ProvesPopLsbWithTheBoardItLeaves) {
  for (const char* name : {"fixture_pop_lsb_ok", "fixture_pop_lsb_by_pointer_ok"}) {
    const proof::outcome r = prove(fixture(name));
    EXPECT_EQ(r.verdict, "proved") << name << ": " << r.reason;
    EXPECT_EQ(r.result, proof::status::pass) << name;
  }
}

// The right index, the wrong square cleared: only the board left behind is wrong.
TEST(Proof, RefutesPopThatClearsTheWrongSquareWithTheBoardBeforeAndAfter) {
  const descriptor& d = fixture("fixture_pop_msb_clears_lowest");
  const proof::outcome r = prove(d);
  expect_refuted(r, op::pop_msb);
  ASSERT_TRUE(r.input && r.got && r.expected_value);
  EXPECT_EQ(*r.got, *r.expected_value);
  EXPECT_GE(popcount(*r.input), 2) << r.input_shown;  // on one square the lowest is the highest
  EXPECT_EQ(r.expected_after, render_argument(d.sh, to_argument(d.sh, oracle_after(op::pop_msb, d.sh, *r.input))));
  EXPECT_EQ(r.got_after, render_argument(d.sh, word{r.input->lo & (r.input->lo - 1)}));
  const std::string shown = "pop_msb(" + r.input_shown + ") expected " + std::to_string(*r.expected_value) +
                            " leaving " + r.expected_after + ", got " + std::to_string(*r.got) + " leaving " +
                            r.got_after;
  EXPECT_NE(r.reason.find(shown), std::string::npos) << r.reason;
  EXPECT_NE(r.replay.find("leaving " + r.got_after + ", as the solver predicted"), std::string::npos) << r.replay;
  std::ostringstream text;
  proof::print_text(text, r);
  EXPECT_NE(text.str().find("the IR returns " + std::to_string(*r.got) + " leaving " + r.got_after),
            std::string::npos) << text.str();
  const proof::outcome back = proof::from_record(proof::to_record(r));
  EXPECT_EQ(back.expected_after, r.expected_after);
  EXPECT_EQ(back.got_after, r.got_after);
}

// Two halves in the 63 layout: the right pop is proved over 2^127 boards;
// the one-word clear kept on the low half leaves a high square set.
TEST(Proof, PopsTwoHalfBoardsInTheirLayout) {
  const proof::outcome ok = prove(fixture("fixture_pop_lsb63_ok"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  EXPECT_NE(ok.reason.find("2^127 boards"), std::string::npos) << ok.reason;
  const descriptor& d = fixture("fixture_pop_lsb63_low_half_only");
  const proof::outcome bad = prove(d);
  expect_refuted(bad, op::pop_lsb, d.sh);
  ASSERT_TRUE(bad.input);
  EXPECT_GE(lowest_bit(*bad.input), 63) << bad.input_shown;
  EXPECT_EQ(bad.got, bad.expected_value);
  EXPECT_EQ(bad.got_after, render_argument(d.sh, to_argument(d.sh, *bad.input))) << bad.reason;  // nothing cleared
  EXPECT_EQ(bad.expected_after.rfind("{lo=0x0000000000000000, hi=0x", 0), 0u) << bad.expected_after;
  EXPECT_NE(bad.reason.find("pop_lsb128({lo="), std::string::npos) << bad.reason;
}

// A board's member pop() with a declared zero result: the empty board must
// give it and stay empty; one that sets a square there is refuted at zero.
TEST(Proof, MemberPopWithADeclaredZeroIsProvedAtZeroToo) {
  const proof::outcome ok = prove(fixture("fixture_member_pop"));
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  ASSERT_FALSE(ok.details.empty());
  EXPECT_EQ(ok.details.front().rfind("zero: proved", 0), 0u) << ok.details.front();
  const proof::outcome bad = prove(fixture("fixture_member_pop_sets_when_empty"));
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
  EXPECT_EQ(bad.input, word{});
  EXPECT_EQ(bad.got, 128);
  EXPECT_EQ(bad.expected_after, "{lo=0x0000000000000000, hi=0x0000000000000000}");
  EXPECT_EQ(bad.got_after, "{lo=0x0000000000000001, hi=0x0000000000000000}");
  EXPECT_NE(bad.replay.find("returns 128 leaving {lo=0x0000000000000001, hi=0x0000000000000000}, as the solver "
                            "predicted"), std::string::npos)
      << bad.replay;
}

// The board left at `after` is read in the target's byte order: on s390x
// (big-endian) a pop_lsb storing b & (b - 1) as one i64 is proved; the same
// board stored as two i32 halves swapped is refuted, with both boards shown.
proof::outcome prove_s390x_pop(const char* name, const std::string& store) {
  return prove_ir(name, op::pop_lsb, "s390x-unknown-linux-gnu", "E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64",
                  "  %m = sub i64 %b, 1\n  %left = and i64 %b, %m\n" + store +
                      "  %hp = getelementptr i8, ptr %after, i64 8\n  store i64 0, ptr %hp\n"
                      "  %r = call i64 @llvm.cttz.i64(i64 %b, i1 false)\n  ret i64 %r\n",
                  "i64 %b, i64 %unused_hi, ptr %after", "declare i64 @llvm.cttz.i64(i64, i1)\n");
}

TEST(Proof, PopBoardIsReadInTheTargetsByteOrder) {
  const proof::outcome ok = prove_s390x_pop("s390x_pop_ok", "  store i64 %left, ptr %after\n");
  EXPECT_EQ(ok.verdict, "proved") << ok.reason;
  const proof::outcome bad = prove_s390x_pop(
      "s390x_pop_swapped", "  %lo32 = trunc i64 %left to i32\n  %sh = lshr i64 %left, 32\n  %hi32 = trunc i64 %sh to i32\n"
                           "  store i32 %lo32, ptr %after\n  %p4 = getelementptr i8, ptr %after, i64 4\n"
                           "  store i32 %hi32, ptr %p4\n");
  ASSERT_EQ(bad.verdict, "counterexample") << bad.reason;
  ASSERT_TRUE(bad.input);
  const std::uint64_t left = bad.input->lo & (bad.input->lo - 1);
  EXPECT_EQ(bad.expected_after, render_argument(integer_shape(64), word{left}));
  EXPECT_EQ(bad.got_after, render_argument(integer_shape(64), word{left << 32 | left >> 32})) << bad.reason;
}

// What the prover cannot model is not provable, never proved.
TEST(Proof, ShapeThatCannotBeModelledIsNotProvable) {
  descriptor bad = fixture("fixture_halves63_lsb_ok");
  bad.sh.high_offset = 62;
  const proof::outcome r = prove(bad);
  EXPECT_EQ(r.verdict, "not provable") << r.reason;
  EXPECT_NE(r.reason.find("high_offset 62"), std::string::npos) << r.reason;
}

}  // namespace

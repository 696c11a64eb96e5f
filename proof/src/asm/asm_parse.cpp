#include "asm/asm_parse.hpp"

#include <llvm/MC/MCAsmInfo.h>
#include <llvm/MC/MCContext.h>
#include <llvm/MC/MCExpr.h>
#include <llvm/MC/MCInst.h>
#include <llvm/MC/MCInstrInfo.h>
#include <llvm/MC/MCObjectFileInfo.h>
#include <llvm/MC/MCParser/MCAsmParser.h>
#include <llvm/MC/MCParser/MCTargetAsmParser.h>
#include <llvm/MC/MCRegisterInfo.h>
#include <llvm/MC/MCStreamer.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/MCSymbol.h>
#include <llvm/MC/MCTargetOptions.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <memory>
#include <mutex>

#include "base/not_modelled.hpp"

namespace scanproof::proof {
namespace {

// Records what the parser emits instead of encoding it.
class recorder final : public llvm::MCStreamer {
 public:
  explicit recorder(llvm::MCContext& c) : llvm::MCStreamer(c) {}
  std::vector<asm_item> items;
  const llvm::MCRegisterInfo* mri = nullptr;
  const llvm::MCInstrInfo* mii = nullptr;
  std::string unsupported;

  void emitInstruction(const llvm::MCInst& inst, const llvm::MCSubtargetInfo&) override {
    asm_item it;
    it.opcode = mii->getName(inst.getOpcode()).str();
    for (const llvm::MCOperand& op : inst) {
      asm_operand o;
      if (op.isReg()) {
        o.k = asm_operand::kind::reg;
        o.reg = op.getReg() ? mri->getName(op.getReg()) : "";
      } else if (op.isImm()) {
        o.imm = op.getImm();
      } else if (op.isExpr()) {
        const auto* ref = llvm::dyn_cast<llvm::MCSymbolRefExpr>(op.getExpr());
        if (!ref) {
          unsupported = "an operand expression that is not a label";
          continue;
        }
        o.k = asm_operand::kind::label;
        o.label = ref->getSymbol().getName().str();
      } else {
        unsupported = "a floating-point or nested operand";
      }
      it.operands.push_back(std::move(o));
    }
    items.push_back(std::move(it));
  }
  void emitLabel(llvm::MCSymbol* s, llvm::SMLoc loc) override {
    llvm::MCStreamer::emitLabel(s, loc);  // defines it (a directional label must be)
    asm_item it;
    it.label = s->getName().str();
    items.push_back(std::move(it));
  }
  bool emitSymbolAttribute(llvm::MCSymbol*, llvm::MCSymbolAttr) override { return false; }
  void emitCommonSymbol(llvm::MCSymbol*, std::uint64_t, llvm::Align) override {
    unsupported = "a data directive";
  }
  void emitZerofill(llvm::MCSection*, llvm::MCSymbol*, std::uint64_t, llvm::Align, llvm::SMLoc) override {
    unsupported = "a data directive";
  }
  void emitBytes(llvm::StringRef) override { unsupported = "a data directive"; }
  void emitValueImpl(const llvm::MCExpr*, unsigned, llvm::SMLoc) override { unsupported = "a data directive"; }
};

// Features an asm template may use whatever the function's target attribute
// says: the template is what the programmer wrote for the CPU at hand.
std::string features_for(const llvm::Triple& t) {
  if (t.isX86()) return "+popcnt,+lzcnt,+bmi,+bmi2,+cmov";
  if (t.isAArch64()) return "+neon";
  if (t.isPPC()) return "+popcntd,+isa-v30-instructions";
  if (t.getArch() == llvm::Triple::systemz) return "+population-count";
  return "";
}

}  // namespace

std::vector<asm_item> parse_asm(const std::string& triple_name, const std::string& text, bool intel_syntax) {
  static std::once_flag init;
  std::call_once(init, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmParsers();
  });
  auto fail = [&](const std::string& why) -> not_modelled {
    return not_modelled("asm \"" + text + "\": " + why);
  };
  const llvm::Triple triple(triple_name);
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple_name, error);
  if (!target) throw fail("no assembler for " + triple_name + " in this LLVM: " + error);
  const std::unique_ptr<llvm::MCRegisterInfo> mri(target->createMCRegInfo(triple_name));
  const llvm::MCTargetOptions options;
  const std::unique_ptr<llvm::MCAsmInfo> mai(target->createMCAsmInfo(*mri, triple_name, options));
  const std::unique_ptr<llvm::MCSubtargetInfo> sti(
      target->createMCSubtargetInfo(triple_name, "", features_for(triple)));
  const std::unique_ptr<llvm::MCInstrInfo> mii(target->createMCInstrInfo());
  if (!mri || !mai || !sti || !mii) throw fail("no assembler for " + triple_name + " in this LLVM");

  llvm::SourceMgr sm;
  std::string diagnostics;
  sm.setDiagHandler(
      [](const llvm::SMDiagnostic& d, void* out) {
        auto& s = *static_cast<std::string*>(out);
        if (s.empty()) s = d.getMessage().str();
      },
      &diagnostics);
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text + "\n"), llvm::SMLoc());
  llvm::MCContext ctx(triple, mai.get(), mri.get(), sti.get(), &sm, &options);
  const std::unique_ptr<llvm::MCObjectFileInfo> ofi(target->createMCObjectFileInfo(ctx, false));
  ctx.setObjectFileInfo(ofi.get());
  recorder rec(ctx);
  rec.mri = mri.get();
  rec.mii = mii.get();
  rec.switchSection(ofi->getTextSection());
  const std::unique_ptr<llvm::MCAsmParser> parser(llvm::createMCAsmParser(sm, ctx, rec, *mai));
  const std::unique_ptr<llvm::MCTargetAsmParser> tap(target->createMCAsmParser(*sti, *parser, *mii, options));
  if (!tap) throw fail("no assembler parser for " + triple_name);
  parser->setTargetParser(*tap);
  if (intel_syntax) parser->setAssemblerDialect(1);
  if (parser->Run(true) || !diagnostics.empty())
    throw fail("the assembler does not parse it: " + (diagnostics.empty() ? "error" : diagnostics));
  if (!rec.unsupported.empty()) throw fail(rec.unsupported + " is not modelled");
  return rec.items;
}

}  // namespace scanproof::proof

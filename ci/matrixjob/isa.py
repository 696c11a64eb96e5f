"""What llvm-objdump's text means on each architecture the speed model
reads: instructions and their branch targets, calls, jumps, stores, and the
assembly llvm-mca is given. ci/matrixjob/cfg.py finds the loops from it."""
import re


_LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")


_ANNOTATED = re.compile(r"(?:0x)?([0-9a-f]+) <[^>]*>")


_BARE = re.compile(r"0x([0-9a-f]+)\s*$")  # s390x prints branch targets without a symbol


def comment_marker(triple):
    """The comment syntax of llvm-objdump's output for the triple."""
    return "//" if triple.startswith("aarch64") else "@" if triple.startswith(("arm", "thumb")) else "#"


def is_branch(mnemonic, triple):
    """A branch, jump or call: its address operand is a code address."""
    m, fam = mnemonic, family(triple)
    if fam == "x86":
        return m.startswith(("j", "call", "loop"))
    if fam in ("aarch64", "arm"):
        return m in ("b", "bl", "blx", "cbz", "cbnz", "tbz", "tbnz") or re.fullmatch(r"b\.?[a-z]{2}(\.w)?", m) is not None
    if fam == "riscv":
        return m in ("j", "jal", "call", "tail") or (m.startswith("b") and m not in ("binv", "bclr", "bset", "bext"))
    if fam == "ppc":
        return m.startswith("b") and m not in ("bpermd", "brd", "brw", "brh")
    if fam == "s390x":
        return m.startswith(("j", "br", "bras")) or re.fullmatch(r"c[lg]*[ri]*j[a-z]*", m) is not None
    if fam == "mips":
        return m.startswith(("b", "j")) and m != "break"
    return False


def _pc_relative_data(mnemonic, triple):
    """Instructions whose address operand is data or a page (AArch64 adrp, s390x larl, lgrl)."""
    fam = family(triple)
    return (fam == "aarch64" and mnemonic in ("adr", "adrp", "ldr", "ldrsw")) or \
        (fam == "s390x" and mnemonic.endswith("rl"))


class Insn:
    """One instruction: `target` is the code address a branch goes to (None
    if it is not a branch or the address is not printed); `text` is what
    llvm-mca gets (addresses of branches and PC-relative data become `.`,
    which llvm-mca does not follow and every encoding can reach)."""
    __slots__ = ("addr", "mnemonic", "operands", "target", "text")

    def __init__(self, addr, mnemonic, operands, target=None, text=None):
        self.addr, self.mnemonic, self.operands, self.target = addr, mnemonic, operands, target
        self.text = text if text is not None else f"\t{mnemonic}\t{operands}\n"

    def __repr__(self):
        return f"{self.addr:x}: {self.mnemonic} {self.operands}"


def parse_disassembly(text, triple):
    """Instructions from `llvm-objdump -d --no-show-raw-insn` (with addresses)."""
    insns = []
    mark = comment_marker(triple)
    x86 = family(triple) == "x86"
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m or m.group(2).startswith("<"):
            continue
        mnemonic, operands = m.group(2), m.group(3)
        if x86:  # AT&T immediates start with '$'; '#' starts llvm-objdump's comment
            operands = re.sub(r"\s#.*$", "", operands)
        else:  # AArch64 and ARM write immediates with '#' and comment with // or @
            operands = operands.split(mark)[0]
        operands = operands.strip()
        target, text_ops = None, _ANNOTATED.sub(lambda a: "0x" + a.group(1), operands)
        if is_branch(mnemonic, triple) or _pc_relative_data(mnemonic, triple):
            t = _ANNOTATED.search(operands) or (_BARE.search(operands) if family(triple) == "s390x" else None)
            if t:
                target = int(t.group(1), 16) if is_branch(mnemonic, triple) else None
                text_ops = operands[:t.start()] + "." + operands[t.end():]
        text_ops = re.sub(r"\s*<[^>]*>", "", text_ops)  # MIPS annotates even a nop's missing operand
        insns.append(Insn(int(m.group(1), 16), mnemonic, operands, target, f"\t{mnemonic}\t{text_ops}\n"))
    return insns


def delay_slots(triple):
    """MIPS executes the instruction after a branch too: it belongs to the loop."""
    return 1 if triple.startswith("mips") else 0


def family(triple):
    for prefix, fam in (("x86_64", "x86"), ("i686", "x86"), ("i386", "x86"), ("aarch64", "aarch64"),
                        ("arm", "arm"), ("thumb", "arm"), ("riscv", "riscv"), ("powerpc", "ppc"), ("s390x", "s390x"),
                        ("mips", "mips")):
        if triple.startswith(prefix):
            return fam
    return ""


# Per family: calls, and jumps or returns after which the next instruction is
# not reached by falling through (POWER's blr returns, AArch64's calls).
_CALLS = {"x86": {"call", "callq"}, "aarch64": {"bl", "blr"}, "arm": {"bl", "blx"}, "riscv": {"call", "jal", "jalr"},
          "ppc": {"bl", "bctrl", "bla"}, "s390x": {"brasl", "basr", "bras"}, "mips": {"jal", "jalr", "bal", "bgezal"}}


_INDIRECT = {"aarch64": {"blr"}, "arm": {"blx"}, "ppc": {"bctrl"}, "s390x": {"basr"}, "mips": {"jalr"},
             "riscv": {"jalr"}}


_UNCONDITIONAL = {"x86": {"jmp", "jmpq", "ret", "retq"}, "aarch64": {"b", "br", "ret"}, "arm": {"b", "bx"},
                  "riscv": {"j", "jr", "ret"}, "ppc": {"b", "blr", "bctr"}, "s390x": {"j", "jg", "br"},
                  "mips": {"j", "jr", "b"}}


def is_call(i, triple):
    return i.mnemonic in _CALLS.get(family(triple), ()) or (i.mnemonic.startswith("call") and family(triple) == "x86")


def is_indirect_call(i, triple):
    """A call whose callee is in a register (x86 `call *%rax`, AArch64 `blr`, ARM `blx r3`, MIPS `jalr $25`)."""
    return is_call(i, triple) and i.target is None


def unconditional(i, triple):
    """A jump or return after which the next instruction is not reached by falling through."""
    fam = family(triple)
    return i.mnemonic in _UNCONDITIONAL.get(fam, ()) or (fam == "arm" and i.mnemonic == "pop" and "pc" in i.operands)


# ENDBR64 (a shared library's function entry) is a hint that executes as a
# NOP, but LLVM 19's Zen models charge it 100 micro-ops: left out.
_HINTS = {"endbr64", "endbr32"}


def asm_text(insns):
    """The instructions as llvm-mca's input."""
    return "".join(i.text for i in insns if i.mnemonic not in _HINTS)


# Bytes one store writes, for counting how many results a loop iteration
# stores (an unrolled batch loop stores several). Stack stores are spills.
_STACK = re.compile(r"\[sp\b|\(%[re]sp\)|\(sp\)|\(1\)|\(r1\)|\(%r15\)|\(\$sp\)|\(\$29\)|\[sp,")


_AARCH64_REG = {"x": 8, "d": 8, "w": 4, "s": 4, "q": 16, "h": 2, "b": 1}


def _top_level_split(ops):
    """Operands split at the commas outside parentheses (AT&T `(%rsi,%rdx,8)`)."""
    out, depth, cur = [], 0, ""
    for ch in ops:
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + [cur.strip()]


# Bytes one store writes, by family and mnemonic (AArch64 and x86 by register).
_STORES = {"arm": {"str": 4, "strd": 8}, "riscv": {"sd": 8, "sw": 4},
           "ppc": {"std": 8, "stdx": 8, "stdu": 8, "stw": 4, "stwx": 4, "stwu": 4},
           "s390x": {"stg": 8, "st": 4, "sty": 4}, "mips": {"sw": 4, "sd": 8}}


def store_bytes(insn, triple):
    """Bytes the instruction stores to memory other than the stack (0 if none, or a spill)."""
    m, ops, fam = insn.mnemonic, insn.operands, family(triple)
    if _STACK.search(ops):
        return 0
    if fam == "x86":
        operands = _top_level_split(ops)
        if not m.startswith("mov") or m.startswith(("movz", "movs")) or "(" not in operands[-1]:
            return 0
        suffix = {"q": 8, "l": 4, "w": 2, "b": 1}.get(m[-1]) if m not in ("mov", "movd") else None
        src = operands[0]
        return suffix or (8 if src.startswith("%r") or src.startswith("%xmm") else 4)
    if fam == "aarch64":
        if m not in ("str", "stur", "stp"):
            return 0
        size = _AARCH64_REG.get(ops[:1], 0)
        return 2 * size if m == "stp" else size
    return _STORES.get(fam, {}).get(m.split(".")[0], 0)  # ARM's str.w is a str

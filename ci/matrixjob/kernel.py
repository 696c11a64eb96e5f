"""One benchmark kernel (an implementation's batch or chain function, see
impl/core/include/scanproof/batch.hpp) cut into what llvm-mca can model: the
kernel's own loop over the words without the scanner's inner loops, each
inner loop's body (estimated per iteration, then times its trip count), and
each function a loop calls directly (its body added once per call). Then the
pieces' figures are combined into cycles per call."""
import math
import os
import re

from . import cfg
from . import isa
from . import mca

_INC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                    "bench", "scan_instructions.inc")


def unroll_factor():
    """batch's `#pragma GCC unroll N` (impl/core/include/scanproof/batch.hpp): at most N results per iteration."""
    path = os.path.join(os.path.dirname(os.path.dirname(_INC)), "impl", "core", "include", "scanproof", "batch.hpp")
    with open(path, encoding="utf-8") as f:
        m = re.search(r"#pragma GCC unroll (\d+)", f.read())
    return int(m.group(1)) if m else 1


def scan_mnemonics():
    """The bit-scan and popcount mnemonics: bench/scan_instructions.inc, the list bench/disassembly.cpp uses."""
    with open(_INC, encoding="utf-8") as f:
        text = "\n".join(line for line in f if not line.lstrip().startswith("//"))
    return re.findall(r'"([a-z0-9.]+)"', text)


def is_scan(mnemonic, names):
    """bench/disassembly.cpp's rule: the name, or the name with an AT&T size suffix."""
    return any(mnemonic == n or (mnemonic.startswith(n) and len(mnemonic) > len(n) and mnemonic[-1] in "ql")
               for n in names)


class Kernel:
    """A kernel function's pieces. `problem` says why it cannot be estimated
    (empty if it can); `regions` maps a piece's name to its assembly."""

    def __init__(self, insns, triple, program=None, syms=None, results_stored=True, libraries=None, cpu="",
                 plt=None):
        self.plt = plt or {}  # {PLT entry address: function} where llvm-objdump does not name them
        self.cpu = cpu  # a CPU model for llvm-objdump's decoding
        self.libraries = libraries or {}  # {path: symbols} of the shared libraries the program loads
        self.triple = triple
        self.problem = ""
        self.regions = {}
        self.inner = []  # region names of the scanner's own loops
        self.calls = []  # region names of called functions
        self.callees = []  # their symbols
        self.per_iteration = 1  # results one iteration of the kernel's loop produces (batch is unrolled)
        self.instructions = [i.mnemonic for i in insns]
        self.callee_instructions = []
        self.external = []  # calls that leave the program (PLT) or are indirect
        loops = [set(lp) for lp in cfg.find_loops(insns, triple)]
        if not loops:
            self.problem = "no loop found in the kernel's code"
            return
        outer = max(loops, key=len)  # the kernel's loop over the words
        inner = [lp for lp in loops if lp < outer]
        if any(a < b for a in inner for b in inner):
            self.problem = "loops nested inside the scanner's loop: not modelled"
            return
        path = cfg.hot_path(insns, triple, sorted(outer), [sorted(lp) for lp in inner])
        # A call stands for its callee's body, modelled as a region of its own:
        # llvm-mca itself would assume 100 cycles for the call (and crashed on s390x's).
        self.regions["loop"] = isa.asm_text([insns[n] for n in path if not isa.is_call(insns[n], triple)])
        for k, lp in enumerate(inner):
            self.regions[f"inner{k}"] = isa.asm_text([insns[n] for n in cfg.hot_path(insns, triple, sorted(lp))])
            self.inner.append(f"inner{k}")
        for n in path:
            if isa.is_call(insns[n], triple):
                self._call(insns[n], program, syms)
        # How many results one pass of batch's loop produces: its unroll
        # pragma applies to innermost loops only, so with the scanner's own
        # loop inside it is one; else the 64-bit results stored on the pass
        # (the scanner itself stores nothing but spills, which store_bytes leaves out).
        if results_stored and not self.problem and not self.inner:
            stored = sum(isa.store_bytes(insns[n], triple) for n in path)
            if stored % 8 or not 1 <= stored // 8 <= unroll_factor():
                self.problem = f"cannot tell how many results one loop iteration stores ({stored} bytes)"
            self.per_iteration = max(1, stored // 8)

    def _call(self, i, program, syms):
        if isa.is_indirect_call(i, self.triple):
            self.external += [] if "indirect call" in self.external else ["indirect call"]
            self.problem = ("an indirect call (a function pointer, or on MIPS a call through the GOT): "
                            "the callee is not followed")
            return
        where = program
        hit = mca.symbol_at(syms or {}, i.target) if syms else None
        if not hit or "@plt" in i.operands or ".plt_call." in i.operands:
            # Through the PLT (or POWER's call stub): the function's code is in a shared library.
            name = self.plt.get(i.target) or re.sub(r".*<(?:[0-9a-f]+\.plt_call\.)?([^>+@]*).*", r"\1", i.operands)
            where = next((lib for lib, lsyms in self.libraries.items() if name in lsyms), None)
            if where is None:
                said = f"calls {name}" if not name.startswith(".plt") else "calls through the PLT"
                self.external += [] if said in self.external else [said]
                self.problem = (f"calls {name}, which no shared library of the program's defines here"
                                if not name.startswith(".plt") else
                                "calls through the PLT, whose entries are not matched to functions on this architecture")
                return
            hit = (name, self.libraries[where][name][1])
            address = self.libraries[where][name][0]
        else:
            address = i.target
        if hit[0] in self.callees:  # the unrolled loop calls it once per result
            self.calls.append(f"call{self.callees.index(hit[0])}")
            return
        try:
            callee = mca.disassemble(where, address, hit[1], self.triple, self.cpu) if hit[1] else []
        except mca.Error:
            callee = []
        if not callee:
            self.problem = f"calls {hit[0]}, whose code llvm-objdump does not show"
            return
        if cfg.find_loops(callee, self.triple) or any(isa.is_call(c, self.triple) for c in callee):
            self.problem = f"calls {hit[0]}, which loops or calls further: not modelled"
            return
        name = f"call{len(self.callees)}"
        self.regions[name] = isa.asm_text(callee)
        self.calls.append(name)
        self.callees.append(hit[0])
        self.callee_instructions.append([c.mnemonic for c in callee])

    def combine(self, figures, trips):
        """Cycles per call from the pieces' llvm-mca figures ({region: figures}).
        trips: {distribution: mean trip count} of the scanner's loop, or None
        when there is no inner loop. Returns {distribution or "any": cycles}."""
        base = figures["loop"]["cycles_per_iteration"] + sum(figures[c]["cycles_per_iteration"] for c in self.calls)
        if not self.inner:
            return {"any": base / self.per_iteration}
        per_iteration = sum(figures[n]["cycles_per_iteration"] for n in self.inner)
        return {d: (base + per_iteration * n) / self.per_iteration for d, n in trips.items()}

    def scan_instructions(self, names):
        """What the kernel executes, in bench/disassembly.cpp's words: `rbit, clz`,
        `popcnt via call`, `calls __popcountdi2`, `indirect call`, or `none`."""
        found = []
        for m in self.instructions:
            if is_scan(m, names) and m not in found:
                found.append(m)
        for callee, mnemonics in zip(self.callees, self.callee_instructions):
            scans = [m for m in mnemonics if is_scan(m, names)]
            found += [f"{m} via call" for m in scans if f"{m} via call" not in found] or [f"calls {callee}"]
        found += [e for e in self.external if e not in found]
        return ", ".join(found) or "none"


def geomean(values):
    vals = list(values)
    return math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals and all(v > 0 for v in vals) else None

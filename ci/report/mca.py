"""LLVM's machine-code analyser over the code a target's build contains:
llvm-nm-19 finds a function, llvm-objdump-19 disassembles it, the loops are
found from its backward branches, and llvm-mca-19 (-json) models each piece
as a loop of straight-line code on a named CPU model. Nothing here knows an
implementation or a target; ci/report/speed.py puts the pieces together."""
import json
import os
import re
import shutil
import subprocess

NM, OBJDUMP, MCA = "llvm-nm-19", "llvm-objdump-19", "llvm-mca-19"
PACKAGE = "llvm-19"  # Debian's package of all three
ITERATIONS = 300  # llvm-mca's simulated iterations per region: enough for a steady state


class Error(Exception):
    """A tool missing or refusing the input; the message says which and why."""


def require_tools():
    missing = [t for t in (NM, OBJDUMP, MCA) if not shutil.which(t)]
    if missing:
        raise Error(f"{', '.join(missing)} not found: install Debian's {PACKAGE} package "
                    f"(apt-get install {PACKAGE}, or ci/setup --speed)")


def _run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
    if p.returncode != 0:
        raise Error(f"{' '.join(cmd[:1])}: " + (p.stderr.strip() or f"exit {p.returncode}").splitlines()[0])
    return p.stdout


def symbols(program):
    """{name: (address, size)} of the program's defined symbols with a size."""
    out = {}
    for line in _run([NM, "--defined-only", "-S", program]).splitlines():
        parts = line.split()
        if len(parts) == 4:
            out.setdefault(parts[3], (int(parts[0], 16), int(parts[1], 16)))
    return out


def needed_libraries(program, lib_dirs):
    """{path: symbols} of the shared libraries the program names (DT_NEEDED),
    found in lib_dirs (the target's sysroot, as its emulator loads them):
    a call through the PLT lands in their code (libgcc_s's __popcountdi2)."""
    out = {}
    for line in _run([OBJDUMP, "-p", program]).splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "NEEDED":
            path = next((os.path.join(d, parts[1]) for d in lib_dirs if os.path.exists(os.path.join(d, parts[1]))),
                        None)
            if path:
                out[path] = dynamic_symbols(path)
    return out


# Bytes per PLT entry (after the PLT's header) where llvm-objdump does not
# name the entries itself: entry i calls the i-th JUMP_SLOT relocation's function.
_PLT_ENTRY = {"riscv": 16, "s390x": 32, "x86": 16, "aarch64": 16, "arm": 12}


def plt_names(program, triple):
    """{PLT entry address: function name} from the .plt section and the
    program's JUMP_SLOT relocations (in GOT order, as the entries are)."""
    entry = _PLT_ENTRY.get(_family(triple))
    plt = [line.split() for line in _run([OBJDUMP, "-h", program]).splitlines() if " .plt " in f" {line} "]
    if not entry or not plt:
        return {}
    size, start = int(plt[0][2], 16), int(plt[0][3], 16)
    slots = [line.split()[2] for line in _run([OBJDUMP, "-R", program]).splitlines()
             if ("JUMP_SLOT" in line or "JMP_SLOT" in line) and len(line.split()) >= 3]
    header = size - len(slots) * entry
    if header < 0:
        return {}
    return {start + header + k * entry: name.split("@")[0] for k, name in enumerate(slots)}


def dynamic_symbols(library):
    """{name: (address, size)} of a shared library's exported functions."""
    out = {}
    for line in _run([NM, "-D", "--defined-only", "-S", library]).splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "TtWiI":
            out.setdefault(parts[3].split("@")[0], (int(parts[0], 16), int(parts[1], 16)))
    return out


def symbol_at(syms, address):
    """(name, size) of the symbol starting at address, or None."""
    for name, (a, size) in syms.items():
        if a == address and size:
            return name, size
    return None


_LINE = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
_ANNOTATED = re.compile(r"(?:0x)?([0-9a-f]+) <[^>]*>")
_BARE = re.compile(r"0x([0-9a-f]+)\s*$")  # s390x prints branch targets without a symbol


def comment_marker(triple):
    """The comment syntax of llvm-objdump's output for the triple."""
    return "//" if triple.startswith("aarch64") else "@" if triple.startswith("arm") else "#"


def is_branch(mnemonic, triple):
    """A branch, jump or call: its address operand is a code address."""
    m, fam = mnemonic, _family(triple)
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
    fam = _family(triple)
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
    x86 = _family(triple) == "x86"
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
            t = _ANNOTATED.search(operands) or (_BARE.search(operands) if _family(triple) == "s390x" else None)
            if t:
                target = int(t.group(1), 16) if is_branch(mnemonic, triple) else None
                text_ops = operands[:t.start()] + "." + operands[t.end():]
        text_ops = re.sub(r"\s*<[^>]*>", "", text_ops)  # MIPS annotates even a nop's missing operand
        insns.append(Insn(int(m.group(1), 16), mnemonic, operands, target, f"\t{mnemonic}\t{text_ops}\n"))
    return insns


def disassemble(program, address, size, triple, cpu=""):
    """The function's instructions; cpu (a named model) lets llvm-objdump decode
    its newer instructions (s390x: <unknown> without it)."""
    # No separate debug file: llvm-objdump would disassemble that one (no code) instead.
    cmd = [OBJDUMP, "-d", "--no-show-raw-insn", "--debug-file-directory=/nonexistent",
           f"--start-address={address:#x}", f"--stop-address={address + size:#x}", program]
    text = _run(cmd + ([f"--mcpu={cpu}"] if cpu not in ("", "native", "generic") else []))
    return parse_disassembly(text, triple)


def delay_slots(triple):
    """MIPS executes the instruction after a branch too: it belongs to the loop."""
    return 1 if triple.startswith("mips") else 0


def _family(triple):
    for prefix, fam in (("x86_64", "x86"), ("i686", "x86"), ("i386", "x86"), ("aarch64", "aarch64"),
                        ("arm", "arm"), ("riscv", "riscv"), ("powerpc", "ppc"), ("s390x", "s390x"),
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
    return i.mnemonic in _CALLS.get(_family(triple), ()) or (i.mnemonic.startswith("call") and _family(triple) == "x86")


def is_indirect_call(i, triple):
    return i.mnemonic in _INDIRECT.get(_family(triple), ()) or "*" in i.operands or \
        (i.target is None and is_call(i, triple))


def _unconditional(i, triple):
    """A jump or return after which the next instruction is not reached by falling through."""
    fam = _family(triple)
    return i.mnemonic in _UNCONDITIONAL.get(fam, ()) or (fam == "arm" and i.mnemonic == "pop" and "pc" in i.operands)


def _blocks(insns, triple):
    """Basic blocks as index ranges [(first, last)] and their successors {block: [blocks]}."""
    slot = delay_slots(triple)
    index = {i.addr: n for n, i in enumerate(insns)}
    leaders = {0}
    for n, i in enumerate(insns):
        if is_branch(i.mnemonic, triple) and not is_call(i, triple) or _unconditional(i, triple):
            leaders.add(n + 1 + slot)
            if i.target in index:
                leaders.add(index[i.target])
    starts = sorted(x for x in leaders if x < len(insns))
    blocks = [(a, (starts[k + 1] if k + 1 < len(starts) else len(insns)) - 1) for k, a in enumerate(starts)]
    block_of = {a: k for k, (a, _) in enumerate(blocks)}
    succ = {}
    for k, (a, b) in enumerate(blocks):
        last = insns[b - slot] if b - slot >= a else insns[b]
        out = []
        if is_branch(last.mnemonic, triple) and not is_call(last, triple) and last.target in index:
            out.append(block_of.get(index[last.target]))
        if not _unconditional(last, triple) and k + 1 < len(blocks):
            out.append(k + 1)
        succ[k] = [x for x in out if x is not None]
    return blocks, succ


def _dominators(n, succ):
    """Dominator sets and predecessors of the blocks reachable from the entry
    (the alignment padding after a return is not a way into a loop)."""
    reach, work = {0}, [0]
    while work:
        for o in succ[work.pop()]:
            if o not in reach:
                reach.add(o)
                work.append(o)
    pred = {k: [] for k in range(n)}
    for k, outs in succ.items():
        for o in outs:
            if k in reach:
                pred[o].append(k)
    dom = {k: set(range(n)) for k in range(n)}
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for k in range(1, n):
            ps = [dom[p] for p in pred[k]]
            new = (set.intersection(*ps) if ps else set()) | {k}
            if new != dom[k]:
                dom[k], changed = new, True
    return dom, pred


def find_loops(insns, triple):
    """The natural loops of the function: [sorted instruction indices], one
    per loop header (the back edges to one header merged). A back edge goes to
    a block that dominates its source, so GCC's rotated loops and MIPS's
    jump into the middle are found, and a cold block after the return that
    jumps back into a loop is not a loop of its own."""
    if not insns:
        return []
    blocks, succ = _blocks(insns, triple)
    dom, pred = _dominators(len(blocks), succ)
    bodies = {}
    for u, outs in succ.items():
        for h in outs:
            if h in dom[u]:  # a back edge u -> h
                body, work = {h, u}, [u] if u != h else []  # the walk stops at the header
                while work:
                    x = work.pop()
                    for p in pred[x]:
                        if p not in body:
                            body.add(p)
                            work.append(p)
                bodies.setdefault(h, set()).update(body)
    # A loop GCC enters at two places (POWER's batch of a looping scanner) is
    # no natural loop: its strongly connected blocks are the loop then.
    loops = list(bodies.values()) + [c for c in _cycles(succ) if c not in bodies.values()]
    return [sorted(n for b in body for n in range(blocks[b][0], blocks[b][1] + 1)) for body in loops]


def hot_path(insns, triple, loop, inner=()):
    """The instruction indices of one pass through a loop, header to back
    edge, along its longest path (most instructions). llvm-mca models
    straight-line code, so it gets one path, not every alternative: the
    longest is the word that does the scanner's work, never a zero word's
    early `return 64` or GCC's out-of-line `return -1` (which would also cut
    the dependency chain the latency figure models). The inner loops
    (instruction index sets) are stepped over: each is modelled alone."""
    blocks, succ = _blocks(insns, triple)
    members = {k for k, (a, _) in enumerate(blocks) if a in set(loop)}
    if not members:
        return []
    dom, _ = _dominators(len(blocks), succ)
    heads = [h for h in sorted(members) if all(h in dom[u] for u in members)]
    header = heads[0] if heads else min(members)  # a loop entered at two places: its first block
    groups = [{k for k in members if blocks[k][0] in set(lp)} for lp in inner]
    node = {k: next((n for n, g in enumerate(groups) if k in g), None) for k in members}

    def outs(k):  # successors within the pass, an inner loop stepped over to its exits
        group = groups[node[k]] if node[k] is not None else {k}
        return sorted({o for b in group for o in succ[b] if o in members and o not in group and o != header})

    memo, active = {}, set()

    def best(k):  # (instructions, path) from block k to the end of the pass
        if k in memo:
            return memo[k]
        if k in active:  # a cycle without the header: an irreducible loop; cut it here
            return 0, []
        active.add(k)
        own = [] if node[k] is not None else list(range(blocks[k][0], blocks[k][1] + 1))
        tail = max((best(o) for o in outs(k)), key=lambda r: r[0], default=(0, []))
        active.discard(k)
        memo[k] = (len(own) + tail[0], own + tail[1])
        return memo[k]
    return best(header)[1]


def _cycles(succ):
    """The strongly connected sets of blocks that contain a cycle (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1 or v in succ[v]:
                out.append(comp)

    for v in succ:
        if v not in index:
            visit(v)
    return out


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


def store_bytes(insn, triple):
    m, ops = insn.mnemonic, insn.operands
    if _STACK.search(ops):
        return 0
    if triple.startswith(("x86", "i686", "i386")):
        operands = _top_level_split(ops)
        if not m.startswith("mov") or m.startswith(("movz", "movs")) or "(" not in operands[-1]:
            return 0
        suffix = {"q": 8, "l": 4, "w": 2, "b": 1}.get(m[-1]) if m not in ("mov", "movd") else None
        src = operands[0]
        return suffix or (8 if src.startswith("%r") or src.startswith("%xmm") else 4)
    if triple.startswith("aarch64"):
        if m not in ("str", "stur", "stp"):
            return 0
        size = _AARCH64_REG.get(ops[:1], 0)
        return 2 * size if m == "stp" else size
    if triple.startswith("arm"):
        return {"str": 4, "strd": 8}.get(m.split(".")[0], 0)
    table = {"riscv": {"sd": 8, "sw": 4}, "powerpc": {"std": 8, "stdx": 8, "stdu": 8, "stw": 4, "stwx": 4},
             "s390x": {"stg": 8, "st": 4, "sty": 4}, "mips": {"sw": 4, "sd": 8}}
    for prefix, sizes in table.items():
        if triple.startswith(prefix):
            return sizes.get(m, 0)
    return 0


def parse_mca_json(text):
    """{region name: {"cycles_per_iteration", "block_rthroughput", "instructions",
    "uops_per_cycle"}, "_cpu": the CPU model llvm-mca resolved} from `llvm-mca -json`."""
    data = json.loads(text)
    out = {"_cpu": (data.get("TargetInfo") or {}).get("CPUName", "")}
    for n, r in enumerate(data.get("CodeRegions", [])):
        s = r["SummaryView"]
        out[r.get("Name") or str(n)] = {
            "cycles_per_iteration": s["TotalCycles"] / s["Iterations"],
            "block_rthroughput": s["BlockRThroughput"],
            "instructions": s["Instructions"] // s["Iterations"],
            "uops_per_cycle": s.get("uOpsPerCycle"),
        }
    return out


def run_mca(regions, triple, cpu):
    """Each named region of straight-line code as a loop on the CPU model:
    {name: figures, "_cpu": resolved name}. One llvm-mca run for all; Error
    with llvm-mca's own words if it refuses them."""
    # '#' at the start of a line is a comment for every target's parser here
    # (AArch64's "//" hides the markers from llvm-mca: measured).
    src = "".join(f"# LLVM-MCA-BEGIN {name}\n{text}# LLVM-MCA-END {name}\n"
                  for name, text in regions.items())
    p = subprocess.run([MCA, f"-mtriple={triple}", f"-mcpu={cpu}", f"-iterations={ITERATIONS}", "-json"],
                       input=src, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        raise Error(_mca_words(p.stderr) or f"{MCA} exit {p.returncode}")
    return parse_mca_json(p.stdout)


def _mca_words(stderr):
    """llvm-mca's error in one line (its first error and the note naming the instruction)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    err = next((line for line in lines if "error" in line or "unable" in line), "")
    if not err and any("Stack dump" in line for line in lines):
        err = "llvm-mca crashed: " + next((line for line in reversed(lines) if "Stack dump" not in line), "")
    note = next((line for line in lines if line.startswith("note: instruction")), "")
    return re.sub(r"^(llvm-mca-19: |<stdin>:\d+:\d+: )?error: ", "", err) + (f" ({note[6:]})" if note else "")


def probe(triple, cpu):
    """(resolved CPU name, "") if llvm-mca has a scheduling model for the
    triple and CPU, else ("", llvm-mca's reason)."""
    try:
        return run_mca({"probe": "\tnop\n" if not triple.startswith("s390x") else "\tlgr\t%r1, %r2\n"},
                       triple, cpu)["_cpu"], ""
    except Error as e:
        return "", str(e)

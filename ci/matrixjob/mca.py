"""The LLVM tools over the code a target's build contains: llvm-nm-19 finds
a function (in the program, its PLT or a shared library it loads),
llvm-objdump-19 disassembles it (ci/matrixjob/isa.py reads the text), and
llvm-mca-19 (-json) models each piece of straight-line code as a loop on a
named CPU model. Nothing here knows an implementation or a target;
ci/matrixjob/speed.py puts the pieces together."""
import json
import os
import re
import shutil
import subprocess

from . import isa

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


# Bytes per PLT entry where llvm-objdump does not name the entries itself:
# after the PLT's header (its size less the entries: 32 bytes on RISC-V and
# s390x), entry i calls the i-th JUMP_SLOT relocation's function. Not ARM:
# Thumb callers' entries there are not evenly spaced (the names came out wrong).
_PLT_ENTRY = {"riscv": 16, "s390x": 32, "x86": 16, "aarch64": 16}


def plt_names(program, triple):
    """{PLT entry address: function name} from the .plt section and the
    program's JUMP_SLOT relocations (in GOT order, as the entries are)."""
    entry = _PLT_ENTRY.get(isa.family(triple))
    sections = _run([OBJDUMP, "-h", program]).splitlines()
    plt = [line.split() for line in sections if " .plt " in f" {line} "]
    # A static program (the drivers under qemu-user) has no dynamic relocations
    # to name entries by, and calls its libgcc functions directly.
    if not entry or not plt or not any(" .dynamic " in f" {line} " for line in sections):
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


def disassemble(program, address, size, triple, cpu=""):
    """The function's instructions; cpu (a named model) lets llvm-objdump decode
    its newer instructions (s390x: <unknown> without it)."""
    # No separate debug file: llvm-objdump would disassemble that one (no code) instead.
    cmd = [OBJDUMP, "-d", "--no-show-raw-insn", "--debug-file-directory=/nonexistent",
           f"--start-address={address:#x}", f"--stop-address={address + size:#x}", program]
    text = _run(cmd + ([f"--mcpu={cpu}"] if cpu not in ("", "native", "generic") else []))
    return isa.parse_disassembly(text, triple)


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

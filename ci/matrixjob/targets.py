"""The matrix's columns, read from their data: a cross target is
toolchains/<target>.cmake with its facts in toolchains/<target>.facts
(VAR=value lines, which the toolchain file, ci/lib/targets.sh and proof/ read
too); a host toolchain column is a row of toolchains/host-toolchains.txt.
Nothing here parses CMake or asks bash."""
import functools
import os
import re
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLCHAINS = os.path.join(ROOT, "toolchains")


class UsageError(Exception):
    """A bad argument (an unknown target or toolchain); the message names it."""


def all_targets():
    """host, then every toolchain file's name, sorted."""
    return ["host"] + sorted(f[:-len(".cmake")] for f in os.listdir(TOOLCHAINS) if f.endswith(".cmake"))


@functools.lru_cache(maxsize=None)
def facts(t):
    """{VAR: value} of toolchains/<t>.facts; {} for host and its toolchain columns."""
    if t.startswith("host"):
        return {}
    out = {}
    with open(os.path.join(TOOLCHAINS, t + ".facts"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            m = re.match(r"([A-Z][A-Z0-9_]*)=(.*)$", line)
            if not m:
                raise ValueError(f"toolchains/{t}.facts:{n}: '{line}' is not a VAR=value line")
            out[m.group(1)] = m.group(2)
    return out


def fact(t, var):
    """One fact of t ("" where the facts file does not set it)."""
    return facts(t).get(var, "")


def fact_list(t, var):
    """A ;-separated fact, e.g. SCANPROOF_GTEST_CMAKE_ARGS."""
    return [x for x in fact(t, var).split(";") if x]


def _select(spec, known, what):
    names = [x for x in spec.split(",") if x]
    for n in names:
        if n not in known:
            raise UsageError(f"unknown {what} '{n}' (known: {' '.join(known)})")
    return names


def select_targets(spec):
    """A comma-separated target list ("": all); UsageError on an unknown name."""
    return _select(spec, all_targets(), "target") if spec else all_targets()


def target_missing_tool(t):
    """Why t cannot be built and run here, "" if it can. The toolchain file
    itself checks its compiler and emulator (toolchains/common/require-program.cmake):
    this includes it in script mode and passes on its message."""
    if t == "host":
        return "" if shutil.which("g++") else "g++ not installed"
    p = subprocess.run(["cmake", f"-DTOOLCHAIN={TOOLCHAINS}/{t}.cmake", "-P",
                        os.path.join(ROOT, "ci/lib/emulator.cmake")],
                       capture_output=True, text=True, check=False, stdin=subprocess.DEVNULL)
    if p.returncode == 0:
        return ""
    # CMake indents and wraps the message: from "scanproof:" to its call stack, one line.
    m = re.search(r"scanproof:.*?(?=\nCall Stack|\Z)", p.stderr, re.S)
    return " ".join((m.group(0) if m else p.stderr.strip() or f"cmake exit {p.returncode}").split())


# Host toolchain columns ---------------------------------------------------

@functools.lru_cache(maxsize=None)
def _toolchain_rows():
    rows = {}
    with open(os.path.join(TOOLCHAINS, "host-toolchains.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                name, compiler, flags, sanitize = line.split("|")
                rows[name] = {"compiler": compiler, "flags": flags, "sanitize": sanitize}
    return rows


def all_toolchains():
    return list(_toolchain_rows())


def select_toolchains(spec):
    """A comma-separated toolchain list (`all`: every one); UsageError on an unknown name."""
    known = all_toolchains()
    if spec == "all":
        return known
    try:
        return _select(spec, known, "toolchain")
    except UsageError as e:
        raise UsageError(str(e).replace("(known: ", "(known: all ")) from None


def toolchain_target(name):
    """The cross target a row stands for (`m32`: i686), "" for a host build."""
    compiler = _toolchain_rows()[name]["compiler"]
    return compiler[1:] if compiler.startswith("@") else ""


def toolchain_missing_tool(name):
    """Why toolchain column `name` cannot be built here, "" if it can."""
    if toolchain_target(name):
        return target_missing_tool(toolchain_target(name))
    cxx = _toolchain_rows()[name]["compiler"]
    return "" if shutil.which(cxx) else f"{cxx} not installed (ci/setup --toolchains {name} installs it)"


def toolchain_cmake_args(name):
    """The cache settings of a host toolchain column's build."""
    row = _toolchain_rows()[name]
    cxx = row["compiler"]
    # C candidates: the same compiler's C driver (g++-12 -> gcc-12, clang++-14 -> clang-14).
    cc = cxx.replace("clang++", "clang").replace("g++", "gcc")
    return [f"-DCMAKE_CXX_COMPILER={cxx}", f"-DCMAKE_C_COMPILER={cc}", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
            f"-DCMAKE_CXX_FLAGS_RELWITHDEBINFO={row['flags']} -DNDEBUG", f"-DSCANPROOF_SANITIZE={row['sanitize']}"]


def toolchain_flags(name):
    """How a toolchain column was built, for the report."""
    row = _toolchain_rows()[name]
    return row["flags"] + (" ASan+UBSan" if row["sanitize"] == "ON" else "")


# What other parts ask of a target -----------------------------------------

def mca_cpus(t):
    """The CPU models llvm-mca estimates t's code on: SCANPROOF_MCA_CPUS (none:
    no estimate); `native` (the CPU llvm-mca finds here) for host columns."""
    return ["native"] if t.startswith("host") else fact_list(t, "SCANPROOF_MCA_CPUS")


def mca_triple(t):
    """The triple llvm-mca models t's code with: SCANPROOF_MCA_TRIPLE, else SCANPROOF_TRIPLE."""
    if t.startswith("host"):
        return os.uname().machine + "-linux-gnu"
    return fact(t, "SCANPROOF_MCA_TRIPLE") or fact(t, "SCANPROOF_TRIPLE")


def no_debian_gtest(t):
    """SCANPROOF_DEBIAN_ARCH set to "" says Debian has no GoogleTest for t (the
    x86-64 CPU models set none: they use the host's)."""
    return not t.startswith("host") and facts(t).get("SCANPROOF_DEBIAN_ARCH") == ""


def proof_ir(t):
    """(the prover's --target for t, or None; why, when it is not t's own):
    SCANPROOF_TRIPLE gives the IR of that triple; an x86-64 CPU model under
    qemu-x86_64 runs the host compiler's code with the host's flags, so its IR
    is the host's."""
    if t == "host":
        return "host", ""
    if fact(t, "SCANPROOF_TRIPLE"):
        return t, ""
    if fact(t, "SCANPROOF_QEMU") == "qemu-x86_64":
        return "host", ("the host's IR: the same compiler, triple and flags (how this CPU model executes "
                        "the code is what the tests check)")
    return None, (f"no proof on {t}: toolchains/{t}.facts names no SCANPROOF_TRIPLE, so Clang's IR for it "
                  "is not built")

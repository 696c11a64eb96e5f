"""What ci/lib/*.sh knows about targets and host toolchains, asked from
python: the toolchain files and the toolchain table are read in one place
(the shell library), never restated here."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_LIBS = ". ci/lib/common.sh; . ci/lib/targets.sh; . ci/lib/toolchains.sh"


class UsageError(Exception):
    """A bad argument the shell library rejected (its message names it)."""


def call(function, *args):
    """Output lines of a ci/lib function; UsageError with its message if it dies."""
    p = subprocess.run(["bash", "-c", _LIBS + '; "$@"', "shlib", function, *args],
                       cwd=ROOT, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        raise UsageError(p.stderr.strip().splitlines()[-1] if p.stderr.strip() else
                         f"{function} {' '.join(args)} failed ({p.returncode})")
    return [line for line in p.stdout.splitlines() if line.strip()]


def one(function, *args):
    lines = call(function, *args)
    return lines[0] if lines else ""


def toolchain_var(target, var):
    return one("toolchain_var", target, var)


def toolchain_list(target, var):
    """A toolchain file's ;-separated list, e.g. SCANPROOF_GTEST_CMAKE_ARGS."""
    return [x for x in toolchain_var(target, var).split(";") if x]

"""A suite built once, used by every run of the very same sources (issue 48).

`ci/matrix --prepare` builds every requested target's suite (harness,
drivers, catalogue, fuzz targets) in its checkout's build/matrix/<target>;
where $SCANPROOF_DEPS_DIR is set (the CI image), it also records that
checkout and a digest of its sources in $SCANPROOF_DEPS_DIR/prepared.json.
A later `ci/matrix` from another checkout (the action's, a user's clone)
whose sources have the same digest runs as the prepared checkout's own
ci/matrix instead, so it compiles only the candidates and relinks. CMake
ties a build directory to its source directory, so the run moves to the
build, not the build to the run. Any difference in the sources (one byte,
one file more or less) means this checkout's own cold build.
"""
import hashlib
import json
import os

# What a build and a run read: the sources of every target and the runner.
SOURCES = ("CMakeLists.txt", "CMakePresets.json", "cmake", "impl", "conformance", "fuzz", "properties",
           "toolchains", "ci", "bench", "proof")
RECORD = "prepared.json"


def source_digest(root):
    """SHA-256 over the relative path and bytes of every file under SOURCES
    (Python's bytecode caches left out: not sources, written by any run)."""
    h = hashlib.sha256()
    files = []
    for top in SOURCES:
        p = os.path.join(root, top)
        if os.path.isfile(p):
            files.append(top)
        for d, dirs, names in os.walk(p):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            files += [os.path.relpath(os.path.join(d, n), root) for n in names if not n.endswith(".pyc")]
    for rel in sorted(files):
        h.update(rel.encode() + b"\0")
        with open(os.path.join(root, rel), "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def record(root, deps_dir):
    """After --prepare: the prepared checkout and its digest, in deps_dir."""
    with open(os.path.join(deps_dir, RECORD), "w", encoding="utf-8") as f:
        json.dump({"root": root, "digest": source_digest(root)}, f)


def elsewhere(root, deps_dir, log):
    """The prepared checkout to run in instead of root, or None: there is no
    record, it is root itself, it is gone, or its sources differ (said)."""
    path = os.path.join(deps_dir, RECORD) if deps_dir else ""
    if not path or not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        rec = json.load(f)
    other = rec.get("root", "")
    if os.path.realpath(other) == os.path.realpath(root):
        return None
    if not os.path.isfile(os.path.join(other, "ci", "matrix")):
        log(f"the prepared suite's checkout {other} ({path}) is gone: building here")
        return None
    if source_digest(root) != rec.get("digest"):
        log(f"the prepared suite ({other}) was built from other sources than {root}: building here, cold")
        return None
    return other


def absolute_argv(argv, cwd):
    """argv with --out's and --candidates' paths made absolute against cwd
    (ci/matrix runs from its checkout's root: a relative path means this one)."""
    out = []
    take = None
    for a in argv:
        if take:
            out.append(_absolute(take, a, cwd))
            take = None
            continue
        name, eq, value = a.partition("=")
        if name in ("--out", "--candidates") and eq:
            out.append(f"{name}={_absolute(name, value, cwd)}")
        else:
            out.append(a)
            take = a if a in ("--out", "--candidates") else None
    return out


def _absolute(option, value, cwd):
    if option == "--out":
        return os.path.join(cwd, value)
    if "," in value and os.path.exists(os.path.join(cwd, value)):  # a path with a comma, given alone
        return os.path.join(cwd, value)
    return ",".join(os.path.join(cwd, p) if p else p for p in value.split(","))

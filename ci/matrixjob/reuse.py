"""A target's verdict reused only where nothing it rests on changed (issue 48).

After a target's tests ran to their end, its results (the results/<t>.json
part, the JUnit file and ctest's console) are kept in its build directory
under a key: a SHA-256 over everything the tests' outcome rests on, byte for
byte:
- every test ctest selected, as `ctest --show-only=json-v1` lists it: name,
  command line, environment, regular expressions, dependencies;
- the bytes of every regular file on those command lines (the drivers with
  the candidates linked in, the judge tables, the launcher) and of every
  program named by its bare name (the emulator: qemu-<arch>, node, wine);
- the compiler's and the emulator's `--version` words (run.tool_versions);
- the CPU's model and flags (a native column, an ISA option: the CPU decides);
- the runner's own code (ci/matrixjob/*.py and ci/results_format.py: how
  results are read);
- the environment's SCANPROOF_* variables.
A later run whose key is the same reuses them and says so (the report's
`reused`, the console); any difference, or a run that did not reach its end,
means a fresh run. Directories on the command lines (a sysroot, the batch
directories the run itself fills) count by their path only; a host program's
shared libraries are trusted to follow the compiler's version.
"""
import datetime
import glob
import hashlib
import json
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
KEEP = 4  # stored verdicts per build directory


def _file_digest(path, memo):
    if path not in memo:
        h = hashlib.sha256()
        with open(path, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                h.update(chunk)
        memo[path] = h.hexdigest()
    return memo[path]


def _cpu():
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return ""
    return "\n".join(sorted({ln for ln in lines if ln.split(":")[0].strip() in ("model name", "flags")}))


def key(b, chosen, versions):
    """The key of the tests `ctest --test-dir b <chosen>` would run, or ""
    when they cannot be listed (then nothing is reused)."""
    p = subprocess.run(["ctest", "--test-dir", b, "-N", "--show-only=json-v1"] + chosen,
                       capture_output=True, text=True, check=False)
    try:
        tests = json.loads(p.stdout)["tests"]
    except (json.JSONDecodeError, KeyError, TypeError):
        return ""
    h = hashlib.sha256(b"scanproof verdict key 1\0")
    memo = {}

    def feed(label, text):
        h.update(label.encode() + b"\0" + text.encode() + b"\0")

    for t in sorted(tests, key=lambda x: x.get("name", "")):
        feed("test", json.dumps(t, sort_keys=True))
        for a in t.get("command") or []:
            path = a if os.path.isabs(a) else (shutil.which(a) if "/" not in a else None)
            if path and os.path.isfile(path):
                feed("file " + a, _file_digest(os.path.realpath(path), memo))
    # The sandbox the launcher runs each test in (ScanproofLaunch.cmake): not
    # on the command line, which names the launcher alone.
    sandbox = os.path.join(b, "scanproof-sandbox")
    feed("sandbox", _file_digest(sandbox, memo) if os.path.isfile(sandbox) else "none")
    feed("versions", json.dumps(versions, sort_keys=True))
    feed("cpu", _cpu())
    for py in sorted(glob.glob(os.path.join(HERE, "*.py"))) + [os.path.join(HERE, "..", "results_format.py")]:
        feed("runner " + os.path.basename(py), _file_digest(py, memo))
    feed("env", json.dumps({k: v for k, v in os.environ.items() if k.startswith("SCANPROOF_")}, sort_keys=True))
    return h.hexdigest()


def _store(b):
    """<b>/matrix-verdicts, or $SCANPROOF_VERDICTS_DIR/<target> where a CI
    cache keeps it from one run to the next (ci/action/action.yml)."""
    kept = os.environ.get("SCANPROOF_VERDICTS_DIR")
    return os.path.join(kept, os.path.basename(b)) if kept else os.path.join(b, "matrix-verdicts")


def make_store(b):
    """Makes the store before the tests run: the sandbox hides it from them
    only if it is there (cmake/scanproof-launch)."""
    os.makedirs(_store(b), exist_ok=True)


def load(b, k):
    """The stored verdict of key k in build b, or None."""
    if not k:
        return None
    try:
        with open(os.path.join(_store(b), k + ".json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, json.JSONDecodeError):
        return None


def save(b, k, data, junit, console, out):
    """Keeps a finished target's results under key k (the KEEP newest). A
    run that did not reach its end keeps nothing, and removes whatever is
    stored under k: the tests' own processes can write into the store (the
    threat model in docs/contracts.md), and a record there for this very key
    was not written by this runner."""
    d = _store(b)
    if not k:
        return
    if data.get("status") != "ok" or data.get("incomplete"):
        try:
            os.remove(os.path.join(d, k + ".json"))
        except OSError:
            pass
        return  # only a run that reached its end is a verdict to reuse
    os.makedirs(d, exist_ok=True)
    texts = {}
    for name, path in (("junit", junit), ("console", console)):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                texts[name] = f.read()
        except OSError:
            return
    stored = {"key": k, "when": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "report": out, "data": data, **texts}
    tmp = os.path.join(d, k + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(stored, f)
    os.replace(tmp, os.path.join(d, k + ".json"))
    for old in sorted(glob.glob(os.path.join(d, "*.json")), key=os.path.getmtime)[:-KEEP]:
        os.remove(old)

"""A stopped ci/matrix stops (SIGINT, SIGTERM, SIGHUP): every process it
started ends, and no report is left that reads as this run's verdict.

The steps run in sessions of their own (run.run_step: so a hung step's whole
process group can be killed), which a signal to ci/matrix does not reach, and
some of their processes outlive their parents (wineserver, a test's
grandchild). ci/matrix therefore makes itself the child subreaper
(prctl PR_SET_CHILD_SUBREAPER, Linux): every orphan of the run is re-parented to
it, so "its descendants" is every process of the run, found by parent pid in
/proc, whatever session or group it moved to. The orphans it adopts are its
to reap as they end (orphans.py), or they stay zombies."""
import ctypes
import os
import signal
import sys
import time

import results_format

PR_SET_CHILD_SUBREAPER = 36  # <linux/prctl.h>
REPORT_FILES = results_format.REPORT_FILES
stopping = False  # set when a signal came: what the run's threads log after that is noise


def become_subreaper():
    """True if this process now adopts the orphans of its descendants."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def processes():
    """(pid, state, parent pid, command name) of every process in /proc: the
    one reading of /proc/<pid>/stat (here and orphans.py)."""
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", encoding="utf-8", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        yield int(d), fields[0], int(fields[1]), stat[stat.index("(") + 1:stat.rindex(")")]


def _children():
    """{pid: parent pid} of every live process (zombies excluded)."""
    return {pid: ppid for pid, state, ppid, _ in processes() if state != "Z"}


def descendants(root=None):
    """The live processes below root (default: this one)."""
    root = os.getpid() if root is None else root
    parents = _children()
    found, frontier = set(), {root}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier and p not in found}
        found |= frontier
    return found


def _reap():
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass


def stop_descendants(grace_s=3.0):
    """SIGTERM to every descendant, then SIGKILL to what is left after grace_s;
    repeated while some remain (a killed parent's children come to us).
    Returns the pids still alive (none, unless one is stuck in the kernel)."""
    deadline = time.monotonic() + grace_s
    sig = signal.SIGTERM
    for _ in range(200):
        left = descendants()
        if not left:
            return set()
        for pid in left:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        time.sleep(0.05)
        _reap()
        if time.monotonic() > deadline:
            sig = signal.SIGKILL
    return descendants()


def remove_reports(out):
    """The report files of an earlier run in DIR: a run that does not finish must not leave them to be read
    as its verdict."""
    for name in REPORT_FILES:
        try:
            os.remove(os.path.join(out, name))
        except FileNotFoundError:
            pass


def install(out, log):
    """On SIGINT, SIGTERM or SIGHUP: end every process of the run, remove any
    report in `out` (one half-written at the end included) and exit 128+signal.
    log(msg, final=True) says so; log drops other messages once `stopping`."""
    def stop(signum, _frame):
        global stopping  # pylint: disable=global-statement
        stopping = True
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)  # a second signal must not cut the clean-up short
        name = signal.Signals(signum).name
        left = stop_descendants()
        remove_reports(out)
        log(f"interrupted by {name}: every process of the run ended"
            + (f" but {sorted(left)}" if left else "") + f"; no report written in {out}", final=True)
        sys.stdout.flush()
        os._exit(128 + signum)  # not sys.exit: the builder thread and finally blocks must not go on

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, stop)

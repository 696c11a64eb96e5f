"""The orphans ci/matrix adopts, reaped as they end.

As the child subreaper (interrupt.become_subreaper) ci/matrix is the parent
of every orphan of the run (wineserver, winedevice, a test's grandchild, an
emulator a killed step left): one that ends stays a zombie until ci/matrix
waits for it, and nothing else will (a full run once held 97).

Reaping must not take the exit status of a child that its own code waits for
(subprocess.run, Popen.wait, run.run_step's os.wait4, in several threads at
once): subprocess would read a stolen status as exit 0, run_step would fail.
So the reaper waits only for zombies that no Popen of this process is waiting
for: every Popen is registered by pid, under the lock the reaper holds, as it
is created (track() replaces subprocess.Popen by a registering subclass), so
a zombie child of ours that is not a registered, still unwaited Popen is an
adopted orphan (or one whose Popen was dropped unwaited; reaping it takes
nothing anyone reads). Children made other than by subprocess.Popen
(os.fork, os.posix_spawn) would be taken for orphans: ci/matrix makes none.

A thread reaps every REAP_INTERVAL_S (a waitid(WNOWAIT) peek first: the /proc
scan only when some child of ours has ended); reap() is also called at the
end of each target, and zombies() counts what is left then."""
import os
import subprocess
import threading
import weakref

from . import interrupt

REAP_INTERVAL_S = 1.0

_lock = threading.Lock()
_popens = weakref.WeakValueDictionary()  # pid -> Popen: our own children, reaped by whoever waits for them
_reaped = 0  # orphans reaped since track()
_original_popen = subprocess.Popen
_thread = None
_stop = threading.Event()


class _RegisteredPopen(_original_popen):
    """subprocess.Popen, registered under the reaper's lock before the reaper
    can see its child."""

    def __init__(self, *args, **kwargs):
        with _lock:
            super().__init__(*args, **kwargs)
            _popens[self.pid] = self


def _zombie_children():
    """{pid: command name} of this process's children that have ended and are
    not yet waited for."""
    me = os.getpid()
    return {pid: name for pid, state, ppid, name in interrupt.processes() if state == "Z" and ppid == me}


def _own(pid):
    """True if pid is a child a Popen of ours has not yet waited for: its
    status is that Popen's to take."""
    p = _popens.get(pid)
    return p is not None and p.returncode is None


def _some_child_ended():
    try:
        return os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # no children at all
        return False


def active():
    """True once track() was called: reap() and zombies() can tell our
    children from orphans."""
    return subprocess.Popen is _RegisteredPopen


def reap():
    """Waits for every adopted orphan that has ended; returns how many (0,
    doing nothing, unless active())."""
    global _reaped  # pylint: disable=global-statement
    if not active() or not _some_child_ended():
        return 0
    n = 0
    with _lock:  # no Popen is created meanwhile: every child of ours not registered is an orphan
        for pid in _zombie_children():
            if _own(pid):
                continue
            try:
                if os.waitpid(pid, os.WNOHANG)[0] == pid:
                    n += 1
            except ChildProcessError:
                pass
        _reaped += n
    return n


def zombies():
    """{pid: command name} of the adopted orphans that have ended and are not
    reaped (after reap(): none, unless reaping is broken); {} unless active()."""
    if not active():
        return {}
    with _lock:
        return {pid: name for pid, name in _zombie_children().items() if not _own(pid)}


def reaped():
    """How many orphans have been reaped since track()."""
    return _reaped


def track():
    """From now on register every subprocess.Popen (so that reap() can tell
    our children from adopted orphans). Called before any Popen that is
    still running: one made earlier would be taken for an orphan."""
    subprocess.Popen = _RegisteredPopen


def start(interval=REAP_INTERVAL_S):
    """track(), and a daemon thread that reaps every `interval` seconds."""
    global _thread  # pylint: disable=global-statement
    track()
    if _thread is not None and _thread.is_alive():
        return
    _stop.clear()

    def loop():
        while not _stop.wait(interval):
            reap()

    _thread = threading.Thread(target=loop, name="orphan-reaper", daemon=True)
    _thread.start()


def stop():
    """Ends the reaping thread and the registration (the unit tests' clean-up)."""
    global _thread, _reaped  # pylint: disable=global-statement
    _stop.set()
    if _thread is not None:
        _thread.join()
    _thread = None
    subprocess.Popen = _original_popen
    _reaped = 0

"""Unit tests of the orphans ci/matrix adopts as the child subreaper (ctest:
unit.ci.orphans): one that ends is reaped, by the reaping thread and at the end
of each target, and no child that the matrix's own code waits for loses its
exit status to the reaper. Real processes (sh, sleep), a subreaper of its own."""
import ctypes
import os
import subprocess
import tempfile
import threading
import time
import unittest
from unittest import mock

from . import interrupt
from . import matrix
from . import orphans
from . import run


def _set_subreaper(on):
    return ctypes.CDLL(None, use_errno=True).prctl(interrupt.PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0) == 0


def _until(predicate, timeout=10.0):
    """Polls predicate() until it is true or timeout seconds passed; its last value."""
    deadline = time.monotonic() + timeout
    while not (value := predicate()) and time.monotonic() < deadline:
        time.sleep(0.02)
    return value


# A step that leaves an orphan: sh starts a sleep in the background and exits
# at once; the sleep, re-parented to this process (the subreaper), ends soon after.
ORPHAN_STEP = ["sh", "-c", "sleep 0.3 & exit 5"]


class Reaping(unittest.TestCase):
    def setUp(self):
        if not os.path.isdir("/proc/self") or not _set_subreaper(True):
            self.skipTest("not Linux: no child subreaper")
        self.addCleanup(_set_subreaper, False)
        self.addCleanup(orphans.stop)
        tmp = tempfile.TemporaryDirectory()
        self.addCleanup(tmp.cleanup)
        self.log = os.path.join(tmp.name, "step.log")
        self.dir = tmp.name

    def leave_a_zombie(self):
        """Runs ORPHAN_STEP and waits for its orphan to end: {pid: name} of
        the zombie it left, a child of this process."""
        self.assertEqual(run.run_step(ORPHAN_STEP, self.log), 5)
        zombies = _until(orphans._zombie_children)  # pylint: disable=protected-access
        self.assertEqual(list(zombies.values()), ["sleep"], "the step's orphan, adopted and ended")
        return zombies

    def test_an_adopted_orphan_that_ended_is_reaped(self):
        orphans.track()
        self.leave_a_zombie()
        self.assertEqual(orphans.zombies().keys(), orphans._zombie_children().keys())  # pylint: disable=protected-access
        self.assertEqual(orphans.reap(), 1)
        self.assertEqual(orphans._zombie_children(), {})  # pylint: disable=protected-access
        self.assertEqual(orphans.zombies(), {})
        self.assertEqual(orphans.reaped(), 1)

    def test_the_reaping_thread_reaps_orphans_as_they_end(self):
        orphans.start(interval=0.05)
        for _ in range(3):
            self.assertEqual(run.run_step(ORPHAN_STEP, self.log), 5)
        self.assertTrue(_until(lambda: orphans.reaped() == 3), f"reaped {orphans.reaped()} of 3")
        self.assertEqual(orphans._zombie_children(), {})  # pylint: disable=protected-access

    def test_a_matrix_run_reaps_from_its_start(self):
        with mock.patch.object(interrupt, "install"):  # no signal handlers in the test process
            matrix.start_run(self.dir)
        self.assertTrue(orphans.active())
        self.assertEqual(run.run_step(ORPHAN_STEP, self.log), 5)
        self.assertTrue(_until(lambda: orphans.reaped() == 1), "the orphan, reaped by the thread")
        self.assertEqual(orphans._zombie_children(), {})  # pylint: disable=protected-access

    def test_no_zombie_outlives_its_target(self):
        """run_all's tester reaps at the end of each target and says how many are left."""
        orphans.track()  # no thread: the end of the target is the only reaping point
        lines = []
        s = run.Settings(self.dir, os.path.join(self.dir, "build"), log=lines.append)

        def a_target_that_leaves_a_zombie(r, _s):
            self.leave_a_zombie()
            return run._unfinished(run._result_of(r), "tests cut short")  # pylint: disable=protected-access

        with mock.patch.object(run, "build", lambda t, _s: {"target": t, "build_dir": self.dir, "status": "ok",
                                                             "timings": {"build_s": 0}}), \
                mock.patch.object(run, "test", a_target_that_leaves_a_zombie):
            run.run_all(["host"], s, lambda data: None)  # one target: no other tester reaps its zombie first
        self.assertEqual(orphans._zombie_children(), {})  # pylint: disable=protected-access
        self.assertIn("host: tests cut short; zombies left: 0 (1 orphans of the run reaped so far)", lines)

    def test_our_own_children_keep_their_exit_status(self):
        """A child that Popen or run_step waits for is never reaped for it, even
        when it has ended and the reaper runs first."""
        orphans.track()
        p = subprocess.Popen(["sh", "-c", "exit 3"])  # pylint: disable=consider-using-with
        self.assertTrue(_until(lambda: p.pid in orphans._zombie_children()))  # pylint: disable=protected-access
        self.assertEqual(orphans.reap(), 0)
        self.assertEqual(orphans.zombies(), {})
        self.assertEqual(p.wait(), 3)

    def test_exit_statuses_survive_a_busy_reaper(self):
        """Many short children from several threads (as the builders and testers
        run them) while the thread reaps all the time: each status is its own."""
        orphans.start(interval=0.001)
        statuses, errors = [], []

        def worker(k):
            try:
                for i in range(40):
                    code = (k * 40 + i) % 7 + 1
                    if i % 2:
                        got = subprocess.run(["sh", "-c", f"exit {code}"], check=False).returncode
                    else:
                        got = run.run_step(["sh", "-c", f"exit {code}"], self.log, limit=60)
                    statuses.append((got, code))
            except Exception as e:  # pylint: disable=broad-except
                errors.append(e)

        threads = [threading.Thread(target=worker, args=(k,)) for k in range(3)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(statuses), 120)
        self.assertEqual([got for got, _ in statuses], [code for _, code in statuses])

    def test_nothing_is_reaped_unless_tracking(self):
        """reap() outside ci/matrix (no track()) cannot tell orphans from our
        own children, so it leaves every zombie alone."""
        p = subprocess.Popen(["sh", "-c", "exit 4"])  # pylint: disable=consider-using-with
        self.assertTrue(_until(lambda: p.pid in orphans._zombie_children()))  # pylint: disable=protected-access
        self.assertEqual(orphans.reap(), 0)
        self.assertEqual(orphans.zombies(), {})
        self.assertEqual(p.wait(), 4)


if __name__ == "__main__":
    unittest.main()

"""unit.speed.*: the speed model's pipeline on stored inputs: llvm-mca's JSON,
llvm-objdump's disassembly of real kernels of the matrix's builds (testdata/
speed/), the loop and path analysis, the combination with trip counts, the
bench's JSON (the report's speed section: ci/report/test_speed_report.py).
llvm-mca-19 itself runs only in
RealMca, on a fixed snippet, when it is installed. No timing is asserted
anywhere: the figures are a model's, deterministic for its input."""
import json
import os
import shutil
import unittest
from unittest import mock

from . import bench_json
from . import isa
from . import kernel
from . import loop_trips
from . import mca
from . import speed

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata", "speed")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return f.read()


def kernel_of(name, triple, **kw):
    return kernel.Kernel(isa.parse_disassembly(read(name), triple), triple, **kw)


class McaJson(unittest.TestCase):
    """The stored output of `llvm-mca-19 -mtriple=x86_64-linux-gnu -mcpu=nehalem
    -iterations=100 -json dependent-imul.s`: three dependent IMULs (3 cycles each)."""

    def test_figures(self):
        figs = mca.parse_mca_json(read("mca-nehalem-dependent-imul.json"))
        self.assertEqual(figs["_cpu"], "nehalem")
        region = figs["0"]  # an unnamed region is keyed by its position
        self.assertAlmostEqual(region["cycles_per_iteration"], 9.03)
        self.assertEqual(region["instructions"], 4)
        self.assertEqual(region["block_rthroughput"], 3)

    def test_region_names(self):
        data = json.loads(read("mca-nehalem-dependent-imul.json"))
        data["CodeRegions"][0]["Name"] = "r7"
        self.assertIn("r7", mca.parse_mca_json(json.dumps(data)))

    def test_error_words(self):
        err = ("error: unable to find instruction-level scheduling information for target triple "
               "'sparc64-unknown-linux-gnu' and cpu 'generic'.\n")
        self.assertTrue(mca._mca_words(err).startswith("unable to find instruction-level scheduling"))


@unittest.skipUnless(shutil.which(mca.MCA), f"{mca.MCA} not installed (Debian's {mca.PACKAGE})")
class RealMca(unittest.TestCase):
    """The same snippet through the real llvm-mca-19, as speed.py runs it (named regions)."""

    def test_dependent_chain(self):
        figs = mca.run_mca({"r0": read("dependent-imul.s"), "r1": "\taddq\t$0x1, %rcx\n"}, "x86_64-linux-gnu",
                           "nehalem")
        self.assertEqual(figs["_cpu"], "nehalem")
        self.assertAlmostEqual(figs["r0"]["cycles_per_iteration"], 9.0, delta=0.1)  # 3 x IMUL latency 3
        self.assertLess(figs["r1"]["cycles_per_iteration"], 1.1)

    def test_no_model_is_said(self):
        resolved, why = mca.probe("sparc64-linux-gnu", "generic")
        self.assertEqual(resolved, "")
        self.assertIn("scheduling", why)


class Tools(unittest.TestCase):
    def test_missing_names_the_package(self):
        with mock.patch.object(shutil, "which", return_value=None):
            with self.assertRaises(mca.Error) as e:
                mca.require_tools()
        self.assertIn("llvm-mca-19", str(e.exception))
        self.assertIn("apt-get install llvm-19", str(e.exception))


class Disassembly(unittest.TestCase):
    def test_unrolled_batch(self):
        """GCC unrolls batch<> by 4 (its pragma): one pass stores four results."""
        k = kernel_of("aarch64-batch-debruijn_walisch.txt", "aarch64-linux-gnu")
        self.assertEqual(k.problem, "")
        self.assertEqual(k.per_iteration, 4)
        self.assertEqual(k.inner, [])
        self.assertEqual(k.regions["loop"].count("\tmul\t"), 4)
        self.assertEqual(k.scan_instructions(kernel.scan_mnemonics()), "none")

    def test_out_of_line_blocks_are_no_loop(self):
        """shogi_bsf_debruijn: `return -1` blocks after the return jump back
        into the loop; they are neither loops nor on the modelled path."""
        k = kernel_of("aarch64-batch-shogi_bsf_debruijn.txt", "aarch64-linux-gnu")
        self.assertEqual(k.problem, "")
        self.assertEqual(k.per_iteration, 4)
        self.assertNotIn("#-0x1", k.regions["loop"])
        self.assertEqual(k.scan_instructions(kernel.scan_mnemonics()), "rbit, clz")

    def test_inner_loop_of_the_scanner(self):
        """Kernighan on RISC-V (no Zbb): an inner loop, the batch loop not unrolled."""
        k = kernel_of("riscv64-batch-iterative.txt", "riscv64-linux-gnu")
        self.assertEqual(k.problem, "")
        self.assertEqual(k.inner, ["inner0"])
        self.assertEqual(k.per_iteration, 1)
        self.assertIn("\tand\t", k.regions["inner0"])
        self.assertNotIn("\tsd\t", k.regions["inner0"])

    def test_loop_entered_at_two_places(self):
        """POWER's batch of table4: no natural outer loop; its strongly connected blocks are."""
        k = kernel_of("ppc64le-batch-table4.txt", "powerpc64le-linux-gnu")
        self.assertEqual(k.problem, "")
        self.assertEqual(k.inner, ["inner0"])
        self.assertIn("lbzx", k.regions["inner0"])

    def test_mips_rotated_loop_and_annotated_immediates(self):
        """MIPS: the loop is entered by a jump into its middle, a delay slot
        follows each branch, and llvm-objdump annotates immediates with symbols."""
        k = kernel_of("mips-chain-nalimov.txt", "mips-linux-gnu", results_stored=False)
        self.assertEqual(k.problem, "")
        self.assertEqual(k.inner, [])
        self.assertNotIn("<", k.regions["loop"])
        self.assertIn("\tsll\t$3, $3, 0x18\n", k.regions["loop"])  # `0x18 <write@GLIBC_2.0+0x18>` in the dump

    def test_plt_call_without_its_library(self):
        k = kernel_of("x86_64-batch-std_popcount.txt", "x86_64-linux-gnu")
        self.assertIn("calls __popcountdi2", k.scan_instructions(kernel.scan_mnemonics()))
        self.assertIn("__popcountdi2", k.problem)
        self.assertNotIn("callq", k.regions["loop"])  # a call stands for its callee's body

    def test_static_program_has_no_plt_names(self):
        """A static driver (under qemu-user) has a .plt for its IFUNCs but no
        dynamic relocations: no names, and `llvm-objdump -R` (an error there) not run."""
        sections = ("Idx Name Size VMA Type\n  7 .plt 00000020 0000000000400200 TEXT\n"
                    "  8 .text 00001000 0000000000400240 TEXT\n")
        ran = []

        def fake(cmd):
            ran.append(cmd)
            return sections if "-h" in cmd else ""
        with mock.patch.object(mca, "_run", fake):
            self.assertEqual(mca.plt_names("prog", "aarch64-linux-gnu"), {})
        self.assertEqual([c for c in ran if "-R" in c], [])
        dynamic = sections + " 20 .dynamic 000001f0 0000000000410000 DATA\n"
        relocs = "OFFSET TYPE VALUE\n0000000000410100 R_AARCH64_JUMP_SLOT __popcountdi2@GCC_3.4\n"
        with mock.patch.object(mca, "_run", lambda cmd: dynamic if "-h" in cmd else relocs):
            self.assertEqual(mca.plt_names("prog", "aarch64-linux-gnu"), {0x400210: "__popcountdi2"})

    def test_store_bytes(self):
        def one(text, triple):
            return isa.store_bytes(isa.parse_disassembly(f"  10: \t{text}", triple)[0], triple)
        self.assertEqual(one("movq\t%rax, (%rbx,%r14,8)", "x86_64-linux-gnu"), 8)
        self.assertEqual(one("movq\t(%rbx,%r14,8), %rax", "x86_64-linux-gnu"), 0)
        self.assertEqual(one("movq\t%rax, 0x8(%rsp)", "x86_64-linux-gnu"), 0)  # a spill
        self.assertEqual(one("stp\tx1, x2, [x3]", "aarch64-linux-gnu"), 16)
        self.assertEqual(one("str\td0, [x1, x3, lsl #3]", "aarch64-linux-gnu"), 8)
        self.assertEqual(one("sw\t$2, 0x4($5)", "mips-linux-gnu"), 4)


class Combine(unittest.TestCase):
    def test_straight_line(self):
        k = kernel_of("aarch64-batch-debruijn_walisch.txt", "aarch64-linux-gnu")
        self.assertEqual(k.combine({"loop": {"cycles_per_iteration": 12.0}}, None), {"any": 3.0})

    def test_loop_times_trip_count(self):
        k = kernel_of("riscv64-batch-iterative.txt", "riscv64-linux-gnu")
        trips = {"single": 1, "uniform": 32}
        got = k.combine({"loop": {"cycles_per_iteration": 4.0}, "inner0": {"cycles_per_iteration": 2.5}}, trips)
        self.assertEqual(got, {"single": 6.5, "uniform": 84.0})

    def test_trip_counts(self):
        t = loop_trips.mean_trips("set bits")
        self.assertEqual(t["single"], 1)
        self.assertAlmostEqual(t["uniform"], 32, delta=0.5)
        self.assertAlmostEqual(t["sparse"], 5.5, delta=0.3)
        self.assertEqual(loop_trips.mean_trips("8")["dense"], 8)
        self.assertIsNone(loop_trips.rule_for("my_candidate")[0])

    def test_unroll_factor_is_batch_pragma(self):
        self.assertEqual(kernel.unroll_factor(), 4)


BENCH = {"context": {"scanproof_cycles": "trusted", "scanproof_core_clock_ghz": "4.0",
                     "scanproof_clock_calibration": "core clock 4.0 GHz"},
         "benchmarks": [{"run_name": f"lsb/a/{w}/{d}/min_time:0.010/repeats:3", "run_type": "iteration",
                         "items_per_second": ips}
                        for w in ("throughput", "latency") for d in loop_trips.DISTRIBUTIONS
                        for ips in ((2e9, 1e9) if w == "throughput" else (4e8,))]}


class BenchJson(unittest.TestCase):
    def test_cycles_from_fastest_repetition(self):
        m = bench_json.parse(json.dumps(BENCH))
        self.assertEqual(m["unit"], "cycles")
        self.assertEqual(m["implementations"]["a"], {"op": "lsb", "throughput": 2.0, "latency": 10.0})

    def test_other_shapes_are_named_by_their_op_label(self):
        b = dict(BENCH, benchmarks=[dict(x, run_name=x["run_name"].replace("lsb/a/", "lsb128/w/"))
                                    for x in BENCH["benchmarks"]])
        self.assertEqual(bench_json.parse(json.dumps(b))["implementations"]["w"],
                         {"op": "lsb128", "throughput": 2.0, "latency": 10.0})

    def test_untrusted_clock_gives_ns(self):
        b = dict(BENCH, context={"scanproof_cycles": "not trusted: x"})
        self.assertEqual(bench_json.parse(json.dumps(b))["unit"], "ns")


class Shapes(unittest.TestCase):
    """Entries of other shapes (`scanproof list --json`'s width, op_label,
    domain) go through the model like any other; only the trip-count table,
    which is of the bench's 64-bit words, is not applied to them."""

    def test_an_entry_of_another_shape_is_estimated_per_iteration(self):
        entries = [{"name": "iterative", "op": "popcount", "width": 64, "op_label": "popcount", "domain": "all",
                    "argument": "integer", "kernel_offsets": {"batch": 16, "chain": 32}},
                   {"name": "table8", "op": "popcount", "width": 128, "op_label": "popcount128",
                    "argument": "halves", "domain": "all", "shape": "128-bit two halves (lo, hi)",
                    "kernel_offsets": {"batch": 48, "chain": 64}}]
        k = kernel_of("riscv64-batch-iterative.txt", "riscv64-linux-gnu")
        kernels = {"iterative": {"batch": k}, "table8": {"batch": k}}
        with mock.patch.object(speed, "models", return_value=("riscv64-linux-gnu", ["generic"])), \
                mock.patch.object(mca, "require_tools"), \
                mock.patch.object(speed, "listing", return_value=("prog", {"implementations": entries})), \
                mock.patch.object(speed, "cut_kernels", return_value=(kernels, {})), \
                mock.patch.object(mca, "probe", return_value=("generic", "")), \
                mock.patch.object(speed, "_model_all", return_value=({
                    (n, "batch"): {"loop": {"cycles_per_iteration": 4.0}, "inner0": {"cycles_per_iteration": 2.0}}
                    for n in kernels}, "generic", {})):
            data = speed.estimate("riscv64", "build")
        plain, wide = data["implementations"]["iterative"], data["implementations"]["table8"]
        self.assertEqual(plain["loop"]["rule"], "set bits")
        self.assertIsNotNone(plain["estimates"]["generic"].get("throughput"))
        self.assertEqual((wide["op"], wide["op_label"]), ("popcount", "popcount128"))
        self.assertIsNone(wide["loop"]["rule"])
        self.assertIn("tabulated for the bench's 64-bit words", wide["loop"]["reason"])
        self.assertEqual(wide["estimates"]["generic"], {"throughput_per_iteration": 2.0})
        self.assertTrue(loop_trips.plain_64({"op": "lsb"}))  # a listing from before shapes
        self.assertFalse(loop_trips.plain_64({"width": 64, "domain": "0x00ff"}))


if __name__ == "__main__":
    unittest.main()

"""ci/matrix's job, as a package (run as `python3 -m matrixjob.<module>` with
ci/ on PYTHONPATH; ci/matrix does that). The report is not here: ci/report,
which this package does not import; matrix.py starts it as a process of its
own on the files the run wrote (names in ci/results_format.py):

  targets       the columns' facts (toolchains/<t>.facts, toolchains/host-toolchains.txt)
  matrix        ci/matrix's main: arguments, setup, the run, then the report (ci/report)
  run           the per-target runner: GoogleTest, configure, build, ctest
  interrupt     SIGINT/SIGTERM: every process of the run ended, no stale verdict
  collect       a target's results from ctest, JUnit and the conformance files
  prove         the prover driver (ci/matrix --prove)
  speed, mca, kernel, cfg, isa, loop_trips, bench_json
                the speed model: disassembly -> kernels -> CFG -> llvm-mca
"""

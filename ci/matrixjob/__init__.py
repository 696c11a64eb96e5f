"""ci/matrix's job, as a package (run as `python3 -m matrixjob.<module>` with
ci/ on PYTHONPATH; ci/matrix and ci/action/merge do that):

  targets       the columns' facts (toolchains/<t>.facts, toolchains/host-toolchains.txt)
  matrix        ci/matrix's main: arguments, setup, the run, the report
  run           the per-target runner: GoogleTest, configure, build, ctest
  interrupt     SIGINT/SIGTERM: every process of the run ended, no stale verdict
  collect       a target's results from ctest, JUnit and the conformance files
  prove         the prover driver (ci/matrix --prove)
  speed, mca, kernel, cfg, isa, loop_trips, bench_json
                the speed model: disassembly -> kernels -> CFG -> llvm-mca
  analyse, render, speed_render, speed_report, matrix_report
                the report: verdict, grid, findings; Markdown, HTML, terminal
"""

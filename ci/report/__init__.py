"""ci/matrix's report, as a package of its own: it reads a run's directory
(results/<target>.json and what lies beside them, results_format.py) and
writes report.json, report.md and report.html and prints the grid. It imports
nothing of the runner (ci/matrixjob), and the runner does not import it:
ci/matrix starts it as a process (`PYTHONPATH=ci python3 -m report render`).

  command       the command: render DIR... -> the files, the grid, the exit status
  analyse       the matrix as data: cells, verdict, findings
  render        the terminal grid, report.md, report.html
  speed_report, speed_render
                the speed section (ci/matrix --speed): joined with the verdicts, shown
"""

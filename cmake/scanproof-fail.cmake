# cmake -DMESSAGE=<text> -P scanproof-fail.cmake: a ctest test that fails with
# MESSAGE, for what could not run at all (a candidate file that does not
# compile for this target, or whose start-up code ends the process).
message(NOTICE "${MESSAGE}")
message(FATAL_ERROR "scanproof: this check could not run (above)")

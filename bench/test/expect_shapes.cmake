# cmake -DBENCH=<bench_shape_fixture> -DJSON=<file> -P expect_shapes.cmake
# Runs the bench over test/shaped_scanners.cpp (scanners of every width and
# layout that end the process on an argument their shape cannot give) and
# fails unless it completes, measures each (throughput, latency, and
# serialization where the op has it) under its op_label, and names the shapes.
# No timing is asserted: only that the figures exist.
execute_process(COMMAND "${BENCH}" --min-time 0.0005 --repetitions 1 --json "${JSON}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit status: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "expected exit status 0, got '${rc}'")
endif()
file(READ "${JSON}" json)
foreach(id lsb128/yane_lsb msb128/pair_msb popcount32/popcount32 ctz16/ctz16 clz8/clz8 lsb/inner_lsb)
  foreach(workload throughput latency)
    foreach(dist single sparse dense uniform)
      if(NOT json MATCHES "\"run_name\": \"${id}/${workload}/${dist}/")
        message(FATAL_ERROR "no ${id}/${workload}/${dist} in the JSON")
      endif()
    endforeach()
  endforeach()
endforeach()
foreach(id lsb128/yane_lsb msb128/pair_msb ctz16/ctz16 clz8/clz8 lsb/inner_lsb)
  if(NOT json MATCHES "\"run_name\": \"${id}/serialize/dense/")
    message(FATAL_ERROR "no ${id}/serialize/dense in the JSON")
  endif()
endforeach()
foreach(want "yane_lsb \\[lsb128\\]" "inner_lsb \\[lsb/domain\\]" "yane_lsb: 128-bit two halves \\(lo, hi\\), high half from square 63, squares from 1"
             "fastest conforming lsb128: yane_lsb" "fastest conforming popcount32: popcount32")
  if(NOT out MATCHES "${want}")
    message(FATAL_ERROR "stdout does not show '${want}'")
  endif()
endforeach()
if(out MATCHES "latency: ")
  message(FATAL_ERROR "a latency chain was skipped")
endif()

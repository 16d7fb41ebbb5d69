# cmake -DPROGRAM=<mock_pools> -DMAX_STREAMS=<n> -DMAX_EVENTS=<n> -DSTREAMS_DOUBLE=0|1
#       -P check_pools.cmake
#
# Runs PROGRAM (with MOCK_CUDA_STATS=1 and pools of one stream and one event
# in the environment) and checks the mock driver's counts that it prints at
# exit, `mock: streams=S events=E ...`: S at most MAX_STREAMS (0: unchecked)
# and E at most MAX_EVENTS — pools that grew past twice what was ever in
# use, or leaked streams or events that later rounds had to replace, exceed
# them — E a power of two (1, 2, 4, ...: doubling from one), and S too when
# STREAMS_DOUBLE (pool growth serialised). Prints the program's output, then
# OK or FAIL.
execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
message("${out}${err}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "OK")
  message("FAIL: ${PROGRAM} exited with ${rc}")
  return()
endif()
if(NOT err MATCHES "mock: streams=([0-9]+) events=([0-9]+)")
  message("FAIL: no `mock: streams=S events=E` line from the mock driver (MOCK_CUDA_STATS=1?)")
  return()
endif()
set(streams ${CMAKE_MATCH_1})
set(events ${CMAKE_MATCH_2})
set(bounded events)
set(doubling events)
if(MAX_STREAMS GREATER 0)
  list(APPEND bounded streams)
endif()
if(STREAMS_DOUBLE)
  list(APPEND doubling streams)
endif()
foreach(pool ${bounded})
  string(TOUPPER "MAX_${pool}" bound)
  if(${pool} GREATER ${bound})
    message("FAIL: ${${pool}} ${pool} created, more than ${${bound}}")
    return()
  endif()
endforeach()
foreach(pool ${doubling})
  math(EXPR low_bits "${${pool}} & (${${pool}} - 1)")
  if(${pool} LESS 1 OR NOT low_bits EQUAL 0)
    message("FAIL: ${${pool}} ${pool} created: not a pool of one doubled")
    return()
  endif()
endforeach()
message("OK: ${streams} streams, ${events} events")

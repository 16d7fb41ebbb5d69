# ---- OMPT, the tools interface (src/host/ompt.c) ------------------------------
# A tool built into the program (ompt_record.h) checks the events of each
# area against what the program did; the runtime finds it as it finds any
# tool linked into a program (clang's omp-tools.h declares the interface).
# ompt_parallel's league needs two host teams, which a 1-processor machine
# (or taskset) allows only with KMP_TEAMS_THREAD_LIMIT raised.
foreach(area parallel tasks sync inquiry)
  omprt_add_test(ompt_${area} SOURCES ompt_${area}.c LABELS ompt
    ENV KMP_TEAMS_THREAD_LIMIT=2
    PASS_REGEX "PASS \\(finalized\\)" FAIL_REGEX "FAIL")
endforeach()
omprt_add_test(ompt_cancel SOURCES ompt_cancel.c LABELS ompt ENV OMP_CANCELLATION=true
  PASS_REGEX "PASS \\(finalized\\)" FAIL_REGEX "FAIL")

# A tool as a shared library found through OMP_TOOL_LIBRARIES (built
# without -fopenmp, as tools are), and how start-up treats it.
add_library(omprt_ompt_test_tool SHARED ompt_tool_lib.c)
set_target_properties(omprt_ompt_test_tool PROPERTIES OUTPUT_NAME ompt_test_tool)
set(ompt_tool $<TARGET_FILE:omprt_ompt_test_tool>)
set(ompt_seen "tool: ompt_start_tool \\(OpenMP 201611\\)\ntool: initialize \\(initial device [0-9]+\\)\nprogram: PASS\ntool: finalize: tool_data 42, 2 parallel_begin, [1-9][0-9]* thread_begin\n")
# the first library that cannot be opened is skipped
omprt_add_test(ompt_tool_libraries SOURCES ompt_discovery.c LABELS ompt ARGS -1
  ENV "OMP_TOOL_LIBRARIES=/nonexistent/libtool.so:${ompt_tool}"
  PASS_REGEX "^${ompt_seen}$")
omprt_add_test(ompt_tool_verbose SOURCES ompt_discovery.c LABELS ompt ARGS -1
  ENV "OMP_TOOL_LIBRARIES=/nonexistent/libtool.so:${ompt_tool}" OMP_TOOL_VERBOSE_INIT=stdout
  PASS_REGEX "----- START LOGGING OF TOOL REGISTRATION -----\nSearch for OMP tool in current address space... Failed.\nSearching tool libraries...\nOMP_TOOL_LIBRARIES = /nonexistent/libtool.so:[^\n]*\nOpening /nonexistent/libtool.so... Failed: [^\n]*\nOpening [^\n]*libompt_test_tool.so... Success.\nSearching for ompt_start_tool in [^\n]*... tool: ompt_start_tool[^\n]*\nSuccess.\nTool was started and is using the OMPT interface.\n----- END LOGGING OF TOOL REGISTRATION -----\ntool: initialize")
# a library whose tool declines: the search goes on to the next, in LLVM's
# words (openmp/runtime/test/ompt/loadtool)
omprt_add_test(ompt_tool_verbose_declined SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=${ompt_tool}:/nonexistent/libtool.so" OMP_TOOL_VERBOSE_INIT=stdout
      OMPT_TEST_MODE=decline
  PASS_REGEX "Searching for ompt_start_tool in [^\n]*libompt_test_tool.so... tool: ompt_start_tool[^\n]*\nFound but not using the OMPT interface.\nContinuing search...\nOpening /nonexistent/libtool.so... Failed")
# nothing found: LLVM's lines, Archer tried last (not found, or declining
# in a program without ThreadSanitizer)
omprt_add_test(ompt_tool_verbose_none SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=/nonexistent/libtool.so" OMP_TOOL_VERBOSE_INIT=stdout
  PASS_REGEX "Opening /nonexistent/libtool.so... Failed: [^\n]*\n\\.\\.\\.searching tool libraries failed. Using archer tool.\nOpening libarcher.so... (Failed: [^\n]*|Success.\nSearching for ompt_start_tool in libarcher.so... Found but not using the OMPT interface.)\nNo OMP tool loaded.\n----- END LOGGING OF TOOL REGISTRATION -----\nprogram: PASS")
# OMP_TOOL=disabled: not even looked for
omprt_add_test(ompt_tool_disabled SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=${ompt_tool}" OMP_TOOL=disabled
  PASS_REGEX "^program: PASS\n$")
omprt_add_test(ompt_tool_bad_value SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=${ompt_tool}" OMP_TOOL=maybe
  PASS_REGEX "omp: warning: OMP_TOOL=\"maybe\": expected enabled or disabled; no tool is started\n"
  FAIL_REGEX "tool:")
# a tool that declines to start, or whose initializer fails: no events, no finalizer
omprt_add_test(ompt_tool_declines SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=${ompt_tool}" OMPT_TEST_MODE=decline
  PASS_REGEX "^tool: ompt_start_tool \\(OpenMP 201611\\)\nprogram: PASS\n$")
omprt_add_test(ompt_tool_init_fails SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV "OMP_TOOL_LIBRARIES=${ompt_tool}" OMPT_TEST_MODE=init_fails
  PASS_REGEX "^tool: ompt_start_tool \\(OpenMP 201611\\)\ntool: initialize \\(initial device [0-9]+\\)\nprogram: PASS\ntool: after declining: thread_data none, parallel_info 0, task_info 0, place_num -1, partition_place_nums 0, proc_id -1, state 0\n$")
# no tool at all: omp_control_tool says so
omprt_add_test(ompt_no_tool SOURCES ompt_discovery.c LABELS ompt ARGS -2
  ENV OMP_TOOL_LIBRARIES=
  PASS_REGEX "^program: PASS\n$")
add_dependencies(host_ompt_tool_libraries omprt_ompt_test_tool)

# LLVM's race detector Archer on our OMPT: a ThreadSanitizer-built program
# (ompt_archer.sh says what each run must show). libarcher.so comes with
# libomp-19-dev; the script reports SKIPPED without it.
set(OMPRT_LLVM_LIB_DIR /usr/lib/llvm-19/lib CACHE PATH "LLVM 19's library directory")
foreach(program clean race)
  add_executable(host_ompt_archer_${program} ompt_archer_${program}.c)
  target_compile_options(host_ompt_archer_${program} PRIVATE -fopenmp -fsanitize=thread -g)
  target_link_options(host_ompt_archer_${program} PRIVATE -fopenmp -fsanitize=thread)
  target_link_directories(host_ompt_archer_${program} BEFORE PRIVATE ${OMPRT_LIB_DIR})
  set_target_properties(host_ompt_archer_${program} PROPERTIES SKIP_BUILD_RPATH TRUE)
  add_dependencies(host_ompt_archer_${program} omp)
endforeach()
foreach(run clean race unaided)
  set(program clean)
  if(run STREQUAL race)
    set(program race)
  endif()
  add_test(NAME host.ompt_archer_${run}
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/ompt_archer.sh
            $<TARGET_FILE:host_ompt_archer_${program}> ${run} ${OMPRT_LIB_DIR}
            ${OMPRT_LLVM_LIB_DIR})
  set_tests_properties(host.ompt_archer_${run} PROPERTIES LABELS "host;ompt"
    TIMEOUT 120 SKIP_RETURN_CODE 77 PASS_REGULAR_EXPRESSION "ompt_archer: PASS")
endforeach()

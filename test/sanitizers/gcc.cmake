# GCC-built programs (test/dropin/gcc, gfortran) on the sanitized runtimes:
# the GOMP_* layer (src/host/gomp_*.c), the Fortran names
# (src/host/fortran_api.c) and what they drive, under GCC's code; and
# flang's (test/dropin/flang). The programs are test/dropin's own, built
# against LLVM 19's libomp and not instrumented (an instrumented GCC
# program would bring GCC's sanitizer runtime beside clang's);
# run_sanitized.sh preloads clang's shared one, as for cuda_mock.cmake. Included by CMakeLists.txt, after test/dropin.
get_property(gcc_programs GLOBAL PROPERTY OMPRT_DROPIN_GCC_PROGRAMS)
if(NOT gcc_programs)
  return() # no gcc or no LLVM 19 libgomp.so: test/dropin built none
endif()
if(NOT (OMPRT_ASAN_PRELOAD AND OMPRT_TSAN_PRELOAD))
  message(STATUS "sanitizers: clang has no shared ASan/TSan runtime; no GCC program tests")
  return()
endif()
foreach(variant IN LISTS variants)
  string(TOUPPER ${variant} upper)
  set(lib_dir ${CMAKE_BINARY_DIR}/lib-${variant})
  foreach(name IN LISTS gcc_programs)
    set(test sanitizers.${variant}.dropin.${name})
    add_test(NAME ${test}
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/run_sanitized.sh 0
                     ${CMAKE_BINARY_DIR}/test/dropin/dropin_${name})
    set_tests_properties(${test} PROPERTIES
      ENVIRONMENT "LD_LIBRARY_PATH=${lib_dir};OMPRT_EXPECT_LIB=${lib_dir};OMPRT_SANITIZER_PRELOAD=${OMPRT_${upper}_PRELOAD};${${variant}_env};OMP_NUM_THREADS=4;OMP_CANCELLATION=true"
      LABELS "sanitizers;${variant}" TIMEOUT 240
      FIXTURES_REQUIRED omprt_sanitized_build
      PASS_REGULAR_EXPRESSION "PASS"
      FAIL_REGULAR_EXPRESSION "run_sanitized: sanitizer report;check failed")
  endforeach()
endforeach()

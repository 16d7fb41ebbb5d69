# The CUDA plugin on the mock driver (test/cuda_mock), sanitized: the mock's
# programs that run kernels, and the target corpus on the mock, run against
# lib-<variant>'s libomp AND libomptarget (the plugin is inside it), so
# races and memory errors in the offloading layer, the plugin's streams,
# events and completion callbacks, and libomp's dependence code under them
# show up. Included by CMakeLists.txt, after test/cuda_mock.
#
# The programs are test/cuda_mock's own, not rebuilt: they are nvptx
# offloading programs (part of the default build) and need not be
# instrumented. Nothing in them brings a sanitizer runtime, so
# run_sanitized.sh preloads clang's shared one (OMPRT_SANITIZER_PRELOAD,
# from OMPRT_<ASAN|TSAN>_PRELOAD) into the program alone, not into the
# shell or cmake around it. The mock driver (libcuda.so.1) stays
# uninstrumented: TSan still sees its pthread calls and the memcpy of its
# copies through the runtime's interceptors.
#
# sanitizers.<variant>.cuda_mock.<name>.<mode>: the kernel tests under every
# completion mode, as test/cuda_mock runs them (callback and hostfunc: the
# mock's driver thread fulfils the task; query: the issuing helper thread
# polls the queue).
# sanitizers.<variant>.cuda_mock.corpus.<test>: the corpus tests judged by
# their output (test/gpu's omprt_gpu_programs, TEST entries), with the
# default completion; the EXPECT entries are error paths run through
# test/common/expect.sh (a shell: it would get the preload too) and are
# left out, as are the programs test/cuda_mock does not build.
if(NOT (TARGET cuda_mock AND TARGET mock_kernel_data))
  return() # no cuda.h or no nvptx toolchain: test/cuda_mock built nothing
endif()
if(NOT (OMPRT_ASAN_PRELOAD AND OMPRT_TSAN_PRELOAD))
  message(STATUS "sanitizers: clang has no shared ASan/TSan runtime; no cuda_mock tests")
  return()
endif()

get_target_property(mock_driver_dir cuda_mock LIBRARY_OUTPUT_DIRECTORY)
set(mock_modes callback hostfunc query)
# <test> <program>: the kernel tests.
set(mock_tests kernel_data mock_kernel_data kernel_chains mock_kernel_chains
    pools mock_pools pools_8_helpers mock_pools device_deps mock_device_deps
    device_mixed mock_device_mixed)

# test/cuda_mock's environment, with lib-<variant> in place of lib/, and
# <extra options> (a:b) added to the variant's <ASAN|TSAN>_OPTIONS.
function(omprt_mock_env variant extra_options result)
  set(lib_dir ${CMAKE_BINARY_DIR}/lib-${variant})
  string(TOUPPER ${variant} upper)
  set(sanitizer_env ${${variant}_env})
  if(extra_options)
    list(TRANSFORM sanitizer_env REPLACE "^(${upper}_OPTIONS=.*)$" "\\1:${extra_options}")
  endif()
  set(${result}
    "LD_LIBRARY_PATH=${lib_dir}:${mock_driver_dir}" "OMPRT_EXPECT_LIB=${lib_dir}"
    "OMPRT_SANITIZER_PRELOAD=${OMPRT_${upper}_PRELOAD}" ${sanitizer_env}
    "OMP_NUM_THREADS=2" "OMP_TARGET_OFFLOAD=MANDATORY" PARENT_SCOPE)
endfunction()

# omprt_add_sanitized_mock_test(<variant> <test> <program> <pass regex or "">
#     <fail regex> [OPTIONS <a:b>] [ENV <k=v>...] [ARGS <args>...])
# Without a pass regex the exit status decides (the mock's programs exit 1
# on a wrong result); with one, the output does, as in test/cuda_mock.
# OPTIONS adds sanitizer options for this test alone.
function(omprt_add_sanitized_mock_test variant test program pass fail)
  cmake_parse_arguments(T "" "OPTIONS" "ENV;ARGS" ${ARGN})
  omprt_mock_env(${variant} "${T_OPTIONS}" env)
  set(name sanitizers.${variant}.cuda_mock.${test})
  add_test(NAME ${name}
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/run_sanitized.sh 0 $<TARGET_FILE:${program}>
                   ${T_ARGS})
  set_tests_properties(${name} PROPERTIES
    ENVIRONMENT "${env};${T_ENV}" LABELS "sanitizers;${variant}" TIMEOUT 180
    FIXTURES_REQUIRED omprt_sanitized_build
    FAIL_REGULAR_EXPRESSION "run_sanitized: sanitizer report;${fail}")
  if(pass)
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${pass}")
  endif()
endfunction()

# The kernel tests, each with its test/cuda_mock environment. The pools
# tests' bounds on pool sizes (check_pools.cmake) are left to test/cuda_mock:
# here mock_pools runs directly, for its results and the pools' threads.
set(kernel_data_env "MOCK_CUDA_DELAY_US=100" "LIBOMPTARGET_NUM_INITIAL_STREAMS=2")
set(kernel_chains_env ${kernel_data_env})
set(pools_env "MOCK_CUDA_DELAY_US=200" "LIBOMPTARGET_NUM_INITIAL_STREAMS=1"
    "LIBOMPTARGET_NUM_INITIAL_EVENTS=1" "LIBOMP_NUM_HIDDEN_HELPER_THREADS=1")
set(pools_8_helpers_env ${pools_env})
list(TRANSFORM pools_8_helpers_env REPLACE "THREADS=1$" "THREADS=8")
set(device_deps_env "MOCK_CUDA_DELAY_US=100")
set(device_mixed_env "MOCK_CUDA_DELAY_US=100")
set(mock_sanitized_programs)
while(mock_tests)
  list(POP_FRONT mock_tests test program)
  list(APPEND mock_sanitized_programs ${program})
  foreach(variant IN LISTS variants)
    foreach(mode IN LISTS mock_modes)
      if(mode STREQUAL query)
        set(mode_env "LIBOMPTARGET_COMPLETION=query")
      else()
        set(mode_env "LIBOMPTARGET_CUDA_COMPLETION=${mode}")
      endif()
      omprt_add_sanitized_mock_test(${variant} ${test}.${mode} ${program} "" "FAIL"
                                    ENV ${${test}_env} ${mode_env})
    endforeach()
  endforeach()
endwhile()

# Seed 001's matmul (--check: both modes, every memory kind, sync and
# async, verified) with completion callbacks.
list(APPEND mock_sanitized_programs mock_matmul)
foreach(variant IN LISTS variants)
  omprt_add_sanitized_mock_test(${variant} matmul.callback mock_matmul "OK: all variants verified"
    "FAIL" ENV "MOCK_CUDA_DELAY_US=50" "LIBOMPTARGET_CUDA_COMPLETION=callback" ARGS --check)
endforeach()

# The corpus: omprt_gpu_programs' callbacks (see test/gpu/CMakeLists.txt).
function(omprt_sanitized_corpus_exe program src)
endfunction()
function(omprt_sanitized_corpus_skip test reason)
endfunction()
function(omprt_sanitized_corpus_expect test program want regex)
endfunction()
function(omprt_sanitized_corpus_test test program)
  cmake_parse_arguments(T "ONCE" "PASS" "ENV;ARGS" ${ARGN})
  if(NOT TARGET mock_corpus_${program})
    return() # test/cuda_mock's exclusions: it cannot run on the mock
  endif()
  if(NOT T_PASS)
    set(T_PASS "OK")
  endif()
  set(options)
  if(program STREQUAL "api_alloc")
    # It asks for 2^60 bytes to see omp_target_alloc return NULL; the mock's
    # cuMemAlloc is malloc, whose failure the sanitizers would make fatal.
    set(options OPTIONS allocator_may_return_null=1)
  endif()
  foreach(variant IN LISTS variants)
    # As test/cuda_mock: a kernel without a host version fails the test.
    omprt_add_sanitized_mock_test(${variant} corpus.${test} mock_corpus_${program} "${T_PASS}"
      "FAIL;noop_kernels=[1-9]" ${options} ENV "MOCK_CUDA_DELAY_US=50" "MOCK_CUDA_STATS=1" ${T_ENV}
      ARGS ${T_ARGS})
    if(test STREQUAL "nowait_overlap")
      # Timed (four 80 ms regions must overlap on 2 cores): alone, as in
      # test/cuda_mock.
      set_tests_properties(sanitizers.${variant}.cuda_mock.corpus.${test} PROPERTIES
        RUN_SERIAL TRUE)
    endif()
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY OMPRT_MOCK_SANITIZED_PROGRAMS mock_corpus_${program})
endfunction()
omprt_gpu_programs(EXE omprt_sanitized_corpus_exe TEST omprt_sanitized_corpus_test
                   EXPECT omprt_sanitized_corpus_expect SKIP omprt_sanitized_corpus_skip)
get_property(corpus_programs DIRECTORY PROPERTY OMPRT_MOCK_SANITIZED_PROGRAMS)
list(APPEND mock_sanitized_programs ${corpus_programs})
list(REMOVE_DUPLICATES mock_sanitized_programs)

# The fixture builds what these tests run: both sanitized libomptarget
# copies, and the programs (already part of the default build).
foreach(variant IN LISTS variants)
  add_dependencies(omprt_sanitizers omptarget_${variant})
endforeach()
add_dependencies(omprt_sanitizers cuda_mock ${mock_sanitized_programs})

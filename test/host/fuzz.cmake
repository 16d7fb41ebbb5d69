# Generated task-dependence programs (scripts/fuzz_tasks.py), fixed seeds:
# random trees of 100 tasks with every dependence type, depobj, iterators,
# omp_all_memory, detach, final/if(0)/untied, taskwait depend and taskgroup.
# Each checks itself against the serial result and the order its
# dependences require, 500 times over; the sanitizer label reruns them.
foreach(seed_env 9:OMP_PROC_BIND=false 37:KMP_BLOCKTIME=0 7:KMP_TASK_STEALING_CONSTRAINT=0)
  string(REPLACE ":" ";" seed_env ${seed_env})
  list(GET seed_env 0 seed)
  list(GET seed_env 1 env)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_tasks_${seed}.c)
  omprt_generate_source(${src} fuzz_tasks.py ${seed} --tasks 100 --without target)
  omprt_add_test(fuzz_tasks_${seed} SOURCES ${src} ARGS 500 ENV ${env}
                 PASS_REGEX "ok seed ${seed}" COPTS -Wno-unused-variable)
endforeach()

# Generated worksharing loops (scripts/fuzz_loops.py --host-only), fixed
# seeds: every schedule and modifier, ordered, collapse, reductions,
# lastprivate, taskloop, host teams, on int/unsigned/64-bit variables near
# their limits. Each checks iterations, results and what OpenMP fixes about
# schedules itself.
foreach(seed 30 36)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_loops_${seed}.c)
  omprt_generate_source(${src} fuzz_loops.py ${seed} --host-only)
  omprt_add_test(fuzz_loops_${seed} SOURCES ${src} PASS_REGEX "OK"
                 FAIL_REGEX "FAIL" COPTS -Wno-unused-variable -Wno-unused-but-set-variable
                 -Wno-pass-failed)
endforeach()

# Generated nests of parallel regions (scripts/fuzz_nesting.py), fixed seeds:
# num_threads/if/proc_bind up to four levels deep, host teams with
# thread_limit, worksharing, single/copyprivate, masked, critical, barriers,
# tasks, and ICVs changed on the way. Each thread checks the levels, team
# sizes, ancestors and ICVs the runtime reports against the generator's
# model; each team checks its constructs ran as often as OpenMP says.
foreach(seed 1 2 16)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_nesting_${seed}.c)
  omprt_generate_source(${src} fuzz_nesting.py ${seed} --regions 16 --host-only)
  omprt_add_test(fuzz_nesting_${seed} SOURCES ${src} PASS_REGEX "OK" FAIL_REGEX "FAIL"
                 COPTS -Wno-unused-variable -Wno-unused-but-set-variable)
endforeach()

# Generated programs that cancel (scripts/fuzz_cancel.py), fixed seeds:
# cancel for/sections/taskgroup/parallel under known conditions among
# barriers, cancellation points, single and tasks. Each checks nothing ran
# twice, what must have run did, and that it does not hang (an alarm).
foreach(seed 18 36 56)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_cancel_${seed}.c)
  omprt_generate_source(${src} fuzz_cancel.py ${seed})
  omprt_add_test(fuzz_cancel_${seed} SOURCES ${src} PASS_REGEX "OK" FAIL_REGEX "FAIL"
                 COPTS -Wno-unused-variable -Wno-unused-but-set-variable)
endforeach()

# Generated reductions (scripts/fuzz_reductions.py --host-only), fixed seeds:
# every type and operator, arrays and a user-defined reduction, through
# for/parallel/sections/taskloop, task_reduction with in_reduction tasks, the
# task modifier, inscan, host teams and nested regions, under
# KMP_FORCE_REDUCTION=critical (26), tree (9) and atomic (7). Each checks
# its results against the serial fold.
foreach(seed 26 9 7)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_reductions_${seed}.c)
  omprt_generate_source(${src} fuzz_reductions.py ${seed} --parts 16 --host-only)
  omprt_add_test(fuzz_reductions_${seed} SOURCES ${src} PASS_REGEX "OK" FAIL_REGEX "FAIL"
                 COPTS -Wno-unused-variable -Wno-unused-but-set-variable)
endforeach()

# Generated allocator programs (scripts/fuzz_alloc.py), fixed seeds: user
# allocators from every host memory space with random traits, and sequences
# of omp_alloc/aligned_alloc/calloc/aligned_calloc/realloc/free on them, the
# predefined allocators and omp_null_allocator under a changing default.
# Each checks alignment, zeroing, what realloc keeps, that no two blocks
# overlap, and every outcome its model of the pools is sure of: 323 fills
# null_fb pools, 243 falls back through allocator_fb, 44 two fallbacks deep
# (allocator_fb, then default_mem_fb; LLVM 19 asserts freeing such a block),
# 319 has a pinned pool.
foreach(seed 323 243 44 319)
  set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_alloc_${seed}.c)
  omprt_generate_source(${src} fuzz_alloc.py ${seed})
  omprt_add_test(fuzz_alloc_${seed} SOURCES ${src} PASS_REGEX "\nOK\n" FAIL_REGEX "FAIL")
endforeach()
# Seed 323 again with four threads at once on the same allocators (shared
# null_fb pools): no block overlaps another thread's, and each pool takes
# a large block again once all are back (TSan in the sanitizers label).
set(src ${CMAKE_CURRENT_BINARY_DIR}/fuzz_alloc_323_threads.c)
omprt_generate_source(${src} fuzz_alloc.py 323 --threads 4)
omprt_add_test(fuzz_alloc_323_threads SOURCES ${src} PASS_REGEX "\nOK\n" FAIL_REGEX "FAIL")

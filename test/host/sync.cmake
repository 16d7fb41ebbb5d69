# Synchronisation: critical, locks, master/masked/single/copyprivate, flush,
# threadprivate, cancellation.
omprt_add_test(critical_basic SOURCES critical_basic.c ENV OMP_NUM_THREADS=4)
omprt_add_test(lock_api SOURCES lock_api.c ENV OMP_NUM_THREADS=4)
omprt_add_test(lock_misuse SOURCES lock_misuse.c
               PASS_REGEX "omp: error: omp_unset_lock: the lock is not set")
omprt_add_test(master_masked SOURCES master_masked.c ENV OMP_NUM_THREADS=4)
omprt_add_test(single_basic SOURCES single_basic.c ENV OMP_NUM_THREADS=4)
omprt_add_test(copyprivate_basic SOURCES copyprivate_basic.c ENV OMP_NUM_THREADS=4)
omprt_add_test(flush_basic SOURCES flush_basic.c ENV OMP_NUM_THREADS=4)

# Threadprivate through the runtime rather than native TLS.
omprt_add_test(threadprivate_basic SOURCES threadprivate_basic.c ENV OMP_NUM_THREADS=4
               COPTS -fnoopenmp-use-tls)
# The three workers' copies are destroyed at exit, after main's PASS.
omprt_add_test(threadprivate_register SOURCES threadprivate_register.c
               ENV OMP_NUM_THREADS=4 PASS_REGEX "PASS.*destroyed copy 3"
               FAIL_REGEX "destroyed copy 4|check failed")

omprt_add_test(cancel_enabled SOURCES cancel_constructs.c ARGS enabled
               ENV OMP_NUM_THREADS=4 OMP_CANCELLATION=true)
# The same program with cancellation off: every cancel is ignored.
add_test(NAME host.cancel_disabled COMMAND host_cancel_enabled disabled)
set_tests_properties(host.cancel_disabled PROPERTIES
  ENVIRONMENT "${OMPRT_TEST_ENV};OMP_NUM_THREADS=4" LABELS host TIMEOUT 120)

# cancel parallel issued right after a barrier: the whole team leaves at
# the next one.
omprt_add_test(cancel_parallel_race SOURCES cancel_parallel_race.c
  ENV OMP_CANCELLATION=true TIMEOUT 30)

# cancel parallel after the other members passed their last cancellation
# point, and one-thread regions that cancel before regions that do not.
omprt_add_test(cancel_region_end SOURCES cancel_region_end.c ENV OMP_CANCELLATION=true)

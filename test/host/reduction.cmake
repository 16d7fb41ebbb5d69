# Reductions (reduction.c) and atomics (atomic.c). Each program is built
# once and run under OMP_NUM_THREADS=4 and 3, and the reduction programs
# under each forced method (KMP_FORCE_REDUCTION) so that every method meets
# every construct. Long double and complex reductions use clang's __atomic_*
# calls (libatomic) in the atomic method, hence LIBS atomic.

# Another run of an existing host test program with extra environment.
function(omprt_reduction_variant name exe)
  add_test(NAME host.${name} COMMAND host_${exe})
  set_tests_properties(host.${name} PROPERTIES
    ENVIRONMENT "${OMPRT_TEST_ENV};${ARGN}" LABELS "host" TIMEOUT 120)
endfunction()

omprt_add_test(reduction_ops SOURCES reduction_ops.c LIBS atomic
               ENV OMP_NUM_THREADS=4)
omprt_add_test(reduction_udr SOURCES reduction_udr.c ENV OMP_NUM_THREADS=4)
omprt_add_test(atomic_entry SOURCES atomic_entry.c ENV OMP_NUM_THREADS=4)
omprt_reduction_variant(reduction_ops_3 reduction_ops OMP_NUM_THREADS=3)
omprt_reduction_variant(reduction_udr_3 reduction_udr OMP_NUM_THREADS=3)
omprt_reduction_variant(atomic_entry_3 atomic_entry OMP_NUM_THREADS=3)
foreach(method critical atomic tree)
  omprt_reduction_variant(reduction_ops_${method} reduction_ops
                          OMP_NUM_THREADS=4 KMP_FORCE_REDUCTION=${method})
  omprt_reduction_variant(reduction_udr_${method} reduction_udr
                          OMP_NUM_THREADS=3 KMP_FORCE_REDUCTION=${method})
endforeach()

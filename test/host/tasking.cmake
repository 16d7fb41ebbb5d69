# Explicit tasks, dependences, taskgroup, taskloop, task reductions, detach,
# hidden helper tasks.
omprt_add_test(task_basic SOURCES task_basic.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_basic_1thread SOURCES task_basic.c ENV OMP_NUM_THREADS=1)
omprt_add_test(task_hidden_helper SOURCES task_hidden_helper.c
               ENV OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive)
omprt_add_test(task_hidden_helper_off SOURCES task_hidden_helper.c ARGS off
               ENV OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive LIBOMP_NUM_HIDDEN_HELPER_THREADS=0)
omprt_add_test(task_tree SOURCES task_tree.c ENV OMP_NUM_THREADS=4 OMP_STACKSIZE=64M)
omprt_add_test(task_depgraph SOURCES task_depgraph.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_depgraph_2threads SOURCES task_depgraph.c ENV OMP_NUM_THREADS=2)
omprt_add_test(task_depkinds SOURCES task_depkinds.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_reduction SOURCES task_reduction.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_taskloop SOURCES task_taskloop.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_detach SOURCES task_detach.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_detach_misuse SOURCES task_detach_misuse.c ENV OMP_NUM_THREADS=4
               PASS_REGEX "omp: warning: omp_fulfill_event: the event was already fulfilled.*omp: warning: omp_fulfill_event: the event handle is 0.*PASS")
# omp_fulfill_event from a signal handler (the OpenMP Examples'
# task_detach.2 pattern), rounds for 3 s: a lost completion hangs (timeout).
omprt_add_test(task_detach_signal SOURCES task_detach_signal.c LIBS rt TIMEOUT 60
               ENV OMP_NUM_THREADS=4)
# What barriers and the join wait for, with members counting their tasks
# in private until they arrive (task.c, omp_task_count_pending).
omprt_add_test(task_barrier_count SOURCES task_barrier_count.c
               ENV OMP_NUM_THREADS=4)
omprt_add_test(task_barrier_count_2threads SOURCES task_barrier_count.c
               ENV OMP_NUM_THREADS=2)
omprt_add_test(task_cancel SOURCES task_cancel.c ENV OMP_NUM_THREADS=4 OMP_CANCELLATION=true)
omprt_add_test(task_untied SOURCES task_untied.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_untied_1thread SOURCES task_untied.c ENV OMP_NUM_THREADS=1)
omprt_add_test(task_undeferred SOURCES task_undeferred.c ENV OMP_NUM_THREADS=4)
# LLVM 19 aborts on an untied if(0) task with scheduling points (its bug):
# this case has its own run.
omprt_add_test(task_untied_if0 SOURCES task_untied.c ARGS if0 ENV OMP_NUM_THREADS=4)
omprt_add_test(task_priority SOURCES task_priority.c ENV OMP_NUM_THREADS=4 OMP_MAX_TASK_PRIORITY=10)
# KMP_HIDDEN_HELPER_AFFINITY: the helpers' own binding; verbose prints
# LLVM's line per helper. Without it (or none) helpers run unbound, also
# when the team threads are bound.
omprt_add_test(hidden_helper_affinity_fine SOURCES hidden_helper_affinity.c ARGS one
               ENV LIBOMP_NUM_HIDDEN_HELPER_THREADS=4
                   "KMP_HIDDEN_HELPER_AFFINITY=verbose,granularity=fine,compact"
               PASS_REGEX "KMP_HIDDEN_HELPER_AFFINITY: pid [0-9]+ tid [0-9]+ thread [0-9]+ bound to OS proc set .[0-9]+.")
omprt_add_test(hidden_helper_affinity_explicit SOURCES hidden_helper_affinity.c ARGS cpu1
               ENV LIBOMP_NUM_HIDDEN_HELPER_THREADS=2
                   "KMP_HIDDEN_HELPER_AFFINITY=explicit,proclist=[1]")
omprt_add_test(hidden_helper_affinity_unset SOURCES hidden_helper_affinity.c ARGS all
               ENV LIBOMP_NUM_HIDDEN_HELPER_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=threads)
omprt_add_test(hidden_helper_affinity_none SOURCES hidden_helper_affinity.c ARGS all
               ENV LIBOMP_NUM_HIDDEN_HELPER_THREADS=2 KMP_HIDDEN_HELPER_AFFINITY=none)
# A worker waiting for its next fork sleeps while hidden helpers need its
# core (wait.c); it spins on under OMP_WAIT_POLICY=active.
omprt_add_test(fork_wait_helpers SOURCES fork_wait_helpers.c ENV OMP_PROC_BIND=true)
omprt_add_test(fork_wait_helpers_active SOURCES fork_wait_helpers.c ARGS active
               ENV OMP_PROC_BIND=true OMP_WAIT_POLICY=active)
omprt_add_test(task_helper_team SOURCES task_helper_team.c
               ENV OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive LIBOMP_NUM_HIDDEN_HELPER_THREADS=3)
# Members idle in a barrier or past the join before the first task help run
# it: spinning, sleeping at once, and by default.
omprt_add_test(task_idle_help SOURCES task_idle_help.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_idle_help_passive SOURCES task_idle_help.c
               ENV OMP_NUM_THREADS=4 OMP_WAIT_POLICY=passive)
omprt_add_test(task_idle_help_active SOURCES task_idle_help.c
               ENV OMP_NUM_THREADS=3 OMP_WAIT_POLICY=active)
# fork() after OpenMP use: the child's runtime starts its threads afresh.
omprt_add_test(fork_child SOURCES fork_child.c ENV OMP_WAIT_POLICY=passive)
# Entry-point behaviours found by running LLVM 19's own runtime tests.
omprt_add_test(abi_conformance SOURCES abi_conformance.c)
omprt_add_test(abi_conformance_first_call SOURCES abi_conformance.c ARGS first_call)

# Explicit tasks, dependences, taskgroup, taskloop, task reductions, detach,
# hidden helper tasks.
omprt_add_test(task_basic SOURCES task_basic.c ENV OMP_NUM_THREADS=4)
omprt_add_test(task_basic_1thread SOURCES task_basic.c ENV OMP_NUM_THREADS=1)
omprt_add_test(task_hidden_helper SOURCES task_hidden_helper.c
               ENV OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive)
omprt_add_test(task_hidden_helper_off SOURCES task_hidden_helper.c ARGS off
               ENV OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive LIBOMP_NUM_HIDDEN_HELPER_THREADS=0)

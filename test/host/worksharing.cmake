# Worksharing: static and dynamic loops, ordered, doacross, sections,
# distribute (loop_static.c, dispatch.c, ordered.c).
omprt_add_test(loop_schedules SOURCES loop_schedules.c ENV OMP_NUM_THREADS=4)
omprt_add_test(loop_schedules_1thread SOURCES loop_schedules.c ENV OMP_NUM_THREADS=1)
omprt_add_test(loop_schedules_3threads SOURCES loop_schedules.c ENV OMP_NUM_THREADS=3)
# schedule(runtime) from the environment
omprt_add_test(loop_runtime_env_static SOURCES loop_runtime_env.c ARGS static 3
               ENV OMP_NUM_THREADS=3 OMP_SCHEDULE=static,3)
omprt_add_test(loop_runtime_env_dynamic SOURCES loop_runtime_env.c ARGS dynamic 4
               ENV OMP_NUM_THREADS=4 "OMP_SCHEDULE=nonmonotonic:dynamic,4")
omprt_add_test(loop_runtime_env_guided SOURCES loop_runtime_env.c ARGS guided 5
               ENV OMP_NUM_THREADS=4 "OMP_SCHEDULE=monotonic:guided,5")
# LLVM's extension kinds: trapezoidal (chunks shrinking to the chunk size) and
# static_steal (run as dynamic here: aligned runs of the chunk)
omprt_add_test(loop_runtime_env_trapezoidal SOURCES loop_runtime_env.c ARGS guided 7
               ENV OMP_NUM_THREADS=4 OMP_SCHEDULE=trapezoidal,7)
omprt_add_test(loop_runtime_env_static_steal SOURCES loop_runtime_env.c ARGS dynamic 6
               ENV OMP_NUM_THREADS=4 OMP_SCHEDULE=static_steal,6)
omprt_add_test(loop_ordered SOURCES loop_ordered.c ENV OMP_NUM_THREADS=4)
omprt_add_test(loop_ordered_3threads SOURCES loop_ordered.c ENV OMP_NUM_THREADS=3)
omprt_add_test(doacross_wavefront SOURCES doacross_wavefront.c ENV OMP_NUM_THREADS=4)
omprt_add_test(doacross_wavefront_1thread SOURCES doacross_wavefront.c ENV OMP_NUM_THREADS=1)
# One dispatch buffer: a dynamic doacross loop holds the loop's buffer and
# its flags' at once (dispatch.c's rings), and must not wait for itself.
omprt_add_test(doacross_wavefront_1buffer SOURCES doacross_wavefront.c
               ENV OMP_NUM_THREADS=4 KMP_DISP_NUM_BUFFERS=1 TIMEOUT 60)
omprt_add_test(loop_distribute SOURCES loop_distribute.c ENV OMP_NUM_THREADS=4)
omprt_add_test(dispatch_abi SOURCES dispatch_abi.c ENV OMP_NUM_THREADS=4)
omprt_add_test(dispatch_abi_1thread SOURCES dispatch_abi.c ENV OMP_NUM_THREADS=1)
omprt_add_test(dispatch_abi_3threads SOURCES dispatch_abi.c ENV OMP_NUM_THREADS=3)
omprt_add_test(loop_nested SOURCES loop_nested.c ENV OMP_NUM_THREADS=4)

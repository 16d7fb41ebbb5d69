# Memory management: allocators, traits, fallbacks, allocate clauses; pause.
omprt_add_test(alloc_api SOURCES alloc_api.c ENV OMP_NUM_THREADS=4)
omprt_add_test(alloc_traits SOURCES alloc_traits.c)
omprt_add_test(alloc_abort SOURCES alloc_abort.c)
omprt_add_test(alloc_clause SOURCES alloc_clause.c ENV OMP_NUM_THREADS=4)
omprt_add_test(alloc_stress SOURCES alloc_stress.c ENV OMP_NUM_THREADS=4)
omprt_add_test(pause_resource SOURCES pause_resource.c ENV OMP_NUM_THREADS=4)

# Fork/join, nesting, teams, header layout.
omprt_add_test(parallel SOURCES parallel.c ENV OMP_NUM_THREADS=4)
omprt_add_test(omp_h_layout SOURCES omp_h_layout.c)

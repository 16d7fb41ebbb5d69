# kmp_*/kmpc_*/ompc_* vendor extensions and the remaining __kmpc_* entry
# points (src/host/kmp_ext.c, kmp_ext_affinity.c).
omprt_add_test(ext_control SOURCES ext_control.c ENV OMP_NUM_THREADS=4)
omprt_add_test(ext_api SOURCES ext_api.c ENV OMP_NUM_THREADS=4 OMP_MAX_ACTIVE_LEVELS=2)
omprt_add_test(ext_affinity SOURCES ext_affinity.c)
omprt_add_test(ext_defaults SOURCES ext_defaults.c)

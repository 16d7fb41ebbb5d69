# Memory management: allocators, traits, fallbacks, allocate clauses; pause.
omprt_add_test(alloc_api SOURCES alloc_api.c ENV OMP_NUM_THREADS=4)
omprt_add_test(alloc_traits SOURCES alloc_traits.c)
omprt_add_test(alloc_abort SOURCES alloc_abort.c)
omprt_add_test(alloc_clause SOURCES alloc_clause.c ENV OMP_NUM_THREADS=4)
omprt_add_test(alloc_stress SOURCES alloc_stress.c ENV OMP_NUM_THREADS=4)
omprt_add_test(pause_resource SOURCES pause_resource.c ENV OMP_NUM_THREADS=4)
# OMP_ALLOCATOR with traits builds the default allocator: alignment and a
# pool with null_fb honoured (spaces around words allowed), pinned read as
# a boolean, fb_data naming a predefined allocator; a trait that cannot be
# read is left out with a warning naming it; when no allocator can be made
# (allocator_fb without fb_data, or high-bandwidth memory, which this
# runtime does not know) the space's predefined allocator serves.
omprt_add_test(alloc_env_traits SOURCES alloc_env_traits.c ARGS user 256 0
  ENV "OMP_ALLOCATOR=omp_default_mem_space:alignment=256,pinned=true"
  FAIL_REGEX "warning")
set(alloc_env_cases
  pool "user|1|4096" "omp_default_mem_space: pool_size = 4096 , fallback=null_fb,sync_hint=private" "PASS"
  fb_data "user|64|0"
    "omp_large_cap_mem_space:alignment=64,fb_data=omp_default_mem_alloc,fallback=allocator_fb,access=all,partition=blocked" "PASS"
  bad_trait "user|128|0" "omp_default_mem_space:alignment=3,alignment=128,colour=blue,pinned=maybe"
    "'alignment=3' is not a valid allocator trait. ignored\n.*'colour=blue' is not[^\n]*\n.*'pinned=maybe' is not.*PASS"
  no_allocator "omp_default_mem_alloc|1|0" "omp_default_mem_space:fallback=allocator_fb"
    "no allocator can be made with these traits. using omp_default_mem_alloc.*PASS"
  high_bw "omp_high_bw_mem_alloc|1|0" "omp_high_bw_mem_space:alignment=64"
    "no allocator can be made with these traits. using omp_high_bw_mem_alloc.*PASS")
while(alloc_env_cases)
  list(POP_FRONT alloc_env_cases case case_args value regex)
  string(REPLACE "|" ";" case_args "${case_args}") # expected allocator, alignment, pool
  add_test(NAME host.alloc_env_traits.${case} COMMAND host_alloc_env_traits ${case_args})
  set_tests_properties(host.alloc_env_traits.${case} PROPERTIES LABELS host TIMEOUT 60
    ENVIRONMENT "${OMPRT_TEST_ENV};OMP_ALLOCATOR=${value}" PASS_REGULAR_EXPRESSION "${regex}")
endwhile()

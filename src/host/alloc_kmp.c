/* alloc_kmp.c — LLVM's older memory extensions and exported handle constants.
 *
 * kmp_malloc & co. (declared in omp.h) and their kmpc_ twins are plain heap
 * routines: LLVM serves them from a per-thread bget heap, we from the C heap,
 * which is thread-safe and lets kmp_free release memory from any thread.
 * Memory from kmp_aligned_malloc can be given to kmp_free and kmp_realloc.
 *
 * LLVM's libomp also exports its predefined allocator and memory space
 * handles as read-only data (its C++ headers make them pointer constants);
 * omp.h makes them enumerators, so the symbols are defined here under their
 * assembler names for binaries that reference the data.
 */
#include <errno.h>
#include <stdlib.h>

#include "runtime.h"

static void *omp_kmp_aligned_malloc(size_t size, size_t alignment) {
  if (alignment == 0 || (alignment & (alignment - 1))) {
    errno = EINVAL; /* as LLVM's kmpc_aligned_malloc */
    return NULL;
  }
  if (alignment < sizeof(void *))
    alignment = sizeof(void *); /* posix_memalign's minimum */
  void *p;
  int rc = posix_memalign(&p, alignment, size ? size : 1);
  if (rc != 0) {
    errno = rc;
    return NULL;
  }
  return p;
}

OMP_EXPORT void *kmp_malloc(size_t size) { return malloc(size); }
OMP_EXPORT void *kmp_calloc(size_t nelem, size_t elsize) {
  return calloc(nelem, elsize);
}
OMP_EXPORT void *kmp_realloc(void *ptr, size_t size) {
  if (ptr && size == 0) { /* LLVM: realloc to 0 frees and returns NULL */
    free(ptr);
    return NULL;
  }
  return realloc(ptr, size);
}
OMP_EXPORT void kmp_free(void *ptr) { free(ptr); }
OMP_EXPORT void *kmp_aligned_malloc(size_t size, size_t alignment) {
  return omp_kmp_aligned_malloc(size, alignment);
}

OMP_EXPORT void *kmpc_malloc(size_t size) { return malloc(size); }
OMP_EXPORT void *kmpc_calloc(size_t nelem, size_t elsize) {
  return calloc(nelem, elsize);
}
OMP_EXPORT void *kmpc_realloc(void *ptr, size_t size) {
  return kmp_realloc(ptr, size);
}
OMP_EXPORT void kmpc_free(void *ptr) { free(ptr); }
OMP_EXPORT void *kmpc_aligned_malloc(size_t size, size_t alignment) {
  return omp_kmp_aligned_malloc(size, alignment);
}

#define OMP_HANDLE_SYMBOL(name)                                                \
  OMP_EXPORT const uintptr_t omp_sym_##name __asm__(#name) = (uintptr_t)name;

OMP_HANDLE_SYMBOL(omp_null_allocator)
OMP_HANDLE_SYMBOL(omp_default_mem_alloc)
OMP_HANDLE_SYMBOL(omp_large_cap_mem_alloc)
OMP_HANDLE_SYMBOL(omp_const_mem_alloc)
OMP_HANDLE_SYMBOL(omp_high_bw_mem_alloc)
OMP_HANDLE_SYMBOL(omp_low_lat_mem_alloc)
OMP_HANDLE_SYMBOL(omp_cgroup_mem_alloc)
OMP_HANDLE_SYMBOL(omp_pteam_mem_alloc)
OMP_HANDLE_SYMBOL(omp_thread_mem_alloc)
OMP_HANDLE_SYMBOL(omp_default_mem_space)
OMP_HANDLE_SYMBOL(omp_large_cap_mem_space)
OMP_HANDLE_SYMBOL(omp_const_mem_space)
OMP_HANDLE_SYMBOL(omp_high_bw_mem_space)
OMP_HANDLE_SYMBOL(omp_low_lat_mem_space)
/* Handles below this are predefined allocators (alloc.c). */
OMP_EXPORT const uintptr_t omp_sym_kmp_max_mem_alloc __asm__("kmp_max_mem_alloc") = 1024;

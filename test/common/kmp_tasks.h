/* LLVM 19's explicit-task ABI as a test program sees it when it calls the
 * entry points itself (what clang emits for task constructs): kmp_task_t's
 * leading fields, kmp_depend_info_t and the calls that make and submit
 * tasks. Locations are passed as void * (an ident_t * or NULL). */
#ifndef OMPRT_TEST_KMP_TASKS_H
#define OMPRT_TEST_KMP_TASKS_H
#include <stddef.h>
#include <stdint.h>

typedef int32_t (*entry_t)(int32_t, void *);
typedef struct {
  void *shareds;
  entry_t routine;
  int32_t part_id;
  void *data1, *data2;
} kmp_task_t;
typedef struct {
  intptr_t base_addr;
  size_t len;
  uint8_t flags;
} kmp_depend_info_t;

extern int32_t __kmpc_global_thread_num(void *loc);
extern kmp_task_t *__kmpc_omp_task_alloc(void *loc, int32_t gtid, int32_t flags,
                                         size_t sizeof_task, size_t sizeof_shareds,
                                         entry_t entry);
extern kmp_task_t *__kmpc_omp_target_task_alloc(void *loc, int32_t gtid, int32_t flags,
                                                size_t sizeof_task, size_t sizeof_shareds,
                                                entry_t entry, int64_t device);
extern int32_t __kmpc_omp_task(void *loc, int32_t gtid, kmp_task_t *task);
extern int32_t __kmpc_omp_task_with_deps(void *loc, int32_t gtid, kmp_task_t *task,
                                         int32_t ndeps, kmp_depend_info_t *deps,
                                         int32_t nnoalias, kmp_depend_info_t *noalias);
#endif

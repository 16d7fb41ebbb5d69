/* gomp_taskred.c — GCC's task reductions: `taskgroup task_reduction`,
 * `in_reduction`, `reduction(task, ...)` on parallel and worksharing
 * constructs, and `taskloop reduction`.
 *
 * GCC does the reduction work itself and asks the runtime only for memory
 * and addresses. It describes the items of one construct in an array
 * (libgomp's task.c gives the format):
 *   data[0] items, data[1] bytes per thread, data[2] alignment (on return:
 *   the memory), data[3] allocator, data[4] next array (GCC passes 0; the
 *   runtime links the enclosing taskgroup's array there), data[5], data[6]
 *   the runtime's (here: head-of-registration mark, end of the memory);
 *   then per item: address of the original, offset in a thread's block,
 *   a word for the runtime (libgomp's back pointer; unused here: remap
 *   walks the arrays).
 * Registering allocates one zeroed block per team member (GCC's code finds
 * a flag after each private copy telling whether the copy was initialised);
 * GOMP_task_reduction_remap turns an original's address, or any member's
 * copy of it, into the calling member's copy; after the taskgroup ends,
 * GCC's code combines the blocks of omp_get_num_threads() members and
 * unregisters, which frees the memory.
 *
 * The array of a construct hangs on the taskgroup that delimits it
 * (taskgroup.c), so tasks made inside find it whichever member runs them.
 * A worksharing construct's members each pass their own array; the first
 * to arrive allocates, the others take its memory through the construct's
 * dispatch buffer. A parallel region's memory is allocated before the
 * fork, for as many members as the region may have.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

#define GOMP_RED_ITEMS 0
#define GOMP_RED_SIZE 1
#define GOMP_RED_MEMORY 2 /* alignment on input */
#define GOMP_RED_NEXT 4
#define GOMP_RED_HEAD 5
#define GOMP_RED_END 6
#define GOMP_RED_ITEM(d, j) ((d) + 7 + 3 * (j)) /* {original, offset, unused} */

/* A worksharing construct's memory is being allocated by its first member. */
#define GOMP_RED_CLAIMED ((uintptr_t *)1)

/* This member's block number and how many blocks a construct here needs:
 * a team's members, one for the initial thread of a host team (GCC's code
 * counts omp_get_num_threads() blocks, 1 there). */
static int gomp_red_members(const struct omp_thread *th, int *id) {
  if (th->team->is_league) {
    *id = 0;
    return 1;
  }
  *id = th->tid;
  return th->team->nthreads;
}

/* Fill in data's arrays: memory for nthreads members (or orig's, the same
 * construct's arrays as another member registered them), and the link to
 * old, the enclosing construct's arrays. */
static void gomp_red_register(uintptr_t *data, uintptr_t *old, uintptr_t *orig, int nthreads) {
  uintptr_t *d = data;
  for (;;) {
    if (orig) {
      d[GOMP_RED_MEMORY] = orig[GOMP_RED_MEMORY];
      d[GOMP_RED_END] = orig[GOMP_RED_END];
      orig = (uintptr_t *)orig[GOMP_RED_NEXT];
    } else {
      size_t align = d[GOMP_RED_MEMORY] < sizeof(void *) ? sizeof(void *) : d[GOMP_RED_MEMORY];
      size_t size = d[GOMP_RED_SIZE] * (size_t)nthreads;
      void *memory = NULL;
      if (posix_memalign(&memory, align, size ? size : 1) != 0)
        omp_fatal(NULL, "out of memory for %d copies of %zu bytes of task reductions",
                  nthreads, (size_t)d[GOMP_RED_SIZE]);
      memset(memory, 0, size);
      d[GOMP_RED_MEMORY] = (uintptr_t)memory;
      d[GOMP_RED_END] = (uintptr_t)memory + size;
    }
    d[GOMP_RED_HEAD] = d == data;
    if (d[GOMP_RED_NEXT] == 0) {
      d[GOMP_RED_NEXT] = (uintptr_t)old;
      return;
    }
    d = (uintptr_t *)d[GOMP_RED_NEXT];
  }
}

/* Free the memory of the registration data heads (not the enclosing ones
 * it links to). */
static void gomp_red_free(uintptr_t *data) {
  uintptr_t *d = data;
  do {
    free((void *)d[GOMP_RED_MEMORY]);
    d = (uintptr_t *)d[GOMP_RED_NEXT];
  } while (d && !d[GOMP_RED_HEAD]);
}

/* ---- taskgroup task_reduction ------------------------------------------------ */

OMP_EXPORT void GOMP_taskgroup_reduction_register(uintptr_t *data) {
  struct omp_thread *th = omp_self();
  int id;
  int nthreads = gomp_red_members(th, &id);
  gomp_red_register(data, omp_taskgroup_gomp_reductions(th->task), NULL, nthreads);
  omp_taskgroup_set_gomp_reductions(th->task, data);
}

OMP_EXPORT void GOMP_taskgroup_reduction_unregister(uintptr_t *data) { gomp_red_free(data); }

/* For i < cnt: ptrs[i], an original's address or some member's copy of
 * it, becomes this member's copy; for i < cntorig, ptrs[cnt + i] the
 * original's address besides. */
OMP_EXPORT void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs) {
  struct omp_thread *th = omp_self();
  int id;
  gomp_red_members(th, &id);
  uintptr_t *data = omp_taskgroup_gomp_reductions(th->task);
  for (size_t i = 0; i < cnt; i++) {
    uintptr_t addr = (uintptr_t)ptrs[i];
    bool found = false;
    /* an original */
    for (uintptr_t *d = data; d && !found; d = (uintptr_t *)d[GOMP_RED_NEXT]) {
      for (uintptr_t j = 0; j < d[GOMP_RED_ITEMS]; j++) {
        uintptr_t *item = GOMP_RED_ITEM(d, j);
        if (item[0] != addr)
          continue;
        ptrs[i] = (void *)(d[GOMP_RED_MEMORY] + (uintptr_t)id * d[GOMP_RED_SIZE] + item[1]);
        if (i < cntorig)
          ptrs[cnt + i] = (void *)item[0];
        found = true;
        break;
      }
    }
    if (found)
      continue;
    /* a member's copy: the same offset in this member's block */
    uintptr_t *d = data;
    while (d && !(addr >= d[GOMP_RED_MEMORY] && addr < d[GOMP_RED_END]))
      d = (uintptr_t *)d[GOMP_RED_NEXT];
    if (!d)
      omp_fatal(NULL, "GOMP_task_reduction_remap: %p is no item of an enclosing "
                      "task_reduction or reduction with the task modifier", ptrs[i]);
    uintptr_t offset = (addr - d[GOMP_RED_MEMORY]) % d[GOMP_RED_SIZE];
    ptrs[i] = (void *)(d[GOMP_RED_MEMORY] + (uintptr_t)id * d[GOMP_RED_SIZE] + offset);
    if (i < cntorig) {
      void *original = NULL;
      for (uintptr_t j = 0; j < d[GOMP_RED_ITEMS]; j++)
        if (GOMP_RED_ITEM(d, j)[1] == offset)
          original = (void *)GOMP_RED_ITEM(d, j)[0];
      if (!original)
        omp_fatal(NULL, "GOMP_task_reduction_remap: %p is inside no item of an enclosing "
                        "task_reduction", (void *)addr);
      ptrs[cnt + i] = original;
    }
  }
}

/* ---- reduction(task, ...) on worksharing constructs ---------------------------- */

/* Each member opens a taskgroup for the construct and registers its array
 * there; the first member's allocation serves all, passed on through the
 * construct's own dispatch buffer (every member takes one in the same
 * order, so the loop's buffer comes after it). */
void gomp_workshare_reductions_start(uintptr_t *reductions) {
  struct omp_thread *th = omp_self();
  uintptr_t *old = omp_taskgroup_gomp_reductions(th->task);
  __kmpc_taskgroup(&gomp_loc, 0);
  int id;
  int nthreads = gomp_red_members(th, &id);
  if (nthreads == 1) {
    gomp_red_register(reductions, old, NULL, 1);
  } else {
    struct omp_dispatch_buffer *buf = omp_dispatch_acquire(th);
    uintptr_t *first = NULL;
    if (atomic_compare_exchange_strong(&buf->gomp_reductions, &first, GOMP_RED_CLAIMED)) {
      gomp_red_register(reductions, old, NULL, nthreads);
      atomic_store_explicit(&buf->gomp_reductions, reductions, memory_order_release);
    } else {
      while ((first = atomic_load_explicit(&buf->gomp_reductions, memory_order_acquire)) ==
             GOMP_RED_CLAIMED)
        sched_yield(); /* the first member is allocating */
      gomp_red_register(reductions, old, first, nthreads);
    }
    omp_dispatch_release(th, buf);
  }
  omp_taskgroup_set_gomp_reductions(th->task, reductions);
}

/* The construct's end, after GCC's code has combined the copies: the
 * taskgroup ends, member 0 frees the memory, and the team waits unless
 * the construct was cancelled. */
OMP_EXPORT void GOMP_workshare_task_reduction_unregister(bool cancelled) {
  struct omp_thread *th = omp_self();
  uintptr_t *data = omp_taskgroup_gomp_reductions(th->task);
  __kmpc_end_taskgroup(&gomp_loc, 0);
  int id;
  gomp_red_members(th, &id);
  if (id == 0 && data)
    gomp_red_free(data);
  if (!cancelled)
    __kmpc_barrier(&gomp_loc, 0);
}

/* ---- reduction(task, ...) on parallel --------------------------------------- */

struct gomp_parallel_reductions {
  void (*fn)(void *);
  void *data;
  uintptr_t *reductions;
};

/* Each member's implicit task runs the body in a taskgroup holding the
 * region's reductions. */
static void gomp_parallel_reductions_body(int32_t *gtid, int32_t *btid,
                                          struct gomp_parallel_reductions *region) {
  (void)gtid;
  (void)btid;
  struct omp_thread *th = omp_self();
  __kmpc_taskgroup(&gomp_loc, 0);
  omp_taskgroup_set_gomp_reductions(th->task, region->reductions);
  region->fn(region->data);
  __kmpc_end_taskgroup(&gomp_loc, 0);
}

/* data's first word points to the items. Returns the number of blocks GCC's
 * code then combines: as many as the region could have members (a smaller
 * team leaves the rest zeroed, which GCC's code skips). */
OMP_EXPORT unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data,
                                             unsigned num_threads, unsigned flags) {
  uintptr_t *reductions = *(uintptr_t **)data;
  unsigned blocks = num_threads ? num_threads : (unsigned)omp_get_max_threads();
  gomp_red_register(reductions, NULL, NULL, (int)blocks);
  struct gomp_parallel_reductions region = {fn, data, reductions};
  gomp_push_parallel_clauses(num_threads, flags);
  __kmpc_fork_call(&gomp_loc, 1, (kmpc_micro)gomp_parallel_reductions_body, &region);
  return blocks;
}

/* gomp_parallel.c — GCC's entry points for parallel regions, host teams and
 * the synchronisation constructs (GOMP_parallel, GOMP_teams_reg,
 * GOMP_barrier, critical, atomic, single, ordered, cancel, GOMP_alloc).
 *
 * A program built by `gcc -fopenmp` calls libgomp's GOMP_* ABI. LLVM's
 * libomp carries it too, and Debian installs it as libgomp.so beside
 * libomp.so.5, so a GCC-built program linked against LLVM 19's runtime
 * (`-L/usr/lib/llvm-19/lib`) needs these names under version VERSION. Each
 * one is a thin layer over the __kmpc_* entry point that does the same
 * work for clang's code, as in LLVM's kmp_gsupport.cpp: the GCC program
 * shares one runtime, its ICVs, threads and tools, with clang's code in the
 * same process. Loops and sections are in gomp_loop.c, tasks in
 * gomp_task.c, task reductions in gomp_taskred.c. GOMP_* names that LLVM 19
 * provides and these files do not (GOMP_parallel_start and the other
 * pre-4.0 split forms, the GOMP_target* host fallbacks) are absent, so a
 * program that calls one fails to link or to load, naming it.
 *
 * The GCC ABI passes no source location: the runtime's messages for these
 * calls name none (gomp_loc).
 */
#include <stdbool.h>
#include <stdlib.h>

#include "runtime.h"

ident_t gomp_loc = {0, KMP_IDENT_KMPC, 0, 0, ";unknown;unknown;0;0;;"};
static ident_t gomp_loc_barrier = {0, KMP_IDENT_KMPC | KMP_IDENT_BARRIER_EXPL, 0, 0,
                                   ";unknown;unknown;0;0;;"};

/* ---- parallel, teams ------------------------------------------------------ */

/* The region's body, as each member's implicit task runs it. */
static void gomp_parallel_body(int32_t *gtid, int32_t *btid, void (*fn)(void *), void *data) {
  (void)gtid;
  (void)btid;
  fn(data);
}

/* GCC passes num_threads 1 for `if(false)`, 0 for "no clause", and the
 * proc_bind clause in the low three bits of flags (omp_proc_bind_t, the
 * values __kmpc_push_proc_bind takes). */
void gomp_push_parallel_clauses(unsigned num_threads, unsigned flags) {
  if (num_threads)
    __kmpc_push_num_threads(&gomp_loc, 0, (int32_t)num_threads);
  if (flags & 7)
    __kmpc_push_proc_bind(&gomp_loc, 0, (int)(flags & 7));
}

OMP_EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                              unsigned flags) {
  gomp_push_parallel_clauses(num_threads, flags);
  __kmpc_fork_call(&gomp_loc, 2, (kmpc_micro)gomp_parallel_body, fn, data);
}

/* `teams` on the host (GCC 11 and later): a league of num_teams initial
 * threads, each running fn(data); 0 leaves either clause out. */
OMP_EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams,
                               unsigned thread_limit, unsigned flags) {
  (void)flags;
  if (num_teams || thread_limit)
    __kmpc_push_num_teams(&gomp_loc, 0, (int32_t)num_teams, (int32_t)thread_limit);
  __kmpc_fork_teams(&gomp_loc, 2, (kmpc_micro)gomp_parallel_body, fn, data);
}

/* ---- barrier, critical, atomic ------------------------------------------- */

OMP_EXPORT void GOMP_barrier(void) { __kmpc_barrier(&gomp_loc_barrier, 0); }

/* true: the region was cancelled, and the caller leaves it. */
OMP_EXPORT bool GOMP_barrier_cancel(void) {
  return __kmpc_cancel_barrier(&gomp_loc_barrier, 0) != 0;
}

/* The unnamed critical section; a named one is GCC's pointer-sized common
 * symbol .gomp_critical_user_<name>, whose first 32-bit word is the mutex
 * (critical.c uses no more of the storage than that). */
static kmp_critical_name gomp_unnamed_critical;

OMP_EXPORT void GOMP_critical_start(void) {
  __kmpc_critical(&gomp_loc, 0, &gomp_unnamed_critical);
}
OMP_EXPORT void GOMP_critical_end(void) {
  __kmpc_end_critical(&gomp_loc, 0, &gomp_unnamed_critical);
}
OMP_EXPORT void GOMP_critical_name_start(void **pptr) {
  __kmpc_critical(&gomp_loc, 0, (kmp_critical_name *)pptr);
}
OMP_EXPORT void GOMP_critical_name_end(void **pptr) {
  __kmpc_end_critical(&gomp_loc, 0, (kmp_critical_name *)pptr);
}

/* `atomic` on what the processor cannot update in one instruction: the
 * same global lock as clang's __kmpc_atomic_start. */
OMP_EXPORT void GOMP_atomic_start(void) { __kmpc_atomic_start(); }
OMP_EXPORT void GOMP_atomic_end(void) { __kmpc_atomic_end(); }

/* ---- single ------------------------------------------------------------------ */

/* true for the one member that runs the block; GCC adds the barrier. */
OMP_EXPORT bool GOMP_single_start(void) { return __kmpc_single(&gomp_loc, 0) != 0; }

/* `single copyprivate(...)`: NULL for the member that runs the block, which
 * then passes the address of its copy-out record to GOMP_single_copy_end;
 * every other member gets that address back here, copies, and meets the
 * others at the barrier GCC places after the construct. */
OMP_EXPORT void *GOMP_single_copy_start(void) {
  if (__kmpc_single(&gomp_loc, 0))
    return NULL;
  return __kmpc_copyprivate_light(&gomp_loc, 0, NULL);
}
OMP_EXPORT void GOMP_single_copy_end(void *data) {
  __kmpc_copyprivate_light(&gomp_loc, 0, data);
}

/* ---- ordered --------------------------------------------------------------- */

OMP_EXPORT void GOMP_ordered_start(void) { __kmpc_ordered(&gomp_loc, 0); }
OMP_EXPORT void GOMP_ordered_end(void) {
  omp_ordered_end_chunked(__builtin_return_address(0));
}

/* ---- cancel ----------------------------------------------------------------- */

/* GCC's GOMP_CANCEL_* bits as LLVM's kmp_cancel_kind_t (cancel.c). */
static int32_t gomp_cancel_kind(int which, const char *what) {
  switch (which) {
  case 1: return 1; /* parallel */
  case 2: return 2; /* for */
  case 4: return 3; /* sections */
  case 8: return 4; /* taskgroup */
  }
  omp_fatal(NULL, "%s: unknown construct kind %d from GCC's code", what, which);
}

OMP_EXPORT bool GOMP_cancellation_point(int which) {
  return __kmpc_cancellationpoint(&gomp_loc, 0,
                                  gomp_cancel_kind(which, "GOMP_cancellation_point")) != 0;
}

/* do_cancel is the `if` clause: false makes it a cancellation point. */
OMP_EXPORT bool GOMP_cancel(int which, bool do_cancel) {
  int32_t kind = gomp_cancel_kind(which, "GOMP_cancel");
  if (!do_cancel)
    return __kmpc_cancellationpoint(&gomp_loc, 0, kind) != 0;
  return __kmpc_cancel(&gomp_loc, 0, kind) != 0;
}

/* ---- memory ------------------------------------------------------------------ */

/* `allocate` directives and clauses (GCC 11 and later). */
OMP_EXPORT void *GOMP_alloc(size_t alignment, size_t size, uintptr_t allocator) {
  return omp_aligned_alloc(alignment, size, (omp_allocator_handle_t)allocator);
}
OMP_EXPORT void GOMP_free(void *ptr, uintptr_t allocator) {
  omp_free(ptr, (omp_allocator_handle_t)allocator);
}

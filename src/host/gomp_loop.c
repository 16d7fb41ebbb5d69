/* gomp_loop.c — GCC's worksharing loops and sections (GOMP_loop_*,
 * GOMP_loop_ull_*, GOMP_parallel_loop_*, GOMP_sections*, doacross) on
 * dispatch.c.
 *
 * GCC computes `schedule(static)` without a chunk inline; every other loop
 * asks the runtime for chunks: GOMP_loop_<kind>_start(start, end, incr,
 * chunk, &istart, &iend) sets up the loop and hands out the first chunk,
 * GOMP_loop_<kind>_next the following ones, both returning false when none
 * are left, and GOMP_loop_end[_nowait|_cancel] closes the construct. Bounds
 * are half-open [istart, iend); dispatch.c's are inclusive, so the upper
 * bound moves by one step's sign on the way in and out. Every member calls
 * start, even for an empty loop, so dispatch.c's construct buffers stay in
 * step across the team. The combined GOMP_parallel_loop_<kind> sets the
 * loop up in each member before the body, which calls only _next.
 *
 * Ordered loops: libgomp passes the ordered token a chunk at a time (the
 * chunk's iterations run in order on one thread), and GOMP_ordered_end
 * does not pass it; ordered.c's omp_ordered_chunk_end hands the whole chunk
 * on as the member asks for its next one. They start as the others do,
 * with an ordered schedule (GOMP_SCH_ORDERED added).
 *
 * GOMP_loop_start and GOMP_loop_ull_start (GCC 9 and later) take the
 * schedule as a value (GFS_*) and two more arguments, as their ordered,
 * doacross and sections2 siblings do: task reductions (gomp_taskred.c),
 * and a zeroed scratch block shared by the team (lastprivate(conditional),
 * scan; below).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>

#include "runtime.h"

static ident_t gomp_loc_loop = {0, KMP_IDENT_KMPC | KMP_IDENT_WORK_LOOP, 0, 0,
                                ";unknown;unknown;0;0;;"};
static ident_t gomp_loc_loop_end = {0, KMP_IDENT_KMPC | KMP_IDENT_BARRIER_IMPL_FOR, 0, 0,
                                    ";unknown;unknown;0;0;;"};
static ident_t gomp_loc_sections = {0, KMP_IDENT_KMPC | KMP_IDENT_WORK_SECTIONS, 0, 0,
                                    ";unknown;unknown;0;0;;"};
static ident_t gomp_loc_sections_end = {0, KMP_IDENT_KMPC | KMP_IDENT_BARRIER_IMPL_SECTIONS,
                                        0, 0, ";unknown;unknown;0;0;;"};

/* LLVM's sched_type values (kmp.h), as dispatch.c takes them. */
enum {
  GOMP_SCH_STATIC_CHUNKED = 33,
  GOMP_SCH_STATIC = 34,
  GOMP_SCH_DYNAMIC = 35,
  GOMP_SCH_GUIDED = 36,
  GOMP_SCH_RUNTIME = 37,
  GOMP_SCH_AUTO = 38,
  GOMP_SCH_ORDERED = 32, /* added to the above: kmp_ord_* */
};
#define GOMP_SCH_NONMONOTONIC (1 << 30)
#define GOMP_SCH_MONOTONIC (1 << 29)

/* libgomp's gomp_schedule_type, GOMP_loop_start's `sched`. */
enum { GFS_RUNTIME, GFS_STATIC, GFS_DYNAMIC, GFS_GUIDED, GFS_AUTO };
#define GFS_MONOTONIC 0x80000000UL

/* static with chunk 0 is GCC's "no chunk given": balanced blocks. */
static int32_t gomp_static(long chunk) {
  return chunk > 0 ? GOMP_SCH_STATIC_CHUNKED : GOMP_SCH_STATIC;
}

/* ---- signed long loops ---------------------------------------------------- */

static bool gomp_next_long(long *istart, long *iend) {
  int64_t lb, ub, st;
  if (!__kmpc_dispatch_next_8(&gomp_loc_loop, 0, NULL, &lb, &ub, &st))
    return false;
  *istart = (long)lb;
  *iend = (long)(ub + (st > 0 ? 1 : -1));
  return true;
}

/* The loop [start, end) as dispatch.c takes it, with an inclusive bound. */
static void gomp_init_long(int32_t sched, long start, long end, long incr, long chunk) {
  __kmpc_dispatch_init_8(&gomp_loc_loop, 0, sched, start, incr > 0 ? end - 1 : end + 1,
                         incr, chunk);
}

static bool gomp_start_long(int32_t sched, long start, long end, long incr, long chunk,
                            long *istart, long *iend) {
  gomp_init_long(sched, start, end, incr, chunk);
  return gomp_next_long(istart, iend);
}

/* An ordered loop's next chunk: hand the last one's token on first. */
static bool gomp_next_long_ordered(long *istart, long *iend) {
  omp_ordered_chunk_end(omp_self());
  return gomp_next_long(istart, iend);
}

#define GOMP_LOOP_LONG(NAME, SCHED)                                             \
  OMP_EXPORT bool GOMP_loop_##NAME##_start(long start, long end, long incr,     \
                                           long chunk, long *istart,            \
                                           long *iend) {                        \
    return gomp_start_long(SCHED, start, end, incr, chunk, istart, iend);      \
  }                                                                             \
  OMP_EXPORT bool GOMP_loop_##NAME##_next(long *istart, long *iend) {           \
    return gomp_next_long(istart, iend);                                        \
  }

#define GOMP_LOOP_LONG_RUNTIME(NAME, SCHED)                                     \
  OMP_EXPORT bool GOMP_loop_##NAME##_start(long start, long end, long incr,     \
                                           long *istart, long *iend) {          \
    return gomp_start_long(SCHED, start, end, incr, 0, istart, iend);          \
  }                                                                             \
  OMP_EXPORT bool GOMP_loop_##NAME##_next(long *istart, long *iend) {           \
    return gomp_next_long(istart, iend);                                        \
  }

OMP_EXPORT bool GOMP_loop_static_start(long start, long end, long incr, long chunk,
                                       long *istart, long *iend) {
  return gomp_start_long(gomp_static(chunk), start, end, incr, chunk, istart, iend);
}
OMP_EXPORT bool GOMP_loop_static_next(long *istart, long *iend) {
  return gomp_next_long(istart, iend);
}
GOMP_LOOP_LONG(dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_MONOTONIC)
GOMP_LOOP_LONG(guided, GOMP_SCH_GUIDED | GOMP_SCH_MONOTONIC)
GOMP_LOOP_LONG(nonmonotonic_dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_LONG(nonmonotonic_guided, GOMP_SCH_GUIDED | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_LONG_RUNTIME(runtime, GOMP_SCH_RUNTIME | GOMP_SCH_MONOTONIC)
GOMP_LOOP_LONG_RUNTIME(nonmonotonic_runtime, GOMP_SCH_RUNTIME | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_LONG_RUNTIME(maybe_nonmonotonic_runtime, GOMP_SCH_RUNTIME)

#define GOMP_LOOP_LONG_ORDERED(NAME, SCHED)                                     \
  OMP_EXPORT bool GOMP_loop_ordered_##NAME##_start(long start, long end,        \
                                                   long incr, long chunk,       \
                                                   long *istart, long *iend) {  \
    return gomp_start_long(SCHED + GOMP_SCH_ORDERED, start, end, incr, chunk,  \
                           istart, iend);                                       \
  }                                                                             \
  OMP_EXPORT bool GOMP_loop_ordered_##NAME##_next(long *istart, long *iend) {   \
    return gomp_next_long_ordered(istart, iend);                                \
  }

OMP_EXPORT bool GOMP_loop_ordered_static_start(long start, long end, long incr,
                                               long chunk, long *istart, long *iend) {
  return gomp_start_long(gomp_static(chunk) + GOMP_SCH_ORDERED, start, end, incr, chunk,
                         istart, iend);
}
OMP_EXPORT bool GOMP_loop_ordered_static_next(long *istart, long *iend) {
  return gomp_next_long_ordered(istart, iend);
}
GOMP_LOOP_LONG_ORDERED(dynamic, GOMP_SCH_DYNAMIC)
GOMP_LOOP_LONG_ORDERED(guided, GOMP_SCH_GUIDED)
OMP_EXPORT bool GOMP_loop_ordered_runtime_start(long start, long end, long incr,
                                                long *istart, long *iend) {
  return gomp_start_long(GOMP_SCH_RUNTIME + GOMP_SCH_ORDERED, start, end, incr, 0, istart,
                         iend);
}
OMP_EXPORT bool GOMP_loop_ordered_runtime_next(long *istart, long *iend) {
  return gomp_next_long_ordered(istart, iend);
}

/* GCC's schedule value (GFS_*, monotonic bit) as a sched_type; chunk 0
 * means none was given. */
static int32_t gomp_sched_of(long sched, long chunk) {
  bool monotonic = ((unsigned long)sched & GFS_MONOTONIC) != 0;
  int32_t kind;
  switch ((unsigned long)sched & ~GFS_MONOTONIC) {
  case GFS_RUNTIME: kind = GOMP_SCH_RUNTIME; break;
  case GFS_STATIC: kind = gomp_static(chunk); break;
  case GFS_DYNAMIC: kind = GOMP_SCH_DYNAMIC; break;
  case GFS_GUIDED: kind = GOMP_SCH_GUIDED; break;
  case GFS_AUTO: kind = GOMP_SCH_AUTO; break;
  default: omp_fatal(NULL, "GOMP_loop_start: unknown schedule %ld from GCC's code", sched);
  }
  if (kind == GOMP_SCH_DYNAMIC || kind == GOMP_SCH_GUIDED)
    kind |= monotonic ? GOMP_SCH_MONOTONIC : GOMP_SCH_NONMONOTONIC;
  return kind;
}

/* ---- the team's scratch block ------------------------------------------------ */

/* GCC's code asks, through the `mem` argument of a loop's or sections'
 * *_start entry point, for *mem zeroed bytes that the team shares until
 * every member has ended the construct: lastprivate(conditional) keeps the
 * last iteration that assigned each variable there, scan each member's
 * partial result. The first member to start allocates it and publishes it
 * in a buffer of the scratch ring (runtime.h), the others wait for it
 * there, and the last to end frees it (omp_dispatch_release). A team of one
 * owns its block alone. libgomp's block is as zeroed and aligned (malloc's
 * 16 bytes cover its long long). */
struct gomp_scratch_request {
  const char *what; /* the entry point, for the message */
  size_t size;
};

static void *gomp_scratch_make(const void *request_arg) {
  const struct gomp_scratch_request *request = request_arg;
  void *block = calloc(1, request->size ? request->size : 1);
  if (!block)
    omp_fatal(NULL, "%s: out of memory for the team's %zu-byte scratch block "
                    "(lastprivate(conditional) or scan)", request->what, request->size);
  return block;
}

static void gomp_scratch_start(const char *what, void **mem) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_private *p = &th->dispatch_private;
  struct gomp_scratch_request request = {what, (uintptr_t)*mem};
  if (th->team->nthreads == 1 || th->team->is_league) {
    p->gomp_scratch = gomp_scratch_make(&request);
    p->gomp_scratch_buffer = NULL;
  } else {
    struct omp_dispatch_buffer *buf = omp_dispatch_acquire_ring(th, OMP_RING_SCRATCH);
    p->gomp_scratch = omp_dispatch_share_block(buf, &buf->gomp_scratch, gomp_scratch_make,
                                               &request);
    p->gomp_scratch_buffer = buf;
  }
  *mem = p->gomp_scratch;
}

/* The construct's end, for this member. */
static void gomp_scratch_end(void) {
  struct omp_thread *th = omp_self();
  struct omp_dispatch_private *p = &th->dispatch_private;
  if (OMP_LIKELY(!p->gomp_scratch))
    return;
  if (p->gomp_scratch_buffer)
    omp_dispatch_release(th, p->gomp_scratch_buffer);
  else
    free(p->gomp_scratch);
  p->gomp_scratch = NULL;
  p->gomp_scratch_buffer = NULL;
}

/* GOMP_loop_start's extra arguments, in libgomp's order: task reductions
 * (gomp_taskred.c), then the scratch block. */
static void gomp_loop_extras(const char *what, uintptr_t *reductions, void **mem) {
  if (reductions)
    gomp_workshare_reductions_start(reductions);
  if (mem)
    gomp_scratch_start(what, mem);
}

OMP_EXPORT bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk,
                                long *istart, long *iend, uintptr_t *reductions,
                                void **mem) {
  gomp_loop_extras("GOMP_loop_start", reductions, mem);
  if (!istart)
    return true; /* GCC schedules the loop itself; nothing else was asked */
  return gomp_start_long(gomp_sched_of(sched, chunk), start, end, incr, chunk,
                         istart, iend);
}

OMP_EXPORT bool GOMP_loop_ordered_start(long start, long end, long incr, long sched,
                                        long chunk, long *istart, long *iend,
                                        uintptr_t *reductions, void **mem) {
  gomp_loop_extras("GOMP_loop_ordered_start", reductions, mem);
  return gomp_start_long((gomp_sched_of(sched, chunk) &
                          ~(GOMP_SCH_MONOTONIC | GOMP_SCH_NONMONOTONIC)) +
                             GOMP_SCH_ORDERED,
                         start, end, incr, chunk, istart, iend);
}

/* ---- unsigned long long loops ---------------------------------------------- */

typedef unsigned long long gomp_ull;

/* A chunk's end is one step past its last iteration (ub + incr, wrapping as
 * the loop variable does), which GCC's `V < iend` or `V > iend` after that
 * iteration ends whichever way the loop counts and whether or not the step
 * wrapped: the step's sign says nothing here (below). */
static bool gomp_next_ull(gomp_ull *istart, gomp_ull *iend) {
  uint64_t lb, ub;
  int64_t st;
  if (!__kmpc_dispatch_next_8u(&gomp_loc_loop, 0, NULL, &lb, &ub, &st))
    return false;
  *istart = lb;
  *iend = ub + (uint64_t)st;
  return true;
}

/* up: the loop counts upwards; otherwise incr is the step negated, modulo
 * 2^64. A step may pass 2^63 either way (GCC's loop-6.c: j += LLONG_MAX +
 * 50ULL), so incr read as a signed stride can point the wrong way: the trip
 * count is taken here from `up`, and dispatch.c's values start + k * incr
 * wrap exactly as the loop's own do. */
static bool gomp_start_ull(int32_t sched, bool up, gomp_ull start, gomp_ull end,
                           gomp_ull incr, gomp_ull chunk, gomp_ull *istart, gomp_ull *iend) {
  gomp_ull trip = 0;
  if (OMP_UNLIKELY(incr == 0))
    omp_fatal(&gomp_loc_loop, "GOMP_loop_ull_*: loop increment is zero");
  if (up ? start < end : start > end)
    trip = (up ? end - start - 1 : start - end - 1) / (up ? incr : 0 - incr) + 1;
  OMP_OMPT_CODEPTR(omp_self());
  omp_dispatch_start(&gomp_loc_loop, sched, start, (int64_t)incr, trip, (int64_t)chunk);
  return gomp_next_ull(istart, iend);
}

static bool gomp_next_ull_ordered(gomp_ull *istart, gomp_ull *iend) {
  omp_ordered_chunk_end(omp_self());
  return gomp_next_ull(istart, iend);
}

#define GOMP_LOOP_ULL(PREFIX, NAME, NEXT, SCHED)                                \
  OMP_EXPORT bool GOMP_loop_ull_##PREFIX##NAME##_start(                         \
      bool up, gomp_ull start, gomp_ull end, gomp_ull incr, gomp_ull chunk,     \
      gomp_ull *istart, gomp_ull *iend) {                                       \
    return gomp_start_ull(SCHED, up, start, end, incr, chunk, istart, iend);    \
  }                                                                             \
  OMP_EXPORT bool GOMP_loop_ull_##PREFIX##NAME##_next(gomp_ull *istart,         \
                                                      gomp_ull *iend) {         \
    return NEXT(istart, iend);                                                  \
  }

#define GOMP_LOOP_ULL_RUNTIME(PREFIX, NAME, NEXT, SCHED)                        \
  OMP_EXPORT bool GOMP_loop_ull_##PREFIX##NAME##_start(                         \
      bool up, gomp_ull start, gomp_ull end, gomp_ull incr, gomp_ull *istart,   \
      gomp_ull *iend) {                                                         \
    return gomp_start_ull(SCHED, up, start, end, incr, 0, istart, iend);        \
  }                                                                             \
  OMP_EXPORT bool GOMP_loop_ull_##PREFIX##NAME##_next(gomp_ull *istart,         \
                                                      gomp_ull *iend) {         \
    return NEXT(istart, iend);                                                  \
  }

OMP_EXPORT bool GOMP_loop_ull_static_start(bool up, gomp_ull start, gomp_ull end,
                                           gomp_ull incr, gomp_ull chunk,
                                           gomp_ull *istart, gomp_ull *iend) {
  return gomp_start_ull(gomp_static((long)chunk), up, start, end, incr, chunk, istart, iend);
}
OMP_EXPORT bool GOMP_loop_ull_static_next(gomp_ull *istart, gomp_ull *iend) {
  return gomp_next_ull(istart, iend);
}
GOMP_LOOP_ULL(, dynamic, gomp_next_ull, GOMP_SCH_DYNAMIC | GOMP_SCH_MONOTONIC)
GOMP_LOOP_ULL(, guided, gomp_next_ull, GOMP_SCH_GUIDED | GOMP_SCH_MONOTONIC)
GOMP_LOOP_ULL(nonmonotonic_, dynamic, gomp_next_ull,
              GOMP_SCH_DYNAMIC | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_ULL(nonmonotonic_, guided, gomp_next_ull,
              GOMP_SCH_GUIDED | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_ULL_RUNTIME(, runtime, gomp_next_ull,
                      GOMP_SCH_RUNTIME | GOMP_SCH_MONOTONIC)
GOMP_LOOP_ULL_RUNTIME(nonmonotonic_, runtime, gomp_next_ull,
                      GOMP_SCH_RUNTIME | GOMP_SCH_NONMONOTONIC)
GOMP_LOOP_ULL_RUNTIME(maybe_nonmonotonic_, runtime, gomp_next_ull,
                      GOMP_SCH_RUNTIME)

OMP_EXPORT bool GOMP_loop_ull_ordered_static_start(bool up, gomp_ull start, gomp_ull end,
                                                   gomp_ull incr, gomp_ull chunk,
                                                   gomp_ull *istart, gomp_ull *iend) {
  return gomp_start_ull(gomp_static((long)chunk) + GOMP_SCH_ORDERED, up, start, end, incr,
                        chunk, istart, iend);
}
OMP_EXPORT bool GOMP_loop_ull_ordered_static_next(gomp_ull *istart, gomp_ull *iend) {
  return gomp_next_ull_ordered(istart, iend);
}
GOMP_LOOP_ULL(ordered_, dynamic, gomp_next_ull_ordered,
              GOMP_SCH_DYNAMIC + GOMP_SCH_ORDERED)
GOMP_LOOP_ULL(ordered_, guided, gomp_next_ull_ordered,
              GOMP_SCH_GUIDED + GOMP_SCH_ORDERED)
GOMP_LOOP_ULL_RUNTIME(ordered_, runtime, gomp_next_ull_ordered,
                      GOMP_SCH_RUNTIME + GOMP_SCH_ORDERED)

OMP_EXPORT bool GOMP_loop_ull_start(bool up, gomp_ull start, gomp_ull end, gomp_ull incr,
                                    long sched, gomp_ull chunk, gomp_ull *istart,
                                    gomp_ull *iend, uintptr_t *reductions, void **mem) {
  gomp_loop_extras("GOMP_loop_ull_start", reductions, mem);
  if (!istart)
    return true;
  return gomp_start_ull(gomp_sched_of(sched, (long)chunk), up, start, end, incr,
                        chunk, istart, iend);
}

OMP_EXPORT bool GOMP_loop_ull_ordered_start(bool up, gomp_ull start, gomp_ull end,
                                            gomp_ull incr, long sched, gomp_ull chunk,
                                            gomp_ull *istart, gomp_ull *iend,
                                            uintptr_t *reductions, void **mem) {
  gomp_loop_extras("GOMP_loop_ull_ordered_start", reductions, mem);
  return gomp_start_ull((gomp_sched_of(sched, (long)chunk) &
                         ~(GOMP_SCH_MONOTONIC | GOMP_SCH_NONMONOTONIC)) +
                            GOMP_SCH_ORDERED,
                        up, start, end, incr, chunk, istart, iend);
}

/* ---- doacross loops: `for ordered(n)` with depend(sink/source) --------------
 *
 * counts[i] is the number of iterations of dimension i, which GCC numbers
 * from 0; the loop shared out is dimension 0's. Each dimension goes to
 * __kmpc_doacross_init as clang-19 passes it, {0, count, 1}, which
 * ordered.c reads as iterations 0 .. count - 1. */

static void gomp_doacross_init(unsigned ncounts, const long *counts) {
  struct kmp_dim dims[ncounts];
  for (unsigned i = 0; i < ncounts; i++)
    dims[i] = (struct kmp_dim){0, counts[i], 1};
  __kmpc_doacross_init(&gomp_loc_loop, 0, (int32_t)ncounts, dims);
}

#define GOMP_LOOP_DOACROSS(NAME, SCHED)                                         \
  OMP_EXPORT bool GOMP_loop_doacross_##NAME##_start(                            \
      unsigned ncounts, long *counts, long chunk, long *istart, long *iend) {   \
    gomp_doacross_init(ncounts, counts);                                        \
    return gomp_start_long(SCHED, 0, counts[0], 1, chunk, istart, iend);        \
  }

GOMP_LOOP_DOACROSS(static, gomp_static(chunk))
GOMP_LOOP_DOACROSS(dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_MONOTONIC)
GOMP_LOOP_DOACROSS(guided, GOMP_SCH_GUIDED | GOMP_SCH_MONOTONIC)
OMP_EXPORT bool GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts,
                                                 long *istart, long *iend) {
  gomp_doacross_init(ncounts, counts);
  return gomp_start_long(GOMP_SCH_RUNTIME | GOMP_SCH_MONOTONIC, 0, counts[0], 1, 0, istart,
                         iend);
}
OMP_EXPORT bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched,
                                         long chunk, long *istart, long *iend,
                                         uintptr_t *reductions, void **mem) {
  gomp_loop_extras("GOMP_loop_doacross_start", reductions, mem);
  gomp_doacross_init(ncounts, counts);
  return gomp_start_long(gomp_sched_of(sched, chunk), 0, counts[0], 1, chunk, istart,
                         iend);
}

static void gomp_doacross_init_ull(unsigned ncounts, const gomp_ull *counts) {
  struct kmp_dim dims[ncounts];
  for (unsigned i = 0; i < ncounts; i++)
    dims[i] = (struct kmp_dim){0, (int64_t)counts[i], 1};
  __kmpc_doacross_init(&gomp_loc_loop, 0, (int32_t)ncounts, dims);
}

#define GOMP_LOOP_ULL_DOACROSS(NAME, SCHED)                                     \
  OMP_EXPORT bool GOMP_loop_ull_doacross_##NAME##_start(                        \
      unsigned ncounts, gomp_ull *counts, gomp_ull chunk, gomp_ull *istart,     \
      gomp_ull *iend) {                                                         \
    gomp_doacross_init_ull(ncounts, counts);                                    \
    return gomp_start_ull(SCHED, true, 0, counts[0], 1, chunk, istart, iend);   \
  }

GOMP_LOOP_ULL_DOACROSS(static, gomp_static((long)chunk))
GOMP_LOOP_ULL_DOACROSS(dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_MONOTONIC)
GOMP_LOOP_ULL_DOACROSS(guided, GOMP_SCH_GUIDED | GOMP_SCH_MONOTONIC)
OMP_EXPORT bool GOMP_loop_ull_doacross_runtime_start(unsigned ncounts, gomp_ull *counts,
                                                     gomp_ull *istart, gomp_ull *iend) {
  gomp_doacross_init_ull(ncounts, counts);
  return gomp_start_ull(GOMP_SCH_RUNTIME | GOMP_SCH_MONOTONIC, true, 0, counts[0], 1, 0,
                        istart, iend);
}
OMP_EXPORT bool GOMP_loop_ull_doacross_start(unsigned ncounts, gomp_ull *counts, long sched,
                                             gomp_ull chunk, gomp_ull *istart,
                                             gomp_ull *iend, uintptr_t *reductions,
                                             void **mem) {
  gomp_loop_extras("GOMP_loop_ull_doacross_start", reductions, mem);
  gomp_doacross_init_ull(ncounts, counts);
  return gomp_start_ull(gomp_sched_of(sched, (long)chunk), true, 0, counts[0], 1,
                        chunk, istart, iend);
}

/* depend(source): this member's current iteration vector, already in the
 * form __kmpc_doacross_post takes (long is int64_t here). */
OMP_EXPORT void GOMP_doacross_post(long *counts) {
  __kmpc_doacross_post(&gomp_loc_loop, 0, counts);
}

/* depend(sink: first, ...): one value per dimension of the nest. */
OMP_EXPORT void GOMP_doacross_wait(long first, ...) {
  struct omp_dispatch_private *p = &omp_self()->dispatch_private;
  if (!p->doacross_buffer)
    return; /* a team of one: doacross_ndims is not set */
  int n = p->doacross_ndims;
  int64_t vec[n];
  vec[0] = first;
  va_list ap;
  va_start(ap, first);
  for (int i = 1; i < n; i++)
    vec[i] = va_arg(ap, long);
  va_end(ap);
  __kmpc_doacross_wait(&gomp_loc_loop, 0, vec);
}

OMP_EXPORT void GOMP_doacross_ull_post(gomp_ull *counts) {
  struct omp_dispatch_private *p = &omp_self()->dispatch_private;
  if (!p->doacross_buffer)
    return; /* a team of one: doacross_ndims is not set */
  int n = p->doacross_ndims;
  int64_t vec[n];
  for (int i = 0; i < n; i++)
    vec[i] = (int64_t)counts[i];
  __kmpc_doacross_post(&gomp_loc_loop, 0, vec);
}

OMP_EXPORT void GOMP_doacross_ull_wait(gomp_ull first, ...) {
  struct omp_dispatch_private *p = &omp_self()->dispatch_private;
  if (!p->doacross_buffer)
    return;
  int n = p->doacross_ndims;
  int64_t vec[n];
  vec[0] = (int64_t)first;
  va_list ap;
  va_start(ap, first);
  for (int i = 1; i < n; i++)
    vec[i] = (int64_t)va_arg(ap, gomp_ull);
  va_end(ap);
  __kmpc_doacross_wait(&gomp_loc_loop, 0, vec);
}

/* ---- the end of a loop ------------------------------------------------------- */

static void gomp_loop_finish(void) {
  if (omp_self()->dispatch_private.doacross_buffer)
    __kmpc_doacross_fini(&gomp_loc_loop, 0);
  gomp_scratch_end();
}

OMP_EXPORT void GOMP_loop_end(void) {
  gomp_loop_finish();
  __kmpc_barrier(&gomp_loc_loop_end, 0);
}
OMP_EXPORT void GOMP_loop_end_nowait(void) { gomp_loop_finish(); }
OMP_EXPORT bool GOMP_loop_end_cancel(void) {
  gomp_loop_finish();
  return __kmpc_cancel_barrier(&gomp_loc_loop_end, 0) != 0;
}

/* ---- combined parallel loops ---------------------------------------------- */

struct gomp_parallel_loop {
  void (*fn)(void *);
  void *data;
  int32_t sched;
  long start, end, incr, chunk;
};

/* Each member sets the loop up, then runs the body, which asks for chunks. */
static void gomp_parallel_loop_body(int32_t *gtid, int32_t *btid,
                                    struct gomp_parallel_loop *loop) {
  (void)gtid;
  (void)btid;
  gomp_init_long(loop->sched, loop->start, loop->end, loop->incr, loop->chunk);
  loop->fn(loop->data);
}

static void gomp_parallel_loop(void (*fn)(void *), void *data, unsigned num_threads,
                               long start, long end, long incr, long chunk, unsigned flags,
                               int32_t sched) {
  struct gomp_parallel_loop loop = {fn, data, sched, start, end, incr, chunk};
  gomp_push_parallel_clauses(num_threads, flags);
  __kmpc_fork_call(&gomp_loc, 1, (kmpc_micro)gomp_parallel_loop_body, &loop);
}

#define GOMP_PARALLEL_LOOP(NAME, SCHED)                                         \
  OMP_EXPORT void GOMP_parallel_loop_##NAME(void (*fn)(void *), void *data,     \
                                            unsigned num_threads, long start,   \
                                            long end, long incr, long chunk,    \
                                            unsigned flags) {                   \
    gomp_parallel_loop(fn, data, num_threads, start, end, incr, chunk, flags,   \
                       SCHED);                                                  \
  }
#define GOMP_PARALLEL_LOOP_RUNTIME(NAME, SCHED)                                 \
  OMP_EXPORT void GOMP_parallel_loop_##NAME(void (*fn)(void *), void *data,     \
                                            unsigned num_threads, long start,   \
                                            long end, long incr,                \
                                            unsigned flags) {                   \
    gomp_parallel_loop(fn, data, num_threads, start, end, incr, 0, flags,       \
                       SCHED);                                                  \
  }

GOMP_PARALLEL_LOOP(static, gomp_static(chunk))
GOMP_PARALLEL_LOOP(dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_MONOTONIC)
GOMP_PARALLEL_LOOP(guided, GOMP_SCH_GUIDED | GOMP_SCH_MONOTONIC)
GOMP_PARALLEL_LOOP(nonmonotonic_dynamic, GOMP_SCH_DYNAMIC | GOMP_SCH_NONMONOTONIC)
GOMP_PARALLEL_LOOP(nonmonotonic_guided, GOMP_SCH_GUIDED | GOMP_SCH_NONMONOTONIC)
GOMP_PARALLEL_LOOP_RUNTIME(runtime, GOMP_SCH_RUNTIME | GOMP_SCH_MONOTONIC)
GOMP_PARALLEL_LOOP_RUNTIME(nonmonotonic_runtime, GOMP_SCH_RUNTIME | GOMP_SCH_NONMONOTONIC)
GOMP_PARALLEL_LOOP_RUNTIME(maybe_nonmonotonic_runtime, GOMP_SCH_RUNTIME)

/* ---- sections -------------------------------------------------------------- */

/* Sections 1..count, one at a time to whoever asks; 0 when none are left.
 * A chunk holds one section, except in a team of one, whose chunk is the
 * whole construct: the member keeps the rest of its chunk to hand out. */
static unsigned gomp_sections_next(void) {
  struct omp_dispatch_private *p = &omp_self()->dispatch_private;
  if (p->gomp_section_next && p->gomp_section_next <= p->gomp_section_last)
    return p->gomp_section_next++;
  int32_t lb, ub, st;
  if (!__kmpc_dispatch_next_4(&gomp_loc_sections, 0, NULL, &lb, &ub, &st))
    return 0;
  p->gomp_section_next = (unsigned)lb + 1;
  p->gomp_section_last = (unsigned)ub;
  return (unsigned)lb;
}

static void gomp_sections_init(unsigned count) {
  struct omp_dispatch_private *p = &omp_self()->dispatch_private;
  p->gomp_section_next = p->gomp_section_last = 0;
  __kmpc_dispatch_init_4(&gomp_loc_sections, 0, GOMP_SCH_DYNAMIC, 1, (int32_t)count, 1, 1);
}

OMP_EXPORT unsigned GOMP_sections_start(unsigned count) {
  gomp_sections_init(count);
  return gomp_sections_next();
}

OMP_EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem) {
  gomp_loop_extras("GOMP_sections2_start", reductions, mem);
  return GOMP_sections_start(count);
}

OMP_EXPORT unsigned GOMP_sections_next(void) { return gomp_sections_next(); }

OMP_EXPORT void GOMP_sections_end(void) {
  gomp_scratch_end();
  __kmpc_barrier(&gomp_loc_sections_end, 0);
}
OMP_EXPORT void GOMP_sections_end_nowait(void) { gomp_scratch_end(); }
OMP_EXPORT bool GOMP_sections_end_cancel(void) {
  gomp_scratch_end();
  return __kmpc_cancel_barrier(&gomp_loc_sections_end, 0) != 0;
}

struct gomp_parallel_sections {
  void (*fn)(void *);
  void *data;
  unsigned count;
};

static void gomp_parallel_sections_body(int32_t *gtid, int32_t *btid,
                                        struct gomp_parallel_sections *sections) {
  (void)gtid;
  (void)btid;
  gomp_sections_init(sections->count);
  sections->fn(sections->data);
}

OMP_EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads,
                                       unsigned count, unsigned flags) {
  struct gomp_parallel_sections sections = {fn, data, count};
  gomp_push_parallel_clauses(num_threads, flags);
  __kmpc_fork_call(&gomp_loc, 1, (kmpc_micro)gomp_parallel_sections_body, &sections);
}

/* loop_static.c — statically scheduled loops, distribute and sections.
 *
 * clang-19 outlines `for schedule(static[,k])`, `sections`, `distribute` and
 * the loops of `ordered(n)` doacross nests into one call of
 * __kmpc_for_static_init_{4,4u,8,8u} before the loop and one
 * __kmpc_for_static_fini after it. The init call rewrites the loop's bounds
 * in place to this thread's (first) chunk; the compiled code then steps by
 * *pstride for further chunks. No shared state, no atomics: every member
 * computes its own part from the same arguments, exactly as LLVM's
 * kmp_sched.cpp does (the bounds, *plastiter and *pstride it returns are
 * part of the ABI: compiled code relies on them for lastprivate).
 *
 * `distribute` splits across the teams of the enclosing host league
 * (one team when there is none); __kmpc_dist_for_static_init and
 * __kmpc_team_static_init serve the composite distribute-parallel-for.
 */
#include "runtime.h"

/* LLVM's sched_type values this file sees. */
enum {
  KMP_SCH_STATIC_CHUNKED = 33,
  KMP_SCH_STATIC = 34,
  KMP_SCH_STATIC_GREEDY = 40,
  KMP_SCH_STATIC_BALANCED = 41,
  KMP_SCH_STATIC_BALANCED_CHUNKED = 45,
  KMP_ORD_STATIC_CHUNKED = 65,
  KMP_ORD_STATIC = 66,
  KMP_ORD_UPPER = 72,
  KMP_DISTRIBUTE_STATIC_CHUNKED = 91,
  KMP_DISTRIBUTE_STATIC = 92,
};
#define KMP_SCH_MODIFIER_MASK ((1u << 29) | (1u << 30))

/* This thread's team number and the league size for `distribute`. A thread
 * of the league itself (the teams body) has its team number as tid. */
static void omp_league_position(struct omp_thread *th, uint32_t *team_num,
                                uint32_t *nteams) {
  if (th->team->is_league) {
    *team_num = (uint32_t)th->tid;
    *nteams = (uint32_t)th->team->nthreads;
    return;
  }
  int num = 0;
  struct omp_team *league = omp_enclosing_league(th, &num);
  *team_num = league ? (uint32_t)num : 0;
  *nteams = league ? (uint32_t)league->league_size : 1;
}

/* This thread's number and its team's size for a worksharing loop: a
 * league member outside any parallel region is a team of one. */
static void omp_team_position(struct omp_thread *th, uint32_t *tid,
                              uint32_t *nth) {
  struct omp_team *team = th->team;
  if (OMP_UNLIKELY(team->is_league)) {
    *tid = 0;
    *nth = 1;
    return;
  }
  *tid = (uint32_t)th->tid;
  *nth = (uint32_t)team->nthreads;
}

/* The for-static schedules this file implements, modifiers masked off and
 * the distribute/ordered aliases folded in. */
static int omp_static_kind(ident_t *loc, int32_t schedtype, bool *distribute) {
  int kind = (int)((uint32_t)schedtype & ~KMP_SCH_MODIFIER_MASK);
  *distribute = kind > KMP_ORD_UPPER;
  switch (kind) {
  case KMP_DISTRIBUTE_STATIC_CHUNKED:
  case KMP_ORD_STATIC_CHUNKED:
  case KMP_SCH_STATIC_CHUNKED:
    return KMP_SCH_STATIC_CHUNKED;
  case KMP_DISTRIBUTE_STATIC:
  case KMP_ORD_STATIC:
  case KMP_SCH_STATIC_GREEDY:
  case KMP_SCH_STATIC_BALANCED:
  case KMP_SCH_STATIC:
    return KMP_SCH_STATIC;
  case KMP_SCH_STATIC_BALANCED_CHUNKED:
    return KMP_SCH_STATIC_BALANCED_CHUNKED;
  default:
    omp_fatal(loc, "__kmpc_for_static_init: schedule type %d is not a static "
                   "schedule", (int)schedtype);
  }
}

static _Noreturn void omp_static_zero_increment(ident_t *loc) {
  omp_fatal(loc, "loop increment is zero");
}

/* Iterations of lower..upper by incr (lower/upper already known to be a
 * non-empty range), in 64 bits so a 32-bit loop over its full range counts
 * 2^32 rather than wrapping to 0 as LLVM's 32-bit count does. */
#define OMP_TRIP_COUNT(UT, lower, upper, incr)                                 \
  ((incr) > 0 ? (uint64_t)((UT)((UT)(upper) - (UT)(lower)) / (UT)(incr)) + 1   \
              : (uint64_t)((UT)((UT)(lower) - (UT)(upper)) /                   \
                           (UT)(0 - (UT)(incr))) + 1)

/* The dispatch event for the block a member was given (ompt.h): a section
 * names its construct, a chunk its first iteration and size. */
static void omp_ompt_static_chunk(ident_t *loc, bool distribute, uint64_t first,
                                  uint64_t iterations, const void *ra) {
  int type = omp_ompt_static_work_type(loc);
  int kind = type == ompt_work_sections ? ompt_dispatch_section
             : distribute || type == ompt_work_distribute ? ompt_dispatch_distribute_chunk
                                                          : ompt_dispatch_ws_loop_chunk;
  omp_ompt_dispatch(omp_self(), kind, first, iterations, ra);
}

/* Each typed entry point is this body; T is the loop type, UT its unsigned
 * twin (all bound arithmetic is done there, modulo 2^bits, as LLVM's is),
 * ST the signed stride type. */
#define OMP_DEFINE_STATIC_LOOPS(S, T, UT, ST, T_MIN, T_MAX)                    \
                                                                               \
  OMP_EXPORT void __kmpc_for_static_init_##S(                                  \
      ident_t *loc, int32_t gtid, int32_t schedtype, int32_t *plastiter,       \
      T *plower, T *pupper, ST *pstride, ST incr, ST chunk) {                  \
    UT lower = (UT)*plower, upper = (UT)*pupper;                               \
    /* zero-trip: bounds stay as they are, the compiled test skips the loop */ \
    if (incr > 0 ? *pupper < *plower : *plower < *pupper) {                    \
      if (plastiter)                                                           \
        *plastiter = 0;                                                        \
      *pstride = incr;                                                         \
      if (OMP_UNLIKELY(omp_ompt_enabled()))                                    \
        omp_ompt_work(omp_self(), omp_ompt_static_work_type(loc),              \
                      ompt_scope_begin, 0, __builtin_return_address(0));       \
      return;                                                                  \
    }                                                                          \
    if (OMP_UNLIKELY(incr == 0))                                               \
      omp_static_zero_increment(loc);                                          \
    if (OMP_UNLIKELY(omp_ompt_enabled()))                                      \
      omp_ompt_work(omp_self(), omp_ompt_static_work_type(loc),                \
                    ompt_scope_begin, OMP_TRIP_COUNT(UT, lower, upper, incr),  \
                    __builtin_return_address(0));                              \
    bool distribute;                                                           \
    int kind = omp_static_kind(loc, schedtype, &distribute);                   \
    struct omp_thread *th = omp_self();                                        \
    uint32_t tid, nth;                                                         \
    if (OMP_UNLIKELY(distribute))                                              \
      omp_league_position(th, &tid, &nth);                                     \
    else                                                                       \
      omp_team_position(th, &tid, &nth);                                       \
    /* A team of one runs the whole range in one block, except under a      \
     * chunked schedule: clang-19 compiles `distribute parallel for          \
     * schedule(static, 1)` to one loop that steps by *pstride, so the       \
     * stride must stay one chunk (LLVM 19's whole-range stride runs only    \
     * each team's first iteration when its parallel has one thread). */     \
    if (nth == 1 && kind != KMP_SCH_STATIC_CHUNKED) {                          \
      if (plastiter)                                                           \
        *plastiter = 1;                                                        \
      *pstride = incr > 0 ? (ST)(upper - lower + 1)                            \
                          : (ST)(0 - (UT)(lower - upper + 1));                 \
      if (OMP_UNLIKELY(omp_ompt_enabled()))                                    \
        omp_ompt_static_chunk(loc, distribute, (uint64_t)*plower,              \
                              OMP_TRIP_COUNT(UT, lower, upper, incr),          \
                              __builtin_return_address(0));                    \
      return;                                                                  \
    }                                                                          \
    uint64_t trip = OMP_TRIP_COUNT(UT, lower, upper, incr);                    \
    int32_t last;                                                              \
    switch (kind) {                                                            \
    case KMP_SCH_STATIC:                                                       \
      if (trip < nth) {                                                        \
        /* one iteration each for the first trip threads */                    \
        if (tid < trip)                                                        \
          upper = lower = lower + (UT)tid * (UT)incr;                          \
        else                                                                   \
          lower = upper + (incr > 0 ? 1 : (UT)-1);                             \
        last = tid == trip - 1;                                                \
      } else {                                                                 \
        /* balanced blocks: the first trip % nth threads get one more */       \
        uint64_t small = trip / nth, extras = trip % nth;                      \
        uint64_t first = tid * small + (tid < extras ? tid : extras);          \
        lower += (UT)first * (UT)incr;                                         \
        upper = lower + (UT)small * (UT)incr - (tid < extras ? 0 : (UT)incr);  \
        last = tid == nth - 1;                                                 \
      }                                                                        \
      *pstride = (ST)trip;                                                     \
      break;                                                                   \
    case KMP_SCH_STATIC_CHUNKED: {                                             \
      uint64_t size = chunk < 1 ? 1 : (uint64_t)chunk;                         \
      if (size > trip)                                                         \
        size = trip;                                                           \
      uint64_t nchunks = trip / size + (trip % size ? 1 : 0);                  \
      UT span = (UT)size * (UT)incr;                                           \
      if (nchunks < nth) {                                                     \
        *pstride = (ST)(span * (UT)nchunks);                                   \
        if (tid < nchunks) {                                                   \
          lower += span * (UT)tid;                                             \
          upper = lower + span - (UT)incr;                                     \
        } else {                                                               \
          lower = upper + (incr > 0 ? 1 : (UT)-1);                             \
        }                                                                      \
      } else {                                                                 \
        *pstride = (ST)(span * (UT)nth);                                       \
        lower += span * (UT)tid;                                               \
        upper = lower + span - (UT)incr;                                       \
      }                                                                        \
      last = tid == (nchunks - 1) % nth;                                       \
      break;                                                                   \
    }                                                                          \
    default: { /* KMP_SCH_STATIC_BALANCED_CHUNKED: simd-width multiples */     \
      T old_upper = *pupper;                                                   \
      uint64_t width = chunk < 1 ? 1 : (uint64_t)chunk;                        \
      uint64_t per_thread = (trip + nth - 1) / nth;                            \
      uint64_t size = (per_thread + width - 1) & ~(width - 1);                 \
      UT span = (UT)size * (UT)incr;                                           \
      lower += span * (UT)tid;                                                 \
      upper = lower + span - (UT)incr;                                         \
      if (incr > 0 ? (T)upper > old_upper : (T)upper < old_upper)              \
        upper = (UT)old_upper;                                                 \
      /* clang-19 steps a chunked loop by *pstride; past the last block.      \
       * LLVM 19 leaves it as clang set it (1), so every member re-runs       \
       * shifted copies of its block: wrong results with >1 thread. */        \
      *pstride = (ST)(span * (UT)nth);                                         \
      last = tid == (trip - 1) / size;                                         \
      break;                                                                   \
    }                                                                          \
    }                                                                          \
    *plower = (T)lower;                                                        \
    *pupper = (T)upper;                                                        \
    if (plastiter)                                                             \
      *plastiter = last;                                                       \
    if (OMP_UNLIKELY(omp_ompt_enabled()) &&                                    \
        (incr > 0 ? *plower <= *pupper : *pupper <= *plower))                  \
      omp_ompt_static_chunk(loc, distribute, (uint64_t)*plower,                \
                            OMP_TRIP_COUNT(UT, lower, upper, incr),            \
                            __builtin_return_address(0));                      \
  }                                                                            \
                                                                               \
  /* distribute + parallel for in one: this team's block of the league's     \
   * iterations (*pupperDist), then this thread's part of that block. */      \
  OMP_EXPORT void __kmpc_dist_for_static_init_##S(                             \
      ident_t *loc, int32_t gtid, int32_t schedule, int32_t *plastiter,        \
      T *plower, T *pupper, T *pupperDist, ST *pstride, ST incr, ST chunk) {   \
    if (OMP_UNLIKELY(incr == 0))                                               \
      omp_static_zero_increment(loc);                                          \
    UT lower = (UT)*plower, upper = (UT)*pupper;                               \
    if (incr > 0 ? *pupper < *plower : *plower < *pupper) {                    \
      if (plastiter)                                                           \
        *plastiter = 0;                                                        \
      *pupperDist = *pupper;                                                   \
      *pstride = incr;                                                         \
      return;                                                                  \
    }                                                                          \
    struct omp_thread *th = omp_self();                                        \
    uint32_t team_id, nteams, tid, nth;                                        \
    omp_league_position(th, &team_id, &nteams);                                \
    omp_team_position(th, &tid, &nth);                                         \
    uint64_t trip = OMP_TRIP_COUNT(UT, lower, upper, incr);                    \
    int32_t last;                                                              \
    *pstride = (ST)(upper - lower);                                            \
    if (trip <= nteams) {                                                      \
      /* one iteration for the masters of the first trip teams */              \
      if (team_id < trip && tid == 0) {                                        \
        lower += (UT)team_id * (UT)incr;                                       \
        *pupper = *pupperDist = *plower = (T)lower;                            \
      } else {                                                                 \
        *pupperDist = *pupper;                                                 \
        *plower = (T)(upper + (UT)incr);                                       \
      }                                                                        \
      if (plastiter)                                                           \
        *plastiter = tid == 0 && team_id == trip - 1;                          \
      return;                                                                  \
    }                                                                          \
    uint64_t small = trip / nteams, extras = trip % nteams;                    \
    lower += (UT)(team_id * small + (team_id < extras ? team_id : extras)) *   \
             (UT)incr;                                                         \
    UT upper_dist =                                                            \
        lower + (UT)small * (UT)incr - (team_id < extras ? 0 : (UT)incr);      \
    *pupperDist = (T)upper_dist;                                               \
    last = team_id == nteams - 1;                                              \
    trip = OMP_TRIP_COUNT(UT, lower, upper_dist, incr);                        \
    switch ((int)((uint32_t)schedule & ~KMP_SCH_MODIFIER_MASK)) {              \
    case KMP_SCH_STATIC:                                                       \
      if (trip <= nth) {                                                       \
        if (tid < trip)                                                        \
          upper = lower = lower + (UT)tid * (UT)incr;                          \
        else                                                                   \
          lower = upper + (UT)incr;                                            \
        last = last && tid == trip - 1;                                        \
      } else {                                                                 \
        uint64_t per = trip / nth, more = trip % nth;                          \
        lower += (UT)(tid * per + (tid < more ? tid : more)) * (UT)incr;       \
        upper = lower + (UT)per * (UT)incr - (tid < more ? 0 : (UT)incr);      \
        last = last && tid == nth - 1;                                         \
      }                                                                        \
      break;                                                                   \
    case KMP_SCH_STATIC_CHUNKED: {                                             \
      uint64_t size = chunk < 1 ? 1 : (uint64_t)chunk;                         \
      UT span = (UT)size * (UT)incr;                                           \
      *pstride = (ST)(span * (UT)nth);                                         \
      lower += span * (UT)tid;                                                 \
      upper = lower + span - (UT)incr;                                         \
      last = last && tid == ((trip - 1) / size) % nth;                         \
      break;                                                                   \
    }                                                                          \
    default:                                                                   \
      omp_fatal(loc, "__kmpc_dist_for_static_init: schedule type %d is not "  \
                     "a static schedule", (int)schedule);                      \
    }                                                                          \
    *plower = (T)lower;                                                        \
    *pupper = (T)upper;                                                        \
    if (plastiter)                                                             \
      *plastiter = last;                                                       \
    if (OMP_UNLIKELY(omp_ompt_enabled()) &&                                    \
        (incr > 0 ? *plower <= *pupper : *pupper <= *plower))                  \
      omp_ompt_static_chunk(loc, false,      (uint64_t)*plower,                \
                            OMP_TRIP_COUNT(UT, lower, upper, incr),            \
                            __builtin_return_address(0));                      \
  }                                                                            \
                                                                               \
  /* dist_schedule(static, chunk): this team's first chunk and the stride   \
   * to its next ones (round-robin over the league). */                       \
  OMP_EXPORT void __kmpc_team_static_init_##S(                                 \
      ident_t *loc, int32_t gtid, int32_t *p_last, T *p_lb, T *p_ub,           \
      ST *p_st, ST incr, ST chunk) {                                           \
    if (OMP_UNLIKELY(incr == 0))                                               \
      omp_static_zero_increment(loc);                                          \
    T lower = *p_lb, upper = *p_ub;                                            \
    uint32_t team_id, nteams;                                                  \
    omp_league_position(omp_self(), &team_id, &nteams);                        \
    uint64_t trip = OMP_TRIP_COUNT(UT, lower, upper, incr);                    \
    uint64_t size = chunk < 1 ? 1 : (uint64_t)chunk;                           \
    UT span = (UT)size * (UT)incr;                                             \
    *p_st = (ST)(span * (UT)nteams);                                           \
    T lb = (T)((UT)lower + span * (UT)team_id);                                \
    T ub = (T)((UT)lb + span - (UT)incr);                                      \
    if (p_last)                                                                \
      *p_last = team_id == ((trip - 1) / size) % nteams;                       \
    if (incr > 0) {                                                            \
      if (ub < lb) /* wrapped past the type's end */                           \
        ub = T_MAX;                                                            \
      if (ub > upper)                                                          \
        ub = upper;                                                            \
    } else {                                                                   \
      if (ub > lb)                                                             \
        ub = T_MIN;                                                            \
      if (ub < upper)                                                          \
        ub = upper;                                                            \
    }                                                                          \
    *p_lb = lb;                                                                \
    *p_ub = ub;                                                                \
  }

OMP_DEFINE_STATIC_LOOPS(4, int32_t, uint32_t, int32_t, INT32_MIN, INT32_MAX)
OMP_DEFINE_STATIC_LOOPS(4u, uint32_t, uint32_t, int32_t, 0, UINT32_MAX)
OMP_DEFINE_STATIC_LOOPS(8, int64_t, uint64_t, int64_t, INT64_MIN, INT64_MAX)
OMP_DEFINE_STATIC_LOOPS(8u, uint64_t, uint64_t, int64_t, 0, UINT64_MAX)

/* The end of a statically scheduled loop: nothing to undo, only a tool to
 * tell. */
OMP_EXPORT void __kmpc_for_static_fini(ident_t *loc, int32_t gtid) {
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_work(omp_self(), omp_ompt_static_work_type(loc), ompt_scope_end, 0,
                  __builtin_return_address(0));
}

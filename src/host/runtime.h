/* runtime.h — the host runtime's one internal header.
 *
 * Defines what every concern of libomp shares: the LLVM ABI types clang-19
 * passes us (ident_t, microtask), the thread, team and implicit-task
 * structures, the ICVs, and the small set of internal calls between concerns.
 * Entry points (__kmpc_*, omp_*) are thin and live in the file named for
 * their concept (parallel.c, barrier.c, loop_static.c, ...).
 *
 * Nothing here is exported: the library is built with -fvisibility=hidden and
 * only functions marked OMP_EXPORT reach the dynamic symbol table, under the
 * version node VERSION (see exports.map).
 */
#ifndef OMP_HOST_RUNTIME_H
#define OMP_HOST_RUNTIME_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "omp.h"

#define OMP_EXPORT __attribute__((visibility("default")))
#define OMP_CACHE_LINE 64
#define OMP_ALIGNED_CACHE __attribute__((aligned(OMP_CACHE_LINE)))
#define OMP_LIKELY(x) __builtin_expect(!!(x), 1)
#define OMP_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* ---- ABI types clang-19 hands us ------------------------------------- */

/* Source location of a construct; psource is ";file;function;line;col;;". */
typedef struct ident {
  int32_t reserved_1;
  int32_t flags; /* KMP_IDENT_* bits */
  int32_t reserved_2;
  int32_t reserved_3;
  const char *psource;
} ident_t;

#define KMP_IDENT_IMB 0x01
#define KMP_IDENT_KMPC 0x02
#define KMP_IDENT_AUTOPAR 0x08
#define KMP_IDENT_ATOMIC_REDUCE 0x10
#define KMP_IDENT_BARRIER_EXPL 0x20
#define KMP_IDENT_BARRIER_IMPL 0x0040
#define KMP_IDENT_BARRIER_IMPL_MASK 0x01C0
#define KMP_IDENT_BARRIER_IMPL_FOR 0x0040
#define KMP_IDENT_BARRIER_IMPL_SECTIONS 0x00C0
#define KMP_IDENT_BARRIER_IMPL_SINGLE 0x0140
#define KMP_IDENT_BARRIER_IMPL_WORKSHARE 0x01C0
#define KMP_IDENT_WORK_LOOP 0x200
#define KMP_IDENT_WORK_SECTIONS 0x400
#define KMP_IDENT_WORK_DISTRIBUTE 0x800
#define KMP_IDENT_ATOMIC_HINT_MASK 0xFF0000

/* The outlined body of a parallel or teams region. */
typedef void (*kmpc_micro)(int32_t *gtid, int32_t *bound_tid, ...);

/* A named critical section's storage, emitted by clang (8 x int32). */
typedef int32_t kmp_critical_name[8];

/* ---- ICVs -------------------------------------------------------------- */

/* The ICVs of one data environment (each task carries its own copy). */
struct omp_icvs {
  int nthreads;          /* nthreads-var for the next parallel region */
  int dynamic;           /* dyn-var */
  int max_active_levels; /* max-active-levels-var */
  int thread_limit;      /* thread-limit-var */
  int sched_kind;        /* run-sched-var: omp_sched_t, may carry monotonic bit */
  int sched_chunk;       /* run-sched-var chunk (0: default) */
  int proc_bind;         /* bind-var for the next parallel region */
  int default_device;    /* default-device-var */
};

/* Device-wide settings and ICVs, read from the environment once (env.c). */
struct omp_global {
  int num_procs;            /* processors available to this process */
  int *nthreads_list;       /* OMP_NUM_THREADS, one entry per nesting level */
  int nthreads_list_len;
  int *bind_list;           /* OMP_PROC_BIND, one entry per nesting level */
  int bind_list_len;
  size_t stacksize;         /* OMP_STACKSIZE for worker threads */
  int wait_policy;          /* OMP_WAIT_POLICY: 0 unset, 1 active, 2 passive */
  int64_t blocktime_ns;     /* spin budget before sleeping (KMP_BLOCKTIME) */
  int cancellation;         /* OMP_CANCELLATION */
  int display_env;          /* OMP_DISPLAY_ENV: 0 false, 1 true, 2 verbose */
  int display_affinity;     /* OMP_DISPLAY_AFFINITY */
  int max_task_priority;    /* OMP_MAX_TASK_PRIORITY */
  int target_offload;       /* OMP_TARGET_OFFLOAD: 0 default, 1 mandatory, 2 disabled */
  int num_teams;            /* OMP_NUM_TEAMS (0: unset) */
  int teams_thread_limit;   /* OMP_TEAMS_THREAD_LIMIT (0: unset) */
  int max_threads_limit;    /* OMP_THREAD_LIMIT as given (INT_MAX when unset) */
  int max_active_levels_supported;
  struct omp_icvs initial_icvs; /* ICVs of each initial task */
};

extern struct omp_global omp_global;

/* ---- Threads, teams, tasks ------------------------------------------- */

struct omp_thread;
struct omp_team;

/* A word threads sleep on: waiters spin for the blocktime, then sleep in the
 * kernel, and wakers only make a system call when somebody sleeps. */
struct omp_waitword {
  _Atomic uint32_t value;
  _Atomic uint32_t sleepers;
};

/* A centralised sense-reversing barrier: arrivals count up, the last one
 * bumps the epoch everybody waits on. */
struct omp_barrier {
  _Atomic uint32_t arrived OMP_ALIGNED_CACHE;
  struct omp_waitword epoch OMP_ALIGNED_CACHE;
};

/* A task: today the implicit task of each team member (its data
 * environment); explicit tasks extend it (tasking). */
struct omp_task {
  struct omp_icvs icvs;
  struct omp_task *parent;
  struct omp_team *team;
  bool implicit;
  bool final;
};

#define OMP_DISPATCH_BUFFERS 7 /* loops in flight at once under nowait */

/* Shared state of one dynamically scheduled loop (dispatch.c). */
struct omp_dispatch_buffer {
  _Atomic uint32_t index OMP_ALIGNED_CACHE; /* which loop owns it */
  _Atomic uint32_t finished;                /* members done with it */
  _Atomic int64_t next;                     /* next iteration to hand out */
  _Atomic int64_t ordered_next;             /* ordered: next to enter */
  int64_t lower, upper, stride;             /* normalised loop */
  int64_t chunk;
  int kind;                                 /* kmp schedule of this loop */
  uint64_t trip_count;
  void *doacross;                           /* doacross state (ordered.c) */
};

struct omp_team {
  int nthreads;
  int level;             /* nesting level, serialized regions included */
  int active_level;      /* nesting level of regions with >1 thread */
  bool serialized;       /* a team of one from if(0)/num_threads(1)/limits */
  bool is_league;        /* the initial threads of a host teams region */
  int league_size;       /* for a league: number of teams */
  struct omp_team *parent;
  int parent_tid;        /* the master's thread number in the parent */
  ident_t *loc;
  kmpc_micro microtask;
  int32_t argc;
  void **argv;
  int capacity;          /* allocated slots in threads/implicit_tasks */
  struct omp_thread **threads;
  struct omp_task *implicit_tasks;
  struct omp_barrier barrier;                    /* explicit and implicit barriers */
  struct omp_waitword join OMP_ALIGNED_CACHE;    /* workers finished the region */
  _Atomic uint32_t single_count OMP_ALIGNED_CACHE; /* single constructs claimed */
  struct omp_dispatch_buffer dispatch[OMP_DISPATCH_BUFFERS];
  void *_Atomic copyprivate_data;                /* single's broadcast */
  _Atomic int cancel_kind OMP_ALIGNED_CACHE;     /* pending cancellation */
  void *reduce_data;                             /* tree reduction scratch */
  /* the master's worksharing counters in its outer team, restored at join */
  uint32_t master_saved_single_count;
  uint32_t master_saved_dispatch_count;
  struct omp_dispatch_buffer *master_saved_dispatch;
  struct omp_team *free_next; /* serialized-team free list */
};

struct omp_thread {
  int gtid;                  /* global id, index in omp_threads */
  int tid;                   /* thread number in the current team */
  struct omp_team *team;     /* current team (never NULL once registered) */
  struct omp_task *task;     /* current task */
  bool is_root;              /* an initial thread (user thread) */
  struct omp_team *root_team;  /* level-0 team of a root */
  struct omp_team *hot_team;   /* reused top-level team when this is master */
  struct omp_team *serial_teams; /* free list for serialized regions */
  /* next fork's clauses */
  int pushed_nthreads;
  int pushed_proc_bind;
  int pushed_nteams_lb, pushed_nteams_ub;
  int pushed_teams_thread_limit;
  /* worker side: the master assigns a team and bumps fork */
  struct omp_waitword fork OMP_ALIGNED_CACHE;
  struct omp_team *next_team;
  int next_tid;
  bool exit_requested;
  uint32_t fork_seen;
  /* worksharing: each member counts its own constructs */
  uint32_t single_count;
  uint32_t dispatch_count;
  struct omp_dispatch_buffer *dispatch; /* loop now being scheduled */
  int64_t dispatch_last_chunk_lb;       /* ordered: current chunk */
  int64_t dispatch_last_chunk_ub;
  struct omp_thread *pool_next;
  pthread_t pthread;
  int place;                 /* bound place, -1 when unbound */
};

/* ---- init.c --------------------------------------------------------------- */

void omp_runtime_init(void);
struct omp_thread *omp_register_root(void);
struct omp_thread *omp_thread_by_gtid(int gtid);

extern __thread struct omp_thread *omp_self_tls;

/* The calling thread's state; registers a new initial thread on first use. */
static inline struct omp_thread *omp_self(void) {
  struct omp_thread *th = omp_self_tls;
  if (OMP_UNLIKELY(th == NULL))
    th = omp_register_root();
  return th;
}

/* ---- thread.c: worker threads and the pool ------------------------------- */

struct omp_thread *omp_pool_acquire(void);
void omp_pool_release(struct omp_thread *th);
int omp_threads_in_use(void);
void omp_threads_busy_add(int delta);
int omp_assign_gtid(struct omp_thread *th);
void omp_worker_start(struct omp_thread *th, struct omp_team *team, int tid);

/* ---- wait.c: spin then sleep ---------------------------------------------- */

void omp_wait_while_equal(struct omp_waitword *w, uint32_t old);
void omp_wake_all(struct omp_waitword *w);
void omp_wait_init(void);
extern bool omp_oversubscribed;

/* ---- parallel.c --------------------------------------------------------- */

void omp_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int argc,
                          void **argv);
void omp_fork(struct omp_thread *th, ident_t *loc, kmpc_micro fn, int argc,
              void **argv);
void omp_serialized_begin(struct omp_thread *th, ident_t *loc);
void omp_serialized_end(struct omp_thread *th);
void omp_icvs_for_level(struct omp_icvs *child, const struct omp_icvs *parent,
                        int level);

/* ---- barrier.c -------------------------------------------------------------- */

void omp_barrier_init(struct omp_barrier *b);
/* Returns once all nthreads members have arrived. */
void omp_barrier_wait(struct omp_team *team, struct omp_thread *th);

/* ---- team queries (api_team.c) ---------------------------------------- */

/* The team and thread number at nesting level `level`, skipping leagues. */
struct omp_team *omp_team_at_level(struct omp_thread *th, int level, int *tid);
/* The host teams region enclosing th, NULL when none. */
struct omp_team *omp_enclosing_league(struct omp_thread *th, int *team_num);

/* ---- error.c: messages ------------------------------------------------------ */

/* Messages start with "omp:" and name the source location when known. */
void omp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void omp_fatal(ident_t *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "file:line" of loc into buf, "" when unknown. */
const char *omp_loc_string(const ident_t *loc, char *buf, size_t size);

/* ---- env.c ---------------------------------------------------------------------- */

void omp_env_init(void);

#endif

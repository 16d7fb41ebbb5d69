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
#include "ompt.h"

#define OMP_EXPORT __attribute__((visibility("default")))
#define OMP_CACHE_LINE 64
#define OMP_ALIGNED_CACHE __attribute__((aligned(OMP_CACHE_LINE)))
#define OMP_LIKELY(x) __builtin_expect(!!(x), 1)
#define OMP_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Store v only when the field holds something else (LLVM's
 * KMP_CHECK_UPDATE): a cache line a fork leaves alone is one the team's
 * workers need not fetch back. For plain and for atomic fields. */
#define OMP_SET_IF_CHANGED(field, v)                                           \
  do {                                                                         \
    if ((field) != (v))                                                        \
      (field) = (v);                                                           \
  } while (0)
#define OMP_STORE_IF_CHANGED(field, v)                                         \
  do {                                                                         \
    if (atomic_load_explicit(&(field), memory_order_relaxed) != (v))           \
      atomic_store_explicit(&(field), (v), memory_order_relaxed);              \
  } while (0)

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
/* The values a num_threads(n1, n2, ...) list gives the levels nested in
 * its region (n2, n3, ...; the last one for every deeper level). Interned
 * (kmp_ext.c): never freed, so ICVs can point at one for as long as any
 * task lives. */
struct omp_nthreads_list {
  struct omp_nthreads_list *next; /* the interned lists */
  int len;
  int values[];
};

struct omp_icvs {
  int nthreads;          /* nthreads-var for the next parallel region */
  /* A num_threads list's values for the levels below its region (NULL:
   * OMP_NUM_THREADS's list), and the level of that region's implicit tasks,
   * which take values[0]. */
  const struct omp_nthreads_list *nthreads_list;
  int nthreads_list_level;
  int dynamic;           /* dyn-var */
  int max_active_levels; /* max-active-levels-var */
  int thread_limit;      /* thread-limit-var */
  int sched_kind;        /* run-sched-var: omp_sched_t, may carry monotonic bit */
  int sched_chunk;       /* run-sched-var chunk (0: default) */
  int proc_bind;         /* bind-var for the next parallel region */
  int default_device;    /* default-device-var */
  /* The device whose code this task runs, -1 on the host: the x86_64
   * offload device runs a kernel's teams, threads and tasks here, and
   * omp_get_device_num() there answers its number (target_hooks.c). */
  int device_num;
  uintptr_t default_allocator; /* def-allocator-var; 0: omp_global's (alloc.c) */
};

/* Device-wide settings and ICVs, read from the environment once (env.c). */
/* LLVM's enum library_type (KMP_LIBRARY, kmp_set_library). serial: the
 * next regions get one thread; turnaround: for dedicated machines (waiters
 * spin); throughput: for shared machines (waiters sleep after the
 * blocktime), the default. */
enum omp_library {
  OMP_LIBRARY_SERIAL = 1,
  OMP_LIBRARY_TURNAROUND = 2,
  OMP_LIBRARY_THROUGHPUT = 3,
};

/* LLVM's run-sched-var kinds beyond the standard ones (kmp_sched_t): the
 * trapezoidal schedule and static stealing (which runs as dynamic here). */
#define OMP_SCHED_TRAPEZOIDAL 101
#define OMP_SCHED_STATIC_STEAL 102

struct omp_global {
  int num_procs;            /* processors available to this process */
  int *nthreads_list;       /* OMP_NUM_THREADS, one entry per nesting level */
  int nthreads_list_len;
  int *bind_list;           /* OMP_PROC_BIND, one entry per nesting level */
  int bind_list_len;
  size_t stacksize;         /* OMP_STACKSIZE for worker threads */
  int wait_policy;          /* OMP_WAIT_POLICY: 0 unset, 1 active, 2 passive */
  int library;              /* KMP_LIBRARY: 0 unset, else enum omp_library */
  bool affinity_reset;      /* KMP_AFFINITY=reset: unbound outside regions */
  int teams_proc_bind;      /* KMP_TEAMS_PROC_BIND: how teams share the places */
  int teams_max_threads;    /* KMP_TEAMS_THREAD_LIMIT: threads of all host teams */
  int hot_teams_max_level;  /* KMP_HOT_TEAMS_MAX_LEVEL: levels whose teams are kept */
  int64_t blocktime_ns;     /* spin budget before sleeping (KMP_BLOCKTIME) */
  int cancellation;         /* OMP_CANCELLATION */
  bool task_throttling_off; /* KMP_ENABLE_TASK_THROTTLING=0: deques grow */
  int display_env;          /* OMP_DISPLAY_ENV: 0 false, 1 true, 2 verbose */
  int display_affinity;     /* OMP_DISPLAY_AFFINITY */
  int max_task_priority;    /* OMP_MAX_TASK_PRIORITY */
  int target_offload;       /* OMP_TARGET_OFFLOAD: 0 default, 1 mandatory, 2 disabled */
  int num_teams;            /* OMP_NUM_TEAMS (0: unset) */
  int teams_thread_limit;   /* OMP_TEAMS_THREAD_LIMIT (0: unset) */
  int max_threads_limit;    /* OMP_THREAD_LIMIT as given (INT_MAX when unset) */
  int max_active_levels_supported;
  uintptr_t default_allocator; /* OMP_ALLOCATOR: an omp_allocator_handle_t */
  int num_hidden_helper_threads; /* LIBOMP_NUM_HIDDEN_HELPER_THREADS */
  /* dispatch buffers per team (KMP_DISP_NUM_BUFFERS, kmp_set_disp_num_buffers
   * before start-up), and the loop count at which numbering wraps: a multiple
   * of it, so loop k always takes buffer k % dispatch_buffers */
  uint32_t dispatch_buffers;
  uint32_t dispatch_wrap;
  bool use_hidden_helper_task;   /* LIBOMP_USE_HIDDEN_HELPER_TASK */
  _Atomic bool warnings_off;     /* kmp_set_warnings_off (kmp_ext.c) */
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

/* The epoch's top bit is set, within one barrier phase, by the member that
 * creates its team's first explicit task: members already waiting in the
 * barrier wake and run tasks instead of sleeping until the producer has run
 * them all (barrier.c). A release clears it. */
#define OMP_EPOCH_TASKS 0x80000000u
/* Set by the last arrival when threads outnumber processors and it is not
 * the master: everyone has arrived, and the master releases the others
 * (barrier.c). */
#define OMP_EPOCH_ARRIVED 0x40000000u
#define OMP_EPOCH_FLAGS (OMP_EPOCH_TASKS | OMP_EPOCH_ARRIVED)
static inline uint32_t omp_epoch_next(uint32_t epoch) {
  return ((epoch & ~OMP_EPOCH_FLAGS) + 1) & ~OMP_EPOCH_FLAGS;
}

/* ---- Tasks: LLVM's kmp_task_t, which clang's code reads and writes ---- */

typedef int32_t (*kmp_routine_entry_t)(int32_t gtid, void *task);
typedef union kmp_cmplrdata {
  int32_t priority;
  kmp_routine_entry_t destructors;
} kmp_cmplrdata_t;

typedef struct kmp_task {
  void *shareds;
  kmp_routine_entry_t routine;
  int32_t part_id;
  kmp_cmplrdata_t data1; /* destructors thunk */
  kmp_cmplrdata_t data2; /* priority */
  /* clang places the task's private copies after this */
} kmp_task_t;

/* kmp_tasking_flags_t: the compiler's low 8 bits */
#define OMP_TASK_TIED 0x01
#define OMP_TASK_FINAL 0x02
#define OMP_TASK_MERGED_IF0 0x04
#define OMP_TASK_DESTRUCTORS 0x08
#define OMP_TASK_PROXY 0x10
#define OMP_TASK_PRIORITY 0x20
#define OMP_TASK_DETACHABLE 0x40
#define OMP_TASK_HIDDEN_HELPER 0x80

/* One `depend` item as clang passes it (kmp_depend_info_t); GCC's lists
 * are converted to it (gomp_task.c). */
typedef struct kmp_depend_info {
  intptr_t base_addr;
  size_t len;
  uint8_t flags;
} kmp_depend_info_t;

#define OMP_DEP_IN 0x01
#define OMP_DEP_OUT 0x02
#define OMP_DEP_MTX 0x04
#define OMP_DEP_SET 0x08
#define OMP_DEP_ALL 0x80

struct omp_taskgroup;
struct omp_dephash;
struct omp_depnode;

/* A task: the implicit task of each team member, or an explicit task whose
 * kmp_task_t (and clang's privates and shareds) follow this header in the
 * same allocation. Its ICVs are its data environment. */
struct omp_task {
  struct omp_icvs icvs;
  struct omp_task *parent;
  struct omp_team *team;       /* team whose barriers wait for this task */
  bool implicit;
  bool final;
  bool started;                /* an untied task that re-enqueues itself */
  bool if0;                    /* undeferred: run by its encountering thread */
  bool target_task;            /* from __kmpc_omp_target_task_alloc */
  bool counted_target;         /* in omp_target_tasks_outstanding (task.c) */
  bool counted_pending;        /* in its team's tasks.pending (omp_task_count_pending) */
  bool construct_seen;         /* its body began a device construct */
  uint32_t flags;              /* OMP_TASK_* from clang */
  int creator_tid;             /* deque the task goes back to when released */
  int priority;
  _Atomic int32_t incomplete_children; /* what taskwait waits for */
  _Atomic int32_t refs;        /* self while incomplete + each live child */
  _Atomic int32_t parts;       /* untied re-enqueues still outstanding */
  _Atomic int32_t detach_state; /* OMP_DETACH_* */
  struct omp_taskgroup *taskgroup; /* innermost taskgroup of this task */
  struct omp_dephash *dephash; /* dependences among this task's children */
  struct omp_depnode *depnode; /* this task in its parent's graph */
  void *async_handle;          /* libomptarget's per-task async info */
  size_t alloc_size;
  ompt_data_t ompt_task_data;  /* the tool's word for this task (ompt.h) */
  ompt_frame_t ompt_frame;
  /* the task its thread ran before this one (a tool's ancestor: task.c) */
  struct omp_task *ompt_scheduling_parent;
  /* a taskloop's task: its chunk, for the tool (0 iterations: none) */
  uint64_t ompt_chunk_start, ompt_chunk_iterations;
  /* Implicit tasks: the initial task of their contention group (a root's,
   * or a host team's in a league), whose cg_threads counts the group's
   * threads, against which its thread-limit-var is applied. */
  struct omp_task *cg;
  _Atomic int32_t cg_threads;
  /* a team's group whose limit is the processors' share (no thread_limit
   * clause or OMP_TEAMS_THREAD_LIMIT): counted against the whole process */
  bool cg_limit_by_procs;
} __attribute__((aligned(16)));

/* initial starts a contention group of one thread: a root's or a hidden
 * helper's initial task, or a host team's in a league. */
static inline void omp_cg_start(struct omp_task *initial) {
  initial->cg = initial;
  atomic_store_explicit(&initial->cg_threads, 1, memory_order_relaxed);
}

#define OMP_DETACH_NONE 0
#define OMP_DETACH_ARMED 1     /* event handed out, not yet fulfilled */
#define OMP_DETACH_FULFILLED 2 /* fulfilled before the body finished */
#define OMP_DETACH_WAITING 3   /* body finished, waiting for fulfilment */

static inline kmp_task_t *omp_task_abi(struct omp_task *t) {
  return (kmp_task_t *)(t + 1);
}
static inline struct omp_task *omp_task_of(kmp_task_t *k) {
  return ((struct omp_task *)k) - 1;
}

/* One member's task deque (task_queue.c): the owner pushes and pops at the
 * bottom (LIFO), thieves take from the top (FIFO); when it is full the
 * producer runs the task itself (throttling). */
struct omp_task_deque;
struct omp_prio_queue;

/* A team's tasking state, set up on the team's first explicit task. */
struct omp_team_tasks {
  struct omp_task_deque *deques;  /* one per member */
  int ndeques;
  /* barriers must wait for tasks; read by every task allocation, so it
   * sits with the read-mostly fields, away from the counters */
  _Atomic bool used;
  /* a task of the region may complete after its body returned (detached,
   * proxy or target task): until then a team of one records no
   * dependences (taskdeps.c, omp_deps_trivial) */
  _Atomic bool late_completion;
  /* ready tasks with priority > 0, shared by the team (task_queue.c); the
   * count stays 0 and is the only cost when no task has a priority */
  struct omp_prio_queue *prio;
  _Atomic int32_t prio_count;
  /* explicit tasks not complete, as far as members have handed their
   * counts in: a member keeps what it counts and completes in its
   * omp_thread (pending_delta) until it arrives at a barrier or the join,
   * and while it waits there, keeps only completions. So once every member
   * has arrived this can be high for a while but never low (task.c,
   * omp_task_count_pending and omp_task_flush_pending). 64 bits: a member
   * may count billions of tasks before it arrives. */
  _Atomic int64_t pending OMP_ALIGNED_CACHE;
  struct omp_waitword work OMP_ALIGNED_CACHE; /* bumped: task queued or done */
  _Atomic int32_t waiters;        /* threads waiting for work */
  _Atomic int32_t signalers;      /* completions still touching the team */
};

/* Loops in flight at once under nowait: LLVM's default and bounds. */
#define OMP_DISPATCH_BUFFERS_DEFAULT 7
#define OMP_DISPATCH_BUFFERS_MAX 4096

/* Shared state of one worksharing construct that hands out work at run time
 * (dispatch.c: dynamic loops, sections; ordered.c: ordered, doacross). Loop
 * number k of a region uses buffer k % omp_global.dispatch_buffers once
 * `index` reaches k; the last member to finish with it resets it and moves
 * `index` on by that count, so up to that many nowait loops are in flight.
 * A construct takes at most one buffer of each ring (below): a doacross
 * loop's flags and GCC's scratch block have rings of their own, as LLVM's
 * doacross flags have an index of their own, so a construct that holds
 * several never waits for itself, whatever the number of buffers. */
enum omp_dispatch_ring {
  OMP_RING_LOOP,     /* the loop's or sections' chunks (dispatch.c) */
  OMP_RING_DOACROSS, /* a doacross loop's flags (ordered.c) */
  OMP_RING_SCRATCH,  /* GCC's scratch block (gomp_loop.c) */
  OMP_RINGS
};
struct omp_dispatch_buffer {
  _Atomic uint32_t index OMP_ALIGNED_CACHE; /* which loop owns it */
  _Atomic uint32_t finished;                /* members done with it */
  struct omp_waitword released;             /* bumped when index moves on */
  void *_Atomic doacross;                   /* doacross flags (ordered.c) */
  _Atomic uint64_t next OMP_ALIGNED_CACHE;  /* next chunk or iteration */
  _Atomic uint64_t ordered_next OMP_ALIGNED_CACHE; /* ordered: next to run */
  struct omp_waitword ordered_moved;        /* low bits of ordered_next */
  uintptr_t *_Atomic gomp_reductions;       /* GCC's worksharing task reductions */
  void *_Atomic gomp_scratch;               /* GCC's zeroed team block (gomp_loop.c) */
};

/* One member's side of the loop it is scheduling: the loop as every member
 * computes it from the same arguments, and its own progress (dispatch.c,
 * ordered.c). A master keeps it across a nested region it forks. */
struct omp_dispatch_private {
  uint64_t lower;        /* first iteration's value, as the loop type's bits */
  int64_t stride;
  uint64_t trip_count;
  uint64_t chunk;        /* iterations per chunk (guided: the minimum) */
  uint64_t nchunks;      /* chunks in all (static chunked, dynamic, trapezoid) */
  uint64_t static_next;  /* static kinds: this member's next chunk number */
  uint64_t trapezoid_first, trapezoid_step; /* first chunk size, decrement */
  uint64_t ordered_lower; /* ordered: first iteration of the current chunk */
  uint64_t ordered_chunk_iters; /* its iterations; GCC's ordered loops pass them */
  unsigned gomp_section_next, gomp_section_last; /* GCC's sections: the chunk's rest */
  int kind;              /* resolved schedule (dispatch.c) */
  bool ordered;
  bool ordered_bumped;   /* the current iteration left its ordered region */
  struct omp_dispatch_buffer *doacross_buffer; /* doacross loop running */
  int64_t *doacross_dims; /* its bounds: per dimension lo, up, st, range */
  int doacross_ndims;
  int ompt_work_type;    /* what a tool was told the loop is (ompt.h) */
  /* GCC's scratch block of the construct this member is in (gomp_loop.c),
   * and the buffer that shares it (NULL: a team of one owns it alone) */
  void *gomp_scratch;
  struct omp_dispatch_buffer *gomp_scratch_buffer;
};

struct omp_team {
  int nthreads;
  /* the num_threads list pushed for this region: its implicit tasks' and
   * their descendants' nthreads-var (NULL: none) */
  const struct omp_nthreads_list *nthreads_list;
  int level;             /* nesting level, serialized regions included */
  int active_level;      /* nesting level of regions with >1 thread */
  bool serialized;       /* a team of one from if(0)/num_threads(1)/limits */
  bool is_league;        /* the initial threads of a host teams region */
  int league_size;       /* for a league: number of teams */
  /* for a league (teams.c): each team's nthreads-var and thread limit,
   * and whether that limit is only the team's share of the processors */
  int league_nthreads, league_thread_limit;
  bool league_limit_by_procs;
  struct omp_task *cg;   /* its members' contention group (leagues: each
                          * team's initial task starts its own) */
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
  /* OMP_RINGS rings of omp_global.dispatch_buffers each, one after another */
  struct omp_dispatch_buffer *dispatch;
  void *_Atomic copyprivate_data;                /* single's broadcast */
  _Atomic int cancel_kind OMP_ALIGNED_CACHE;     /* pending cancellation */
  _Atomic int cancel_released; /* cancel_kind when the last barrier released (cancel.c) */
  struct omp_team_tasks tasks;                   /* explicit tasks (task.c) */
  _Atomic int32_t join_helpers;  /* workers running tasks after their join */
  _Atomic uint32_t join_done;    /* master: all tasks done, helpers may go */
  /* this region, unique among all regions (master gtid, its fork count):
   * what a worker that left the join before tasks existed records, so the
   * team's first task can call it back (thread.c, omp_join_recall) */
  uint64_t region_id;
  void *_Atomic taskred_data[2];  /* reduction(task,...) copies: parallel, ws */
  _Atomic int taskred_fini[2];
  bool is_hidden_helper;                         /* the hidden helper team */
  /* the master's worksharing counters in its outer team, restored at join */
  uint32_t master_saved_single_count;
  uint32_t master_saved_dispatch_count[OMP_RINGS];
  struct omp_dispatch_buffer *master_saved_dispatch;
  struct omp_dispatch_private master_saved_dispatch_private;
  struct omp_team *free_next; /* serialized-team free list */
  /* affinity.c: the master's place partition in this team, valid when
   * places_assigned (set by omp_affinity_fork) */
  bool places_assigned;
  int master_place_first, master_place_last;
  /* ompt.h: the tool's word for this region, and what its begin reported */
  ompt_data_t ompt_parallel_data;
  const void *ompt_codeptr;
  int ompt_flags;
};

#define OMP_SPARE_TEAMS 2

struct omp_thread {
  int gtid;                  /* global id, index in omp_threads */
  int tid;                   /* thread number in the current team */
  struct omp_team *team;     /* current team (never NULL once registered) */
  struct omp_task *task;     /* current task */
  bool is_root;              /* an initial thread (user thread) */
  struct omp_team *root_team;  /* level-0 team of a root */
  struct omp_team *hot_team;   /* reused top-level team when this is master */
  /* parallel.c: teams it mastered at active levels 1, 2, ... below
   * KMP_HOT_TEAMS_MAX_LEVEL ([level - 1]), kept with their workers for its
   * next region at that level; grown to the deepest level it forked at */
  struct omp_team **nested_hot_teams;
  int nested_hot_len;
  /* parallel.c: the last nested teams or leagues this thread mastered, kept
   * for its next ones (a target region on the x86_64 device forks a league
   * and a team inside it) */
  struct omp_team *spare_teams[OMP_SPARE_TEAMS];
  struct omp_team *serial_teams; /* free list for serialized regions */
  /* next fork's clauses */
  int pushed_nthreads;
  const struct omp_nthreads_list *pushed_nthreads_list; /* num_threads(n1, n2, ...) */
  int pushed_proc_bind;
  int pushed_nteams_lb, pushed_nteams_ub;
  bool pushed_nteams_51;    /* by __kmpc_push_num_teams_51 (lower:upper bounds) */
  int pushed_teams_thread_limit;
  /* num_threads(strict: n) of the next fork (kmp_ext.c); the fork hands
   * the team size it got to omp_num_threads_strict_check */
  bool pushed_strict;
  int pushed_strict_severity;
  const char *pushed_strict_message;
  ident_t *pushed_strict_loc;
  /* worker side: the master assigns a team and bumps fork */
  struct omp_waitword fork OMP_ALIGNED_CACHE;
  struct omp_team *next_team;
  int next_tid;
  bool exit_requested;
  _Atomic bool exited;       /* the thread returned (exit_requested) */
  uint32_t fork_seen;
  /* the region whose join this worker reached before its team had tasks
   * (0: none); the team's first task takes it back and hands the worker
   * its team in `recall`, with a fork bump */
  _Atomic uint64_t left_region;
  struct omp_team *_Atomic recall;
  uint64_t regions_forked;   /* as a master: numbers its regions' ids */
  /* worksharing: each member counts its own constructs */
  uint32_t single_count;
  /* left its region through a cancel barrier (cancel.c) */
  bool left_by_cancel;
  uint32_t dispatch_count[OMP_RINGS]; /* buffers taken from each ring */
  struct omp_dispatch_buffer *dispatch; /* loop now being scheduled */
  struct omp_dispatch_private dispatch_private;
  struct omp_thread *pool_next;
  void *mem_cache;           /* task_alloc.c: free lists of task memory */
  /* task.c: what this thread owes pending_delta_team's tasks.pending: +1
   * for each task its implicit task counted there, -1 for each task of that
   * team it completed, since it last flushed (omp_task_flush_pending) */
  struct omp_team *pending_delta_team;
  int64_t pending_delta;
  pthread_t pthread;
  int place;                 /* bound place, -1 when unbound */
  /* affinity.c: place partition as a worker of its team (the master's is
   * in the team), and what OMP_DISPLAY_AFFINITY last reported */
  int place_first, place_last;
  int os_tid;                /* kernel thread id, 0 until known */
  int shown_level, shown_nthreads;
  /* reduction.c: the method of the reduction this thread is in, and in a
   * tree reduction its partial result for its parent (ready.value is 1 from
   * handing it over until the parent has combined it) */
  int reduce_method;
  void *reduce_partial;
  struct omp_waitword reduce_ready OMP_ALIGNED_CACHE;
  /* ompt.h: the tool's word for this thread, its OMPT state, the return
   * address of the entry point now reporting an event (OMP_OMPT_CODEPTR),
   * and a worker's region end still to report (thread.c); a line of their
   * own, away from reduce_ready, which other members write */
  ompt_data_t ompt_thread_data OMP_ALIGNED_CACHE;
  int ompt_state;
  bool ompt_reduction_open; /* reduction.c: its end comes at __kmpc_end_reduce */
  bool ompt_yielding;       /* task.c: in a taskyield */
  /* the undeferred untied task this thread runs asked for its next part
   * as its current part returns (task.c: the parts run in a loop) */
  bool untied_next_part;
  const void *ompt_codeptr;
  /* ompt_target.c: the target construct this thread is in, for
   * ompt_get_target_info */
  struct omp_ompt_in_target {
    bool active;
    int device_num;
    ompt_id_t target_id, host_op_id;
    ompt_data_t undeferred_task_data; /* the target task an undeferred construct is */
  } ompt_target;
  struct omp_ompt_worker_end {
    bool pending;
    int sync_kind, task_flags, index;
    const void *codeptr;
    ompt_data_t task_data;
  } ompt_worker_end;
};

/* An entry point called by the program's task marks, with a tool, the
 * task's enter frame while the runtime works for it (ompt.h), and clears it
 * when it returns to the program. */
#define OMP_OMPT_ENTER(task)                                                   \
  do {                                                                         \
    if (omp_ompt_enabled()) {                                                  \
      (task)->ompt_frame.enter_frame.ptr = __builtin_frame_address(0);         \
      (task)->ompt_frame.enter_frame_flags =                                   \
          ompt_frame_runtime | ompt_frame_framepointer;                        \
    }                                                                          \
  } while (0)
#define OMP_OMPT_LEAVE(task)                                                   \
  do {                                                                         \
    if (omp_ompt_enabled())                                                    \
      (task)->ompt_frame.enter_frame.ptr = NULL;                               \
  } while (0)

/* An entry point that reports events notes where the program called it. */
#define OMP_OMPT_CODEPTR(th)                                                   \
  do {                                                                         \
    if (omp_ompt_enabled())                                                    \
      (th)->ompt_codeptr = __builtin_return_address(0);                        \
  } while (0)
/* ...and the event takes it (once). */
static inline const void *omp_ompt_take_codeptr(struct omp_thread *th) {
  const void *ra = th->ompt_codeptr;
  th->ompt_codeptr = NULL;
  return ra;
}

/* ---- init.c --------------------------------------------------------------- */

void omp_runtime_init(void);
/* start-up has begun (settings that apply only before it: kmp_ext.c) */
bool omp_runtime_started(void);
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

/* NULL when no worker can be created (omp_team_fill then forms a smaller team). */
struct omp_thread *omp_pool_acquire(void);
void omp_pool_release(struct omp_thread *th);
int omp_threads_in_use(void);
void omp_thread_limit_lock(void);
void omp_thread_limit_unlock(void);
void omp_threads_busy_add(int delta);
int omp_assign_gtid(struct omp_thread *th);
int omp_assign_hidden_helper_gtid(struct omp_thread *th, int index);
void omp_gtid_retract(int gtid);
void omp_live_threads_add(int delta); /* __kmpc_global_num_threads' count */
void omp_worker_start(struct omp_thread *th, struct omp_team *team, int tid);
/* At exit with an OMPT tool: idle workers report their end and end. */
void omp_threads_end_for_tool(struct omp_thread *root);

/* ---- wait.c: spin then sleep ---------------------------------------------- */

void omp_wait_while_equal(struct omp_waitword *w, uint32_t old);
/* A worker's wait for its next fork: the same, but one that keeps sharing a
 * core with its master sleeps once to be moved, and one beside awake hidden
 * helpers that need the processors sleeps after 50 us (wait.c). */
void omp_wait_fork(struct omp_waitword *w, uint32_t old);
/* More threads busy than processors: waiters yield, barriers release the
 * master first. */
bool omp_wait_oversubscribed(void);
void omp_wait_sleep_while_equal(struct omp_waitword *w, uint32_t old);
int64_t omp_now_ns(void); /* CLOCK_MONOTONIC */
void omp_wake_all(struct omp_waitword *w);
void omp_os_relax_or_yield(void);

/* ---- parallel.c --------------------------------------------------------- */

/* exit_frame (NULL: none) receives the frame the body is called from. */
void omp_invoke_microtask(kmpc_micro fn, int32_t *gtid, int32_t *tid, int argc,
                          void **argv, void **exit_frame);
/* The body of a region as `task`, the implicit task running it: with a
 * tool, the task's exit frame names the runtime's frame while it runs. */
static inline void omp_invoke_region(kmpc_micro fn, int32_t *gtid, int32_t *tid, int argc,
                                     void **argv, struct omp_task *task) {
  if (OMP_LIKELY(!omp_ompt_enabled())) {
    omp_invoke_microtask(fn, gtid, tid, argc, argv, NULL);
    return;
  }
  task->ompt_frame.exit_frame_flags = ompt_frame_runtime | ompt_frame_framepointer;
  omp_invoke_microtask(fn, gtid, tid, argc, argv, &task->ompt_frame.exit_frame.ptr);
  task->ompt_frame.exit_frame.ptr = NULL;
}
void omp_fork(struct omp_thread *th, ident_t *loc, kmpc_micro fn, int argc,
              void **argv);
/* A fork's shared-variable pointers from its variadic arguments: in
 * on_stack (OMP_MAX_ARGS_ON_STACK slots) or, beyond, in memory the caller
 * frees. */
#define OMP_MAX_ARGS_ON_STACK 64
void **omp_region_args(ident_t *loc, int argc, va_list ap, void **on_stack);
/* The body of a variadic fork entry point (__kmpc_fork_call, teams.c's
 * __kmpc_fork_teams): run(th, loc, fn, argc, argv) runs the region on the
 * pointers after fn, with the entry point's frame and caller told a tool. */
#define OMP_FORK_VARIADIC(loc, argc, fn, run)                                  \
  do {                                                                         \
    struct omp_thread *th_ = omp_self();                                       \
    struct omp_task *encountering_ = th_->task;                                \
    OMP_OMPT_CODEPTR(th_);                                                     \
    OMP_OMPT_ENTER(encountering_);                                             \
    void *on_stack_[OMP_MAX_ARGS_ON_STACK];                                    \
    va_list ap_;                                                               \
    va_start(ap_, fn);                                                         \
    void **argv_ = omp_region_args(loc, argc, ap_, on_stack_);                 \
    va_end(ap_);                                                               \
    run(th_, loc, fn, argc, argv_);                                            \
    OMP_OMPT_LEAVE(encountering_);                                             \
    if (argv_ != on_stack_)                                                    \
      free(argv_);                                                             \
  } while (0)
/* The team machinery host teams share (teams.c): a spare team of at least
 * `capacity` slots, its region prepared and run with th as its master, and
 * its retirement (workers to the pool, memory to th's spares). */
struct omp_team *omp_team_take_spare(struct omp_thread *th, int capacity);
/* Workers from the pool for members from..n-1 of team; returns the team's
 * size, smaller than n when the system refuses more threads. */
int omp_team_fill(struct omp_team *team, int from, int n);
void omp_team_prepare(struct omp_thread *th, struct omp_team *team, ident_t *loc,
                      kmpc_micro fn, int argc, void **argv);
void omp_team_execute(struct omp_thread *th, struct omp_team *team, int requested);
void omp_team_retire(struct omp_thread *th, struct omp_team *team);
/* The contention group th's current task is in: its implicit task's. */
static inline struct omp_task *omp_cg_of(const struct omp_thread *th) {
  return th->team->implicit_tasks[th->tid].cg;
}
/* requested: the team size asked for (reported to a tool) */
void omp_serialized_begin(struct omp_thread *th, ident_t *loc, int requested);
void omp_serialized_end(struct omp_thread *th);
void omp_icvs_for_level(struct omp_icvs *child, const struct omp_icvs *parent,
                        int level, const struct omp_nthreads_list *list);

/* ---- barrier.c -------------------------------------------------------------- */

void omp_barrier_init(struct omp_barrier *b);
/* Returns once all nthreads members have arrived. */
void omp_barrier_wait(struct omp_team *team, struct omp_thread *th);
/* The same, reported to a tool as a barrier of that kind (ompt.h); the
 * kind clang's flags in loc give. */
void omp_barrier_wait_reported(struct omp_team *team, struct omp_thread *th, int kind,
                               const void *codeptr);
int omp_ompt_barrier_kind(const ident_t *loc);
/* Ends the phase begun at `epoch` (every member has arrived). */
void omp_barrier_release(struct omp_team *team, uint32_t epoch);
/* The team's first explicit task of the region was just made: members
 * idle in a barrier (barrier.c) or past their join (thread.c) come to help. */
void omp_barrier_tasks_appeared(struct omp_team *team);
void omp_join_recall(struct omp_team *team);

/* ---- team queries (api_team.c) ---------------------------------------- */

/* The team and thread number at nesting level `level`, skipping leagues. */
struct omp_team *omp_team_at_level(struct omp_thread *th, int level, int *tid);
/* The host teams region enclosing th, NULL when none. */
struct omp_team *omp_enclosing_league(struct omp_thread *th, int *team_num);

/* A user thread that ends: free the spare team it kept (parallel.c). */
void omp_team_spare_free(struct omp_thread *th);
/* Give the workers of th's nested hot teams back to the pool (theirs
 * first): th goes back to the pool or ends. */
void omp_nested_hot_teams_release(struct omp_thread *th);
/* The same for all its hot teams, the top-level one too: a root that ends. */
void omp_hot_teams_release(struct omp_thread *th);

/* ---- dispatch.c: worksharing buffers ------------------------------------ */

/* A new team's rings of dispatch buffers (omp_global.dispatch_buffers each). */
void omp_dispatch_buffers_alloc(struct omp_team *team);
/* The next buffer of th's team's ring, once the construct that used it
 * before is done by all members; counts it in th->dispatch_count[ring]. */
struct omp_dispatch_buffer *omp_dispatch_acquire_ring(struct omp_thread *th,
                                                      enum omp_dispatch_ring ring);
/* The same, for a loop's or sections' chunks. */
static inline struct omp_dispatch_buffer *omp_dispatch_acquire(struct omp_thread *th) {
  return omp_dispatch_acquire_ring(th, OMP_RING_LOOP);
}
/* th is done with buf; the last member resets it for a later construct. */
void omp_dispatch_release(struct omp_thread *th, struct omp_dispatch_buffer *buf);
/* All buffers free again, as at the start of a region. */
void omp_dispatch_reset(struct omp_team *team);
/* th begins in a team (as its master or a worker): no construct yet. */
void omp_dispatch_enter_team(struct omp_thread *th);
/* The block in `slot` of buf that a construct's members share: the first
 * member makes it, make(arg), the others wait for it; it is freed with the
 * buffer (slot: buf->doacross or buf->gomp_scratch). */
void *omp_dispatch_share_block(struct omp_dispatch_buffer *buf, void *_Atomic *slot,
                               void *(*make)(const void *), const void *arg);
/* A dispatched loop of `trip` iterations lower + k * stride (modulo 2^64:
 * the caller has counted them), as __kmpc_dispatch_init_* starts one;
 * __kmpc_dispatch_next_* hands out its chunks. */
void omp_dispatch_start(ident_t *loc, int32_t schedule, uint64_t lower, int64_t stride,
                        uint64_t trip, int64_t chunk);

/* ---- atfork.c: a forked child's runtime starts its threads afresh ---------- */

void omp_atfork_install(void);
/* each resets, in the child, the threads and locks its module owns */
void omp_threads_after_fork(void);
void omp_hidden_helper_after_fork(void);
void omp_display_after_fork(void);
void omp_atomic_after_fork(void);
void omp_reduction_after_fork(void);
void omp_threadprivate_after_fork(void);
void omp_roots_after_fork(void);
/* threadprivate.c: an ended user thread's copies go, its gtid is reused */
void omp_threadprivate_forget_thread(int gtid);

/* ---- error.c: messages ------------------------------------------------------ */

/* Messages start with "omp:" and name the source location when known. */
void omp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void omp_fatal(ident_t *loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* LLVM 19's Info #268/#276 for a deprecated environment variable (is_routine
 * false) or routine, in its words so logs compare; KMP_WARNINGS=false and
 * kmp_set_warnings_off() silence it, as LLVM's informs. */
void omp_inform_deprecated(bool is_routine, const char *old_name, const char *new_name);
/* "file:line" of loc into buf, "" when unknown. */
const char *omp_loc_string(const ident_t *loc, char *buf, size_t size);

/* ---- lock.c: the futex mutex of critical and omp_lock_t (0 is free) ---- */

void omp_mutex_lock(_Atomic uint32_t *word);
bool omp_mutex_trylock(_Atomic uint32_t *word);
void omp_mutex_unlock(_Atomic uint32_t *word);
/* OMPT mutex events (a lock, critical or ordered; wait_id its address). */
void omp_ompt_mutex_acquire(int kind, unsigned hint, const void *wait_id,
                            const void *codeptr);
void omp_ompt_mutex_acquired(int kind, const void *wait_id, const void *codeptr);
void omp_ompt_mutex_released(int kind, const void *wait_id, const void *codeptr);

/* ---- cancel.c ------------------------------------------------------------------ */

/* Called (only when omp_global.cancellation) by whoever releases a team
 * barrier, before the release: ends a loop/sections cancellation request. */
void omp_cancel_at_barrier(struct omp_team *team);
void omp_cancel_region_end(struct omp_thread *th, struct omp_team *team);

/* ---- kmp_ext.c: vendor extensions ------------------------------------------ */

/* For the fork, once it knows the team size: if the fork's num_threads was
 * strict and fewer than `requested` threads were obtained, report it with
 * the clause's severity and message (may exit); clears the request. */
void omp_num_threads_strict_check(struct omp_thread *th, int requested,
                                  int obtained);

/* ---- env.c ---------------------------------------------------------------------- */

void omp_env_init(void);
/* env.c's parsing helpers, for env_affinity.c and env_alloc.c: the
 * variable's value (NULL when unset or blank); one warning for a value that
 * cannot be read; case-insensitive word tests on [p, p+len), on a whole
 * value, and on one of a value's comma-separated items; lists. */
const char *omp_getenv(const char *name);
void omp_env_bad(const char *name, const char *value, const char *why);
bool omp_env_apply_late(const char *name, const char *value);
const char *omp_skip_space(const char *p);
/* len less the blanks that end [p, p+len). */
size_t omp_trim_end(const char *p, size_t len);
bool omp_word_is(const char *p, size_t len, const char *word);
bool omp_text_is(const char *text, const char *word);
bool omp_text_has_word(const char *text, const char *word);
/* Room for one int per comma-separated item of text (*count of them). */
int *omp_alloc_list(const char *text, int *count);
/* LLVM's boolean spellings and abbreviations; false when text is none. */
bool omp_parse_bool(const char *text, bool *out);
/* env_alloc.c: OMP_ALLOCATOR. */
void omp_env_allocator(struct omp_global *g);
/* env_affinity.c: OMP_PROC_BIND, OMP_PLACES, KMP_AFFINITY, KMP_HW_SUBSET
 * (then starts affinity.c), and KMP_TEAMS_PROC_BIND. */
void omp_env_affinity(struct omp_global *g);
void omp_env_teams_proc_bind(struct omp_global *g);

/* ---- affinity.c / display.c: places, binding, affinity display ---------- */

/* Called at each fork of a team of >1 threads, before workers start: assign
 * places (proc_bind policy) and bind; returns at once when binding is off. */
void omp_affinity_fork(struct omp_team *team, int proc_bind);
/* After the join of `team` (KMP_AFFINITY=reset: an outermost region's
 * primary thread goes back to the mask it started with). */
void omp_affinity_join(struct omp_team *team);
/* An initial thread asks about its affinity: bind it if it is not yet. */
void omp_affinity_root_query(struct omp_thread *th);
/* env.c hands over OMP_PLACES (NULL when unset), whether binding is on and
 * KMP_HW_SUBSET (NULL when unset). */
void omp_affinity_init(const char *places, bool binding, const char *hw_subset);
/* OMP_PLACES's explicit form (places_parse.c): add(members) for each place
 * (a bool per processor id < nprocs, only ids with avail[id]); false for
 * text that is no such list. *invalid_proc: the first processor named that
 * is not available (-1: none). */
bool omp_parse_place_list(const char *text, const bool *avail, int nprocs,
                          void (*add)(const bool *members), int *invalid_proc);
/* KMP_HW_SUBSET (hw_subset.c): narrows avail[0..nprocs) to the subset; false,
 * after a warning, when the text or the machine does not allow it. */
bool omp_hw_subset_filter(const char *text, bool *avail, int nprocs);
/* The text shown for OMP_PLACES by OMP_DISPLAY_ENV, NULL when undefined. */
const char *omp_affinity_places_text(void);
/* OS processors of the current place of th (its bound place, or all the
 * process may use when unbound), as LLVM prints masks: "0-3,5,7". */
void omp_affinity_mask_string(struct omp_thread *th, char *buf, size_t size);
/* OMP_DISPLAY_AFFINITY: print the lines of a team's members whose binding
 * or team shape changed (display.c). */
void omp_display_affinity_team(struct omp_team *team, bool places_changed);
/* The same for th entering a serialized region (a team of one): for
 * omp_serialized_begin to call after making the team current. */
void omp_display_affinity_serialized(struct omp_thread *th);
void omp_display_env_print(int verbose);
/* The affinity-format ICV, set without starting the runtime (env.c sets it
 * while starting it) */
void omp_affinity_format_set(const char *format);
/* The OpenMP version _OPENMP reads as (what LLVM 19's runtime reports). */
#define OMP_VERSION_SHOWN "201611"
const char *omp_env_schedule_text(char *buf, size_t size);
/* The name of a predefined allocator handle (env_alloc.c). */
const char *omp_allocator_name(uintptr_t handle);
/* omp_init_allocator (alloc.c); `routine` names the caller in warnings
 * (OMP_ALLOCATOR's traits are built by env_alloc.c). */
omp_allocator_handle_t omp_allocator_build(const char *routine, omp_memspace_handle_t memspace,
                                           int ntraits, const omp_alloctrait_t *traits);

/* ---- tasking (task.c, task_queue.c, taskdeps.c, taskgroup.c,
 *      hidden_helper.c) ------------------------------------------------ */

struct omp_task *omp_task_alloc(struct omp_thread *th, ident_t *loc, int32_t flags,
                                size_t sizeof_kmp_task, size_t sizeof_shareds,
                                kmp_routine_entry_t entry);
void omp_task_execute(struct omp_thread *th, struct omp_task *task);
bool omp_task_undeferred(const struct omp_task *task);
void omp_task_ready(struct omp_thread *th, struct omp_task *task);
void omp_task_count_pending(struct omp_thread *th, struct omp_task *task);
void omp_team_note_late_completion(struct omp_team *team);
void omp_task_requeue(struct omp_task *task);
void omp_task_complete(struct omp_task *task);
void omp_taskwait_children(struct omp_thread *th);
/* Deferred target tasks submitted and not yet complete, in the whole
 * process (target_hooks.c waits for none to be left at the program's end). */
extern _Atomic long omp_target_tasks_outstanding;
void omp_task_count_target(struct omp_task *task);

/* omp_task_enqueue: OMP_ENQUEUE_FULL (the caller runs the task), queued,
 * or queued and a waiter must hear of it (omp_team_signal_work). */
enum { OMP_ENQUEUE_FULL, OMP_ENQUEUE_QUEUED, OMP_ENQUEUE_WAKE };
int omp_task_enqueue(struct omp_team *team, int tid, struct omp_task *task);
void omp_task_enqueue_always(struct omp_team *team, int tid, struct omp_task *task);
struct omp_task *omp_task_find(struct omp_team *team, int tid,
                               const struct omp_task *current);
int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, kmp_task_t *new_task);
void __kmpc_taskgroup(ident_t *loc, int32_t gtid);
void __kmpc_end_taskgroup(ident_t *loc, int32_t gtid);
bool omp_task_run_one(struct omp_thread *th);
void omp_task_wait(struct omp_thread *th, bool (*done)(void *), void *arg);
void omp_task_wait_local(struct omp_thread *th, bool (*done)(void *), void *arg);
void omp_team_signal_work(struct omp_team *team);
void omp_team_tasks_free(struct omp_team *team);
void omp_task_barrier(struct omp_team *team, struct omp_thread *th, uint32_t epoch,
                      bool arrived);
void omp_task_drain(struct omp_thread *th);
bool omp_task_flush_pending(struct omp_thread *th);

/* OMPT (task.c): task_create for a task th's current task made; the
 * sync_region of a taskwait or taskgroup th waits in. */
void omp_ompt_task_create(struct omp_thread *th, struct omp_task *task, bool has_deps);
void omp_ompt_sync_region(struct omp_thread *th, int kind, int endpoint,
                          const void *codeptr);

void omp_deps_release(struct omp_task *task);
/* Device-side dependences (taskdeps.c, target_hooks.c; seed 000 §3.4). */
struct omprt_device_signal;
void omp_deps_issued(struct omp_task *task, struct omprt_device_signal *signal);
struct omprt_device_signal **omp_deps_take_device_preds(struct omp_task *task, int *count);
bool omp_offload_entry_known(kmp_routine_entry_t entry);
void omp_deps_free_children(struct omp_task *task);

void omp_taskgroup_add(struct omp_taskgroup *tg);
void omp_taskgroup_remove(struct omp_taskgroup *tg);
bool omp_taskgroup_cancel(struct omp_task *task);
bool omp_taskgroup_is_cancelled(struct omp_task *task);

void *omp_task_mem_alloc(size_t size);
void omp_task_mem_free(void *ptr);
/* The same through the owner's lock-free remote list, from any context
 * (omp_fulfill_event, which programs call from signal handlers). */
void omp_task_mem_free_anywhere(void *ptr);

void omp_affinity_unbind_self(void);
/* KMP_HIDDEN_HELPER_AFFINITY (read by env_affinity.c): the helpers' own
 * places and policy; each helper binds as it starts (false: unbound). */
void omp_affinity_hidden_helper_init(int bind, const char *places, bool verbose);
bool omp_affinity_bind_hidden_helper(int index, int count, int gtid);
bool omp_hidden_helper_enabled(void);
void omp_hidden_helper_submit(struct omp_thread *th, struct omp_task *task);
/* Helpers running a task or spinning for the next one (not asleep). */
int omp_hidden_helpers_awake(void);

/* ---- GCC's GOMP_* entry points (gomp_*.c) on the __kmpc_* ones ------------ */

/* The location GOMP_* calls report: GCC passes none. */
extern ident_t gomp_loc;
/* GOMP_parallel*'s num_threads (1 for if(false), 0: none) and proc_bind. */
void gomp_push_parallel_clauses(unsigned num_threads, unsigned flags);

/* taskgroup.c: GCC's task reductions hang on a taskgroup. */
uintptr_t *omp_taskgroup_gomp_reductions(const struct omp_task *task);
void omp_taskgroup_set_gomp_reductions(struct omp_task *task, uintptr_t *data);
/* gomp_taskred.c: a worksharing construct's reduction(task, ...) items,
 * in a new taskgroup of each member, sharing one allocation. */
void gomp_workshare_reductions_start(uintptr_t *reductions);
void GOMP_taskgroup_reduction_register(uintptr_t *data);

/* ordered.c: GCC's ordered loops hand on the token a chunk at a time. */
void omp_ordered_chunk_end(struct omp_thread *th);
void omp_ordered_end_chunked(const void *codeptr);

/* The __kmpc_* entry points the GOMP_* ones are built from (defined in
 * parallel.c, teams.c, barrier.c, critical.c, atomic.c, single.c, cancel.c,
 * dispatch.c, ordered.c, task.c, taskdeps.c, taskloop.c). */
void __kmpc_fork_call(ident_t *loc, int32_t argc, kmpc_micro fn, ...);
void __kmpc_fork_teams(ident_t *loc, int32_t argc, kmpc_micro fn, ...);
void __kmpc_push_num_threads(ident_t *loc, int32_t gtid, int32_t num_threads);
void __kmpc_push_proc_bind(ident_t *loc, int32_t gtid, int proc_bind);
void __kmpc_push_num_teams(ident_t *loc, int32_t gtid, int32_t num_teams,
                           int32_t num_threads);
void __kmpc_barrier(ident_t *loc, int32_t gtid);
int32_t __kmpc_cancel_barrier(ident_t *loc, int32_t gtid);
int32_t __kmpc_cancel(ident_t *loc, int32_t gtid, int32_t kind);
int32_t __kmpc_cancellationpoint(ident_t *loc, int32_t gtid, int32_t kind);
void __kmpc_critical(ident_t *loc, int32_t gtid, kmp_critical_name *crit);
void __kmpc_end_critical(ident_t *loc, int32_t gtid, kmp_critical_name *crit);
void __kmpc_atomic_start(void);
void __kmpc_atomic_end(void);
int32_t __kmpc_single(ident_t *loc, int32_t gtid);
void *__kmpc_copyprivate_light(ident_t *loc, int32_t gtid, void *cpy_data);
void __kmpc_ordered(ident_t *loc, int32_t gtid);
void __kmpc_dispatch_init_4(ident_t *loc, int32_t gtid, int32_t schedule, int32_t lb,
                            int32_t ub, int32_t st, int32_t chunk);
int __kmpc_dispatch_next_4(ident_t *loc, int32_t gtid, int32_t *p_last, int32_t *p_lb,
                           int32_t *p_ub, int32_t *p_st);
void __kmpc_dispatch_init_8(ident_t *loc, int32_t gtid, int32_t schedule, int64_t lb,
                            int64_t ub, int64_t st, int64_t chunk);
int __kmpc_dispatch_next_8(ident_t *loc, int32_t gtid, int32_t *p_last, int64_t *p_lb,
                           int64_t *p_ub, int64_t *p_st);
void __kmpc_dispatch_init_8u(ident_t *loc, int32_t gtid, int32_t schedule, uint64_t lb,
                             uint64_t ub, int64_t st, int64_t chunk);
int __kmpc_dispatch_next_8u(ident_t *loc, int32_t gtid, int32_t *p_last, uint64_t *p_lb,
                            uint64_t *p_ub, int64_t *p_st);
struct kmp_dim { /* one dimension of a doacross loop nest */
  int64_t lo, up, st;
};
void __kmpc_doacross_init(ident_t *loc, int32_t gtid, int32_t num_dims,
                          const struct kmp_dim *dims);
void __kmpc_doacross_wait(ident_t *loc, int32_t gtid, const int64_t *vec);
void __kmpc_doacross_post(ident_t *loc, int32_t gtid, const int64_t *vec);
void __kmpc_doacross_fini(ident_t *loc, int32_t gtid);
kmp_task_t *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags,
                                  size_t sizeof_kmp_task_t, size_t sizeof_shareds,
                                  kmp_routine_entry_t task_entry);
int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, kmp_task_t *new_task,
                                  int32_t ndeps, kmp_depend_info_t *dep_list,
                                  int32_t ndeps_noalias, kmp_depend_info_t *noalias_dep_list);
void __kmpc_omp_wait_deps(ident_t *loc, int32_t gtid, int32_t ndeps,
                          kmp_depend_info_t *dep_list, int32_t ndeps_noalias,
                          kmp_depend_info_t *noalias_dep_list);
void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, kmp_task_t *abi);
void __kmpc_omp_task_complete_if0(ident_t *loc, int32_t gtid, kmp_task_t *abi);
int32_t __kmpc_omp_taskwait(ident_t *loc, int32_t gtid);
int32_t __kmpc_omp_taskyield(ident_t *loc, int32_t gtid, int end_part);
void *__kmpc_task_allow_completion_event(ident_t *loc, int32_t gtid, kmp_task_t *task);
void __kmpc_taskloop_5(ident_t *loc, int gtid, kmp_task_t *task, int if_val, uint64_t *lb,
                       uint64_t *ub, int64_t st, int nogroup, int sched,
                       uint64_t grainsize, int modifier, void *task_dup);

#endif

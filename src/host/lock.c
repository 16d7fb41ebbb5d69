/* lock.c — the futex mutex behind `critical` and the omp_*_lock API.
 *
 * One mutex word, three states (as in Drepper's "Futexes Are Tricky"):
 * 0 free, 1 held, 2 held and somebody may sleep on it. Taking a free lock is
 * one CAS; a contended taker spins briefly (critical sections are short),
 * then marks the word 2 and sleeps in the kernel. Releasing is one exchange,
 * plus a wake-up only when the word said 2.
 *
 * omp_lock_t is one pointer wide: a simple lock embeds the mutex word in it
 * (no allocation; a zeroed lock is a free lock, as with LLVM's TAS locks)
 * and touches no more than that word, which is all of GCC's omp_lock_t.
 * A nestable lock needs an owner and a depth besides, so _lk points to an
 * allocated struct omp_nest_lock. LLVM's __kmpc_*_lock entry points take the
 * address of the same omp_lock_t as `void **user_lock`.
 */
#include <sched.h>
#include <stdlib.h>

#include "config/linux/futex.h"
#include "runtime.h"

#define OMP_MUTEX_FREE 0u
#define OMP_MUTEX_HELD 1u
#define OMP_MUTEX_CONTENDED 2u
/* Written by omp_destroy_lock so that a later use is caught, not a hang. */
#define OMP_MUTEX_DESTROYED 0xdead10ccu

/* Spins before a contended taker goes to sleep; one spin is a pause (or a
 * yield when threads outnumber processors). */
#define OMP_MUTEX_SPINS 2000

/* ---- the mutex -------------------------------------------------------------- */

bool omp_mutex_trylock(_Atomic uint32_t *word) {
  uint32_t expected = OMP_MUTEX_FREE;
  return atomic_compare_exchange_strong_explicit(
      word, &expected, OMP_MUTEX_HELD, memory_order_acquire,
      memory_order_relaxed);
}

/* A word that is neither free nor held was never initialised or was
 * destroyed: report it rather than sleep on it forever. */
static void omp_mutex_check(uint32_t state, const char *what) {
  if (OMP_UNLIKELY(state > OMP_MUTEX_CONTENDED))
    omp_fatal(NULL, "%s: the lock is not initialized (never passed to "
                    "omp_init_lock, or already destroyed)", what);
}

static void omp_mutex_lock_slow(_Atomic uint32_t *word, const char *what) {
  bool yield = omp_wait_oversubscribed();
  for (int spin = 0; spin < OMP_MUTEX_SPINS; spin++) {
    uint32_t state = atomic_load_explicit(word, memory_order_relaxed);
    if (state == OMP_MUTEX_FREE && omp_mutex_trylock(word))
      return;
    omp_mutex_check(state, what);
    if (yield)
      sched_yield();
    else
      omp_os_cpu_relax();
  }
  /* Sleep. Taking the lock from here leaves it marked contended, because
   * other sleepers may remain: the release then wakes the next one. */
  uint32_t state = atomic_exchange_explicit(word, OMP_MUTEX_CONTENDED,
                                            memory_order_acquire);
  while (state != OMP_MUTEX_FREE) {
    omp_mutex_check(state, what);
    omp_os_wait(word, OMP_MUTEX_CONTENDED);
    state = atomic_exchange_explicit(word, OMP_MUTEX_CONTENDED,
                                     memory_order_acquire);
  }
}

static inline void omp_mutex_lock_named(_Atomic uint32_t *word,
                                        const char *what) {
  if (OMP_LIKELY(omp_mutex_trylock(word)))
    return;
  omp_mutex_lock_slow(word, what);
}

void omp_mutex_lock(_Atomic uint32_t *word) {
  omp_mutex_lock_named(word, "lock");
}

/* Returns false when the lock was not held (the caller decides whether that
 * is an error). */
static bool omp_mutex_unlock_checked(_Atomic uint32_t *word, const char *what) {
  uint32_t state = atomic_load_explicit(word, memory_order_relaxed);
  if (OMP_UNLIKELY(state == OMP_MUTEX_FREE))
    return false;
  omp_mutex_check(state, what);
  if (atomic_exchange_explicit(word, OMP_MUTEX_FREE, memory_order_release) ==
      OMP_MUTEX_CONTENDED)
    omp_os_wake(word, 1);
  return true;
}

void omp_mutex_unlock(_Atomic uint32_t *word) {
  if (!omp_mutex_unlock_checked(word, "unlock"))
    omp_fatal(NULL, "internal error: releasing a lock that is not held");
}

/* ---- OMPT: what a tool hears of locks, critical and ordered ---------------- */

#define OMP_OMPT_MUTEX_IMPL 1 /* the one implementation (ompt.c) */

void omp_ompt_mutex_acquire(int kind, unsigned hint, const void *wait_id,
                            const void *codeptr) {
  ompt_callback_mutex_acquire_t acquire = OMPT_CB(mutex_acquire);
  if (acquire)
    acquire(kind, hint, OMP_OMPT_MUTEX_IMPL, (ompt_wait_id_t)(uintptr_t)wait_id, codeptr);
}

void omp_ompt_mutex_acquired(int kind, const void *wait_id, const void *codeptr) {
  ompt_callback_mutex_t acquired = OMPT_CB(mutex_acquired);
  if (acquired)
    acquired(kind, (ompt_wait_id_t)(uintptr_t)wait_id, codeptr);
}

void omp_ompt_mutex_released(int kind, const void *wait_id, const void *codeptr) {
  ompt_callback_mutex_t released = OMPT_CB(mutex_released);
  if (released)
    released(kind, (ompt_wait_id_t)(uintptr_t)wait_id, codeptr);
}

static void omp_ompt_lock_init(int kind, unsigned hint, const void *lock,
                               const void *codeptr) {
  ompt_callback_mutex_acquire_t init = OMPT_CB(lock_init);
  if (init)
    init(kind, hint, OMP_OMPT_MUTEX_IMPL, (ompt_wait_id_t)(uintptr_t)lock, codeptr);
}

static void omp_ompt_lock_destroy(int kind, const void *lock, const void *codeptr) {
  ompt_callback_mutex_t destroy = OMPT_CB(lock_destroy);
  if (destroy)
    destroy(kind, (ompt_wait_id_t)(uintptr_t)lock, codeptr);
}

/* A nestable lock its owner sets or unsets again: the nesting changes. */
static void omp_ompt_nest_lock(int endpoint, const void *lock, const void *codeptr) {
  ompt_callback_nest_lock_t nest = OMPT_CB(nest_lock);
  if (nest)
    nest(endpoint, (ompt_wait_id_t)(uintptr_t)lock, codeptr);
}

/* ---- simple locks ---------------------------------------------------------- */

static _Atomic uint32_t *omp_simple_word(void *lock, const char *what) {
  if (OMP_UNLIKELY(lock == NULL))
    omp_fatal(NULL, "%s: NULL lock pointer", what);
  return (_Atomic uint32_t *)lock;
}

static void omp_simple_init(void *lock, unsigned hint, const void *ra) {
  omp_self(); /* start-up (and its tool) before the first lock, as LLVM */
  /* Only the mutex word: GCC's omp_lock_t (a GCC-built program on this
   * runtime) is 4 bytes, where LLVM's omp.h gives a pointer's 8. */
  atomic_store_explicit((_Atomic uint32_t *)lock, OMP_MUTEX_FREE, memory_order_relaxed);
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_lock_init(ompt_mutex_lock, hint, lock, ra);
}

static void omp_simple_destroy(void *lock, const void *ra) {
  atomic_store_explicit(omp_simple_word(lock, "omp_destroy_lock"),
                        OMP_MUTEX_DESTROYED, memory_order_relaxed);
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_lock_destroy(ompt_mutex_lock, lock, ra);
}

static void omp_simple_set(void *lock, const void *ra) {
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_mutex_acquire(ompt_mutex_lock, 0, lock, ra);
  omp_mutex_lock_named(omp_simple_word(lock, "omp_set_lock"), "omp_set_lock");
  if (ompt)
    omp_ompt_mutex_acquired(ompt_mutex_lock, lock, ra);
}

static void omp_simple_unset(void *lock, const void *ra) {
  /* LLVM stops with an assertion here too; say what went wrong. */
  if (!omp_mutex_unlock_checked(omp_simple_word(lock, "omp_unset_lock"),
                                "omp_unset_lock"))
    omp_fatal(NULL, "omp_unset_lock: the lock is not set");
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_mutex_released(ompt_mutex_lock, lock, ra);
}

static int omp_simple_test(void *lock, const void *ra) {
  _Atomic uint32_t *word = omp_simple_word(lock, "omp_test_lock");
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_mutex_acquire(ompt_mutex_test_lock, 0, lock, ra);
  if (omp_mutex_trylock(word)) {
    if (ompt)
      omp_ompt_mutex_acquired(ompt_mutex_test_lock, lock, ra);
    return 1;
  }
  omp_mutex_check(atomic_load_explicit(word, memory_order_relaxed),
                  "omp_test_lock");
  return 0;
}

/* ---- nestable locks -------------------------------------------------------- */

#define OMP_NEST_LOCK_MAGIC 0x6e657374u /* "nest" */

/* The owner is a thread (gtid), as in LLVM; only the owner touches depth. */
struct omp_nest_lock {
  _Atomic uint32_t word;
  _Atomic int32_t owner; /* gtid + 1; 0 when free */
  int32_t depth;
  uint32_t magic;
};

static struct omp_nest_lock *omp_nest_of(void *lock, const char *what) {
  if (OMP_UNLIKELY(lock == NULL))
    omp_fatal(NULL, "%s: NULL lock pointer", what);
  struct omp_nest_lock *nest = ((omp_nest_lock_t *)lock)->_lk;
  if (OMP_UNLIKELY(nest == NULL || nest->magic != OMP_NEST_LOCK_MAGIC))
    omp_fatal(NULL, "%s: the nestable lock is not initialized (never passed "
                    "to omp_init_nest_lock, or already destroyed)", what);
  return nest;
}

static void omp_nest_init(void *lock, unsigned hint, const void *ra) {
  omp_self(); /* start-up (and its tool) before the first lock, as LLVM */
  struct omp_nest_lock *nest = malloc(sizeof(*nest));
  if (!nest)
    omp_fatal(NULL, "out of memory initializing a nestable lock");
  atomic_init(&nest->word, OMP_MUTEX_FREE);
  atomic_init(&nest->owner, 0);
  nest->depth = 0;
  nest->magic = OMP_NEST_LOCK_MAGIC;
  ((omp_nest_lock_t *)lock)->_lk = nest;
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_lock_init(ompt_mutex_nest_lock, hint, lock, ra);
}

static void omp_nest_destroy(void *lock, const void *ra) {
  struct omp_nest_lock *nest = omp_nest_of(lock, "omp_destroy_nest_lock");
  nest->magic = 0;
  free(nest);
  ((omp_nest_lock_t *)lock)->_lk = NULL;
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_lock_destroy(ompt_mutex_nest_lock, lock, ra);
}

static bool omp_nest_owned_by(struct omp_nest_lock *nest, int gtid) {
  return atomic_load_explicit(&nest->owner, memory_order_relaxed) == gtid + 1;
}

static void omp_nest_take(struct omp_nest_lock *nest, int gtid) {
  atomic_store_explicit(&nest->owner, gtid + 1, memory_order_relaxed);
  nest->depth = 1;
}

static void omp_nest_set(void *lock, const void *ra) {
  struct omp_nest_lock *nest = omp_nest_of(lock, "omp_set_nest_lock");
  int gtid = omp_self()->gtid;
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_mutex_acquire(ompt_mutex_nest_lock, 0, lock, ra);
  if (omp_nest_owned_by(nest, gtid)) {
    nest->depth++;
    if (ompt)
      omp_ompt_nest_lock(ompt_scope_begin, lock, ra);
    return;
  }
  omp_mutex_lock_named(&nest->word, "omp_set_nest_lock");
  omp_nest_take(nest, gtid);
  if (ompt)
    omp_ompt_mutex_acquired(ompt_mutex_nest_lock, lock, ra);
}

/* Returns the new nesting depth, 0 when another thread holds the lock. */
static int omp_nest_test(void *lock, const void *ra) {
  struct omp_nest_lock *nest = omp_nest_of(lock, "omp_test_nest_lock");
  int gtid = omp_self()->gtid;
  bool ompt = omp_ompt_enabled();
  if (ompt)
    omp_ompt_mutex_acquire(ompt_mutex_test_nest_lock, 0, lock, ra);
  if (omp_nest_owned_by(nest, gtid)) {
    if (ompt)
      omp_ompt_nest_lock(ompt_scope_begin, lock, ra);
    return ++nest->depth;
  }
  if (!omp_mutex_trylock(&nest->word))
    return 0;
  omp_nest_take(nest, gtid);
  if (ompt)
    omp_ompt_mutex_acquired(ompt_mutex_test_nest_lock, lock, ra);
  return 1;
}

/* An unset by a thread that does not hold the lock is ignored: LLVM's
 * default (unchecked) nest locks do not fail on it either. */
static void omp_nest_unset(void *lock, const void *ra) {
  struct omp_nest_lock *nest = omp_nest_of(lock, "omp_unset_nest_lock");
  if (!omp_nest_owned_by(nest, omp_self()->gtid) || nest->depth <= 0)
    return;
  if (--nest->depth > 0) {
    if (OMP_UNLIKELY(omp_ompt_enabled()))
      omp_ompt_nest_lock(ompt_scope_end, lock, ra);
    return;
  }
  atomic_store_explicit(&nest->owner, 0, memory_order_relaxed);
  omp_mutex_unlock_checked(&nest->word, "omp_unset_nest_lock");
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_mutex_released(ompt_mutex_nest_lock, lock, ra);
}

/* ---- OpenMP API ------------------------------------------------------------ */

/* Where the program called: what a tool is told (codeptr_ra). */
#define OMP_RA __builtin_return_address(0)

/* Every hint (contended, uncontended, speculative, ...) gets the same lock:
 * speculation needs TSX, which current processors lack. */
OMP_EXPORT void omp_init_lock(omp_lock_t *lock) { omp_simple_init(lock, 0, OMP_RA); }
OMP_EXPORT void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint) {
  omp_simple_init(lock, (unsigned)hint, OMP_RA);
}
OMP_EXPORT void omp_destroy_lock(omp_lock_t *lock) { omp_simple_destroy(lock, OMP_RA); }
OMP_EXPORT void omp_set_lock(omp_lock_t *lock) { omp_simple_set(lock, OMP_RA); }
OMP_EXPORT void omp_unset_lock(omp_lock_t *lock) { omp_simple_unset(lock, OMP_RA); }
OMP_EXPORT int omp_test_lock(omp_lock_t *lock) { return omp_simple_test(lock, OMP_RA); }

OMP_EXPORT void omp_init_nest_lock(omp_nest_lock_t *lock) { omp_nest_init(lock, 0, OMP_RA); }
OMP_EXPORT void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock,
                                             omp_sync_hint_t hint) {
  omp_nest_init(lock, (unsigned)hint, OMP_RA);
}
OMP_EXPORT void omp_destroy_nest_lock(omp_nest_lock_t *lock) {
  omp_nest_destroy(lock, OMP_RA);
}
OMP_EXPORT void omp_set_nest_lock(omp_nest_lock_t *lock) { omp_nest_set(lock, OMP_RA); }
OMP_EXPORT void omp_unset_nest_lock(omp_nest_lock_t *lock) {
  omp_nest_unset(lock, OMP_RA);
}
OMP_EXPORT int omp_test_nest_lock(omp_nest_lock_t *lock) {
  return omp_nest_test(lock, OMP_RA);
}

/* ---- LLVM's __kmpc_ lock entry points (same objects) ----------------------- */

OMP_EXPORT void __kmpc_init_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  omp_simple_init(user_lock, 0, OMP_RA);
}
OMP_EXPORT void __kmpc_init_lock_with_hint(ident_t *loc, int32_t gtid,
                                           void **user_lock, uintptr_t hint) {
  omp_simple_init(user_lock, (unsigned)hint, OMP_RA);
}
OMP_EXPORT void __kmpc_destroy_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  omp_simple_destroy(user_lock, OMP_RA);
}
OMP_EXPORT void __kmpc_set_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  omp_simple_set(user_lock, OMP_RA);
}
OMP_EXPORT void __kmpc_unset_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  omp_simple_unset(user_lock, OMP_RA);
}
OMP_EXPORT int __kmpc_test_lock(ident_t *loc, int32_t gtid, void **user_lock) {
  return omp_simple_test(user_lock, OMP_RA);
}

OMP_EXPORT void __kmpc_init_nest_lock(ident_t *loc, int32_t gtid,
                                      void **user_lock) {
  omp_nest_init(user_lock, 0, OMP_RA);
}
OMP_EXPORT void __kmpc_init_nest_lock_with_hint(ident_t *loc, int32_t gtid,
                                                void **user_lock, uintptr_t hint) {
  omp_nest_init(user_lock, (unsigned)hint, OMP_RA);
}
OMP_EXPORT void __kmpc_destroy_nest_lock(ident_t *loc, int32_t gtid,
                                         void **user_lock) {
  omp_nest_destroy(user_lock, OMP_RA);
}
OMP_EXPORT void __kmpc_set_nest_lock(ident_t *loc, int32_t gtid,
                                     void **user_lock) {
  omp_nest_set(user_lock, OMP_RA);
}
OMP_EXPORT void __kmpc_unset_nest_lock(ident_t *loc, int32_t gtid,
                                       void **user_lock) {
  omp_nest_unset(user_lock, OMP_RA);
}
OMP_EXPORT int __kmpc_test_nest_lock(ident_t *loc, int32_t gtid,
                                     void **user_lock) {
  return omp_nest_test(user_lock, OMP_RA);
}

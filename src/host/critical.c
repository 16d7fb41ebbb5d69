/* critical.c — `#pragma omp critical [(name)] [hint(...)]`.
 *
 * clang emits, per critical name, one zero-initialised 32-byte global
 * (`.gomp_critical_user_<name>.var`, common linkage, so every translation
 * unit and shared object of the process shares it) and brackets the block
 * with __kmpc_critical / __kmpc_end_critical on its address. LLVM installs a
 * pointer to a lock object there on first use; a futex mutex needs only one
 * 32-bit word, and zero is its free state, so we use the first word of that
 * storage as the mutex itself: no lazy allocation, no indirection, and the
 * one lock per name comes from the linker. The mutex is in lock.c.
 */
#include "runtime.h"

static _Atomic uint32_t *omp_critical_word(kmp_critical_name *crit) {
  return (_Atomic uint32_t *)&(*crit)[0];
}

static void omp_critical_enter(kmp_critical_name *crit, unsigned hint, const void *ra) {
  if (OMP_LIKELY(!omp_ompt_enabled())) {
    omp_mutex_lock(omp_critical_word(crit));
    return;
  }
  omp_ompt_mutex_acquire(ompt_mutex_critical, hint, crit, ra);
  omp_mutex_lock(omp_critical_word(crit));
  omp_ompt_mutex_acquired(ompt_mutex_critical, crit, ra);
}

OMP_EXPORT void __kmpc_critical(ident_t *loc, int32_t gtid,
                                kmp_critical_name *crit) {
  omp_critical_enter(crit, 0, __builtin_return_address(0));
}

/* Hints (contended, uncontended, speculative, nonspeculative) only choose a
 * lock kind in LLVM; one kind serves them all here. */
OMP_EXPORT void __kmpc_critical_with_hint(ident_t *loc, int32_t gtid,
                                          kmp_critical_name *crit,
                                          uint32_t hint) {
  omp_critical_enter(crit, hint, __builtin_return_address(0));
}

OMP_EXPORT void __kmpc_end_critical(ident_t *loc, int32_t gtid,
                                    kmp_critical_name *crit) {
  omp_mutex_unlock(omp_critical_word(crit));
  if (OMP_UNLIKELY(omp_ompt_enabled()))
    omp_ompt_mutex_released(ompt_mutex_critical, crit, __builtin_return_address(0));
}

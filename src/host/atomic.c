/* atomic.c — `#pragma omp atomic` entry points: the __kmpc_atomic_* family.
 *
 * clang-19 emits no call here: it inlines atomic instructions, or calls
 * libatomic's __atomic_* for types the hardware cannot update at once
 * (long double, _Complex double, __int128). Other compilers built against
 * LLVM's libomp call these routines, so every one LLVM 19 exports is here,
 * generated from one table per type:
 *   __kmpc_atomic_<type>_<op>(loc, gtid, T *lhs, T rhs)         x = x op rhs
 *   ..._<op>_rev                                                x = rhs op x
 *   ..._<op>_cpt(..., int flag)     as above, returns x after (flag != 0) or
 *   ..._<op>_cpt_rev(..., int flag) before the update
 *   ..._rd, _wr, _swp                               read, write, exchange
 *   ..._<op>_float8 / _cmplx8       the right operand is double / _Complex
 *                                   double; the result is converted back
 * cmplx4 (_Complex float) returns captured values through an out pointer:
 * its _cpt/_cpt_rev/_swp routines take `T *out` before `flag`, as LLVM's.
 *
 * Types of 1, 2, 4 and 8 bytes are updated with compare-and-swap on their
 * bit pattern (so a NaN cannot make the loop spin forever), integer
 * add/sub/and/or/xor with one fetch-and-op. Wider types (long double,
 * _Complex double/long double, the generic 10..32-byte routines) and
 * misaligned 8-byte complex values take one of a small array of locks
 * chosen by address (lock.c mutexes); the library never needs libatomic.
 * __kmpc_atomic_start/end bracket an atomic region under one global lock.
 */
#include <complex.h>
#include <string.h>

#include "runtime.h"

/* ---- locks ------------------------------------------------------------- */

#define OMP_ATOMIC_STRIPES 64 /* power of two */

/* Mutex words (lock.c), one per cache line. */
static struct omp_atomic_stripe {
  _Atomic uint32_t word;
} OMP_ALIGNED_CACHE omp_atomic_stripes[OMP_ATOMIC_STRIPES];

static _Atomic uint32_t omp_atomic_global_lock;

/* A forked child: a thread that held one of these locks is gone. */
void omp_atomic_after_fork(void) {
  for (int i = 0; i < OMP_ATOMIC_STRIPES; i++)
    atomic_store(&omp_atomic_stripes[i].word, 0);
  atomic_store(&omp_atomic_global_lock, 0);
}

/* The lock of the object at addr: an object always gets the same lock (its
 * start address picks it), and neighbouring 16-byte granules get different
 * ones. */
static _Atomic uint32_t *omp_atomic_lock_for(const void *addr) {
  uintptr_t a = (uintptr_t)addr;
  size_t stripe = ((a >> 4) ^ (a >> 10)) & (OMP_ATOMIC_STRIPES - 1);
  return &omp_atomic_stripes[stripe].word;
}

OMP_EXPORT void __kmpc_atomic_start(void) {
  omp_mutex_lock(&omp_atomic_global_lock);
}

OMP_EXPORT void __kmpc_atomic_end(void) {
  omp_mutex_unlock(&omp_atomic_global_lock);
}

/* ---- how a value of each kind is read, written and updated ------------ *
 * KIND is cas8/cas16/cas32/cas64 (lock-free), lock (under the address's
 * lock) or cas64a (8 bytes, lock-free when 8-aligned, which _Complex float
 * need not be). Each body leaves `old` and `new_value` behind. */

typedef uint8_t __attribute__((may_alias)) omp_bits8;
typedef uint16_t __attribute__((may_alias)) omp_bits16;
typedef uint32_t __attribute__((may_alias)) omp_bits32;
typedef uint64_t __attribute__((may_alias)) omp_bits64;

/* With `old` and `new_value` declared: new_value = NEWEXPR (of old and
 * rhs) stored when NEED holds, else new_value = old. */
#define OMP_CAS_LOOP(BITS, T, NEWEXPR, NEED)                                   \
  uint##BITS##_t old_bits =                                                    \
      __atomic_load_n((omp_bits##BITS *)lhs, __ATOMIC_RELAXED);                \
  for (;;) {                                                                   \
    memcpy(&old, &old_bits, sizeof(T));                                        \
    if (!(NEED)) {                                                             \
      new_value = old;                                                         \
      break;                                                                   \
    }                                                                          \
    new_value = (NEWEXPR);                                                     \
    uint##BITS##_t new_bits;                                                   \
    memcpy(&new_bits, &new_value, sizeof(T));                                  \
    if (__atomic_compare_exchange_n((omp_bits##BITS *)lhs, &old_bits,          \
                                    new_bits, true, __ATOMIC_SEQ_CST,          \
                                    __ATOMIC_RELAXED))                         \
      break;                                                                   \
  }
#define OMP_LOCKED(STMTS)                                                      \
  do {                                                                         \
    _Atomic uint32_t *lock = omp_atomic_lock_for(lhs);                         \
    omp_mutex_lock(lock);                                                      \
    STMTS;                                                                     \
    omp_mutex_unlock(lock);                                                    \
  } while (0)
#define OMP_LOCKED_LOOP(NEWEXPR, NEED)                                         \
  OMP_LOCKED(old = new_value = *lhs; if (NEED) *lhs = new_value = (NEWEXPR))
#define OMP_ALIGNED8 (((uintptr_t)lhs & 7) == 0)

#define OMP_UPDATE(BITS, T, NEWEXPR, NEED)                                     \
  T old, new_value;                                                            \
  OMP_CAS_LOOP(BITS, T, NEWEXPR, NEED)
#define OMP_UPDATE_cas8(T, E, N) OMP_UPDATE(8, T, E, N)
#define OMP_UPDATE_cas16(T, E, N) OMP_UPDATE(16, T, E, N)
#define OMP_UPDATE_cas32(T, E, N) OMP_UPDATE(32, T, E, N)
#define OMP_UPDATE_cas64(T, E, N) OMP_UPDATE(64, T, E, N)
#define OMP_UPDATE_lock(T, NEWEXPR, NEED)                                      \
  T old, new_value;                                                            \
  OMP_LOCKED_LOOP(NEWEXPR, NEED);
#define OMP_UPDATE_cas64a(T, NEWEXPR, NEED)                                    \
  T old, new_value;                                                            \
  if (OMP_ALIGNED8) {                                                          \
    OMP_CAS_LOOP(64, T, NEWEXPR, NEED)                                         \
  } else {                                                                     \
    OMP_LOCKED_LOOP(NEWEXPR, NEED);                                            \
  }

/* Reads into `value`; writes rhs; exchanges rhs, the old value to `old`. */
#define OMP_LOAD_BITS(BITS, T)                                                 \
  do {                                                                         \
    uint##BITS##_t bits =                                                      \
        __atomic_load_n((omp_bits##BITS *)lhs, __ATOMIC_ACQUIRE);              \
    memcpy(&value, &bits, sizeof(T));                                          \
  } while (0)
#define OMP_STORE_BITS(BITS, T)                                                \
  do {                                                                         \
    uint##BITS##_t bits;                                                       \
    memcpy(&bits, &rhs, sizeof(T));                                            \
    __atomic_store_n((omp_bits##BITS *)lhs, bits, __ATOMIC_SEQ_CST);           \
  } while (0)
#define OMP_SWAP_BITS(BITS, T)                                                 \
  do {                                                                         \
    uint##BITS##_t bits;                                                       \
    memcpy(&bits, &rhs, sizeof(T));                                            \
    bits = __atomic_exchange_n((omp_bits##BITS *)lhs, bits, __ATOMIC_SEQ_CST); \
    memcpy(&old, &bits, sizeof(T));                                            \
  } while (0)

#define OMP_READ_cas8(T) OMP_LOAD_BITS(8, T)
#define OMP_READ_cas16(T) OMP_LOAD_BITS(16, T)
#define OMP_READ_cas32(T) OMP_LOAD_BITS(32, T)
#define OMP_READ_cas64(T) OMP_LOAD_BITS(64, T)
#define OMP_READ_lock(T) OMP_LOCKED(value = *lhs)
#define OMP_READ_cas64a(T)                                                     \
  if (OMP_ALIGNED8)                                                            \
    OMP_LOAD_BITS(64, T);                                                      \
  else                                                                         \
    OMP_LOCKED(value = *lhs)
#define OMP_WRITE_cas8(T) OMP_STORE_BITS(8, T)
#define OMP_WRITE_cas16(T) OMP_STORE_BITS(16, T)
#define OMP_WRITE_cas32(T) OMP_STORE_BITS(32, T)
#define OMP_WRITE_cas64(T) OMP_STORE_BITS(64, T)
#define OMP_WRITE_lock(T) OMP_LOCKED(*lhs = rhs)
#define OMP_WRITE_cas64a(T)                                                    \
  if (OMP_ALIGNED8)                                                            \
    OMP_STORE_BITS(64, T);                                                     \
  else                                                                         \
    OMP_LOCKED(*lhs = rhs)
#define OMP_SWAP_cas8(T) OMP_SWAP_BITS(8, T)
#define OMP_SWAP_cas16(T) OMP_SWAP_BITS(16, T)
#define OMP_SWAP_cas32(T) OMP_SWAP_BITS(32, T)
#define OMP_SWAP_cas64(T) OMP_SWAP_BITS(64, T)
#define OMP_SWAP_lock(T) OMP_LOCKED(old = *lhs; *lhs = rhs)
#define OMP_SWAP_cas64a(T)                                                     \
  if (OMP_ALIGNED8)                                                            \
    OMP_SWAP_BITS(64, T);                                                      \
  else                                                                         \
    OMP_LOCKED(old = *lhs; *lhs = rhs)

/* ---- operators: the new value of x from a (x, or rhs for _rev) and b ---- *
 * W is the type the operation is done in: an unsigned type for integer
 * add/sub/mul/shl (wrapping, as the hardware does, never C overflow), the
 * wider operand type for the mixed-type routines, else T itself. */

#define OMP_OP_add(T, W, a, b) ((T)((W)(a) + (W)(b)))
#define OMP_OP_sub(T, W, a, b) ((T)((W)(a) - (W)(b)))
#define OMP_OP_mul(T, W, a, b) ((T)((W)(a) * (W)(b)))
#define OMP_OP_div(T, W, a, b) ((T)((W)(a) / (W)(b)))
#define OMP_OP_andb(T, W, a, b) ((T)((a) & (b)))
#define OMP_OP_orb(T, W, a, b) ((T)((a) | (b)))
#define OMP_OP_xor(T, W, a, b) ((T)((a) ^ (b)))
#define OMP_OP_neqv(T, W, a, b) ((T)((a) ^ (b)))
#define OMP_OP_eqv(T, W, a, b) ((T)~((a) ^ (b)))
#define OMP_OP_andl(T, W, a, b) ((T)((a) && (b)))
#define OMP_OP_orl(T, W, a, b) ((T)((a) || (b)))
#define OMP_OP_shl(T, W, a, b) ((T)((W)(a) << (b)))
#define OMP_OP_shr(T, W, a, b) ((T)((a) >> (b)))
/* max/min store rhs only when it wins (so x keeps its bits otherwise). */
#define OMP_OP_max(T, W, a, b) (b)
#define OMP_OP_min(T, W, a, b) (b)
#define OMP_NEED_max(old, rhs) ((old) < (rhs))
#define OMP_NEED_min(old, rhs) ((old) > (rhs))
#define OMP_NEED_ALWAYS(old, rhs) 1

/* ---- routine generators ------------------------------------------------ */

#define OMP_DEF(RET, NAME, ...)                                                \
  OMP_EXPORT RET __kmpc_atomic_##NAME(ident_t *id_ref, int gtid, __VA_ARGS__)

/* x = x op rhs and its capture; NEED names the condition for storing. */
#define OMP_GEN_UPDATE(TY, OP, T, W, KIND, NEED)                               \
  OMP_DEF(void, TY##_##OP, T *lhs, T rhs) {                                    \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_##KIND(T, OMP_OP_##OP(T, W, old, rhs), NEED(old, rhs))          \
    (void)new_value;                                                           \
  }                                                                            \
  OMP_DEF(T, TY##_##OP##_cpt, T *lhs, T rhs, int flag) {                       \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_##KIND(T, OMP_OP_##OP(T, W, old, rhs), NEED(old, rhs))          \
    return flag ? new_value : old;                                             \
  }

/* x = rhs op x and its capture. */
#define OMP_GEN_REV(TY, OP, T, W, KIND)                                        \
  OMP_DEF(void, TY##_##OP##_rev, T *lhs, T rhs) {                              \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_##KIND(T, OMP_OP_##OP(T, W, rhs, old), 1)                       \
    (void)new_value;                                                           \
  }                                                                            \
  OMP_DEF(T, TY##_##OP##_cpt_rev, T *lhs, T rhs, int flag) {                   \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_##KIND(T, OMP_OP_##OP(T, W, rhs, old), 1)                       \
    return flag ? new_value : old;                                             \
  }

/* x = x op rhs with a right operand of the wider type RT. */
#define OMP_GEN_MIXED(TY, OP, SUFFIX, T, RT, KIND)                             \
  OMP_DEF(void, TY##_##OP##_##SUFFIX, T *lhs, RT rhs) {                        \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_##KIND(T, OMP_OP_##OP(T, RT, old, rhs), 1)                      \
    (void)new_value;                                                           \
  }

/* Integer add/sub/and/or/xor: one fetch-and-op instruction. */
#define OMP_GEN_FETCH(TY, OP, T, W, FETCH)                                     \
  OMP_DEF(void, TY##_##OP, T *lhs, T rhs) {                                    \
    (void)id_ref, (void)gtid;                                                  \
    __atomic_##FETCH(lhs, rhs, __ATOMIC_SEQ_CST);                              \
  }                                                                            \
  OMP_DEF(T, TY##_##OP##_cpt, T *lhs, T rhs, int flag) {                       \
    (void)id_ref, (void)gtid;                                                  \
    T old = __atomic_##FETCH(lhs, rhs, __ATOMIC_SEQ_CST);                      \
    return flag ? OMP_OP_##OP(T, W, old, rhs) : old;                           \
  }

#define OMP_GEN_RD_WR(TY, T, KIND)                                             \
  OMP_DEF(T, TY##_rd, T *lhs) {                                                \
    (void)id_ref, (void)gtid;                                                  \
    T value;                                                                   \
    OMP_READ_##KIND(T);                                                        \
    return value;                                                              \
  }                                                                            \
  OMP_DEF(void, TY##_wr, T *lhs, T rhs) {                                      \
    (void)id_ref, (void)gtid;                                                  \
    OMP_WRITE_##KIND(T);                                                       \
  }

#define OMP_GEN_SWP(TY, T, KIND)                                               \
  OMP_DEF(T, TY##_swp, T *lhs, T rhs) {                                        \
    (void)id_ref, (void)gtid;                                                  \
    T old;                                                                     \
    OMP_SWAP_##KIND(T);                                                        \
    return old;                                                                \
  }

/* ---- integers: fixed1/2/4/8 (signed) and their unsigned div/shr -------- */

#define OMP_FIXED_FAMILY(TY, T, W, KIND)                                       \
  OMP_GEN_FETCH(TY, add, T, W, fetch_add)                                      \
  OMP_GEN_FETCH(TY, sub, T, W, fetch_sub)                                      \
  OMP_GEN_FETCH(TY, andb, T, W, fetch_and)                                     \
  OMP_GEN_FETCH(TY, orb, T, W, fetch_or)                                       \
  OMP_GEN_FETCH(TY, xor, T, W, fetch_xor)                                      \
  OMP_GEN_FETCH(TY, neqv, T, W, fetch_xor)                                     \
  OMP_GEN_UPDATE(TY, mul, T, W, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, div, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, shl, T, W, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, shr, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, andl, T, T, KIND, OMP_NEED_ALWAYS)                        \
  OMP_GEN_UPDATE(TY, orl, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, eqv, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, max, T, T, KIND, OMP_NEED_max)                            \
  OMP_GEN_UPDATE(TY, min, T, T, KIND, OMP_NEED_min)                            \
  OMP_GEN_REV(TY, sub, T, W, KIND)                                             \
  OMP_GEN_REV(TY, div, T, T, KIND)                                             \
  OMP_GEN_REV(TY, shl, T, W, KIND)                                             \
  OMP_GEN_REV(TY, shr, T, T, KIND)                                             \
  OMP_GEN_MIXED(TY, mul, float8, T, double, KIND)                              \
  OMP_GEN_MIXED(TY, div, float8, T, double, KIND)                              \
  OMP_GEN_RD_WR(TY, T, KIND)                                                   \
  OMP_GEN_SWP(TY, T, KIND)

#define OMP_FIXED_UNSIGNED_FAMILY(TY, T, KIND)                                 \
  OMP_GEN_UPDATE(TY, div, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, shr, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_REV(TY, div, T, T, KIND)                                             \
  OMP_GEN_REV(TY, shr, T, T, KIND)

/* LLVM's fixed1 is `char`, signed on the targets this builds for. */
OMP_FIXED_FAMILY(fixed1, int8_t, unsigned, cas8)
OMP_FIXED_FAMILY(fixed2, int16_t, unsigned, cas16)
OMP_FIXED_FAMILY(fixed4, int32_t, uint32_t, cas32)
OMP_FIXED_FAMILY(fixed8, int64_t, uint64_t, cas64)
OMP_FIXED_UNSIGNED_FAMILY(fixed1u, uint8_t, cas8)
OMP_FIXED_UNSIGNED_FAMILY(fixed2u, uint16_t, cas16)
OMP_FIXED_UNSIGNED_FAMILY(fixed4u, uint32_t, cas32)
OMP_FIXED_UNSIGNED_FAMILY(fixed8u, uint64_t, cas64)

/* ---- floating point: float4/8 lock-free, float10 (long double) locked -- */

#define OMP_FLOAT_FAMILY(TY, T, KIND)                                          \
  OMP_GEN_UPDATE(TY, add, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, sub, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, mul, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, div, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, max, T, T, KIND, OMP_NEED_max)                            \
  OMP_GEN_UPDATE(TY, min, T, T, KIND, OMP_NEED_min)                            \
  OMP_GEN_REV(TY, sub, T, T, KIND)                                             \
  OMP_GEN_REV(TY, div, T, T, KIND)                                             \
  OMP_GEN_RD_WR(TY, T, KIND)                                                   \
  OMP_GEN_SWP(TY, T, KIND)

OMP_FLOAT_FAMILY(float4, float, cas32)
OMP_FLOAT_FAMILY(float8, double, cas64)
OMP_FLOAT_FAMILY(float10, long double, lock)
OMP_GEN_MIXED(float4, add, float8, float, double, cas32)
OMP_GEN_MIXED(float4, sub, float8, float, double, cas32)
OMP_GEN_MIXED(float4, mul, float8, float, double, cas32)
OMP_GEN_MIXED(float4, div, float8, float, double, cas32)

/* ---- complex: cmplx8 (_Complex double) and cmplx10 locked -------------- */

#define OMP_CMPLX_FAMILY(TY, T, KIND)                                          \
  OMP_GEN_UPDATE(TY, add, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, sub, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, mul, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_UPDATE(TY, div, T, T, KIND, OMP_NEED_ALWAYS)                         \
  OMP_GEN_REV(TY, sub, T, T, KIND)                                             \
  OMP_GEN_REV(TY, div, T, T, KIND)                                             \
  OMP_GEN_RD_WR(TY, T, KIND)                                                   \
  OMP_GEN_SWP(TY, T, KIND)

OMP_CMPLX_FAMILY(cmplx8, double _Complex, lock)
OMP_CMPLX_FAMILY(cmplx10, long double _Complex, lock)

/* cmplx4 (_Complex float): captures come back through `out`, as LLVM's
 * routines do for this type. */
typedef float _Complex omp_cmplx4;
#define OMP_CMPLX4_NEW(OP, a, b) OMP_OP_##OP(omp_cmplx4, omp_cmplx4, a, b)

#define OMP_CMPLX4_OP(OP)                                                      \
  OMP_DEF(void, cmplx4_##OP, omp_cmplx4 *lhs, omp_cmplx4 rhs) {                \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_cas64a(omp_cmplx4, OMP_CMPLX4_NEW(OP, old, rhs), 1)             \
    (void)new_value;                                                           \
  }                                                                            \
  OMP_DEF(void, cmplx4_##OP##_cpt, omp_cmplx4 *lhs, omp_cmplx4 rhs,            \
          omp_cmplx4 *out, int flag) {                                         \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_cas64a(omp_cmplx4, OMP_CMPLX4_NEW(OP, old, rhs), 1)             \
    *out = flag ? new_value : old;                                             \
  }                                                                            \
  OMP_GEN_MIXED(cmplx4, OP, cmplx8, omp_cmplx4, double _Complex, cas64a)

#define OMP_CMPLX4_REV(OP)                                                     \
  OMP_DEF(void, cmplx4_##OP##_rev, omp_cmplx4 *lhs, omp_cmplx4 rhs) {          \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_cas64a(omp_cmplx4, OMP_CMPLX4_NEW(OP, rhs, old), 1)             \
    (void)new_value;                                                           \
  }                                                                            \
  OMP_DEF(void, cmplx4_##OP##_cpt_rev, omp_cmplx4 *lhs, omp_cmplx4 rhs,        \
          omp_cmplx4 *out, int flag) {                                         \
    (void)id_ref, (void)gtid;                                                  \
    OMP_UPDATE_cas64a(omp_cmplx4, OMP_CMPLX4_NEW(OP, rhs, old), 1)             \
    *out = flag ? new_value : old;                                             \
  }

OMP_CMPLX4_OP(add)
OMP_CMPLX4_OP(sub)
OMP_CMPLX4_OP(mul)
OMP_CMPLX4_OP(div)
OMP_CMPLX4_REV(sub)
OMP_CMPLX4_REV(div)
OMP_GEN_RD_WR(cmplx4, omp_cmplx4, cas64a)

OMP_DEF(void, cmplx4_swp, omp_cmplx4 *lhs, omp_cmplx4 rhs, omp_cmplx4 *out) {
  (void)id_ref, (void)gtid;
  omp_cmplx4 old;
  OMP_SWAP_cas64a(omp_cmplx4);
  *out = old;
}

/* ---- compare-and-swap: `atomic compare` on 1..8-byte integers ---------- */

#define OMP_GEN_CAS(N, T)                                                      \
  OMP_DEF(bool, bool_##N##_cas, T *x, T e, T d) {                              \
    (void)id_ref, (void)gtid;                                                  \
    return __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_SEQ_CST,      \
                                       __ATOMIC_SEQ_CST);                      \
  }                                                                            \
  OMP_DEF(T, val_##N##_cas, T *x, T e, T d) {                                  \
    (void)id_ref, (void)gtid;                                                  \
    __atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_SEQ_CST,             \
                                __ATOMIC_SEQ_CST);                             \
    return e; /* the old value either way */                                   \
  }                                                                            \
  /* { r = x == e; if (r) x = d; else v = x; } */                              \
  OMP_DEF(bool, bool_##N##_cas_cpt, T *x, T e, T d, T *pv) {                   \
    (void)id_ref, (void)gtid;                                                  \
    if (__atomic_compare_exchange_n(x, &e, d, false, __ATOMIC_SEQ_CST,         \
                                    __ATOMIC_SEQ_CST))                         \
      return true;                                                             \
    *pv = e;                                                                   \
    return false;                                                              \
  }                                                                            \
  /* { if (x == e) x = d; v = x; }, returning the old x */                     \
  OMP_DEF(T, val_##N##_cas_cpt, T *x, T e, T d, T *pv) {                       \
    (void)id_ref, (void)gtid;                                                  \
    T expected = e;                                                            \
    bool swapped = __atomic_compare_exchange_n(x, &expected, d, false,         \
                                               __ATOMIC_SEQ_CST,               \
                                               __ATOMIC_SEQ_CST);              \
    *pv = swapped ? d : expected;                                              \
    return expected;                                                           \
  }

OMP_GEN_CAS(1, int8_t)
OMP_GEN_CAS(2, int16_t)
OMP_GEN_CAS(4, int32_t)
OMP_GEN_CAS(8, int64_t)

/* ---- generic: the compiler's f(result, x, rhs) computes x op rhs ------- */

typedef void (*omp_atomic_fn)(void *result, void *x, void *rhs);

/* Under the address's lock f updates x in place, as LLVM's do. */
static void omp_atomic_locked(void *lhs, void *rhs, omp_atomic_fn f) {
  _Atomic uint32_t *lock = omp_atomic_lock_for(lhs);
  omp_mutex_lock(lock);
  f(lhs, lhs, rhs);
  omp_mutex_unlock(lock);
}

#define OMP_GEN_GENERIC_CAS(N, BITS)                                           \
  OMP_DEF(void, N, void *lhs, void *rhs, omp_atomic_fn f) {                    \
    (void)id_ref, (void)gtid;                                                  \
    if ((uintptr_t)lhs & (N - 1)) {                                            \
      omp_atomic_locked(lhs, rhs, f);                                          \
      return;                                                                  \
    }                                                                          \
    uint##BITS##_t old_bits =                                                  \
        __atomic_load_n((omp_bits##BITS *)lhs, __ATOMIC_RELAXED);              \
    uint##BITS##_t new_bits;                                                   \
    do {                                                                       \
      uint##BITS##_t old_copy = old_bits;                                      \
      f(&new_bits, &old_copy, rhs);                                            \
    } while (!__atomic_compare_exchange_n((omp_bits##BITS *)lhs, &old_bits,    \
                                          new_bits, true, __ATOMIC_SEQ_CST,    \
                                          __ATOMIC_RELAXED));                  \
  }

#define OMP_GEN_GENERIC_LOCKED(N)                                              \
  OMP_DEF(void, N, void *lhs, void *rhs, omp_atomic_fn f) {                    \
    (void)id_ref, (void)gtid;                                                  \
    omp_atomic_locked(lhs, rhs, f);                                            \
  }

OMP_GEN_GENERIC_CAS(1, 8)
OMP_GEN_GENERIC_CAS(2, 16)
OMP_GEN_GENERIC_CAS(4, 32)
OMP_GEN_GENERIC_CAS(8, 64)
OMP_GEN_GENERIC_LOCKED(10)
OMP_GEN_GENERIC_LOCKED(16)
OMP_GEN_GENERIC_LOCKED(20)
OMP_GEN_GENERIC_LOCKED(32)

/* The __kmpc_atomic_* routines, called directly with LLVM's prototypes as
 * other compilers' code calls them (clang-19 inlines atomics instead):
 * first the exact semantics of each form on one thread (_cpt's flag, _rev's
 * operand order, mixed types, swap, compare-and-swap), then 4 threads
 * hammering typed, locked (long double, complex), misaligned and generic
 * routines, checked against the exact expected totals. */
#include <complex.h>
#include <omp.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "check.h"

typedef struct ident ident_t;
int32_t __kmpc_global_thread_num(ident_t *loc);

#define UPD(ty, T, op) void __kmpc_atomic_##ty##_##op(ident_t *, int, T *, T);
#define CPT(ty, T, op) T __kmpc_atomic_##ty##_##op##_cpt(ident_t *, int, T *, T, int);
#define CPT_REV(ty, T, op)                                                     \
  T __kmpc_atomic_##ty##_##op##_cpt_rev(ident_t *, int, T *, T, int);
UPD(fixed1, char, add) CPT(fixed1, char, add) UPD(fixed1, char, sub_rev)
UPD(fixed1, char, andl) CPT(fixed1, char, orl)
UPD(fixed2, short, add) CPT(fixed2, short, mul) UPD(fixed2, short, eqv)
UPD(fixed4, int32_t, add) CPT(fixed4, int32_t, add) UPD(fixed4, int32_t, sub)
UPD(fixed4, int32_t, mul) UPD(fixed4, int32_t, div) UPD(fixed4, int32_t, andb)
UPD(fixed4, int32_t, orb) UPD(fixed4, int32_t, xor) UPD(fixed4, int32_t, max)
UPD(fixed4, int32_t, min) CPT(fixed4, int32_t, max) CPT(fixed4, int32_t, min)
UPD(fixed4, int32_t, sub_rev) UPD(fixed4, int32_t, div_rev)
UPD(fixed4, int32_t, shl_rev) CPT_REV(fixed4, int32_t, sub)
CPT_REV(fixed4, int32_t, shr) UPD(fixed4, int32_t, shl) UPD(fixed4, int32_t, shr)
CPT(fixed4, int32_t, eqv) CPT(fixed4, int32_t, neqv)
UPD(fixed4u, uint32_t, div) UPD(fixed4u, uint32_t, shr)
UPD(fixed8, int64_t, mul) UPD(fixed8, int64_t, sub) CPT(fixed8, int64_t, xor)
UPD(fixed8, int64_t, shl) UPD(fixed8u, uint64_t, shr)
UPD(float4, float, add) UPD(float4, float, mul) CPT(float4, float, sub)
CPT_REV(float4, float, div)
UPD(float8, double, add) CPT(float8, double, add) UPD(float8, double, mul)
UPD(float8, double, max) UPD(float8, double, min) UPD(float8, double, sub_rev)
UPD(float8, double, div_rev) CPT(float8, double, max)
UPD(float10, long double, add) CPT(float10, long double, add)
UPD(float10, long double, sub_rev) CPT(float10, long double, min)
UPD(cmplx8, double _Complex, add) CPT(cmplx8, double _Complex, add)
UPD(cmplx8, double _Complex, mul) UPD(cmplx8, double _Complex, sub_rev)
CPT_REV(cmplx8, double _Complex, div)
UPD(cmplx10, long double _Complex, add) UPD(cmplx10, long double _Complex, mul)
UPD(cmplx4, float _Complex, add) UPD(cmplx4, float _Complex, mul)
void __kmpc_atomic_fixed1_mul_float8(ident_t *, int, char *, double);
void __kmpc_atomic_fixed4_div_float8(ident_t *, int, int32_t *, double);
void __kmpc_atomic_fixed4_mul_float8(ident_t *, int, int32_t *, double);
void __kmpc_atomic_float4_add_float8(ident_t *, int, float *, double);
void __kmpc_atomic_cmplx4_add_cmplx8(ident_t *, int, float _Complex *, double _Complex);
void __kmpc_atomic_cmplx4_add_cpt(ident_t *, int, float _Complex *, float _Complex,
                                  float _Complex *, int);
void __kmpc_atomic_cmplx4_sub_cpt_rev(ident_t *, int, float _Complex *,
                                      float _Complex, float _Complex *, int);
void __kmpc_atomic_cmplx4_swp(ident_t *, int, float _Complex *, float _Complex,
                              float _Complex *);
float _Complex __kmpc_atomic_cmplx4_rd(ident_t *, int, float _Complex *);
void __kmpc_atomic_cmplx4_wr(ident_t *, int, float _Complex *, float _Complex);
int32_t __kmpc_atomic_fixed4_rd(ident_t *, int, int32_t *);
void __kmpc_atomic_fixed4_wr(ident_t *, int, int32_t *, int32_t);
int32_t __kmpc_atomic_fixed4_swp(ident_t *, int, int32_t *, int32_t);
double __kmpc_atomic_float8_swp(ident_t *, int, double *, double);
long double __kmpc_atomic_float10_swp(ident_t *, int, long double *, long double);
long double __kmpc_atomic_float10_rd(ident_t *, int, long double *);
void __kmpc_atomic_float10_wr(ident_t *, int, long double *, long double);
double _Complex __kmpc_atomic_cmplx8_swp(ident_t *, int, double _Complex *, double _Complex);
long double _Complex __kmpc_atomic_cmplx10_rd(ident_t *, int, long double _Complex *);
void __kmpc_atomic_cmplx10_wr(ident_t *, int, long double _Complex *, long double _Complex);
bool __kmpc_atomic_bool_4_cas(ident_t *, int, int32_t *, int32_t, int32_t);
int64_t __kmpc_atomic_val_8_cas(ident_t *, int, int64_t *, int64_t, int64_t);
bool __kmpc_atomic_bool_1_cas_cpt(ident_t *, int, char *, char, char, char *);
short __kmpc_atomic_val_2_cas_cpt(ident_t *, int, short *, short, short, short *);
typedef void (*generic_fn)(void *, void *, void *);
#define GENERIC(n) void __kmpc_atomic_##n(ident_t *, int, void *, void *, generic_fn);
GENERIC(1) GENERIC(2) GENERIC(4) GENERIC(8) GENERIC(10) GENERIC(16) GENERIC(20)
GENERIC(32)
void __kmpc_atomic_start(void);
void __kmpc_atomic_end(void);

#define K 2000 /* updates per thread */
#define T 4    /* threads */

static int gtid(void) { return __kmpc_global_thread_num(NULL); }

/* ---- one thread: exact semantics ---------------------------------------- */

static void semantics(void) {
  int g = gtid();
  int32_t x = 10;
  CHECK_EQ_INT(__kmpc_atomic_fixed4_add_cpt(NULL, g, &x, 5, 0), 10);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_add_cpt(NULL, g, &x, 5, 1), 20);
  __kmpc_atomic_fixed4_sub_rev(NULL, g, &x, 3); /* x = 3 - 20 */
  CHECK_EQ_INT(x, -17);
  x = 4;
  __kmpc_atomic_fixed4_div_rev(NULL, g, &x, 100); /* 100 / 4 */
  CHECK_EQ_INT(x, 25);
  x = 3;
  __kmpc_atomic_fixed4_shl_rev(NULL, g, &x, 5); /* 5 << 3 */
  CHECK_EQ_INT(x, 40);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 100, 0), 40);
  CHECK_EQ_INT(x, 60);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_sub_cpt_rev(NULL, g, &x, 100, 1), 40);
  x = 2;
  CHECK_EQ_INT(__kmpc_atomic_fixed4_shr_cpt_rev(NULL, g, &x, 64, 1), 16);
  x = -16;
  __kmpc_atomic_fixed4_shr(NULL, g, &x, 2);
  CHECK_EQ_INT(x, -4); /* arithmetic shift for the signed routine */
  uint32_t ux = 0x80000000u;
  __kmpc_atomic_fixed4u_shr(NULL, g, &ux, 4);
  CHECK_EQ_INT(ux, 0x08000000u);
  __kmpc_atomic_fixed4u_div(NULL, g, &ux, 0x10);
  CHECK_EQ_INT(ux, 0x00800000u);
  x = 7;
  CHECK_EQ_INT(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 9, 0), 7);
  CHECK_EQ_INT(x, 9);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 12, 1), 12);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 1), 12);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_max_cpt(NULL, g, &x, 3, 0), 12);
  CHECK_EQ_INT(__kmpc_atomic_fixed4_min_cpt(NULL, g, &x, 3, 0), 12);
  CHECK_EQ_INT(x, 3);
  x = 0x0f0f;
  CHECK_EQ_INT(__kmpc_atomic_fixed4_eqv_cpt(NULL, g, &x, 0x00ff, 1), ~(0x0f0f ^ 0x00ff));
  CHECK_EQ_INT(__kmpc_atomic_fixed4_neqv_cpt(NULL, g, &x, -1, 0), ~(0x0f0f ^ 0x00ff));
  CHECK_EQ_INT(x, 0x0f0f ^ 0x00ff);
  char c = 100;
  CHECK_EQ_INT(__kmpc_atomic_fixed1_add_cpt(NULL, g, &c, 100, 1), (char)200);
  c = 3;
  __kmpc_atomic_fixed1_sub_rev(NULL, g, &c, 1); /* 1 - 3 */
  CHECK_EQ_INT(c, -2);
  __kmpc_atomic_fixed1_andl(NULL, g, &c, 5);
  CHECK_EQ_INT(c, 1);
  c = 0;
  CHECK_EQ_INT(__kmpc_atomic_fixed1_orl_cpt(NULL, g, &c, 0, 1), 0);
  CHECK_EQ_INT(__kmpc_atomic_fixed1_orl_cpt(NULL, g, &c, 7, 1), 1);
  c = 10;
  __kmpc_atomic_fixed1_mul_float8(NULL, g, &c, 2.5);
  CHECK_EQ_INT(c, 25);
  x = 10;
  __kmpc_atomic_fixed4_div_float8(NULL, g, &x, 4.0); /* (int)(10 / 4.0) */
  CHECK_EQ_INT(x, 2);
  short sh = 300;
  CHECK_EQ_INT(__kmpc_atomic_fixed2_mul_cpt(NULL, g, &sh, 300, 1), (short)90000);
  sh = 0x00f0;
  __kmpc_atomic_fixed2_eqv(NULL, g, &sh, 0x0ff0);
  CHECK_EQ_INT(sh, (short)~(0x00f0 ^ 0x0ff0));
  int64_t l = 0x0f;
  CHECK_EQ_INT(__kmpc_atomic_fixed8_xor_cpt(NULL, g, &l, 0xff, 0), 0x0f);
  CHECK_EQ_INT(l, 0xf0);

  float f = 10;
  CHECK(__kmpc_atomic_float4_sub_cpt(NULL, g, &f, 4, 1) == 6.0f, "float4_sub_cpt");
  CHECK(__kmpc_atomic_float4_div_cpt_rev(NULL, g, &f, 3, 0) == 6.0f && f == 0.5f,
        "float4_div_cpt_rev: f = %g", f);
  __kmpc_atomic_float4_add_float8(NULL, g, &f, 0.25);
  CHECK(f == 0.75f, "float4_add_float8: %g", f);
  double d = 8;
  __kmpc_atomic_float8_div_rev(NULL, g, &d, 2); /* 2 / 8 */
  CHECK(d == 0.25, "float8_div_rev: %g", d);
  CHECK(__kmpc_atomic_float8_max_cpt(NULL, g, &d, 1.5, 0) == 0.25 && d == 1.5,
        "float8_max_cpt: %g", d);
  long double ld = 2;
  CHECK(__kmpc_atomic_float10_add_cpt(NULL, g, &ld, 1, 0) == 2 && ld == 3,
        "float10_add_cpt");
  __kmpc_atomic_float10_sub_rev(NULL, g, &ld, 1); /* 1 - 3 */
  CHECK(ld == -2, "float10_sub_rev: %Lg", ld);
  CHECK(__kmpc_atomic_float10_min_cpt(NULL, g, &ld, -5, 1) == -5 && ld == -5,
        "float10_min_cpt");
  CHECK(__kmpc_atomic_float10_swp(NULL, g, &ld, 4) == -5 && ld == 4, "float10_swp");

  double _Complex z = 1 + 2 * I;
  __kmpc_atomic_cmplx8_mul(NULL, g, &z, I); /* (1+2i) i = -2 + i */
  CHECK(z == -2 + 1 * I, "cmplx8_mul");
  __kmpc_atomic_cmplx8_sub_rev(NULL, g, &z, 1); /* 1 - (-2+i) */
  CHECK(z == 3 - 1 * I, "cmplx8_sub_rev");
  double _Complex q = __kmpc_atomic_cmplx8_div_cpt_rev(NULL, g, &z, 10, 1);
  CHECK(cabs(q - (3 + 1 * I)) < 1e-12 && q == z, /* 10 / (3-i) = 3+i */
        "cmplx8_div_cpt_rev: %g%+gi", creal(q), cimag(q));
  CHECK(__kmpc_atomic_cmplx8_swp(NULL, g, &z, 5) == q && z == 5, "cmplx8_swp");
  float _Complex w = 1, out = 0;
  __kmpc_atomic_cmplx4_add_cpt(NULL, g, &w, 2 * I, &out, 0);
  CHECK(out == 1 && w == 1 + 2 * I, "cmplx4_add_cpt flag 0");
  __kmpc_atomic_cmplx4_add_cpt(NULL, g, &w, 1, &out, 1);
  CHECK(out == 2 + 2 * I, "cmplx4_add_cpt flag 1");
  __kmpc_atomic_cmplx4_sub_cpt_rev(NULL, g, &w, 0, &out, 1); /* 0 - w */
  CHECK(out == -2 - 2 * I && w == out, "cmplx4_sub_cpt_rev");
  __kmpc_atomic_cmplx4_swp(NULL, g, &w, 7, &out);
  CHECK(out == -2 - 2 * I && w == 7, "cmplx4_swp");
  __kmpc_atomic_cmplx4_add_cmplx8(NULL, g, &w, 0.5 * I);
  CHECK(__kmpc_atomic_cmplx4_rd(NULL, g, &w) == 7 + 0.5f * I, "cmplx4_add_cmplx8");

  int32_t v = 5;
  CHECK(!__kmpc_atomic_bool_4_cas(NULL, g, &v, 4, 9) && v == 5, "bool_4_cas fail");
  CHECK(__kmpc_atomic_bool_4_cas(NULL, g, &v, 5, 9) && v == 9, "bool_4_cas");
  int64_t v8 = 1;
  CHECK_EQ_INT(__kmpc_atomic_val_8_cas(NULL, g, &v8, 2, 3), 1);
  CHECK_EQ_INT(__kmpc_atomic_val_8_cas(NULL, g, &v8, 1, 3), 1);
  CHECK_EQ_INT(v8, 3);
  char cx = 2, cv = 0;
  CHECK(!__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 1, 3, &cv) && cv == 2 && cx == 2,
        "bool_1_cas_cpt miss");
  cv = 0;
  CHECK(__kmpc_atomic_bool_1_cas_cpt(NULL, g, &cx, 2, 3, &cv) && cv == 0 && cx == 3,
        "bool_1_cas_cpt hit");
  short sx = 7, sv = 0;
  CHECK(__kmpc_atomic_val_2_cas_cpt(NULL, g, &sx, 6, 1, &sv) == 7 && sv == 7 && sx == 7,
        "val_2_cas_cpt miss");
  CHECK(__kmpc_atomic_val_2_cas_cpt(NULL, g, &sx, 7, 1, &sv) == 7 && sv == 1 && sx == 1,
        "val_2_cas_cpt hit");
}

/* ---- many threads -------------------------------------------------------- */

static void add_i32(void *out, void *a, void *b) {
  *(int32_t *)out = *(int32_t *)a + *(int32_t *)b;
}
static void add_i16(void *out, void *a, void *b) {
  short r = (short)(*(short *)a + *(short *)b);
  memcpy(out, &r, sizeof r); /* may be misaligned */
}
static void add_i8(void *out, void *a, void *b) { *(char *)out = (char)(*(char *)a + *(char *)b); }
static void add_f64(void *out, void *a, void *b) { *(double *)out = *(double *)a + *(double *)b; }
static void add_f80(void *out, void *a, void *b) {
  *(long double *)out = *(long double *)a + *(long double *)b;
}
struct quad { int64_t v[4]; };
struct five { int32_t v[5]; };
static void add_pair(void *out, void *a, void *b) { /* 16 bytes */
  for (int k = 0; k < 2; k++)
    ((int64_t *)out)[k] = ((int64_t *)a)[k] + ((int64_t *)b)[k];
}
static void add_five(void *out, void *a, void *b) {
  for (int k = 0; k < 5; k++)
    ((int32_t *)out)[k] = ((int32_t *)a)[k] + ((int32_t *)b)[k];
}
static void add_quad(void *out, void *a, void *b) {
  for (int k = 0; k < 4; k++)
    ((int64_t *)out)[k] = ((int64_t *)a)[k] + ((int64_t *)b)[k];
}

struct shared {
  char c;
  short sh;
  int32_t i, imul, idiv, band, bor, bxor, imax, imin, rev, casv, idf, start_end[3];
  int64_t lmul, lsub, lshl;
  uint64_t ushr;
  float f, fmul;
  double d, dmul, dmax, dmin, drev;
  long double ld, ldrev;
  double _Complex z, zmul, zrev;
  long double _Complex lz, lzmul;
  float _Complex cz, czmul;
  int64_t v8;
  double g8;
  long double g10;
  int64_t g16[2];
  struct five g20;
  struct quad g32;
  char g1;
  struct __attribute__((packed)) {
    char pad;
    short value;          /* misaligned: the generic routine locks */
    float _Complex cz;    /* misaligned for an 8-byte CAS: cmplx4 locks */
  } odd;
};

/* Each thread's captured values, to check that captures are unique. */
static int32_t captured_add[T * K];
static double captured_fadd[T * K];
static long double captured_ldadd[T * K];
static double captured_zadd[T * K];
static int32_t swapped[T * K];

static void hammer_thread(struct shared *s, int t) {
  int g = gtid();
  for (int k = 0; k < K; k++) {
    __kmpc_atomic_fixed1_add(NULL, g, &s->c, 1);
    __kmpc_atomic_fixed2_add(NULL, g, &s->sh, 3);
    __kmpc_atomic_fixed4_add(NULL, g, &s->i, 2);
    __kmpc_atomic_fixed4_sub(NULL, g, &s->i, 1);
    captured_add[t * K + k] = __kmpc_atomic_fixed4_add_cpt(NULL, g, &s->casv, 1, 0);
    __kmpc_atomic_fixed4_max(NULL, g, &s->imax, t * K + k);
    __kmpc_atomic_fixed4_min(NULL, g, &s->imin, -(t * K + k));
    __kmpc_atomic_fixed4_xor(NULL, g, &s->bxor, 1 << t);
    __kmpc_atomic_fixed4_sub_rev(NULL, g, &s->rev, 10); /* x = 10 - x */
    __kmpc_atomic_fixed8_sub(NULL, g, &s->lsub, k);
    __kmpc_atomic_float4_add(NULL, g, &s->f, 1.0f);
    __kmpc_atomic_float8_add(NULL, g, &s->d, 0.5);
    captured_fadd[t * K + k] = __kmpc_atomic_float8_add_cpt(NULL, g, &s->g8, 1.0, 1);
    __kmpc_atomic_float8_max(NULL, g, &s->dmax, (double)(t * K + k));
    __kmpc_atomic_float8_min(NULL, g, &s->dmin, (double)-(t * K + k));
    __kmpc_atomic_float8_sub_rev(NULL, g, &s->drev, 1.0); /* x = 1 - x */
    __kmpc_atomic_float10_add(NULL, g, &s->ld, 1.0L);
    captured_ldadd[t * K + k] = __kmpc_atomic_float10_add_cpt(NULL, g, &s->ldrev, 1.0L, 0);
    __kmpc_atomic_cmplx8_add(NULL, g, &s->z, 1 + 2 * I);
    captured_zadd[t * K + k] = creal(__kmpc_atomic_cmplx8_add_cpt(NULL, g, &s->zrev, 1 - 1 * I, 1));
    __kmpc_atomic_cmplx10_add(NULL, g, &s->lz, 2 - 1 * I);
    __kmpc_atomic_cmplx4_add(NULL, g, &s->cz, 1 + 1 * I);
    __kmpc_atomic_cmplx4_add(NULL, g, &s->odd.cz, 1 - 1 * I);
    swapped[t * K + k] = __kmpc_atomic_fixed4_swp(NULL, g, &s->idf, t * K + k + 1);
    /* compare-and-swap increments */
    int32_t seen;
    do
      seen = __kmpc_atomic_fixed4_rd(NULL, g, &s->band);
    while (!__kmpc_atomic_bool_4_cas(NULL, g, &s->band, seen, seen + 1));
    int64_t old8 = __atomic_load_n(&s->v8, __ATOMIC_RELAXED), prev;
    while ((prev = __kmpc_atomic_val_8_cas(NULL, g, &s->v8, old8, old8 + 2)) != old8)
      old8 = prev;
    /* generic routines */
    int32_t one = 1;
    short one16 = 1;
    char one8 = 1;
    double half = 0.5;
    long double quarter = 0.25L;
    int64_t pair[2] = {1, -1};
    struct five five = {{1, 2, 3, 4, 5}};
    struct quad quad = {{1, 10, 100, 1000}};
    __kmpc_atomic_4(NULL, g, &s->bor, &one, add_i32);
    __kmpc_atomic_2(NULL, g, &s->odd.value, &one16, add_i16);
    __kmpc_atomic_1(NULL, g, &s->g1, &one8, add_i8);
    __kmpc_atomic_8(NULL, g, &s->dmul, &half, add_f64);
    __kmpc_atomic_10(NULL, g, &s->g10, &quarter, add_f80);
    __kmpc_atomic_16(NULL, g, s->g16, pair, add_pair);
    __kmpc_atomic_20(NULL, g, &s->g20, &five, add_five);
    __kmpc_atomic_32(NULL, g, &s->g32, &quad, add_quad);
    /* a region guarded by atomic_start/end */
    __kmpc_atomic_start();
    s->start_end[0]++;
    s->start_end[1] += s->start_end[0];
    s->start_end[2] = s->start_end[1] - s->start_end[0];
    __kmpc_atomic_end();
  }
  /* Products: each thread contributes a fixed factor a fixed number of
   * times, so the order does not matter. */
  for (int k = 0; k < 7; k++) {
    __kmpc_atomic_fixed4_mul(NULL, g, &s->imul, 2);
    __kmpc_atomic_fixed4_div(NULL, g, &s->idiv, 2);
    __kmpc_atomic_fixed8_shl(NULL, g, &s->lshl, 1);
    __kmpc_atomic_fixed8u_shr(NULL, g, &s->ushr, 2);
    __kmpc_atomic_float4_mul(NULL, g, &s->fmul, 2.0f);
    __kmpc_atomic_cmplx8_mul(NULL, g, &s->zmul, 1 * I);
    __kmpc_atomic_cmplx10_mul(NULL, g, &s->lzmul, -1 * I);
    __kmpc_atomic_cmplx4_mul(NULL, g, &s->czmul, 1 * I);
    __kmpc_atomic_fixed8_mul(NULL, g, &s->lmul, 3);
  }
}

static int cmp_i32(const void *a, const void *b) {
  return *(const int32_t *)a < *(const int32_t *)b ? -1 : *(const int32_t *)a > *(const int32_t *)b;
}

static void hammer(void) {
  static struct shared s;
  memset(&s, 0, sizeof s);
  s.imul = 1;
  s.idiv = 1 << 30;
  s.lshl = 1;
  s.ushr = (uint64_t)1 << 62;
  s.fmul = 1;
  s.imax = -1;
  s.imin = 1;
  s.dmax = -1;
  s.dmin = 1;
  s.rev = 3;
  s.drev = 0.25;
  s.zmul = 1;
  s.lzmul = 1;
  s.czmul = 1;
  s.lmul = 1;
  int threads = 0;
#pragma omp parallel num_threads(T)
  {
#pragma omp single
    threads = omp_get_num_threads();
    hammer_thread(&s, omp_get_thread_num());
  }
  if (threads != T) {
    CHECK(0, "got %d threads, need %d", threads, T);
    return;
  }
  const long n = (long)T * K;
  CHECK_EQ_INT(s.c, (char)n);
  CHECK_EQ_INT(s.sh, (short)(3 * n));
  CHECK_EQ_INT(s.i, n);
  CHECK_EQ_INT(s.casv, n);
  CHECK_EQ_INT(s.imax, n - 1);
  CHECK_EQ_INT(s.imin, -(n - 1));
  CHECK_EQ_INT(s.bxor, 0); /* each bit flipped an even number of times */
  CHECK_EQ_INT(s.rev, 3);  /* x -> 10 - x, an even number of times */
  CHECK_EQ_INT(s.lsub, -(long)T * K * (K - 1) / 2);
  CHECK(s.f == (float)n, "float4_add: %g, want %ld", s.f, n);
  CHECK(s.d == n * 0.5, "float8_add: %g", s.d);
  CHECK(s.g8 == (double)n, "float8_add_cpt: %g", s.g8);
  CHECK(s.dmax == n - 1 && s.dmin == -(n - 1), "float8 max/min: %g %g", s.dmax, s.dmin);
  CHECK(s.drev == 0.25, "float8_sub_rev: %g", s.drev);
  CHECK(s.ld == (long double)n && s.ldrev == (long double)n, "float10: %Lg %Lg", s.ld, s.ldrev);
  CHECK(s.z == n * (1 + 2 * I), "cmplx8_add: %g%+gi", creal(s.z), cimag(s.z));
  CHECK(s.zrev == n * (1 - 1 * I), "cmplx8_add_cpt");
  CHECK(s.lz == n * (2 - 1 * I), "cmplx10_add");
  CHECK(s.cz == n * (1 + 1 * I), "cmplx4_add: %g%+gi", crealf(s.cz), cimagf(s.cz));
  float _Complex odd = s.odd.cz;
  CHECK(odd == n * (1 - 1 * I), "cmplx4_add misaligned: %g%+gi", crealf(odd), cimagf(odd));
  CHECK_EQ_INT(s.band, n);
  CHECK_EQ_INT(s.v8, 2 * n);
  CHECK_EQ_INT(s.bor, n);
  CHECK_EQ_INT(s.odd.value, (short)n);
  CHECK_EQ_INT(s.g1, (char)n);
  CHECK(s.dmul == n * 0.5, "__kmpc_atomic_8: %g", s.dmul);
  CHECK(s.g10 == n * 0.25L, "__kmpc_atomic_10: %Lg", s.g10);
  CHECK(s.g16[0] == n && s.g16[1] == -n, "__kmpc_atomic_16: %ld %ld", (long)s.g16[0], (long)s.g16[1]);
  for (int k = 0; k < 5; k++)
    CHECK(s.g20.v[k] == (k + 1) * n, "__kmpc_atomic_20[%d]: %d", k, s.g20.v[k]);
  CHECK(s.g32.v[0] == n && s.g32.v[3] == 1000 * n, "__kmpc_atomic_32");
  CHECK(s.start_end[0] == n && s.start_end[1] == n * (n + 1) / 2 &&
            s.start_end[2] == s.start_end[1] - n,
        "atomic_start/end: %d %d %d", s.start_end[0], s.start_end[1], s.start_end[2]);
  CHECK_EQ_INT(s.imul, 1 << 28);
  CHECK_EQ_INT(s.idiv, 1 << 2);
  CHECK_EQ_INT(s.lshl, (int64_t)1 << 28);
  CHECK(s.ushr == (uint64_t)1 << 6, "fixed8u_shr: %llu", (unsigned long long)s.ushr);
  CHECK(s.fmul == (float)(1 << 28), "float4_mul: %g", s.fmul);
  CHECK(s.zmul == 1 && s.lzmul == 1 && s.czmul == 1, "complex i^28 products");
  CHECK_EQ_INT(s.lmul, 22876792454961LL); /* 3^28 */

  /* Captures: each old (or new) value exactly once. */
  qsort(captured_add, n, sizeof(int32_t), cmp_i32);
  for (long k = 0; k < n; k++)
    if (captured_add[k] != k) {
      CHECK(0, "fixed4_add_cpt(flag 0) captured %d at rank %ld", captured_add[k], k);
      break;
    }
  static char seen[T * K + 1];
  memset(seen, 0, sizeof seen);
  for (long k = 0; k < n; k++) {
    double v = captured_fadd[k];
    long iv = (long)v;
    CHECK(v == iv && iv >= 1 && iv <= n && !seen[iv]++, "float8_add_cpt(flag 1) captured %g", v);
  }
  memset(seen, 0, sizeof seen);
  for (long k = 0; k < n; k++) {
    long iv = (long)captured_ldadd[k];
    CHECK(iv >= 0 && iv < n && !seen[iv]++, "float10_add_cpt(flag 0) captured %ld", iv);
  }
  memset(seen, 0, sizeof seen);
  for (long k = 0; k < n; k++) {
    long iv = (long)captured_zadd[k];
    CHECK(iv >= 1 && iv <= n && !seen[iv]++, "cmplx8_add_cpt(flag 1) captured %ld", iv);
  }
  /* Swaps: the old values plus the final one are every value written,
   * and the initial 0, once each. */
  memset(seen, 0, sizeof seen);
  seen[s.idf]++;
  for (long k = 0; k < n; k++)
    seen[swapped[k]]++;
  for (long v = 0; v <= n; v++)
    if (seen[v] != 1) {
      CHECK(0, "fixed4_swp: value %ld seen %d times", v, seen[v]);
      break;
    }
}

/* Readers never see a torn long double or complex value while writers
 * replace it whole. */
static void torn_reads(void) {
  static long double ld;
  static long double _Complex lz;
  static float _Complex cz;
  int torn = 0;
#pragma omp parallel num_threads(T) reduction(+ : torn)
  {
    int g = gtid(), me = omp_get_thread_num();
    for (int k = 0; k < K; k++) {
      if (me % 2) {
        long double v = (long double)(me * K + k) * 3.0L;
        __kmpc_atomic_float10_wr(NULL, g, &ld, v);
        __kmpc_atomic_cmplx10_wr(NULL, g, &lz, v + v * I);
        __kmpc_atomic_cmplx4_wr(NULL, g, &cz, (float)k + (float)k * I);
      } else {
        long double v = __kmpc_atomic_float10_rd(NULL, g, &ld);
        long double _Complex w = __kmpc_atomic_cmplx10_rd(NULL, g, &lz);
        float _Complex c = __kmpc_atomic_cmplx4_rd(NULL, g, &cz);
        long q = (long)(v / 3.0L);
        torn += (q * 3.0L != v) + (creall(w) != cimagl(w)) + (crealf(c) != cimagf(c));
      }
    }
  }
  CHECK_EQ_INT(torn, 0);
}

int main(void) {
  semantics();
  hammer();
  torn_reads();
  CHECK_DONE();
}

/* The libomptarget entry points clang-19 no longer emits but LLVM 19
 * exports, called directly: they exist under VERS1.0 and do what they say.
 * The harness also checks stderr for the kernel-launch line that
 * __tgt_set_info_flag(0x10) turns on.
 *
 * Then the entry points of compilers before clang 16, called as those
 * compilers did: __tgt_target_data_{begin,end,update}[_nowait] (data
 * checked on the device and back on the host after each), and
 * __tgt_target[_teams][_nowait][_mapper], and __tgt_target_kernel[_nowait]
 * with clang 17's kernel arguments (version 2), launching a kernel of the
 * old kind — its mapped arguments and nothing before them — whose
 * arguments are checked by what it writes.
 *
 * Last, the interop entry points and queries LLVM 19's libomptarget exports
 * under VERS1.0 (programs bind the queries to libomp, which forwards to
 * these), and the two more our libomp forwards, looked up by version in
 * libomptarget itself and called with omp_interop_none. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void __tgt_init_all_rtls(void);
void __tgt_set_info_flag(uint32_t flags);
int __tgt_print_device_info(int64_t device);
void __kmpc_push_target_tripcount_mapper(void *loc, int64_t device, uint64_t count);
void __tgt_target_nowait_query(void **handle);
void __tgt_register_requires(int64_t flags);

/* ---- before clang 16 ------------------------------------------------------------ */

typedef struct {
  int32_t reserved_1, flags, reserved_2, reserved_3;
  const char *psource;
} legacy_ident;

typedef struct { /* kmp_depend_info, as the old compilers passed it */
  intptr_t base_addr;
  size_t len;
  uint8_t flags; /* 1 in, 2 out */
} legacy_dep;

void __tgt_rtl_init(void);
void __tgt_rtl_deinit(void);
void __tgt_target_data_begin(int64_t, int32_t, void **, void **, int64_t *, int64_t *);
void __tgt_target_data_end(int64_t, int32_t, void **, void **, int64_t *, int64_t *);
void __tgt_target_data_update(int64_t, int32_t, void **, void **, int64_t *, int64_t *);
void __tgt_target_data_begin_nowait(int64_t, int32_t, void **, void **, int64_t *,
                                    int64_t *, int32_t, void *, int32_t, void *);
void __tgt_target_data_end_nowait(int64_t, int32_t, void **, void **, int64_t *, int64_t *,
                                  int32_t, void *, int32_t, void *);
void __tgt_target_data_update_nowait(int64_t, int32_t, void **, void **, int64_t *,
                                     int64_t *, int32_t, void *, int32_t, void *);
int __tgt_target(int64_t, void *, int32_t, void **, void **, int64_t *, int64_t *);
int __tgt_target_nowait(int64_t, void *, int32_t, void **, void **, int64_t *, int64_t *,
                        int32_t, void *, int32_t, void *);
int __tgt_target_mapper(legacy_ident *, int64_t, void *, uint32_t, void **, void **,
                        int64_t *, int64_t *, void **, void **);
int __tgt_target_nowait_mapper(legacy_ident *, int64_t, void *, int32_t, void **, void **,
                               int64_t *, int64_t *, void **, void **, int32_t, void *,
                               int32_t, void *);
int __tgt_target_teams(int64_t, void *, int32_t, void **, void **, int64_t *, int64_t *,
                       int32_t, int32_t);
int __tgt_target_teams_nowait(int64_t, void *, int32_t, void **, void **, int64_t *,
                              int64_t *, int32_t, int32_t, int32_t, void *, int32_t,
                              void *);
int __tgt_target_teams_mapper(legacy_ident *, int64_t, void *, uint32_t, void **, void **,
                              int64_t *, int64_t *, void **, void **, int32_t, int32_t);
int __tgt_target_teams_nowait_mapper(legacy_ident *, int64_t, void *, int32_t, void **,
                                     void **, int64_t *, int64_t *, void **, void **,
                                     int32_t, int32_t, int32_t, void *, int32_t, void *);

/* KernelArgsTy as clang 17 passed it (version 2: no launch environment
 * first); clang-19's version 3 adds only that convention. */
typedef struct {
  uint32_t version, num_args;
  void **bases, **begins;
  int64_t *sizes, *types;
  void **names, **mappers;
  uint64_t tripcount, flags; /* flags bit 0: nowait */
  uint32_t num_teams[3], thread_limit[3], dyn_cgroup_mem;
} kernel_args_v2;
int __tgt_target_kernel(legacy_ident *, int64_t, int32_t, int32_t, void *, kernel_args_v2 *);
int __tgt_target_kernel_nowait(legacy_ident *, int64_t, int32_t, int32_t, void *,
                               kernel_args_v2 *, int32_t, void *, int32_t, void *);

#define MAP_TO 0x1
#define MAP_FROM 0x2
#define MAP_TARGET_PARAM 0x20
#define MAP_LITERAL 0x100
#define MAP_IMPLICIT 0x200

#define N 64     /* elements of the data arrays */
#define SLOTS 10 /* one per kernel entry point */

/* The old kind of kernel: (int *buf, intptr_t add, intptr_t slot), with no
 * launch environment first. It adds `add` to buf[slot] and records in
 * buf[SLOTS + slot] that it ran on the device (1), or 2 when its first
 * argument was a launch environment (~0) after all: clang-19's convention,
 * which LLVM 19 does not use for these entry points. A clang-19 `declare
 * target` function is hidden in the device image; the alias below gives
 * the kernel a name the image exports, as an old compiler's kernel had. */
#pragma omp declare target
void entry_points_old_kernel_body(void *a0, void *a1, void *a2, void *a3) {
  int env = a0 == (void *)~(uintptr_t)0;
  int *buf = env ? a1 : a0;
  intptr_t add = (intptr_t)(env ? a2 : a1), slot = (intptr_t)(env ? a3 : a2);
  if (slot < 0 || slot >= SLOTS)
    return;
  buf[slot] += (int)add;
  buf[SLOTS + slot] = omp_is_initial_device() ? -1 : 1 + env;
}
__attribute__((used)) void entry_points_old_kernel_alias(void) {
  __asm__ volatile(".globl entry_points_old_kernel\n"
                   ".type entry_points_old_kernel, @function\n"
                   ".set entry_points_old_kernel, entry_points_old_kernel_body\n");
}
#pragma omp end declare target

/* Its host entry, as the old compilers emitted one per target region: the
 * address is the region's id, the name the device symbol. */
static const char old_kernel_id;
__attribute__((used, section("omp_offloading_entries"), aligned(8))) static const struct {
  const void *addr;
  const char *name;
  size_t size;
  int32_t flags, reserved;
} old_kernel_entry = {&old_kernel_id, "entry_points_old_kernel", 0, 0, 0};

static legacy_ident loc = {0, 2, 0, 0, ";entry_points.c;main;1;1;;"};
static int fails;

#define CHECK(cond, ...)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      printf("FAIL: " __VA_ARGS__);                                                      \
      printf("\n");                                                                      \
      fails++;                                                                           \
    }                                                                                    \
  } while (0)

/* The device copy of host array `host` equals `want`. */
static int device_equals(int dev, int *host, const int *want, size_t n) {
  int copy[N];
  void *d = omp_get_mapped_ptr(host, dev);
  if (!d || omp_target_memcpy(copy, d, n * sizeof(int), 0, 0, omp_get_initial_device(),
                              dev))
    return 0;
  return memcmp(copy, want, n * sizeof(int)) == 0;
}

static void device_write(int dev, int *host, const int *from, size_t n) {
  omp_target_memcpy(omp_get_mapped_ptr(host, dev), (void *)from, n * sizeof(int), 0, 0, dev,
                    omp_get_initial_device());
}

static void legacy_data(int dev) {
  int a[N], b[N], c[N], want[N];
  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = -1, c[i] = 3 * i;
  void *bases[3] = {a, b, c}, *begins[3] = {a, b, c};
  int64_t sizes[3] = {sizeof a, sizeof b, sizeof c};
  int64_t begin_types[3] = {MAP_TO, MAP_FROM, MAP_TO | MAP_FROM};
  __tgt_target_data_begin(dev, 3, bases, begins, sizes, begin_types);
  CHECK(omp_target_is_present(a, dev) && omp_target_is_present(b, dev) &&
            omp_target_is_present(c, dev),
        "__tgt_target_data_begin did not map a, b and c");
  CHECK(device_equals(dev, a, a, N), "map(to: a) did not copy a to the device");
  CHECK(device_equals(dev, c, c, N), "map(tofrom: c) did not copy c to the device");

  /* what a kernel would do */
  for (int i = 0; i < N; i++)
    want[i] = 1000 + i;
  device_write(dev, a, want, N);
  for (int i = 0; i < N; i++)
    want[i] = 2 * i;
  device_write(dev, b, want, N);

  int64_t from = MAP_FROM, to = MAP_TO;
  __tgt_target_data_update(dev, 1, &bases[0], &begins[0], &sizes[0], &from);
  CHECK(a[0] == 1000 && a[N - 1] == 1000 + N - 1,
        "__tgt_target_data_update(from) left a[0] = %d", a[0]);
  for (int i = 0; i < N; i++)
    c[i] = 7 * i;
  __tgt_target_data_update(dev, 1, &bases[2], &begins[2], &sizes[2], &to);
  CHECK(device_equals(dev, c, c, N), "__tgt_target_data_update(to) did not copy c");

  for (int i = 0; i < N; i++)
    want[i] = 5000 + i;
  device_write(dev, a, want, N); /* map(to: a) at the end: not copied back */
  int64_t end_types[3] = {MAP_TO, MAP_FROM, MAP_TO | MAP_FROM};
  __tgt_target_data_end(dev, 3, bases, begins, sizes, end_types);
  CHECK(!omp_target_is_present(a, dev) && !omp_target_is_present(b, dev) &&
            !omp_target_is_present(c, dev),
        "__tgt_target_data_end left data mapped");
  CHECK(a[1] == 1001, "map(to: a) was copied back at the end (a[1] = %d)", a[1]);
  CHECK(b[0] == 0 && b[N - 1] == 2 * (N - 1),
        "map(from: b) was not copied back (b[1] = %d)", b[1]);
  CHECK(c[N - 1] == 7 * (N - 1), "map(tofrom: c) lost its update (c[%d] = %d)", N - 1,
        c[N - 1]);
}

/* The _nowait forms, as the old compilers called them: inside the target
 * task, with its dependences; completion is the task's. */
static void legacy_data_nowait(int dev) {
  int a[N], want[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  void *base = a, *begin = a;
  int64_t size = sizeof a, tofrom = MAP_TO | MAP_FROM, from = MAP_FROM, to = MAP_TO;
  legacy_dep dep = {(intptr_t)a, sizeof a, 2};
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : a)
    __tgt_target_data_begin_nowait(dev, 1, &base, &begin, &size, &tofrom, 1, &dep, 0, NULL);
#pragma omp taskwait
    CHECK(device_equals(dev, a, a, N), "__tgt_target_data_begin_nowait did not copy a");
    for (int i = 0; i < N; i++)
      want[i] = 100 + i;
    device_write(dev, a, want, N);
#pragma omp task depend(out : a)
    __tgt_target_data_update_nowait(dev, 1, &base, &begin, &size, &from, 1, &dep, 0, NULL);
#pragma omp taskwait
    CHECK(a[2] == 102, "__tgt_target_data_update_nowait(from) left a[2] = %d", a[2]);
    a[3] = -3;
#pragma omp task depend(out : a)
    __tgt_target_data_update_nowait(dev, 1, &base, &begin, &size, &to, 1, &dep, 0, NULL);
#pragma omp taskwait
    CHECK(device_equals(dev, a, a, N),
          "__tgt_target_data_update_nowait(to) did not copy a");
    want[3] = -3;
    want[4] = 444;
    device_write(dev, a, want, N);
#pragma omp task depend(out : a)
    __tgt_target_data_end_nowait(dev, 1, &base, &begin, &size, &tofrom, 1, &dep, 0, NULL);
#pragma omp taskwait
  }
  CHECK(!omp_target_is_present(a, dev), "__tgt_target_data_end_nowait left a mapped");
  CHECK(a[4] == 444 && a[3] == -3, "__tgt_target_data_end_nowait did not copy a back");
}

static int launch_env_seen;

/* One launch through every old kernel entry point: each adds 100 + its slot
 * to buf[slot] on the device. */
static void legacy_kernels(int dev) {
  int buf[2 * SLOTS] = {0};
  void *names[3] = {";buf;entry_points.c;1;1;;", ";add;entry_points.c;1;1;;",
                    ";slot;entry_points.c;1;1;;"};
  void *mappers[3] = {NULL, NULL, NULL};
  int64_t sizes[3] = {sizeof buf, sizeof(intptr_t), sizeof(intptr_t)};
  int64_t types[3] = {MAP_TARGET_PARAM | MAP_TO | MAP_FROM,
                      MAP_TARGET_PARAM | MAP_LITERAL | MAP_IMPLICIT,
                      MAP_TARGET_PARAM | MAP_LITERAL | MAP_IMPLICIT};
  legacy_dep dep = {(intptr_t)buf, sizeof buf, 2};
  void *id = (void *)&old_kernel_id;
  for (int slot = 0; slot < SLOTS; slot++) {
    void *args[3] = {buf, (void *)(intptr_t)(100 + slot), (void *)(intptr_t)slot};
    kernel_args_v2 kargs = {2, 3, args, args, sizes, types, names, mappers, 0, 0,
                            {1, 0, 0}, {4, 0, 0}, 0};
    int rc = -1;
    const char *what = "?";
    switch (slot) {
    case 0:
      what = "__tgt_target";
      rc = __tgt_target(dev, id, 3, args, args, sizes, types);
      break;
    case 1:
      what = "__tgt_target_mapper";
      rc = __tgt_target_mapper(&loc, -1 /* default device */, id, 3, args, args, sizes,
                               types, names, mappers);
      break;
    case 2:
      what = "__tgt_target_teams";
      rc = __tgt_target_teams(dev, id, 3, args, args, sizes, types, 2, 4);
      break;
    case 3:
      what = "__tgt_target_teams_mapper";
      rc = __tgt_target_teams_mapper(&loc, dev, id, 3, args, args, sizes, types, names,
                                     mappers, 0, 0);
      break;
    case 4:
      what = "__tgt_target_nowait";
#pragma omp task shared(rc) depend(inout : buf)
      rc = __tgt_target_nowait(dev, id, 3, args, args, sizes, types, 1, &dep, 0, NULL);
#pragma omp taskwait
      break;
    case 5:
      what = "__tgt_target_nowait_mapper";
#pragma omp task shared(rc) depend(inout : buf)
      rc = __tgt_target_nowait_mapper(&loc, dev, id, 3, args, args, sizes, types, names,
                                      mappers, 1, &dep, 0, NULL);
#pragma omp taskwait
      break;
    case 6:
      what = "__tgt_target_teams_nowait";
#pragma omp task shared(rc) depend(inout : buf)
      rc = __tgt_target_teams_nowait(dev, id, 3, args, args, sizes, types, 3, 0, 1, &dep, 0,
                                     NULL);
#pragma omp taskwait
      break;
    case 7:
      what = "__tgt_target_teams_nowait_mapper";
#pragma omp task shared(rc) depend(inout : buf)
      rc = __tgt_target_teams_nowait_mapper(&loc, dev, id, 3, args, args, sizes, types,
                                            names, mappers, -1, -1, 1, &dep, 0, NULL);
#pragma omp taskwait
      break;
    case 8:
      what = "__tgt_target_kernel (version 2)";
      rc = __tgt_target_kernel(&loc, dev, 1, 4, id, &kargs);
      break;
    case 9:
      what = "__tgt_target_kernel_nowait";
      kargs.flags = 1;
#pragma omp task shared(rc, kargs) depend(inout : buf)
      rc = __tgt_target_kernel_nowait(&loc, dev, 1, 4, id, &kargs, 1, &dep, 0, NULL);
#pragma omp taskwait
      break;
    }
    CHECK(rc == 0, "%s returned %d", what, rc);
    CHECK(buf[SLOTS + slot] >= 1, "%s: the kernel did not run on the device (mark %d)",
          what, buf[SLOTS + slot]);
    launch_env_seen |= buf[SLOTS + slot] == 2;
    for (int k = 0; k < SLOTS; k++)
      CHECK(buf[k] == (k <= slot ? 100 + k : 0), "%s: buf[%d] = %d", what, k, buf[k]);
    CHECK(!omp_target_is_present(buf, dev), "%s left buf mapped", what);
  }

  /* On the initial device: nothing runs, the caller runs its host version. */
  int before = buf[0];
  void *args[3] = {buf, (void *)(intptr_t)1, (void *)(intptr_t)0};
  CHECK(__tgt_target(omp_get_initial_device(), id, 3, args, args, sizes, types) != 0,
        "__tgt_target on the initial device did not ask for the host version");
  CHECK(buf[0] == before, "__tgt_target on the initial device ran the kernel");
}

/* ---- interop -------------------------------------------------------------------- */

typedef void (*interop_init_fn)(legacy_ident *, int32_t, omp_interop_t *, int32_t, int32_t,
                                int32_t, void *, int32_t);
typedef void (*interop_action_fn)(legacy_ident *, int32_t, omp_interop_t *, int32_t,
                                  int32_t, void *, int32_t);

static void interop_entry_points(void) {
  static const char *const names[] = {
      "__tgt_interop_init", "__tgt_interop_use", "__tgt_interop_destroy",
      "omp_get_interop_int", "omp_get_interop_ptr", "omp_get_interop_str",
      "omp_get_interop_name", "omp_get_interop_type_desc",
      /* not in LLVM 19's libomptarget, but forwarded by libomp */
      "omp_get_num_interop_properties", "omp_get_interop_rc_desc"};
  void *lib = dlopen("libomptarget.so.19.1", RTLD_NOW | RTLD_NOLOAD);
  CHECK(lib, "libomptarget.so.19.1 is not loaded");
  if (!lib)
    return;
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    CHECK(dlvsym(lib, names[i], "VERS1.0"), "libomptarget has no %s@VERS1.0", names[i]);
  interop_init_fn init = (interop_init_fn)dlvsym(lib, "__tgt_interop_init", "VERS1.0");
  interop_action_fn destroy =
      (interop_action_fn)dlvsym(lib, "__tgt_interop_destroy", "VERS1.0");
  omp_intptr_t (*get_int)(const omp_interop_t, omp_interop_property_t, int *) =
      (omp_intptr_t(*)(const omp_interop_t, omp_interop_property_t, int *))dlvsym(
          lib, "omp_get_interop_int", "VERS1.0");
  if (init && destroy && get_int) {
    /* the initial device has no foreign runtime: none, quietly */
    omp_interop_t obj = (omp_interop_t)&fails;
    init(&loc, 0, &obj, 2 /* targetsync */, omp_get_initial_device(), 0, NULL, 0);
    CHECK(obj == omp_interop_none, "__tgt_interop_init on the initial device gave %p", obj);
    int rc = 0;
    CHECK(get_int(obj, omp_ipr_fr_id, &rc) == 0 && rc == omp_irc_empty,
          "omp_get_interop_int@VERS1.0 of omp_interop_none: rc %d", rc);
    destroy(&loc, 0, &obj, -1, 0, NULL, 0);
    CHECK(obj == omp_interop_none, "__tgt_interop_destroy of omp_interop_none gave %p", obj);
  }
  dlclose(lib);
}

int main(void) {
  __tgt_init_all_rtls();
  __tgt_register_requires(1); /* recorded only: requires arrive as offload entries */
  __kmpc_push_target_tripcount_mapper(NULL, 0, 100);
  void *handle = &fails;
  __tgt_target_nowait_query(&handle);
  if (handle != NULL) {
    printf("FAIL: __tgt_target_nowait_query left the handle set\n");
    fails++;
  }
  if (omp_get_num_devices() < 1) {
    printf("FAIL: no x86_64 offload device\n");
    return 1;
  }
  fflush(stdout);
  __tgt_print_device_info(0);
  fflush(stdout);
  __tgt_set_info_flag(0x10); /* kernel launches (LLVM's OMP_INFOTYPE_PLUGIN_KERNEL) */
  int x = 1;
#pragma omp target map(tofrom : x)
  x += 41;
  __tgt_set_info_flag(0);
  if (x != 42) {
    printf("FAIL: x = %d after the region\n", x);
    fails++;
  }

  __tgt_rtl_init();
#pragma omp parallel num_threads(2)
  {
    __tgt_rtl_init();
    __tgt_rtl_deinit();
  }
  legacy_data(0);
  legacy_data_nowait(0);
#pragma omp parallel num_threads(2)
#pragma omp single
  legacy_kernels(0);
  __tgt_rtl_deinit();
  interop_entry_points();
  if (launch_env_seen) { /* LLVM 19 passes none to these entry points' kernels */
    fprintf(stderr, "FAIL: old-style kernels received a launch environment first\n");
    fails++;
  }
  if (!fails)
    printf("OK\n");
  return fails != 0;
}

/* mock_interop.c — `#pragma omp interop` on the CUDA plugin's device, on the
 * mock driver (mock_driver.c). The objects expose CUDA (fr_id omp_ifr_cuda,
 * "cuda"): a target object the CUdevice and its primary context, a
 * targetsync object a stream of its own from the plugin's pool; each
 * property answers with the value and return code src/target/interop.c
 * documents (LLVM 19's where it gives one). `use` and `destroy` wait for
 * what the program queued on the stream itself (a host function that
 * sleeps, through the driver), and for their depend clauses; destroy gives
 * the stream back: CYCLES init/destroy rounds run on a pool of one stream,
 * and check_pools.cmake reads the mock's count of streams created
 * (MOCK_CUDA_STATS) — a stream kept per object would make it grow past
 * CYCLES.
 *
 * The driver's own functions come from the mock libcuda.so.1 the plugin
 * loaded, by dlsym. Built with -O0 for the host: the region's host version
 * is what the mock runs.
 */
#include <dlfcn.h>
#include <stdatomic.h>
#include <unistd.h>

#include "../target/api/api_test.h"

#define CYCLES 1000

/* The Driver API calls we make, with handles as void * and CUresult as int. */
static int (*cu_primary_ctx_retain)(void **ctx, int device);
static int (*cu_launch_host_func)(void *stream, void (*fn)(void *), void *arg);
static int (*cu_stream_query)(void *stream);

static int driver_load(void) {
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!cuda) {
    printf("FAIL: libcuda.so.1 is not loaded (%s)\n", dlerror());
    return 0;
  }
  cu_primary_ctx_retain = (int (*)(void **, int))dlsym(cuda, "cuDevicePrimaryCtxRetain");
  cu_launch_host_func = (int (*)(void *, void (*)(void *), void *))dlsym(cuda,
                                                                        "cuLaunchHostFunc");
  cu_stream_query = (int (*)(void *))dlsym(cuda, "cuStreamQuery");
  if (!cu_primary_ctx_retain || !cu_launch_host_func || !cu_stream_query) {
    printf("FAIL: the mock driver lacks a function this test calls\n");
    return 0;
  }
  return 1;
}

/* A foreign task on a stream: sleeps, then marks that it ran. */
static void slow_mark(void *flag) {
  usleep(100000);
  atomic_store((_Atomic int *)flag, 1);
}

static void check_int(omp_interop_t o, omp_interop_property_t p, omp_intptr_t want_value,
                      int want_rc) {
  int rc = 99;
  omp_intptr_t v = omp_get_interop_int(o, p, &rc);
  CHECK(v == want_value && rc == want_rc, "omp_get_interop_int(%s): %ld rc %d, want %ld rc %d",
        omp_get_interop_name(o, p), (long)v, rc, (long)want_value, want_rc);
}

static void check_ptr(omp_interop_t o, omp_interop_property_t p, void *want_value,
                      int want_rc) {
  int rc = 99;
  void *v = omp_get_interop_ptr(o, p, &rc);
  CHECK(v == want_value && rc == want_rc, "omp_get_interop_ptr(%s): %p rc %d, want %p rc %d",
        omp_get_interop_name(o, p), v, rc, want_value, want_rc);
}

static void check_str(omp_interop_t o, omp_interop_property_t p, const char *want_value,
                      int want_rc) {
  int rc = 99;
  const char *v = omp_get_interop_str(o, p, &rc);
  int same = want_value ? v && strcmp(v, want_value) == 0 : v == NULL;
  CHECK(same && rc == want_rc, "omp_get_interop_str(%s): %s rc %d, want %s rc %d",
        omp_get_interop_name(o, p), v ? v : "(null)", rc, want_value ? want_value : "(null)",
        want_rc);
}

static void check_type(omp_interop_t o, omp_interop_property_t p, const char *want) {
  const char *type = omp_get_interop_type_desc(o, p);
  CHECK(type && strstr(type, want), "omp_get_interop_type_desc(%s) = %s, want %s",
        omp_get_interop_name(o, p), type ? type : "(null)", want);
}

/* What both kinds of object answer. */
static void check_common(omp_interop_t o, int targetsync) {
  check_int(o, omp_ipr_fr_id, omp_ifr_cuda, omp_irc_success);
  check_str(o, omp_ipr_fr_id, targetsync ? "tasksync" : "device+context", omp_irc_success);
  check_ptr(o, omp_ipr_fr_id, NULL, omp_irc_type_int);
  check_str(o, omp_ipr_fr_name, "cuda", omp_irc_success);
  check_int(o, omp_ipr_fr_name, 0, omp_irc_type_str);
  check_int(o, omp_ipr_vendor, 1, omp_irc_success);
  check_str(o, omp_ipr_vendor_name, "cuda", omp_irc_success);
  check_int(o, omp_ipr_device_num, 0, omp_irc_success);
  check_str(o, omp_ipr_device_num, NULL, omp_irc_type_int);
  check_int(o, (omp_interop_property_t)0, 0, omp_irc_out_of_range);
  check_ptr(o, (omp_interop_property_t)(omp_ipr_first - 1), NULL, omp_irc_out_of_range);
  CHECK(omp_get_num_interop_properties(o) == 0, "omp_get_num_interop_properties = %d",
        omp_get_num_interop_properties(o));
}

/* target: the device and its context; no stream. */
static void check_target_object(void) {
  omp_interop_t o = omp_interop_none;
  int d = 0;
#pragma omp interop init(target : o) device(d)
  CHECK(o != omp_interop_none, "init(target) on the CUDA device gave omp_interop_none");
  if (o == omp_interop_none)
    return;
  void *context = NULL;
  cu_primary_ctx_retain(&context, 0);
  check_common(o, 0);
  check_ptr(o, omp_ipr_device, (void *)(intptr_t)0, omp_irc_success); /* CUdevice 0 */
  check_ptr(o, omp_ipr_device_context, context, omp_irc_success);
  check_int(o, omp_ipr_device_context, 0, omp_irc_type_ptr);
  check_ptr(o, omp_ipr_platform, NULL, omp_irc_no_value);
  check_ptr(o, omp_ipr_targetsync, NULL, omp_irc_other);
  check_type(o, omp_ipr_device, "CUdevice");
  check_type(o, omp_ipr_device_context, "CUcontext");
  /* use of a target object: nothing to wait for */
#pragma omp interop use(o) device(d)
#pragma omp interop destroy(o)
  CHECK(o == omp_interop_none, "destroy(target) left %p", o);
}

/* targetsync: a stream of its own, which use and destroy synchronise. */
static void check_targetsync_object(void) {
  omp_interop_t o = omp_interop_none, other = omp_interop_none;
  int d = 0;
#pragma omp interop init(targetsync : o) device(d)
  CHECK(o != omp_interop_none, "init(targetsync) on the CUDA device gave omp_interop_none");
  if (o == omp_interop_none)
    return;
  check_common(o, 1);
  int rc = 99;
  void *stream = omp_get_interop_ptr(o, omp_ipr_targetsync, &rc);
  CHECK(stream && rc == omp_irc_success, "targetsync: %p rc %d", stream, rc);
  check_ptr(o, omp_ipr_device, NULL, omp_irc_other);
  check_ptr(o, omp_ipr_device_context, NULL, omp_irc_other);
  check_type(o, omp_ipr_targetsync, "CUstream");
  if (!stream)
    return;
  CHECK(cu_stream_query(stream) == 0, "the targetsync stream is not idle after init");

#pragma omp interop init(targetsync : other)
  void *other_stream = omp_get_interop_ptr(other, omp_ipr_targetsync, NULL);
  CHECK(other_stream && other_stream != stream,
        "two live targetsync objects share stream %p", stream);
#pragma omp interop destroy(other)

  /* use waits for the foreign work queued before it */
  _Atomic int ran = 0;
  CHECK(cu_launch_host_func(stream, slow_mark, (void *)&ran) == 0, "cuLaunchHostFunc failed");
#pragma omp interop use(o)
  CHECK(atomic_load(&ran) == 1, "interop use returned before the stream's work ended");

  /* and for its depend clauses, as does destroy */
  int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x)
    {
      usleep(100000);
      x = 1;
    }
#pragma omp interop use(o) depend(in : x)
    CHECK(x == 1, "interop use depend(in: x) returned before the task writing x ended");
#pragma omp task depend(out : x) shared(x)
    {
      usleep(100000);
      x = 2;
    }
#pragma omp interop destroy(o) depend(inout : x)
    CHECK(x == 2, "interop destroy depend(inout: x) returned before the task writing x "
                  "ended");
  }
  CHECK(o == omp_interop_none, "destroy(targetsync) left %p", o);

  /* destroy waits for the stream's work before handing the stream back */
#pragma omp interop init(targetsync : o) device(d)
  stream = omp_get_interop_ptr(o, omp_ipr_targetsync, NULL);
  _Atomic int ran_before_destroy = 0;
  CHECK(stream && cu_launch_host_func(stream, slow_mark, (void *)&ran_before_destroy) == 0,
        "no stream, or cuLaunchHostFunc failed");
#pragma omp interop destroy(o)
  CHECK(atomic_load(&ran_before_destroy) == 1,
        "interop destroy handed back the stream before its work ended");
}

int main(void) {
  if (omp_get_num_devices() != 1) {
    printf("FAIL: %d devices, want the mock's 1\n", omp_get_num_devices());
    return 1;
  }
  int x = 1;
  /* A region first: it registers the image that starts the CUDA plugin. */
#pragma omp target map(tofrom : x)
  x += 41;
  CHECK(x == 42, "the region gave %d", x);
  if (!driver_load())
    return 1;
  check_target_object();
  check_targetsync_object();
  for (int i = 0; i < CYCLES && !api_failures; i++) {
    omp_interop_t o = omp_interop_none;
#pragma omp interop init(targetsync : o) device(0)
    CHECK(omp_get_interop_ptr(o, omp_ipr_targetsync, NULL) != NULL,
          "cycle %d: no stream", i);
#pragma omp interop destroy(o) device(0)
  }
  return api_report();
}

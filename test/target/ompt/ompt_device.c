/* OMPT device events on the x86_64 offload device: a tool built into the
 * program registers the device and target callbacks (the emi forms and the
 * plain ones) and checks what each construct reports — device initialise
 * and image load before the first construct, every target construct kind
 * with its data operations and kernel submission inside it under one
 * target_data and one target id, the deferred form with its target task,
 * the memory routines' operations outside any construct, and at exit the
 * images unloaded and the device finalized before the tool is. */
#include <omp-tools.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EV_INIT = 1, EV_LOAD, EV_UNLOAD, EV_FINI, EV_TARGET, EV_TARGET_PLAIN, EV_OP, EV_OP_PLAIN,
       EV_SUBMIT, EV_SUBMIT_PLAIN };
struct ev {
  int kind, endpoint, type, device, src_dev, dst_dev;
  uint64_t target_data, target_id, task, target_task, op_id;
  void *src, *dst;
  size_t bytes;
  int info_ok; /* ompt_get_target_info during the event */
};
#define MAX_EV 4096
static struct ev evs[MAX_EV];
static int nev, failures;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_id = 1;
static ompt_get_target_info_t get_target_info;
static ompt_function_lookup_t device_lookup;

static void add(struct ev e) {
  pthread_mutex_lock(&lock);
  if (nev < MAX_EV)
    evs[nev++] = e;
  pthread_mutex_unlock(&lock);
}
#define CHECK(c, ...)                                                          \
  do {                                                                         \
    if (!(c)) {                                                                \
      printf("FAIL: " __VA_ARGS__);                                            \
      printf("\n");                                                            \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static void on_init(int device, const char *type, ompt_device_t *dev, ompt_function_lookup_t lookup,
                    const char *doc) {
  device_lookup = lookup;
  printf("device_initialize %d %s\n", device, type ? type : "(null)");
  add((struct ev){.kind = EV_INIT, .device = device, .info_ok = dev != NULL && type != NULL});
}
static void on_load(int device, const char *file, int64_t off, void *vma, size_t bytes, void *host,
                    void *devaddr, uint64_t module) {
  add((struct ev){.kind = EV_LOAD, .device = device, .bytes = bytes, .op_id = module,
                  .src = host});
}
static void on_unload(int device, uint64_t module) {
  add((struct ev){.kind = EV_UNLOAD, .device = device, .op_id = module});
}
static void on_fini(int device) { add((struct ev){.kind = EV_FINI, .device = device}); }

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device,
                      ompt_data_t *task, ompt_data_t *target_task, ompt_data_t *target_data,
                      const void *ra) {
  if (endpoint == ompt_scope_begin)
    target_data->value = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED) + 1000;
  add((struct ev){.kind = EV_TARGET, .endpoint = endpoint, .type = kind, .device = device,
                  .target_data = target_data->value, .task = (uint64_t)(uintptr_t)task,
                  .target_task = (uint64_t)(uintptr_t)target_task, .info_ok = ra != NULL});
}
static void on_target_plain(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device,
                            ompt_data_t *task, ompt_id_t target_id, const void *ra) {
  add((struct ev){.kind = EV_TARGET_PLAIN, .endpoint = endpoint, .type = kind, .device = device,
                  .target_id = target_id});
}
static void on_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task,
                  ompt_data_t *target_data, ompt_id_t *host_op_id, ompt_target_data_op_t optype,
                  void *src, int src_dev, void *dst, int dst_dev, size_t bytes, const void *ra) {
  uint64_t dev_num = 99;
  ompt_id_t tid = 0, op = 0;
  int in = get_target_info(&dev_num, &tid, &op);
  add((struct ev){.kind = EV_OP, .endpoint = endpoint, .type = optype,
                  .target_data = target_data ? target_data->value : 0, .src = src, .dst = dst,
                  .src_dev = src_dev, .dst_dev = dst_dev, .bytes = bytes,
                  /* inside a construct (its target_data set at its begin) the
                   * thread is in a target region; a memory routine's
                   * operation has a target_data of its own, still 0 */
                  .info_ok = target_data && target_data->value ? in == 1 && dev_num == 0
                                                               : in == 0,
                  .target_id = tid});
}
static void on_op_plain(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype,
                        void *src, int src_dev, void *dst, int dst_dev, size_t bytes,
                        const void *ra) {
  add((struct ev){.kind = EV_OP_PLAIN, .type = optype, .target_id = target_id,
                  .op_id = host_op_id, .bytes = bytes});
}
static void on_submit(ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
                      ompt_id_t *host_op_id, unsigned int teams) {
  add((struct ev){.kind = EV_SUBMIT, .endpoint = endpoint,
                  .target_data = target_data ? target_data->value : 0, .bytes = teams});
}
static void on_submit_plain(ompt_id_t target_id, ompt_id_t host_op_id, unsigned int teams) {
  add((struct ev){.kind = EV_SUBMIT_PLAIN, .target_id = target_id, .op_id = host_op_id});
}

/* The events of one construct: from its target begin to its end, on the
 * thread of that begin (other threads' events are not interleaved here:
 * constructs run one at a time in this program). */
static int find_target(int from, int type) {
  for (int i = from; i < nev; i++)
    if (evs[i].kind == EV_TARGET && evs[i].endpoint == ompt_scope_begin && evs[i].type == type)
      return i;
  return -1;
}

static void check_construct(int from, int type, const char *what, int want_submit) {
  int b = find_target(from, type);
  CHECK(b >= 0, "%s: no target begin of kind %d", what, type);
  if (b < 0)
    return;
  uint64_t td = evs[b].target_data;
  int e = -1, ops = 0, submits = 0, plain_target = -1;
  uint64_t target_id = 0;
  for (int i = b + 1; i < nev && e < 0; i++) {
    struct ev *x = &evs[i];
    if (x->kind == EV_TARGET && x->endpoint == ompt_scope_end)
      e = i;
    if (x->kind == EV_OP && x->endpoint == ompt_scope_begin) {
      CHECK(x->target_data == td, "%s: a data op outside its construct's target_data", what);
      CHECK(x->info_ok, "%s: ompt_get_target_info during a data op", what);
      target_id = x->target_id;
      ops++;
    }
    if (x->kind == EV_SUBMIT && x->endpoint == ompt_scope_begin) {
      CHECK(x->target_data == td && x->bytes >= 1, "%s: submit's target_data/teams", what);
      submits++;
    }
  }
  for (int i = b + 1; i < nev; i++)
    if (evs[i].kind == EV_TARGET_PLAIN && evs[i].type == type &&
        evs[i].endpoint == ompt_scope_begin) {
      plain_target = i;
      break;
    }
  CHECK(e > b && evs[e].target_data == td && evs[e].type == type, "%s: end does not match",
        what);
  CHECK(evs[b].device == 0 && evs[b].task != 0 && evs[b].info_ok,
        "%s: device %d, task data, codeptr", what, evs[b].device);
  CHECK(ops >= 1, "%s: no data operation", what);
  CHECK(submits == want_submit, "%s: %d submissions, want %d", what, submits, want_submit);
  CHECK(plain_target > 0 && evs[plain_target].target_id == target_id && target_id != 0,
        "%s: the plain target callback's id is not the construct's", what);
}

#define N 1000

static int run(void) {
  static double a[N], b[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  int host = omp_get_initial_device();
  CHECK(omp_get_num_devices() >= 1 && host >= 1, "no offload device");

  int mark = nev;
#pragma omp target map(to : a) map(from : b)
  for (int i = 0; i < N; i++)
    b[i] = 2 * a[i];
  CHECK(b[N - 1] == 2.0 * (N - 1), "target region result");
  check_construct(mark, ompt_target, "target", 1);
  /* the to/from copies and the allocation of `a`, with their sizes and ends */
  int alloc_a = 0, to_a = 0, from_b = 0, deletes = 0;
  for (int i = mark; i < nev; i++) {
    struct ev *x = &evs[i];
    if (x->kind != EV_OP || x->endpoint != ompt_scope_end)
      continue;
    if (x->type == ompt_target_data_alloc && x->src == (void *)a && x->bytes == sizeof(a) &&
        x->dst != NULL && x->src_dev == host && x->dst_dev == 0)
      alloc_a++;
    if (x->type == ompt_target_data_transfer_to_device && x->src == (void *)a &&
        x->bytes == sizeof(a) && x->src_dev == host && x->dst_dev == 0)
      to_a++;
    if (x->type == ompt_target_data_transfer_from_device && x->dst == (void *)b &&
        x->bytes == sizeof(b) && x->src_dev == 0 && x->dst_dev == host)
      from_b++;
    deletes += x->type == ompt_target_data_delete;
  }
  CHECK(alloc_a == 1 && to_a == 1 && from_b == 1 && deletes >= 2,
        "target data ops: alloc %d to %d from %d delete %d", alloc_a, to_a, from_b, deletes);

  mark = nev;
#pragma omp target enter data map(to : a)
  check_construct(mark, ompt_target_enter_data, "enter data", 0);
  mark = nev;
#pragma omp target update from(a)
  check_construct(mark, ompt_target_update, "update", 0);
  mark = nev;
#pragma omp target exit data map(release : a)
  check_construct(mark, ompt_target_exit_data, "exit data", 0);

  /* deferred: the construct runs in its target task */
  mark = nev;
  int x = 0;
#pragma omp target map(tofrom : x) nowait
  x = 42;
#pragma omp taskwait
  CHECK(x == 42, "nowait target result");
  /* told with its plain kind (as LLVM), its target task its own */
  int nb = find_target(mark, ompt_target);
  CHECK(nb >= 0 && evs[nb].target_task != 0 && evs[nb].task != 0 &&
            evs[nb].task != evs[nb].target_task,
        "nowait target: no target begin with its target task");

  /* the memory routines: operations outside any construct */
  mark = nev;
  void *p = omp_target_alloc(64, 0);
  omp_target_memcpy(p, a, 64, 0, 0, 0, host);
  omp_target_free(p, 0);
  int outside = 0;
  for (int i = mark; i < nev; i++)
    if (evs[i].kind == EV_OP && evs[i].endpoint == ompt_scope_begin) {
      CHECK(evs[i].target_data == 0 && evs[i].info_ok,
            "a memory routine's operation inside a construct");
      outside++;
    }
  CHECK(outside == 3, "%d operations of the memory routines, want 3 (alloc, copy, delete)",
        outside);
  CHECK(device_lookup && device_lookup("ompt_set_trace_ompt") == NULL,
        "device lookup offers tracing it does not have");
  return failures;
}

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  get_target_info = (ompt_get_target_info_t)lookup("ompt_get_target_info");
  int r = 0;
  r |= set(ompt_callback_device_initialize, (ompt_callback_t)on_init) != ompt_set_always;
  r |= set(ompt_callback_device_load, (ompt_callback_t)on_load) != ompt_set_always;
  r |= set(ompt_callback_device_unload, (ompt_callback_t)on_unload) != ompt_set_always;
  r |= set(ompt_callback_device_finalize, (ompt_callback_t)on_fini) != ompt_set_always;
  r |= set(ompt_callback_target_emi, (ompt_callback_t)on_target) != ompt_set_always;
  r |= set(ompt_callback_target, (ompt_callback_t)on_target_plain) != ompt_set_always;
  r |= set(ompt_callback_target_data_op_emi, (ompt_callback_t)on_op) != ompt_set_always;
  r |= set(ompt_callback_target_data_op, (ompt_callback_t)on_op_plain) != ompt_set_always;
  r |= set(ompt_callback_target_submit_emi, (ompt_callback_t)on_submit) != ompt_set_always;
  r |= set(ompt_callback_target_submit, (ompt_callback_t)on_submit_plain) != ompt_set_always;
  CHECK(r == 0, "a device callback is not ompt_set_always");
  return 1;
}

static void finalize(ompt_data_t *data) {
  /* initialised and loaded before the first construct; unloaded and
   * finalized at exit, before now */
  int init = -1, load = -1, first_target = -1, fini = 0, loads = 0, unloads = 0;
  for (int i = 0; i < nev; i++) {
    if (evs[i].kind == EV_INIT && init < 0)
      init = i;
    if (evs[i].kind == EV_LOAD) {
      loads++;
      if (load < 0)
        load = i;
      CHECK(evs[i].bytes > 0 && evs[i].op_id != 0 && evs[i].src, "device_load arguments");
    }
    if (evs[i].kind == EV_TARGET && first_target < 0)
      first_target = i;
    unloads += evs[i].kind == EV_UNLOAD;
    fini += evs[i].kind == EV_FINI && evs[i].device == 0;
  }
  CHECK(init >= 0 && evs[init].device == 0 && evs[init].info_ok, "device_initialize(0)");
  CHECK(load > init && first_target > load, "device events out of order (init %d load %d target %d)",
        init, load, first_target);
  CHECK(unloads == loads && fini == 1, "%d loads, %d unloads, %d finalize", loads, unloads, fini);
  printf(failures ? "FAIL: %d check(s)\n" : "PASS (finalized)\n", failures);
  fflush(stdout);
  if (failures)
    _Exit(1);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version, const char *runtime) {
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  return &result;
}

int main(void) { return run() != 0; }

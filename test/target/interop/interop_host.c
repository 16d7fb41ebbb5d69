/* `#pragma omp interop` where there is no foreign runtime: the x86_64
 * offload devices and the initial device. Every init gives
 * omp_interop_none; on an offload device with a warning naming this file,
 * the device and its plugin (none for the initial device, nor with
 * OMP_TARGET_OFFLOAD=DISABLED, where every device is the host); every
 * query on omp_interop_none answers omp_irc_empty; destroy of
 * omp_interop_none does nothing; a targetsync init waits for its depend
 * clauses, with nowait too. Prints OK.
 *
 * LLVM 19.1.7 on the same binary (LD_LIBRARY_PATH=/usr/lib/llvm-19/lib):
 *  - init(target: o) device(0) prints `"PluginInterface" error: Failure to
 *    initialize device info at 0x... on device 0: initDeviceInfoImpl not
 *    supported` and gives omp_interop_none, as here;
 *  - init(targetsync: o) device(0) prints the same, then dereferences the
 *    object it just deleted: SIGSEGV (exit 139) — where this program then
 *    expects omp_interop_none;
 *  - init(...) device(omp_get_initial_device()) gives an object that claims
 *    CUDA (fr_id 1, vendor_name "cuda") with no device; we give
 *    omp_interop_none;
 *  - every omp_get_interop_{int,ptr,str} on omp_interop_none dereferences
 *    NULL (SIGSEGV); we answer omp_irc_empty as the spec says;
 *  - omp_get_interop_{name,type_desc,rc_desc} return NULL for everything
 *    (an early `return nullptr` in its InteropAPI.cpp); we give the names
 *    and descriptions checked below; omp_get_num_interop_properties is 0,
 *    as here. */
#include <unistd.h>

#include "../api/api_test.h"

/* ---- what the runtime prints on stderr around one construct ----------------------- */

static struct api_capture stderr_capture;

static void capture_begin(void) { stderr_capture = api_capture_begin(2); }

/* What was printed since capture_begin (static buffer). */
static const char *capture_end(void) {
  static char text[4096];
  api_capture_end(&stderr_capture, text, sizeof(text));
  return text;
}

static int offloading_disabled;

/* An init on `device` gave omp_interop_none, with the warning where one is due. */
static void check_none_init(omp_interop_t o, const char *printed, int device,
                            const char *what) {
  CHECK(o == omp_interop_none, "%s on device %d: object %p, want omp_interop_none", what,
        device, o);
  int warns = !offloading_disabled && device != omp_get_initial_device();
  char want[128];
  snprintf(want, sizeof(want), "interop init: device %d (x86_64) has no foreign runtime",
           device);
  if (warns) {
    CHECK(strncmp(printed, "omptarget: warning: ", 20) == 0 && strstr(printed, want) &&
              strstr(printed, "interop_host.c:") &&
              strstr(printed, "the interop object is omp_interop_none"),
          "%s on device %d: stderr was '%s', want an omptarget warning with '%s' and this "
          "file's location", what, device, printed, want);
    CHECK(strchr(printed, '\n') == printed + strlen(printed) - 1,
          "%s on device %d: more than one line on stderr: '%s'", what, device, printed);
  } else {
    CHECK(printed[0] == '\0', "%s on device %d: printed '%s', want nothing", what, device,
          printed);
  }
}

/* ---- the queries on omp_interop_none --------------------------------------------- */

static const char *const property_names[] = {
    /* by -1 - property */
    "fr_id", "fr_name", "vendor", "vendor_name", "device_num",
    "platform", "device", "device_context", "targetsync",
};

static void check_none_queries(void) {
  omp_interop_t none = omp_interop_none;
  CHECK(omp_get_num_interop_properties(none) == 0, "omp_get_num_interop_properties = %d",
        omp_get_num_interop_properties(none));
  /* omp_ipr_first - 1 and 0 are out of range too: none is checked first */
  for (int p = omp_ipr_first - 1; p <= 0; p++) {
    int rc = 99;
    omp_intptr_t i = omp_get_interop_int(none, (omp_interop_property_t)p, &rc);
    CHECK(i == 0 && rc == omp_irc_empty, "int property %d of none: %ld, rc %d", p, (long)i,
          rc);
    rc = 99;
    void *ptr = omp_get_interop_ptr(none, (omp_interop_property_t)p, &rc);
    CHECK(ptr == NULL && rc == omp_irc_empty, "ptr property %d of none: %p, rc %d", p, ptr,
          rc);
    rc = 99;
    const char *s = omp_get_interop_str(none, (omp_interop_property_t)p, &rc);
    CHECK(s == NULL && rc == omp_irc_empty, "str property %d of none: %s, rc %d",
          p, s ? s : "(null)", rc);
    /* a NULL ret_code is allowed */
    CHECK(omp_get_interop_int(none, (omp_interop_property_t)p, NULL) == 0,
          "int property %d of none without ret_code", p);

    const char *name = omp_get_interop_name(none, (omp_interop_property_t)p);
    const char *type = omp_get_interop_type_desc(none, (omp_interop_property_t)p);
    if (p < omp_ipr_first || p >= 0) {
      CHECK(name == NULL && type == NULL, "property %d (out of range): name %s, type %s", p,
            name ? name : "(null)", type ? type : "(null)");
      continue;
    }
    const char *want = property_names[-1 - p];
    CHECK(name && strcmp(name, want) == 0, "omp_get_interop_name(%d) = %s, want %s", p,
          name ? name : "(null)", want);
    CHECK(type && *type, "omp_get_interop_type_desc(%d) is empty", p);
  }
  /* the handles have no type without a foreign runtime */
  const char *type = omp_get_interop_type_desc(none, omp_ipr_targetsync);
  CHECK(type && strcmp(type, "void *") == 0, "type of targetsync of none: %s",
        type ? type : "(null)");
  type = omp_get_interop_type_desc(none, omp_ipr_fr_name);
  CHECK(type && strcmp(type, "const char *") == 0, "type of fr_name: %s",
        type ? type : "(null)");
  for (int rc = omp_irc_other; rc <= omp_irc_no_value; rc++) {
    const char *desc = omp_get_interop_rc_desc(none, (omp_interop_rc_t)rc);
    CHECK(desc && *desc, "omp_get_interop_rc_desc(%d) is empty", rc);
  }
  const char *desc = omp_get_interop_rc_desc(none, omp_irc_empty);
  CHECK(desc && strstr(desc, "omp_interop_none"), "omp_get_interop_rc_desc(empty) = %s",
        desc ? desc : "(null)");
  CHECK(omp_get_interop_rc_desc(none, (omp_interop_rc_t)2) == NULL &&
            omp_get_interop_rc_desc(none, (omp_interop_rc_t)-7) == NULL,
        "omp_get_interop_rc_desc of an unknown code is not NULL");
}

/* ---- init on each kind of device ----------------------------------------------- */

/* Run `directive` (on `o`, with device(d) if it says so) for device
 * `device_num` and check that it gave omp_interop_none and printed what is
 * due. */
#define CHECK_INIT(device_num, directive)                                                \
  do {                                                                                   \
    omp_interop_t o = (omp_interop_t)&api_failures; /* init must overwrite it */         \
    int d = (device_num);                                                                \
    capture_begin();                                                                     \
    _Pragma(directive)                                                                   \
    check_none_init(o, capture_end(), d, directive);                                     \
  } while (0)

static void check_inits(void) {
  int ndev = omp_get_num_devices(), initial = omp_get_initial_device();
  CHECK_INIT(0, "omp interop init(target : o) device(d)");
  CHECK_INIT(0, "omp interop init(targetsync : o) device(d)");
  CHECK_INIT(0, "omp interop init(target, targetsync : o) device(d)");
  CHECK_INIT(omp_get_default_device(), "omp interop init(targetsync : o)");
  CHECK_INIT(ndev - 1, "omp interop init(targetsync : o) device(d)");
  CHECK_INIT(initial, "omp interop init(targetsync : o) device(d)");
  CHECK_INIT(initial, "omp interop init(target : o) device(d)");

  /* destroy of omp_interop_none: nothing, with or without a device */
  omp_interop_t o = omp_interop_none;
  int d = 0;
  capture_begin();
#pragma omp interop destroy(o) device(d)
#pragma omp interop destroy(o)
  const char *printed = capture_end();
  CHECK(o == omp_interop_none && printed[0] == '\0', "destroy(none): object %p, printed '%s'",
        o, printed);
}

/* ---- depend and nowait ------------------------------------------------------------ */

/* A targetsync init is an included task with the construct's dependences:
 * it starts once the task before it that writes `x` has finished. */
static void check_depend(void) {
  int x = 0, d = 0;
  omp_interop_t o = (omp_interop_t)&api_failures;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x)
    {
      usleep(100000);
      x = 1;
    }
    capture_begin();
#pragma omp interop init(targetsync : o) device(d) depend(in : x)
    const char *printed = capture_end();
    CHECK(x == 1, "init(targetsync) depend(in: x) returned before the task writing x ended");
    check_none_init(o, printed, d, "init(targetsync) depend(in: x)");

    /* nowait: by the next taskwait, the same */
#pragma omp task depend(out : x) shared(x)
    {
      usleep(100000);
      x = 2;
    }
    o = (omp_interop_t)&api_failures;
    capture_begin();
#pragma omp interop init(targetsync : o) device(d) depend(inout : x) nowait
#pragma omp taskwait
    printed = capture_end();
    CHECK(x == 2, "init(targetsync) depend(inout: x) nowait: x = %d after taskwait", x);
    check_none_init(o, printed, d, "init(targetsync) depend(inout: x) nowait");

    /* destroy of none with depend and nowait: nothing */
#pragma omp interop destroy(o) depend(inout : x) nowait
#pragma omp taskwait
    CHECK(o == omp_interop_none, "destroy(none) nowait: object %p", o);
  }
}

int main(void) {
  const char *policy = getenv("OMP_TARGET_OFFLOAD");
  offloading_disabled = policy && strcmp(policy, "DISABLED") == 0;
  if (!offloading_disabled && omp_get_num_devices() < 1) {
    printf("FAIL: no x86_64 offload device\n");
    return 1;
  }
  check_inits();
  check_none_queries();
  check_depend();
  return api_report();
}

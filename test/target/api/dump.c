/* ompx_dump_mapping_tables and __tgt_print_device_info: the dump (on
 * stdout, in LLVM's layout) lists every device, an empty table as such, a
 * mapped range with its address, size and counts, and an association with
 * an infinite count; __tgt_print_device_info succeeds. The dump is
 * captured through a temporary file and checked here. */

#include "api_test.h"

static char captured[1 << 16];

/* Run fn with stdout redirected; the text lands in `captured`. */
static void capture(void (*fn)(void)) {
  struct api_capture c = api_capture_begin(1);
  fn();
  api_capture_end(&c, captured, sizeof(captured));
}

static void dump(void) { ompx_dump_mapping_tables(); }
static int info_rc;
static void info(void) {
  info_rc = __tgt_print_device_info(0);
  fflush(stdout);
}

static int has_line(const char *prefix, const char *needle) {
  for (char *line = captured; line && *line;) {
    char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    char buf[512];
    snprintf(buf, sizeof(buf), "%.*s", (int)len, line);
    if (strncmp(buf, prefix, strlen(prefix)) == 0 && strstr(buf, needle))
      return 1;
    line = end ? end + 1 : NULL;
  }
  return 0;
}

int main(void) {
  int ndev = omp_get_num_devices();
  if (ndev < 2) {
    printf("OK\n");
    return 0;
  }
  static int a[64];
  #pragma omp target enter data device(0) map(to: a)
  #pragma omp target enter data device(0) map(to: a)
  int *mem = omp_target_alloc(256, 1);
  static char b[100];
  CHECK(omp_target_associate_ptr(b, mem, sizeof(b), 0, 1) == 0, "associate");
  capture(dump);
  char want[128];
  snprintf(want, sizeof(want), "0x%016llx ", (unsigned long long)(uintptr_t)a);
  CHECK(has_line("omptarget device 0 info: ", "Host Ptr"), "no header for device 0");
  CHECK(has_line("omptarget device 0 info: ", want), "no row for a");
  CHECK(has_line("omptarget device 0 info: ", " 256      2           0 "),
        "a's size/dynamic/hold counts wrong");
  snprintf(want, sizeof(want), "0x%016llx 0x%016llx 100      INF",
           (unsigned long long)(uintptr_t)b, (unsigned long long)(uintptr_t)mem);
  CHECK(has_line("omptarget device 1 info: ", want), "no INF row for the association");
  for (int d = 2; d < ndev; d++) {
    char prefix[64];
    snprintf(prefix, sizeof(prefix), "omptarget device %d info: ", d);
    CHECK(has_line(prefix, "mappings table empty"), "device %d not empty", d);
  }
  if (api_failures)
    printf("captured:\n%s", captured);

  #pragma omp target exit data device(0) map(delete: a)
  CHECK(omp_target_disassociate_ptr(b, 1) == 0, "disassociate");
  capture(dump);
  CHECK(has_line("omptarget device 0 info: ", "mappings table empty"), "device 0 not empty");
  CHECK(has_line("omptarget device 1 info: ", "mappings table empty"), "device 1 not empty");
  omp_target_free(mem, 1);

  /* Not captured: LLVM's runtime buffers this text until exit. */
  info();
  CHECK(info_rc != 0, "__tgt_print_device_info(0) returned 0");
  return api_report();
}

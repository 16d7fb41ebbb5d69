/* The affinity format: omp_capture_affinity's fields, flags and long names,
 * truncation, the affinity-format ICV (omp_set/get_affinity_format), each
 * field checked against the API call or system call it reports. Field
 * rules follow LLVM 19 (left-justified unless '.', '0' pads, unknown fields
 * read "undefined"); passes on LLVM's runtime as well. The first call
 * sees OMP_AFFINITY_FORMAT; with the argument set-first, a format set
 * before anything else started the runtime stays.
 */
#define _GNU_SOURCE
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check.h"

static char buf[1024];

static void expect(const char *format, const char *want) {
  size_t n = omp_capture_affinity(buf, sizeof(buf), format);
  CHECK(strcmp(buf, want) == 0, "\"%s\" gave \"%s\", want \"%s\"", format, buf, want);
  CHECK(n == strlen(want), "\"%s\" returned %zu, want %zu", format, n, strlen(want));
}

/* The calling thread's mask as LLVM prints it: "0-3,5,7,8". */
static void mask_text(char *out, size_t size) {
  cpu_set_t set;
  sched_getaffinity(0, sizeof(set), &set);
  size_t used = 0;
  out[0] = '\0';
  for (int i = 0; i < CPU_SETSIZE;) {
    if (!CPU_ISSET(i, &set)) {
      i++;
      continue;
    }
    int j = i;
    while (j + 1 < CPU_SETSIZE && CPU_ISSET(j + 1, &set))
      j++;
    const char *sep = used ? "," : "";
    if (j - i > 1)
      used += (size_t)snprintf(out + used, size - used, "%s%d-%d", sep, i, j);
    else if (j > i)
      used += (size_t)snprintf(out + used, size - used, "%s%d,%d", sep, i, j);
    else
      used += (size_t)snprintf(out + used, size - used, "%s%d", sep, i);
    i = j + 1;
  }
}

static void check_fields_serial(void) {
  char want[512], host[256], mask[512];
  expect("%t|%T|%L|%n|%N|%a", "0|1|0|0|1|-1");
  expect("%{team_num}|%{num_teams}|%{nesting_level}|%{thread_num}|"
         "%{num_threads}|%{ancestor_tnum}",
         "0|1|0|0|1|-1");
  expect("%5n|%.5n|%0.5n|%05n|%3N|%.3L", "0    |    0|00000|0    |1  |  0");
  expect("%%|%x|%{foo}|%{thread_num", "%|undefined|undefined|undefined");
  expect("plain text", "plain text");
  snprintf(want, sizeof(want), "%d %d", (int)getpid(), (int)getpid());
  expect("%P %{process_id}", want);
  snprintf(want, sizeof(want), "%d", (int)syscall(SYS_gettid));
  expect("%i", want);
  gethostname(host, sizeof(host));
  host[sizeof(host) - 1] = '\0';
  expect("%H", host);
  mask_text(mask, sizeof(mask));
  snprintf(want, sizeof(want), "{%s}|{%s}", mask, mask);
  expect("{%A}|{%{thread_affinity}}", want);
  snprintf(want, sizeof(want), "%-12s|", mask);
  expect("%12A|", want);

  /* truncation: the result is cut, the return value is the full length */
  size_t n = omp_capture_affinity(buf, 4, "%n-hello");
  CHECK(strcmp(buf, "0-h") == 0 && n == 7, "truncated capture gave \"%s\" %zu", buf, n);
  CHECK_EQ_INT(omp_capture_affinity(NULL, 0, "%n-hello"), 7);
}

static void check_format_icv(void) {
  char text[64];
  omp_set_affinity_format("T%n/%N");
  size_t n = omp_get_affinity_format(text, 3);
  CHECK(strcmp(text, "T%") == 0 && n == 6, "get_affinity_format gave \"%s\" %zu", text, n);
  n = omp_get_affinity_format(text, sizeof(text));
  CHECK(strcmp(text, "T%n/%N") == 0 && n == 6, "get_affinity_format gave \"%s\"", text);
  expect(NULL, "T0/1");
  expect("", "T0/1");
}

/* In nested teams every field matches the corresponding API call. */
static void check_fields_nested(void) {
  int mismatches = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2) reduction(+ : mismatches)
#pragma omp parallel num_threads(2) reduction(+ : mismatches)
  {
    char got[128], want[128];
    omp_capture_affinity(got, sizeof(got), "%L:%n/%N:%a:%t/%T");
    snprintf(want, sizeof(want), "%d:%d/%d:%d:%d/%d", omp_get_level(),
             omp_get_thread_num(), omp_get_num_threads(),
             omp_get_ancestor_thread_num(omp_get_level() - 1),
             omp_get_team_num(), omp_get_num_teams());
    if (strcmp(got, want) != 0) {
      fprintf(stderr, "nested: \"%s\", want \"%s\"\n", got, want);
      mismatches++;
    }
  }
  CHECK(mismatches == 0, "%d nested captures were wrong", mismatches);
}

static void check_fields_teams(void) {
  int mismatches = 0;
#pragma omp teams num_teams(2) reduction(+ : mismatches)
  {
    char got[64], want[64];
    omp_capture_affinity(got, sizeof(got), "%t/%T");
    snprintf(want, sizeof(want), "%d/%d", omp_get_team_num(), omp_get_num_teams());
    if (strcmp(got, want) != 0) {
      fprintf(stderr, "teams: \"%s\", want \"%s\"\n", got, want);
      mismatches++;
    }
  }
  CHECK(mismatches == 0, "%d teams captures were wrong", mismatches);
}

/* Not in main, and not inlined there: clang's code starts the runtime on
 * entry to a function that holds a construct, and main's first calls must
 * come first. */
__attribute__((noinline)) static void run_a_region(void) {
#pragma omp parallel num_threads(2)
  ;
}

int main(int argc, char **argv) {
  char text[256];
  if (argc > 1 && strcmp(argv[1], "set-first") == 0) {
    /* set before anything started the runtime: start-up, which reads
     * OMP_AFFINITY_FORMAT, must not undo it */
    omp_set_affinity_format("first %n");
    omp_get_affinity_format(text, sizeof(text));
    CHECK(strcmp(text, "first %n") == 0, "format set first: \"%s\"", text);
    run_a_region(); /* the runtime has surely started now */
    omp_get_affinity_format(text, sizeof(text));
    CHECK(strcmp(text, "first %n") == 0, "format set first, after a region: \"%s\"", text);
    expect(NULL, "first 0");
  } else {
    /* the program's first OpenMP call sees OMP_AFFINITY_FORMAT */
    const char *env = getenv("OMP_AFFINITY_FORMAT");
    const char *want = env ? env : "OMP: pid %P tid %i thread %n bound to OS proc set {%A}";
    omp_get_affinity_format(text, sizeof(text));
    CHECK(strcmp(text, want) == 0, "initial format \"%s\", want \"%s\"", text, want);
  }
  check_fields_serial();
  check_fields_nested();
  check_fields_teams();
  check_format_icv();
  CHECK_DONE();
}

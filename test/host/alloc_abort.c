/* The abort_fb fallback: a request the allocator cannot serve ends the
 * program with a message. Each case runs in a forked child; the parent
 * checks that the child got as far as the request, did not survive it, and
 * (on our runtime) said why. LLVM ends such children with an assertion
 * failure and SIGABRT; we exit(1) after "omp: error: ...". */
#include <omp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static int on_omprt(void) { return getenv("OMPRT_EXPECT_LIB") != NULL; }

static void pool_exhausted(void) {
  omp_alloctrait_t t[2] = {{omp_atk_pool_size, 32 * 1024},
                           {omp_atk_fallback, omp_atv_abort_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  void *a = omp_alloc(16 * 1024, al);
  if (!a)
    return; /* the parent sees no "reached" */
  fprintf(stderr, "reached\n");
  omp_alloc(32 * 1024, al);
  fprintf(stderr, "survived\n");
}

static void calloc_overflow(void) {
  omp_alloctrait_t t = {omp_atk_fallback, omp_atv_abort_fb};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 1, &t);
  fprintf(stderr, "reached\n");
  omp_calloc(SIZE_MAX / 2, 4, al);
  fprintf(stderr, "survived\n");
}

/* Run `body` in a child; return its stderr in buf. */
static int run_child(void (*body)(void), char *buf, size_t size, int *status) {
  int fds[2];
  if (pipe(fds) != 0)
    return -1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    body();
    fflush(stderr);
    _exit(0);
  }
  close(fds[1]);
  size_t len = 0;
  ssize_t n;
  while (len + 1 < size && (n = read(fds[0], buf + len, size - 1 - len)) > 0)
    len += (size_t)n;
  buf[len] = '\0';
  close(fds[0]);
  waitpid(pid, status, 0);
  return 0;
}

static void expect_abort(const char *name, void (*body)(void), const char *words[]) {
  char err[4096];
  int status = 0;
  CHECK(run_child(body, err, sizeof(err), &status) == 0, "%s: fork", name);
  CHECK(strstr(err, "reached") != NULL, "%s: child never made the request: %s", name, err);
  CHECK(strstr(err, "survived") == NULL, "%s: abort_fb returned", name);
  CHECK(!(WIFEXITED(status) && WEXITSTATUS(status) == 0),
        "%s: child exited 0 (stderr: %s)", name, err);
  if (on_omprt()) {
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 1, "%s: exit status %#x", name, status);
    for (int i = 0; words[i]; i++)
      CHECK(strstr(err, words[i]) != NULL, "%s: message lacks \"%s\": %s", name,
            words[i], err);
  }
}

int main(void) {
  const char *pool_words[] = {"omp: error:", "omp_alloc", "pool_size", "abort_fb", NULL};
  expect_abort("pool exhausted", pool_exhausted, pool_words);
  const char *overflow_words[] = {"omp: error:", "omp_calloc", "overflows", "abort_fb", NULL};
  expect_abort("calloc overflow", calloc_overflow, overflow_words);
  CHECK_DONE();
}

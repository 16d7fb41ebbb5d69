/* api_test.h — shared by the device memory API tests: a CHECK that records
 * a failure and goes on, and the LLVM extension prototypes omp.h may lack.
 * Each test prints OK and exits 0 when every check held. */
#ifndef API_TEST_H
#define API_TEST_H
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int api_failures;
#define CHECK(cond, ...)                                                      \
  do {                                                                        \
    if (!(cond)) {                                                            \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                             \
      printf(__VA_ARGS__);                                                    \
      printf("\n");                                                           \
      api_failures++;                                                         \
    }                                                                         \
  } while (0)

static inline int api_report(void) {
  if (api_failures) {
    printf("%d check(s) failed\n", api_failures);
    return 1;
  }
  printf("OK\n");
  return 0;
}

/* What the program writes to file descriptor `fd` between api_capture_begin
 * and api_capture_end lands in `text` (NUL-terminated, cut to size). */
struct api_capture {
  int fd, saved;
  FILE *tmp;
};

static inline struct api_capture api_capture_begin(int fd) {
  fflush(NULL);
  struct api_capture c = {fd, dup(fd), tmpfile()};
  dup2(fileno(c.tmp), fd);
  return c;
}

static inline void api_capture_end(struct api_capture *c, char *text, size_t size) {
  fflush(NULL);
  dup2(c->saved, c->fd);
  close(c->saved);
  rewind(c->tmp);
  size_t n = fread(text, 1, size - 1, c->tmp);
  text[n] = '\0';
  fclose(c->tmp);
}

void *llvm_omp_target_alloc_host(size_t, int);
void *llvm_omp_target_alloc_shared(size_t, int);
void *llvm_omp_target_alloc_device(size_t, int);
void llvm_omp_target_free_host(void *, int);
void llvm_omp_target_free_shared(void *, int);
void llvm_omp_target_free_device(void *, int);
void *llvm_omp_target_lock_mem(void *, size_t, int);
void llvm_omp_target_unlock_mem(void *, int);
void *llvm_omp_target_dynamic_shared_alloc(void);
void ompx_dump_mapping_tables(void);
int __tgt_print_device_info(int64_t);

/* Devices 0 and 1 of the x86_64 plugin, or the host when offloading is off. */
static inline int api_dev(int i) {
  int n = omp_get_num_devices();
  return n > i ? i : omp_get_initial_device();
}
#endif

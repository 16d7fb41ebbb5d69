/* LIBOMPTARGET_INFO's bits, LLVM 19's meanings (CMakeLists.txt runs this
 * with one bit at a time and checks its lines appear and no other's):
 *   info_bits            a data region with a kernel inside (its map finds
 *                        the data present), an update, a kernel outside
 *   info_bits present    then a map(present) of unmapped data (fatal)
 *   info_bits empty      a zero-length section of unmapped data (0x40's
 *                        line), and of mapped data (no line)
 *   info_bits set        no LIBOMPTARGET_INFO; __tgt_set_info_flag(0x10)
 *                        between two kernels: only the second one's launch
 *                        is reported (stderr is read back and checked)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void __tgt_set_info_flag(uint32_t flags);

enum { N = 256 };

static int run_set(void) {
  FILE *log = tmpfile();
  if (!log)
    return 2;
  fflush(stderr);
  int saved = dup(2);
  dup2(fileno(log), 2);
  int a[N], first_line = __LINE__ + 2;
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target map(tofrom : a)
  for (int i = 0; i < N; i++) a[i] += 1;
  __tgt_set_info_flag(0x10);
  int second_line = __LINE__ + 1;
#pragma omp target map(tofrom : a)
  for (int i = 0; i < N; i++) a[i] *= 2;
  __tgt_set_info_flag(0);
  fflush(stderr);
  dup2(saved, 2);
  char text[4096] = {0};
  rewind(log);
  size_t len = fread(text, 1, sizeof(text) - 1, log);
  text[len] = 0;
  fputs(text, stderr);
  char first[32], second[32];
  snprintf(first, sizeof(first), "run_set_l%d ", first_line);
  snprintf(second, sizeof(second), "run_set_l%d ", second_line);
  int fails = 0;
  for (int i = 0; i < N; i++)
    fails += a[i] != (i + 1) * 2;
  const char *launch = strstr(text, "launch kernel");
  if (!launch || !strstr(launch, second) || strstr(launch + 1, "launch kernel") ||
      strstr(text, first)) {
    fprintf(stderr, "info_bits: wanted one launch line, for %s only\n", second);
    fails++;
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "set") == 0)
    return run_set();
  int a[N], b[N];
  for (int i = 0; i < N; i++) a[i] = i, b[i] = 0;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target map(tofrom : a)
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma omp target update from(a)
  }
#pragma omp target map(from : b)
  for (int i = 0; i < N; i++) b[i] = 2 * i;
  int fails = 0;
  for (int i = 0; i < N; i++)
    fails += a[i] != i + 1 || b[i] != 2 * i;
  if (argc > 1 && strcmp(argv[1], "empty") == 0) {
    int *unmapped = b, *mapped = a, seen = -1;
#pragma omp target data map(to : a)
#pragma omp target map(to : unmapped[0:0], mapped[0:0]) map(from : seen)
    seen = mapped != 0;
    fails += seen != 1;
  }
  if (argc > 1 && strcmp(argv[1], "present") == 0) {
#pragma omp target data map(to : a)
    {
#pragma omp target map(present, tofrom : b)
      b[0] = 1;
    }
    printf("not reached\n");
  }
  printf("%s\n", fails ? "FAIL" : "OK");
  return fails != 0;
}

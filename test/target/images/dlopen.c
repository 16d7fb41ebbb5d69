/* A library with target regions loaded with dlopen() and unloaded with
 * dlclose(), several times, while the program's own image stays: every load
 * must run the library's fresh image (its global back at its initial value),
 * the program's region must keep working after each dlclose, and the
 * descriptors (file descriptors) in use must not grow from one cycle to the
 * next. argv[1]: the library. */
#include <dirent.h>
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

static int fails;

static void check(const char *what, int i, long got, long want) {
  if (got != want && fails++ < 10)
    printf("FAIL %s [%d]: got %ld, want %ld\n", what, i, got, want);
}

static int open_fds(void) {
  int n = 0;
  DIR *d = opendir("/proc/self/fd");
  if (!d)
    return -1;
  while (readdir(d))
    n++;
  closedir(d);
  return n;
}

static int program_region(int x) {
  int r = -1;
#pragma omp target map(from : r) firstprivate(x)
  r = x * 3;
  return r;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    printf("FAIL usage: %s LIBRARY\n", argv[0]);
    return 1;
  }
  int fds_after_first = -1;
  for (int cycle = 0; cycle < 5; cycle++) {
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      printf("FAIL dlopen: %s\n", dlerror());
      return 1;
    }
    int (*run)(int, int *) = (int (*)(int, int *))dlsym(lib, "plugin_run");
    if (!run) {
      printf("FAIL dlsym: %s\n", dlerror());
      return 1;
    }
    int on_device = 0;
    /* A fresh image each time: 5 + k, then 5 + k + k. */
    check("library region", cycle, run(cycle + 1, &on_device), 5 + cycle + 1);
    check("library region on device", cycle, on_device, 1);
    check("library region again", cycle, run(cycle + 1, &on_device), 5 + 2 * (cycle + 1));
    check("program region", cycle, program_region(cycle), 3 * cycle);
    dlclose(lib);
    check("program region after dlclose", cycle, program_region(cycle + 10),
          3 * (cycle + 10));
    if (cycle == 0)
      fds_after_first = open_fds();
    else
      check("open file descriptors", cycle, open_fds(), fds_after_first);
  }
  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}

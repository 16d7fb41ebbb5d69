/* A library with target regions dlopen()ed and dlclose()d five times on the
 * CUDA device (the mock driver): each load brings a fresh module, each
 * dlclose must unload it (with its kernels and allocations) while the
 * program's own image keeps working. The mock counts modules loaded and
 * unloaded (MOCK_CUDA_STATS=1); the test wants `modules=6 unloaded=6`: the
 * library's five and, at exit, the program's own. argv[1]: the library. */
#include <dlfcn.h>
#include <stdio.h>

static int fails;

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
  for (int cycle = 0; cycle < 5; cycle++) {
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      printf("FAIL dlopen: %s\n", dlerror());
      return 1;
    }
    void (*run)(int *) = (void (*)(int *))dlsym(lib, "library_run");
    if (!run) {
      printf("FAIL dlsym: %s\n", dlerror());
      return 1;
    }
    /* The library's kernel has no host version the mock can find (it reads
     * the executable's symbols), so it runs as a no-op: only its data
     * movement shows. */
    int data[4] = {cycle, cycle, cycle, cycle};
    run(data);
    for (int i = 0; i < 4; i++)
      if (data[i] != cycle && fails++ < 10)
        printf("FAIL cycle %d: library data[%d] = %d\n", cycle, i, data[i]);
    int before = program_region(cycle);
    dlclose(lib);
    int after = program_region(cycle + 10);
    if ((before != 3 * cycle || after != 3 * (cycle + 10)) && fails++ < 10)
      printf("FAIL cycle %d: program region %d, %d after dlclose\n", cycle, before, after);
  }
  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}

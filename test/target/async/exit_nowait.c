/* main returns while nowait target regions still run (no taskwait): the
 * regions finish before the program's device images are unloaded, each
 * printing its line, and the program exits 0. Ours and LLVM 19 crashed
 * (SIGSEGV) unloading an image under a running region. The test counts
 * the regions' lines after "main returns".
 * With the argument "abandoned", main leaves a detached host task whose
 * event is never fulfilled: only target tasks are waited for at the end,
 * so the program still exits (0). */
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "abandoned") == 0) {
    int on_device = 0;
#pragma omp target map(from : on_device)
    on_device = 1;
    omp_event_handle_t never;
#pragma omp task detach(never)
    on_device += 0;
    printf("main returns, leaving a detached task (target region ran: %d)\n", on_device);
    return 0;
  }
  for (int r = 0; r < 4; r++) {
#pragma omp target nowait firstprivate(r)
    {
      double start = omp_get_wtime(); /* 50 ms of work: still running at exit */
      while (omp_get_wtime() - start < 0.05)
        ;
      printf("region %d done\n", r);
    }
  }
  printf("main returns\n");
  fflush(stdout);
  return 0;
}

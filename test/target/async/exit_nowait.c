/* main returns while nowait target regions still run (no taskwait): the
 * regions finish before the program's device images are unloaded, each
 * printing its line, and the program exits 0. Ours and LLVM 19 crashed
 * (SIGSEGV) unloading an image under a running region. The test counts
 * the regions' lines after "main returns". */
#include <omp.h>
#include <stdio.h>

int main(void) {
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

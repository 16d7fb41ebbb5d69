/* A program with its own OMPT tool (ompt_start_tool, exported with
 * -rdynamic, as a tool linked into a program is found): this runtime has no
 * OMPT, so it must say so once and never call the tool (LLVM's would). */
#include <omp.h>
#include <stdio.h>

struct ompt_start_tool_result;
struct ompt_start_tool_result *ompt_start_tool(unsigned int version, const char *runtime) {
  printf("FAIL: ompt_start_tool called (version %u, %s)\n", version, runtime);
  return NULL;
}

int main(void) {
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += 1;
  if (sum != omp_get_max_threads() && sum != 2) {
    printf("FAIL: parallel region of %d threads\n", sum);
    return 1;
  }
  printf("PASS\n");
  return 0;
}

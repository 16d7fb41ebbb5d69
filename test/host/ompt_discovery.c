/* A plain OpenMP program for the tool-discovery tests (ompt.cmake): the
 * tool, if any, comes from OMP_TOOL_LIBRARIES; argv[1] is what
 * omp_control_tool must answer (notool without a tool, nocallback with
 * one that registered no control_tool callback). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += 1;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  sum += 1;
  int want = argc > 1 ? atoi(argv[1]) : omp_control_tool_notool;
  int got = omp_control_tool(omp_control_tool_flush, 0, NULL);
  if (sum != 4 || got != want) {
    printf("FAIL: sum %d, omp_control_tool %d (want %d)\n", sum, got, want);
    return 1;
  }
  printf("program: PASS\n");
  return 0;
}

/* error directive: at(execution) with severity(warning), with and without message.
 * (severity defaults to fatal, which aborts; the fatal one below is never reached.)
 * Expect two runtime warnings on stderr. */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int x = 0;
  #pragma omp parallel num_threads(2)
  {
    #pragma omp masked
    {
      #pragma omp error at(execution) severity(warning) message("abi-survey: expected runtime warning")
      x = 1;
    }
  }
  if (x == 2) {
    #pragma omp error at(execution) severity(fatal) message("never reached")
  }
  #pragma omp error at(execution) severity(warning)
  CHECK(x == 1);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}

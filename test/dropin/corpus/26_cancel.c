/* cancel / cancellation point for parallel, for, sections, taskgroup.
 * Works whether OMP_CANCELLATION is on or off: results are checked against omp_get_cancellation(). */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define N 10000
int main(void) {
  int canc = omp_get_cancellation();
  int after = 0;
  #pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() == 0) {
      #pragma omp cancel parallel
    }
    #pragma omp barrier
    #pragma omp atomic
    after++;
  }
  if (canc) CHECK(after < 4); else CHECK(after == 4);
  int done = 0;
  #pragma omp parallel for schedule(static, 1) num_threads(4)
  for (int i = 0; i < N; i++) {
    #pragma omp atomic
    done++;
    if (i == 0) {
      #pragma omp cancel for
    }
    #pragma omp cancellation point for
  }
  if (canc) CHECK(done < N); else CHECK(done == N);
  int sec = 0;
  #pragma omp parallel sections num_threads(2)
  {
    #pragma omp section
    {
      #pragma omp cancel sections
      #pragma omp atomic
      sec += 100;
    }
    #pragma omp section
    {
      #pragma omp cancellation point sections
      #pragma omp atomic
      sec += 1;
    }
  }
  if (canc) CHECK(sec <= 1); else CHECK(sec == 101);
  int tasks_run = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp taskgroup
    {
      for (int i = 0; i < 100; i++) {
        #pragma omp task shared(tasks_run)
        {
          #pragma omp cancellation point taskgroup
          #pragma omp atomic
          tasks_run++;
          if (i == 0) {
            #pragma omp cancel taskgroup
          }
        }
      }
    }
  }
  if (canc) CHECK(tasks_run <= 100); else CHECK(tasks_run == 100);
  /* cancel with if clause (false => no cancel) */
  int cnt = 0;
  #pragma omp parallel for num_threads(2)
  for (int i = 0; i < 100; i++) {
    #pragma omp cancel for if(i < 0)
    #pragma omp atomic
    cnt++;
  }
  CHECK(cnt == 100);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}

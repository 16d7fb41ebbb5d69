/* parallel: if, num_threads, proc_bind, nested, combined parallel forms */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  int n = 0, cnt[8] = {0};
  #pragma omp parallel num_threads(3)
  {
    #pragma omp atomic
    n++;
    cnt[omp_get_thread_num()] = omp_get_num_threads();
  }
  CHECK(n == 3);
  CHECK(cnt[0] == 3 && cnt[2] == 3);
  int inpar = -1, nt = -1, cond = 0;
  #pragma omp parallel if(cond) num_threads(4)
  { inpar = omp_in_parallel(); nt = omp_get_num_threads(); }
  CHECK(nt == 1);
  CHECK(inpar == 0);
  n = 0;
  #pragma omp parallel if(parallel: cond + 1) num_threads(2) proc_bind(close)
  {
    #pragma omp atomic
    n += 1;
  }
  CHECK(n == 2);
  n = 0;
  #pragma omp parallel num_threads(2) proc_bind(spread)
  {
    #pragma omp atomic
    n += 1;
  }
  CHECK(n == 2);
  #pragma omp parallel num_threads(2) proc_bind(primary)
  {
    #pragma omp atomic
    n += 1;
  }
  CHECK(n == 4);
  /* nested */
  omp_set_max_active_levels(2);
  int tot = 0, lvl2 = 0;
  #pragma omp parallel num_threads(2) shared(tot, lvl2)
  {
    #pragma omp parallel num_threads(2) shared(tot, lvl2)
    {
      #pragma omp atomic
      tot++;
      if (omp_get_level() == 2 && omp_get_active_level() == 2) {
        #pragma omp atomic
        lvl2++;
      }
    }
  }
  CHECK(tot == 4);
  CHECK(lvl2 == 4);
  /* firstprivate/private/shared/default */
  int fp = 7, sh = 0;
  #pragma omp parallel num_threads(4) firstprivate(fp) default(shared)
  {
    fp += omp_get_thread_num();
    #pragma omp atomic
    sh += fp;
  }
  CHECK(sh == 7 * 4 + 0 + 1 + 2 + 3);
  /* parallel sections / parallel masked / parallel for */
  int a = 0, b = 0;
  #pragma omp parallel sections num_threads(2)
  {
    #pragma omp section
    a = 1;
    #pragma omp section
    b = 2;
  }
  CHECK(a == 1 && b == 2);
  int m = -1;
  #pragma omp parallel masked num_threads(2)
  m = omp_get_thread_num();
  CHECK(m == 0);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}

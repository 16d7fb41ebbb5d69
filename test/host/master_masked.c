/* master and masked run on the right thread only; LLVM's combined
 * barrier+master entry points hold or release the others as documented. */
#include <omp.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"

int32_t __kmpc_global_thread_num(void *loc);
int32_t __kmpc_barrier_master(void *loc, int32_t gtid);
void __kmpc_end_barrier_master(void *loc, int32_t gtid);
int32_t __kmpc_barrier_master_nowait(void *loc, int32_t gtid);

#define ROUNDS 50

int main(void) {
  int master_runs[8] = {0}, masked2_runs[8] = {0}, masked_none = 0;
  int masked_default[8] = {0};
  int nthreads = 0;
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
#pragma omp single
    nthreads = omp_get_num_threads();
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp master
      master_runs[tid]++;
#pragma omp masked filter(2)
      masked2_runs[tid]++;
#pragma omp masked filter(7)
      masked_none++;
#pragma omp masked
      masked_default[tid]++;
    }
  }
  CHECK_EQ_INT(nthreads, 4);
  for (int t = 0; t < 4; t++) {
    CHECK_EQ_INT(master_runs[t], t == 0 ? ROUNDS : 0);
    CHECK_EQ_INT(masked2_runs[t], t == 2 ? ROUNDS : 0);
    CHECK_EQ_INT(masked_default[t], t == 0 ? ROUNDS : 0);
  }
  CHECK_EQ_INT(masked_none, 0);

  /* barrier_master: the master's block sees everyone's arrival; the others
   * leave only after __kmpc_end_barrier_master, so they see its write. */
  atomic_int arrived = 0;
  int master_saw = -1, written_by_master = 0, late_reads_ok = 1;
  int nowait_master_runs = 0;
#pragma omp parallel num_threads(4)
  {
    int32_t gtid = __kmpc_global_thread_num(NULL);
    for (int r = 1; r <= ROUNDS; r++) {
      atomic_fetch_add(&arrived, 1);
      if (__kmpc_barrier_master(NULL, gtid)) {
        master_saw = atomic_load(&arrived);
        CHECK_EQ_INT(omp_get_thread_num(), 0);
        written_by_master = r;
        __kmpc_end_barrier_master(NULL, gtid);
      } else if (written_by_master != r) {
        late_reads_ok = 0;
      }
      if (master_saw != 4 * r)
        late_reads_ok = 0;
#pragma omp barrier
    }
    if (__kmpc_barrier_master_nowait(NULL, gtid))
      nowait_master_runs++;
  }
  CHECK_EQ_INT(master_saw, 4 * ROUNDS);
  CHECK_EQ_INT(late_reads_ok, 1);
  CHECK_EQ_INT(nowait_master_runs, 1);

  /* Outside a parallel region the initial thread is the master. */
  int serial_master = 0;
#pragma omp master
  serial_master = 1;
  CHECK_EQ_INT(serial_master, 1);
  CHECK_DONE();
}

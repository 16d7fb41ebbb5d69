/* omp_* API: locks (simple, nested, with hint), timing, queries, ICV setters, places/affinity queries, teams ICVs, control tool, pause */
#include <omp.h>
#include <stdio.h>
static int fails;
#define CHECK(c) do { if (!(c)) { if (fails++ < 10) printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
int main(void) {
  omp_lock_t l; omp_nest_lock_t nl; omp_lock_t hl;
  omp_init_lock(&l); omp_init_nest_lock(&nl);
  omp_init_lock_with_hint(&hl, omp_sync_hint_uncontended);
  long c = 0, d = 0, e = 0;
  #pragma omp parallel num_threads(4)
  for (int i = 0; i < 500; i++) {
    omp_set_lock(&l); c++; omp_unset_lock(&l);
    omp_set_nest_lock(&nl); omp_set_nest_lock(&nl); d++; omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl);
    while (!omp_test_lock(&hl)) {}
    e++;
    omp_unset_lock(&hl);
  }
  CHECK(c == 2000 && d == 2000 && e == 2000);
  CHECK(omp_test_nest_lock(&nl) == 1);
  CHECK(omp_test_nest_lock(&nl) == 2);
  omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl);
  omp_destroy_lock(&l); omp_destroy_nest_lock(&nl); omp_destroy_lock(&hl);
  omp_nest_lock_t nh; omp_init_nest_lock_with_hint(&nh, omp_sync_hint_contended); omp_destroy_nest_lock(&nh);
  double t0 = omp_get_wtime();
  CHECK(omp_get_wtick() > 0 && t0 > 0);
  CHECK(omp_get_num_procs() >= 1);
  CHECK(omp_get_thread_num() == 0 && omp_get_num_threads() == 1 && omp_in_parallel() == 0);
  omp_set_num_threads(3);
  CHECK(omp_get_max_threads() == 3);
  int nt = 0;
  #pragma omp parallel
  {
    #pragma omp single
    nt = omp_get_num_threads();
  }
  CHECK(nt == 3);
  omp_set_dynamic(1); (void)omp_get_dynamic(); omp_set_dynamic(0);
  CHECK(omp_get_dynamic() == 0);
  omp_set_max_active_levels(3);
  CHECK(omp_get_max_active_levels() == 3);
  CHECK(omp_get_level() == 0 && omp_get_active_level() == 0);
  CHECK(omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1);
  CHECK(omp_get_thread_limit() >= 1);
  CHECK(omp_get_supported_active_levels() >= 1);
  (void)omp_get_proc_bind(); (void)omp_get_num_places(); (void)omp_get_place_num();
  (void)omp_get_partition_num_places();
  CHECK(omp_get_cancellation() == 0 || omp_get_cancellation() == 1);
  CHECK(omp_get_num_teams() == 1 && omp_get_team_num() == 0);
  omp_set_num_teams(2); CHECK(omp_get_max_teams() == 2);
  omp_set_teams_thread_limit(2); CHECK(omp_get_teams_thread_limit() == 2);
  CHECK(omp_get_initial_device() == omp_get_initial_device());
  CHECK(omp_is_initial_device() == 1);
  (void)omp_get_num_devices(); (void)omp_get_default_device();
  CHECK(omp_in_final() == 0);
  CHECK(omp_get_max_task_priority() >= 0);
  (void)omp_control_tool(omp_control_tool_flush, 0, NULL);
  omp_set_schedule(omp_sched_dynamic, 4);
  omp_sched_t k; int ch; omp_get_schedule(&k, &ch);
  CHECK(k == omp_sched_dynamic && ch == 4);
  char buf[64]; size_t n = omp_capture_affinity(buf, sizeof buf, "%n");
  CHECK(n >= 1);
  omp_set_affinity_format("T%n"); CHECK(omp_get_affinity_format(buf, sizeof buf) == 3);
  CHECK(omp_pause_resource_all(omp_pause_soft) == 0 || 1);
  int after = 0;
  #pragma omp parallel num_threads(2)
  {
    #pragma omp atomic
    after++;
  }
  CHECK(after == 2);
  if (fails) return 1;
  printf("OK\n");
  return 0;
}

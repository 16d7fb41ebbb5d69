/* Two device images in one process: this program's and that of a shared
 * library it links (linked_lib.c), each with its own target regions and
 * `declare target` globals. Every kernel and global of both images must be
 * found, each image's globals must be its own, and each device must have
 * its own copy of each image. */
#include <omp.h>
#include <stdio.h>

int lib_region(int *a, int n, int which);
void lib_write_global(int dev, int v);
int lib_read_global(int dev);
extern int lib_global;

int main_global = 7;
#pragma omp declare target to(main_global)

#pragma omp declare target
int main_add(int x) { return x + 5; }
int main_neg(int x) { return -x; }
#pragma omp end declare target

static int fails;

static void check(const char *what, int i, long got, long want) {
  if (got != want && fails++ < 10)
    printf("FAIL %s [%d]: got %ld, want %ld\n", what, i, got, want);
}

static int main_write_read(int dev, int v) {
  int r = -1;
#pragma omp target device(dev) firstprivate(v)
  main_global = v;
#pragma omp target device(dev) map(from : r)
  r = main_global;
  return r;
}

int main(void) {
  enum { N = 64 };
  int a[N], b[N];

  /* The library's region first (as LLVM's shared_lib_fp_mapping.c). */
  for (int i = 0; i < N; i++)
    a[i] = i;
  check("library region on device", 0, lib_region(a, N, 0), 1);
  for (int i = 0; i < N; i++)
    check("library region, twice", i, a[i], 2 * i + 1000);
  check("library region on device", 1, lib_region(a, N, 1), 1);
  for (int i = 0; i < N; i++)
    check("library region, thrice", i, a[i], 3 * (2 * i + 1000) + 1000);

  /* The program's own region, its own global and function pointer. */
  for (int i = 0; i < N; i++)
    b[i] = i;
  int on_device = 0;
#pragma omp target map(tofrom : b) map(from : on_device)
  {
    for (int i = 0; i < N; i++) {
      int (*op)(int) = i % 2 ? main_neg : main_add;
      b[i] = op(b[i]) * main_global;
    }
    on_device = !omp_is_initial_device();
  }
  check("program region on device", 0, on_device, 1);
  for (int i = 0; i < N; i++)
    check("program region", i, b[i], (i % 2 ? -i : i + 5) * 7);

  /* Each device holds its own copy of each image's globals. */
  int ndev = omp_get_num_devices() < 3 ? omp_get_num_devices() : 3;
  for (int d = 0; d < ndev; d++)
    lib_write_global(d, 2000 + d);
  for (int d = 0; d < ndev; d++)
    check("program global, per device", d, main_write_read(d, 70 + d), 70 + d);
  for (int d = 0; d < ndev; d++) {
    check("library global, per device", d, lib_read_global(d), 2000 + d);
    int r = -1;
#pragma omp target device(d) map(from : r)
    r = main_global;
    check("program global kept, per device", d, r, 70 + d);
  }

  /* The host copies were never written. */
  check("host lib_global", 0, lib_global, 1000);
  check("host main_global", 0, main_global, 7);

  if (fails)
    return 1;
  printf("OK\n");
  return 0;
}

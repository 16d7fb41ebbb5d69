/* Pointers a target region uses without a map of their own (clang maps
 * them as zero-length array sections), checked against host references:
 *  - memory from omp_target_alloc, which no map entry describes: the
 *    pointer keeps its value on the device (OpenMP 5.1; it arrived as NULL
 *    before, and the kernel crashed);
 *  - after `enter data map(to: a[64:128])`, `a` itself lies outside the
 *    section but between the section and its base: an implicit capture of
 *    `a` and use_device_ptr(a) both find that mapping (as LLVM's lookup does:
 *    before, the capture crashed and use_device_ptr gave NULL); the kernel's
 *    writes come back with `target update from`;
 *  - a global pointer mapped with its pointee and use_device_addr of the
 *    pointer in one construct (this crashed libomptarget): the region sees
 *    the pointer's device copy, and the host pointer and data are intact. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int global_array[10];
int *global_pointer = &global_array[0];

int main(void) {
  int fails = 0, dev = omp_get_default_device();

  int *device_only = omp_target_alloc(4 * sizeof(int), dev);
#pragma omp target
  for (int i = 0; i < 4; i++)
    device_only[i] = 10 * i;
  int sum = -1;
#pragma omp target map(from : sum)
  {
    sum = 0;
    for (int i = 0; i < 4; i++)
      sum += device_only[i];
  }
  omp_target_free(device_only, dev);
  if (sum != 60) {
    printf("FAIL: omp_target_alloc memory through an unmapped pointer: sum %d, want 60\n", sum);
    fails++;
  }

  float *a = malloc(1024 * sizeof(float));
  for (int i = 0; i < 1024; i++)
    a[i] = (float)i;
#pragma omp target enter data map(to : a[64 : 128])
  float *a_dev = NULL;
#pragma omp target data use_device_ptr(a)
  a_dev = a;
  float *mapped_64 = omp_get_mapped_ptr(&a[64], dev);
  if (!a_dev || !mapped_64 || a_dev + 64 != mapped_64) {
    printf("FAIL: use_device_ptr(a) after map(a[64:128]): %p, want %p - 64\n", (void *)a_dev,
           (void *)mapped_64);
    fails++;
  }
#pragma omp target /* a: implicit, zero-length */
  for (int i = 64; i < 192; i++)
    a[i] = -a[i];
#pragma omp target update from(a[64 : 128])
  for (int i = 0; i < 1024; i++) {
    float want = i >= 64 && i < 192 ? -(float)i : (float)i;
    if (a[i] != want) {
      printf("FAIL: a[%d] = %g after the implicit capture, want %g\n", i, a[i], want);
      fails++;
      break;
    }
  }
#pragma omp target exit data map(delete : a[64 : 128])
  free(a);

  for (int i = 0; i < 10; i++)
    global_array[i] = i;
  void *seen = NULL;
#pragma omp target data map(tofrom : global_pointer[1 : 2]) use_device_addr(global_pointer)
  seen = &global_pointer; /* the device copy of the pointer variable */
  if (!seen || seen == (void *)&global_pointer || global_pointer != &global_array[0] ||
      global_array[1] != 1 || global_array[2] != 2) {
    printf("FAIL: use_device_addr of a mapped global pointer gave %p (host %p); pointer %s\n",
           seen, (void *)&global_pointer,
           global_pointer == &global_array[0] ? "kept" : "changed");
    fails++;
  }
  printf(fails ? "FAIL\n" : "OK\n");
  return fails != 0;
}

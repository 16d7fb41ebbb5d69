/* A host pointer that went to the device with its pointee comes back
 * holding its host value, whatever the order in which the construct's
 * entries reach zero references: here the pointee's entry goes before the
 * pointer's copy-back has been undone (the host pointer used to keep the
 * device address), and a struct holding the pointer is copied back whole. */
#include <stdio.h>
#include <stdlib.h>

struct holder {
  int *p;
  int n;
};

int main(void) {
  int fails = 0;
  int *data = malloc(3 * sizeof(int));
  int **handle = &data;
  int *before = data;
  data[0] = data[1] = data[2] = 0;
#pragma omp target map(tofrom : (*handle)[0 : 3]) map(alloc : *handle)
  for (int i = 0; i < 3; i++)
    (*handle)[i] = i + 1;
  if (data != before || data[0] != 1 || data[1] != 2 || data[2] != 3) {
    printf("FAIL: pointer %s, values %d %d %d\n", data == before ? "kept" : "holds a device address",
           data == before ? data[0] : -1, data == before ? data[1] : -1,
           data == before ? data[2] : -1);
    fails++;
  }
  int values[4] = {0, 0, 0, 0};
  struct holder h = {values, 4};
#pragma omp target map(tofrom : h, h.p[0 : 4])
  for (int i = 0; i < h.n; i++)
    h.p[i] = 10 + i;
  if (h.p != values || values[0] != 10 || values[3] != 13) {
    printf("FAIL: struct pointer %s, values %d %d\n", h.p == values ? "kept" : "changed",
           values[0], values[3]);
    fails++;
  }
  free(data);
  printf(fails ? "FAIL\n" : "OK\n");
  return fails != 0;
}

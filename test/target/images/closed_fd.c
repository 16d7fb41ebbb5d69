/* The program closes the file descriptor an image was loaded from (as a
 * program closing every descriptor it did not open would): a device
 * initialised afterwards must still load its own copy of the image, not be
 * handed the first device's copy because the path /proc/self/fd/N is the
 * same again. */
#include <dirent.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int g = 0;
#pragma omp declare target to(g)

/* Close every memfd open in this process; returns how many. */
static int close_memfds(void) {
  DIR *d = opendir("/proc/self/fd");
  if (!d)
    return -1;
  int fds[64], n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 64) {
    char path[64], target[256];
    snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
    ssize_t len = readlink(path, target, sizeof(target) - 1);
    if (len <= 0)
      continue;
    target[len] = '\0';
    if (strncmp(target, "/memfd:", 7) == 0)
      fds[n++] = atoi(e->d_name);
  }
  closedir(d);
  for (int i = 0; i < n; i++)
    close(fds[i]);
  return n;
}

int main(void) {
  if (omp_get_num_devices() < 2) {
    printf("FAIL: %d devices, want at least 2\n", omp_get_num_devices());
    return 1;
  }
#pragma omp target device(0)
  g = 1;
  close_memfds();
#pragma omp target device(1)
  g = 2;
  int a = -1, b = -1;
#pragma omp target device(0) map(from : a)
  a = g;
#pragma omp target device(1) map(from : b)
  b = g;
  if (a != 1 || b != 2) {
    printf("FAIL device 0 sees g=%d (want 1), device 1 g=%d (want 2)\n", a, b);
    return 1;
  }
  printf("OK\n");
  return 0;
}

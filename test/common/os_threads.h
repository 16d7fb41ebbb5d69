/* The threads this process has now, as the kernel lists them in
 * /proc/self/task (-1 when it cannot be read): what tests compare the
 * runtime's own thread counts with. */
#ifndef OMPRT_TEST_OS_THREADS_H
#define OMPRT_TEST_OS_THREADS_H
#include <dirent.h>

static int os_thread_count(void) {
  DIR *dir = opendir("/proc/self/task");
  int n = 0;
  if (!dir)
    return -1;
  for (struct dirent *e; (e = readdir(dir));)
    n += e->d_name[0] != '.';
  closedir(dir);
  return n;
}
#endif

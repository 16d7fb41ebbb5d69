/* Linked into every test program: proves which runtime actually ran.
 *
 * When OMPRT_EXPECT_LIB names a directory, every OpenMP runtime library
 * mapped into this process (libomp, libomptarget) must come from it, or the
 * test fails before main() — so a test can never silently pass on LLVM's
 * runtime when it meant ours, or the other way round. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((constructor)) static void omprt_check_runtime(void) {
  const char *expect = getenv("OMPRT_EXPECT_LIB");
  if (!expect || !*expect)
    return;
  FILE *maps = fopen("/proc/self/maps", "r");
  if (!maps) {
    perror("runtime_check: /proc/self/maps");
    exit(2);
  }
  char line[4096];
  int found = 0;
  while (fgets(line, sizeof(line), maps)) {
    char *path = strchr(line, '/');
    if (!path)
      continue;
    path[strcspn(path, "\n")] = '\0';
    const char *base = strrchr(path, '/') + 1;
    if (strncmp(base, "libomp.so", 9) != 0 && strncmp(base, "libomptarget.so", 15) != 0)
      continue;
    char real[4096];
    if (!realpath(path, real))
      snprintf(real, sizeof(real), "%s", path);
    char want[4096];
    if (!realpath(expect, want))
      snprintf(want, sizeof(want), "%s", expect);
    if (strncmp(real, want, strlen(want)) != 0) {
      fprintf(stderr, "runtime_check: %s is loaded from %s, expected it from %s\n",
              base, real, want);
      exit(2);
    }
    found = 1;
  }
  fclose(maps);
  if (!found) {
    fprintf(stderr, "runtime_check: no libomp mapped\n");
    exit(2);
  }
}

/* source_location.c — see source_location.h. */
#include "source_location.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *omprt_source_location(const char *psource, char *buf, size_t size) {
  buf[0] = '\0';
  if (!psource || psource[0] != ';')
    return buf;
  const char *file = psource + 1;
  const char *file_end = strchr(file, ';');
  if (!file_end)
    return buf;
  const char *func_end = strchr(file_end + 1, ';');
  int line = func_end ? atoi(func_end + 1) : 0;
  if (strncmp(file, "unknown", 7) == 0 && line == 0)
    return buf; /* clang's placeholder when compiled without -g */
  snprintf(buf, size, "%.*s:%d", (int)(file_end - file), file, line);
  return buf;
}

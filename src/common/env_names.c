/* env_names.c — see env_names.h. */
#include "env_names.h"

#include <stdbool.h>
#include <string.h>

void omprt_env_unknown(const char *prefix, const char *const *known, size_t nknown,
                       void (*report)(const char *name, int length)) {
  extern char **environ;
  size_t prefix_len = strlen(prefix);
  for (char **entry = environ; entry && *entry; entry++) {
    const char *name = *entry;
    if (strncmp(name, prefix, prefix_len) != 0)
      continue;
    size_t len = strcspn(name, "=");
    bool is_known = false;
    for (size_t i = 0; i < nknown && !is_known; i++)
      is_known = strlen(known[i]) == len && strncmp(name, known[i], len) == 0;
    if (!is_known)
      report(name, (int)len);
  }
}

/* Capturing what the runtime prints on stderr during a call, for the
 * kmp_* extension tests (test/host/ext_*.c). */
#ifndef OMPRT_TEST_EXT_CAPTURE_H
#define OMPRT_TEST_EXT_CAPTURE_H
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct capture {
  FILE *file;
  int saved_fd;
};

static void capture_begin(struct capture *c) {
  fflush(stderr);
  c->file = tmpfile();
  c->saved_fd = dup(2);
  dup2(fileno(c->file), 2);
}

/* Stops capturing and leaves what was printed in buf. */
static void capture_end(struct capture *c, char *buf, size_t size) {
  fflush(stderr);
  dup2(c->saved_fd, 2);
  close(c->saved_fd);
  rewind(c->file);
  size_t n = fread(buf, 1, size - 1, c->file);
  buf[n] = '\0';
  fclose(c->file);
}
#endif

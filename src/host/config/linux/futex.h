/* Linux futex wrappers: the only place the host runtime talks to the kernel
 * about sleeping. Everything above uses omp_os_wait/omp_os_wake. */
#ifndef OMP_HOST_LINUX_FUTEX_H
#define OMP_HOST_LINUX_FUTEX_H

#include <linux/futex.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Sleep while *word == expected (returns at once if it already differs). */
static inline void omp_os_wait(_Atomic uint32_t *word, uint32_t expected) {
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, NULL,
          NULL, 0);
}

/* Wake up to `count` threads sleeping on word. */
static inline void omp_os_wake(_Atomic uint32_t *word, int count) {
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL,
          0);
}

static inline void omp_os_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

#endif

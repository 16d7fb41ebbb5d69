/* fork() after nowait target regions: the child's x86_64 device queues are
 * new (the parent's queue threads do not exist in the child). Before the
 * fix the child's first nowait region waited forever on a pooled queue
 * with no thread; LLVM 19 crashes here (SIGSEGV). Data are checked after
 * every region, in the parent before and after the fork and in the child. */
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

static int offload_round(int salt) {
  int a[256];
  for (int i = 0; i < 256; i++)
    a[i] = i + salt;
#pragma omp target teams distribute parallel for map(tofrom : a) nowait
  for (int i = 0; i < 256; i++)
    a[i] *= 2;
#pragma omp taskwait
#pragma omp target map(tofrom : a)
  for (int i = 0; i < 256; i++)
    a[i] += 1;
  for (int i = 0; i < 256; i++)
    if (a[i] != 2 * (i + salt) + 1)
      return 0;
  return 1;
}

int main(void) {
  int ok = offload_round(1);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(30);
    _exit(offload_round(2) && offload_round(3) ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  int child_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  ok = ok && offload_round(4);
  printf("parent %s, child %s %d\n", ok ? "ok" : "wrong", WIFEXITED(status) ? "exit" : "signal",
         WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  printf(ok && child_ok ? "OK\n" : "FAIL\n");
  return !(ok && child_ok);
}

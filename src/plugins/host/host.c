/* host.c — the x86_64 offload device (-fopenmp-targets=x86_64-pc-linux-gnu).
 *
 * The device image is an x86_64 shared object whose kernels run on this
 * machine's CPU with the host OpenMP runtime (they call __kmpc_fork_teams
 * etc. in our libomp). Each device loads its own copy of the image (from a
 * memfd, so each gets its own `declare target` globals) and has its own
 * memory, allocated from the heap: mapping semantics (copies, reference
 * counts, `present`) behave exactly as on a discrete device. Four devices,
 * as LLVM 19's host plugin reports. With a queue (queue.c), operations run
 * in order on the queue's worker thread; without one they run right here.
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "host.h"

#define HOST_NUM_DEVICES HOST_MAX_DEVICES

static int host_init(void) { return HOST_NUM_DEVICES; }

static bool host_is_compatible(const void *image, size_t size, const char *triple,
                               const char *arch) {
  (void)arch;
  if (triple[0] && strncmp(triple, "x86_64", 6) != 0)
    return false;
  const Elf64_Ehdr *eh = image;
  return size >= sizeof(*eh) && memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 &&
         eh->e_ident[EI_CLASS] == ELFCLASS64 && eh->e_machine == EM_X86_64;
}

static int host_init_device(int dev) {
  (void)dev;
  return OMPRT_SUCCESS;
}

/* Every image this plugin has loaded, with the memfd it was loaded from.
 * glibc recognises an already-loaded object by the path given to dlopen,
 * and /proc/self/fd/N names whatever fd N is now: were N closed after
 * loading, the next image (another library's, or the same image for another
 * device) would get the same number, the same path, and the first image's
 * handle back. So each memfd stays open as long as its image is loaded:
 * the runtime keeps images (and their `declare target` globals) to the end
 * of the process and never unloads one, so that is for good; one fd per
 * image per device used, until host_unload_image (a library with target
 * regions dlclose()d) closes the handle, then its fd. */
struct host_image {
  void *handle;
  int fd;
};
static pthread_mutex_t host_images_lock = PTHREAD_MUTEX_INITIALIZER;
static struct host_image *host_images;
static size_t host_nimages;

static int host_load_error(int fd, const char *what) {
  omprt_plugin_error("%s", what); /* the target layer's error names the device */
  if (fd >= 0)
    close(fd);
  return OMPRT_BAD_IMAGE;
}

static int host_load_image(int dev, const void *image, size_t size, void **handle) {
  char name[32];
  snprintf(name, sizeof(name), "omprt-x86_64-dev%d", dev);
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0)
    return host_load_error(-1, strerror(errno));
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(fd, (const char *)image + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return host_load_error(fd, n < 0 ? strerror(errno) : "short write");
    done += (size_t)n;
  }
  pthread_mutex_lock(&host_images_lock);
  struct host_image *grown =
      realloc(host_images, sizeof(*host_images) * (host_nimages + 1));
  if (!grown) {
    pthread_mutex_unlock(&host_images_lock);
    return host_load_error(fd, "out of memory");
  }
  host_images = grown;
  /* Should the path still name an earlier object (its fd closed behind our
   * back, say by a program closing every fd), take another number. */
  char path[64];
  for (int tries = 0;; tries++) {
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
    void *old = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
    if (!old)
      break;
    dlclose(old);
    int other = tries < 16 ? fcntl(fd, F_DUPFD_CLOEXEC, fd + 1) : -1;
    if (other < 0) {
      pthread_mutex_unlock(&host_images_lock);
      return host_load_error(fd, "every /proc/self/fd path tried names an "
                                      "object already loaded");
    }
    close(fd);
    fd = other;
  }
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    pthread_mutex_unlock(&host_images_lock);
    return host_load_error(fd, dlerror());
  }
  /* A handle we already hold means glibc matched the path to an earlier
   * image: the new image was never loaded, and its entries would resolve to
   * another image's. */
  for (size_t i = 0; i < host_nimages; i++) {
    if (host_images[i].handle == h) {
      pthread_mutex_unlock(&host_images_lock);
      dlclose(h); /* only the reference this dlopen added */
      char why[128];
      snprintf(why, sizeof(why),
               "dlopen(\"%s\") returned the handle of an image already loaded",
               path);
      return host_load_error(fd, why);
    }
  }
  host_images[host_nimages++] = (struct host_image){.handle = h, .fd = fd};
  pthread_mutex_unlock(&host_images_lock);
  *handle = h;
  return OMPRT_SUCCESS;
}

static int host_get_symbol(void *handle, const char *name, void **out) {
  void *sym = dlsym(handle, name);
  if (!sym)
    return OMPRT_NOT_FOUND;
  *out = sym;
  return OMPRT_SUCCESS;
}

static int host_unload_image(int dev, void *handle) {
  (void)dev;
  pthread_mutex_lock(&host_images_lock);
  for (size_t i = 0; i < host_nimages; i++) {
    if (host_images[i].handle != handle)
      continue;
    int fd = host_images[i].fd;
    host_images[i] = host_images[--host_nimages];
    pthread_mutex_unlock(&host_images_lock);
    dlclose(handle);
    close(fd);
    return OMPRT_SUCCESS;
  }
  pthread_mutex_unlock(&host_images_lock);
  return OMPRT_FAIL;
}

static int host_get_kernel(int dev, void *handle, const char *name, void **kernel) {
  (void)dev;
  return host_get_symbol(handle, name, kernel);
}

static int host_get_global(int dev, void *handle, const char *name, size_t size,
                           void **addr) {
  (void)dev;
  (void)size;
  return host_get_symbol(handle, name, addr);
}

static void *host_alloc(int dev, size_t size, enum omprt_alloc_kind kind) {
  (void)dev;
  (void)kind;
  /* Like device allocators, hand out generously aligned blocks. */
  return aligned_alloc(64, (size + 63) & ~(size_t)63);
}

static int host_free(int dev, void *ptr, enum omprt_alloc_kind kind) {
  (void)dev;
  (void)kind;
  free(ptr);
  return OMPRT_SUCCESS;
}

static int host_copy_to(int dev, void *dst, const void *src, size_t size, void *queue) {
  (void)dev;
  if (queue)
    return host_queue_copy(queue, dst, src, size, true);
  memcpy(dst, src, size);
  return OMPRT_SUCCESS;
}

static int host_copy_from(int dev, void *dst, const void *src, size_t size, void *queue) {
  (void)dev;
  if (queue)
    return host_queue_copy(queue, dst, src, size, false);
  memcpy(dst, src, size);
  return OMPRT_SUCCESS;
}

static int host_copy_d2d(int src_dev, const void *src, int dst_dev, void *dst,
                         size_t size, void *queue) {
  (void)src_dev;
  (void)dst_dev;
  if (queue)
    return host_queue_copy(queue, dst, src, size, false);
  memcpy(dst, src, size);
  return OMPRT_SUCCESS;
}

int __omprt_run_on_device(int device_num);

/* A kernel runs on the calling thread as code of device `device_num`:
 * libomp answers omp_get_device_num() with it in the kernel's teams,
 * threads and tasks (target_hooks.c). */
void host_run_kernel(int device_num, void *kernel, int nargs, void **args) {
  int outer = __omprt_run_on_device(device_num);
  omprt_host_call(kernel, nargs, args);
  __omprt_run_on_device(outer);
}

/* The kernel itself forks its teams and threads through libomp; num_teams
 * and thread_limit arrive in its own code (clang pushes them). */
static int host_launch(int dev, void *kernel, const struct omprt_launch *launch,
                       void *queue) {
  (void)dev;
  /* clang-19 kernels take the launch environment first; on this device
   * there is none, which the kernel code expects to see as ~0. Kernels of
   * older compilers take none at all. */
  void *small[33];
  int first = launch->no_launch_environment ? 0 : 1;
  int n = launch->nargs + first;
  void **args = n <= 33 ? small : malloc(sizeof(void *) * (size_t)(n ? n : 1));
  if (!args)
    return OMPRT_OUT_OF_MEMORY;
  if (first)
    args[0] = (void *)~(uintptr_t)0;
  memcpy(args + first, launch->args, sizeof(void *) * (size_t)launch->nargs);
  if (queue) {
    int rc = host_queue_launch(queue, launch->device_num, kernel, n, args);
    if (args != small)
      free(args);
    return rc;
  }
  host_run_kernel(launch->device_num, kernel, n, args);
  if (args != small)
    free(args);
  return OMPRT_SUCCESS;
}

static void host_print_info(int dev) {
  printf("Device %d: x86_64 offload device (this host's CPU, separate memory)\n", dev);
}

const struct omprt_plugin omprt_plugin_x86_64 = {
    .name = "x86_64",
    /* Could take part (copies behind a wait read late), but on this device
     * waiting queue threads cost more than they save: B4 async, N=16,
     * T=256 on 2 cores took 25-26 us per region with it, 16-22 without. */
    .device_dependences = false,
    /* B4 async, N=16, T=256 on 2 cores: 3.1 us per region inline, 20.8 us
     * through queues and callbacks (B1: 2.0 against 8.5). */
    .deferred_inline = true,
    .init = host_init,
    .is_compatible = host_is_compatible,
    .init_device = host_init_device,
    .load_image = host_load_image,
    .unload_image = host_unload_image,
    .get_kernel = host_get_kernel,
    .get_global = host_get_global,
    .alloc = host_alloc,
    .free = host_free,
    .copy_to = host_copy_to,
    .copy_from = host_copy_from,
    .copy_d2d = host_copy_d2d,
    .launch = host_launch,
    .queue_get = host_queue_get,
    .queue_put = host_queue_put,
    .queue_sync = host_queue_sync,
    .queue_query = host_queue_query,
    .queue_on_done = host_queue_on_done,
    .event_create = host_event_create,
    .event_record = host_event_record,
    .event_wait = host_event_wait,
    .event_destroy = host_event_destroy,
    .event_query = host_event_query,
    .event_sync = host_event_sync,
    .print_info = host_print_info,
};

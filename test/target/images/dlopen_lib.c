/* The library images_dlopen loads and unloads at run time: a device image
 * with a `declare target` global that starts at 5 in every fresh load. */
#include <omp.h>

int plugin_counter = 5;
#pragma omp declare target to(plugin_counter)

int plugin_run(int k, int *on_device) {
  int r = -1, on = 0;
#pragma omp target map(from : r, on) firstprivate(k)
  {
    plugin_counter += k;
    r = plugin_counter;
    on = !omp_is_initial_device();
  }
  *on_device = on;
  return r;
}

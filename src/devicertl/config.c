/* config.c — what the compiler and the host plugin tell the device runtime.
 *
 * Two sources, read so that unused paths fold away (seed 004 §III-A):
 *  - `__omp_rtl_*` constants clang emits into the program when it was built
 *    with -fopenmp-target-debug / -fopenmp-assume-*: ours are weak
 *    defaults of 0, the program's definitions win at link time, and the
 *    optimizer sees a constant either way;
 *  - `__omp_rtl_device_environment`, written by the host plugin before any
 *    kernel runs (device number, debug kind, clock, ...).
 */
#include "devicertl.h"

__attribute__((weak, visibility("hidden"))) const uint32_t __omp_rtl_debug_kind = 0;
__attribute__((weak, visibility("hidden"))) const uint32_t __omp_rtl_assume_no_thread_state = 0;
__attribute__((weak, visibility("hidden"))) const uint32_t
    __omp_rtl_assume_no_nested_parallelism = 0;
__attribute__((weak, visibility("hidden"))) const uint32_t
    __omp_rtl_assume_teams_oversubscription = 0;
__attribute__((weak, visibility("hidden"))) const uint32_t
    __omp_rtl_assume_threads_oversubscription = 0;

/* Constant memory: the plugin writes it with cuMemcpyHtoD after loading the
 * image, kernels only read it. `used` and protected visibility keep it
 * named and findable (cuModuleGetGlobal) after the program is linked.
 *
 * There must be exactly one in a device image. The per-file bitcode
 * (libomptarget-nvptx-sm_XX.bc, which clang links into every translation
 * unit and internalizes) only declares it (OMPRT_DEVICE_ENVIRONMENT_EXTERN);
 * the definition comes from libomptarget.devicertl.a, which the device link
 * always searches. Otherwise each unit would read a private copy the
 * plugin never writes. */
#ifdef OMPRT_DEVICE_ENVIRONMENT_EXTERN
extern __attribute__((address_space(4))) DeviceEnvironmentTy __omp_rtl_device_environment;
#else
__attribute__((weak, used, visibility("protected"), address_space(4)))
DeviceEnvironmentTy __omp_rtl_device_environment;
#endif

DEVICE_CODE_END

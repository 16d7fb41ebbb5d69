/* device_signal.h — how libomptarget tells libomp that a target task's
 * device work is issued, and what a successor must wait for (seed 000
 * §3.4, device-side dependences). Shared by both libraries; the layout is
 * private to this project (both are ours whenever the hooks exist).
 *
 * A target task that queued all its work on a device queue publishes a
 * signal: an event recorded behind that work. Its target-task successors
 * may then start at once; each receives the signal and makes its own queue
 * wait for the event (cuStreamWaitEvent), so no host thread waits between
 * them. Anything else waits for the task's completion as usual.
 */
#ifndef OMPRT_DEVICE_SIGNAL_H
#define OMPRT_DEVICE_SIGNAL_H

#include <stdatomic.h>
#include <stdint.h>

struct omprt_device_signal {
  _Atomic int32_t refs;
  /* Set by libomp when the publishing task has completed for its
   * dependents (its map reference drops applied). A successor on another
   * device waits for this, not just for the event: a later task on the
   * publisher's device could otherwise take over the publisher's still
   * pending mappings after the host copy changed. */
  _Atomic int32_t task_completed;
  /* Block the calling thread until the signalled work is done (the path of
   * last resort: a successor that ran no device construct). */
  void (*wait)(struct omprt_device_signal *signal);
  /* The last reference is gone: give the event back. Runs on any thread
   * (also the completion thread): no waiting, no driver calls. */
  void (*destroy)(struct omprt_device_signal *signal);
};

static inline struct omprt_device_signal *omprt_signal_retain(
    struct omprt_device_signal *signal) {
  atomic_fetch_add_explicit(&signal->refs, 1, memory_order_relaxed);
  return signal;
}

static inline void omprt_signal_release(struct omprt_device_signal *signal) {
  if (atomic_fetch_sub_explicit(&signal->refs, 1, memory_order_acq_rel) == 1)
    signal->destroy(signal);
}

/* libomp's hooks (src/host/target_hooks.c). */

/* Does the current task have dependences a later task could name? Only
 * then is a signal worth recording. */
int __omprt_task_may_have_successors(void);
/* The current target task's device work is all queued; `signal` fires
 * when it is done. libomp takes its own references. */
void __omprt_task_issued(struct omprt_device_signal *signal);
/* A device construct begins in the current task: the signals of
 * predecessors it must wait for (device-side), NULL when none. The caller
 * owns the array (free) and one reference to each signal. */
struct omprt_device_signal **__omprt_task_take_device_preds(int *count);

#endif

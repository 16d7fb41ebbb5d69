/* host.h — the x86_64 device plugin's internal header (host.c, queue.c). */
#ifndef OMPRT_PLUGIN_HOST_H
#define OMPRT_PLUGIN_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "../plugin.h"

#define HOST_MAX_DEVICES 4

void omprt_host_call(void *fn, int nargs, void **args);
void host_run_kernel(int device_num, void *kernel, int nargs, void **args);

int host_queue_get(int dev, void **queue);
int host_queue_put(int dev, void *queue);
int host_queue_sync(int dev, void *queue);
int host_queue_query(int dev, void *queue, bool *done);
int host_queue_on_done(int dev, void *queue, omprt_done_fn fn, void *arg);
int host_queue_copy(void *queue, void *dst, const void *src, size_t size,
                    bool snapshot_src);
int host_queue_launch(void *queue, int device_num, void *kernel, int nargs, void **args);
int host_event_create(int dev, void **event);
int host_event_record(int dev, void *event, void *queue);
int host_event_wait(int dev, void *event, void *queue);
int host_event_destroy(int dev, void *event);
int host_event_query(int dev, void *event, bool *done);
int host_event_sync(int dev, void *event);

#endif

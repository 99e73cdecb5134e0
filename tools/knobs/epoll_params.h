/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The EPIOCSPARAMS ioctl of Linux 6.9+ (per-epoll busy polling), for C
 * libraries whose kernel headers predate it (Debian 12 ships 6.1's).
 * The layout and numbers are the kernel's user ABI, from
 * include/uapi/linux/eventpoll.h (struct epoll_params, EPOLL_IOC_TYPE);
 * fs/eventpoll.c ep_eventpoll_ioctl() checks them.
 */
#ifndef IRQMOD_KNOBS_EPOLL_PARAMS_H
#define IRQMOD_KNOBS_EPOLL_PARAMS_H

#include <linux/ioctl.h>
#include <stdint.h>
#include <sys/epoll.h> /* newer C libraries (glibc 2.40) declare it here */

#ifndef EPIOCSPARAMS
/* struct epoll_params as include/uapi/linux/eventpoll.h lays it out. */
struct epoll_params {
	uint32_t busy_poll_usecs;
	uint16_t busy_poll_budget;
	uint8_t prefer_busy_poll;
	uint8_t pad; /* __pad in the kernel; must be zero: ep_eventpoll_ioctl() refuses anything else */
};
/* include/uapi/linux/eventpoll.h: EPOLL_IOC_TYPE 0x8A, command 0x01. */
#define EPIOCSPARAMS _IOW(0x8A, 0x01, struct epoll_params)
#endif

/*
 * The budget a caller without CAP_NET_ADMIN may ask for: NAPI_POLL_WEIGHT
 * (include/linux/netdevice.h), checked in fs/eventpoll.c ep_eventpoll_ioctl().
 */
#define IRQMOD_KNOBS_NAPI_POLL_WEIGHT 64

#endif

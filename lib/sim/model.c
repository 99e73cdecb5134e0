/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The receive-path model as one translation unit. Each stage is a module
 * of its own, with its own struct (sim_internal.h has the map), that also
 * compiles by itself; they are included here, not compiled one by one,
 * because they call each other once or more per frame and the compiler
 * inlines across them only inside one unit (compiled separately, bench-sim
 * runs about 12 % more instructions: docs/performance.md, "The simulator's
 * speed").
 * IRQMOD_SIM_ONE_UNIT makes what the stages share static (IRQMOD_SIM_PRIVATE
 * in sim_internal.h). The order is the files' only: none needs another
 * before it.
 */
#define IRQMOD_SIM_ONE_UNIT 1

#include "config.c"
#include "source.c"
#include "nic.c"
#include "host.c"
#include "socket.c"
#include "napi.c"
#include "busy_poll.c"
#include "report.c"
#include "run.c"

/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Included before every file scripts/eva analyses: copies and clears go to
 * Frama-C's own memcpy/memset, whose ACSL contracts Eva follows (lib/deps.h
 * lets a platform define both macros first).
 */
#include <string.h>
#define IRQMOD_MEMCPY(to, from, bytes) memcpy((to), (from), (bytes))
#define IRQMOD_MEMSET(to, value, bytes) memset((to), (value), (bytes))

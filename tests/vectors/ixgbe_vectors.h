/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Worked examples of the ixgbe adaptive controller, derived by hand from
 * Linux ixgbe_update_itr() / ixgbe_set_itr() (ixgbe_main.c, 2017 rework +
 * 2019 u8-wrap fix). Shared by tests/test_ixgbe.c and a future kernel
 * self-test: plain const data, irqmod headers only.
 *
 * Notation: v = curve value (1/256 us at 10 Gb/s) for an average size s:
 *   s <= 60: 5120; s <= 316: 40s + 2720; s <= 1084: 15s + 11452;
 *   s < 1968: 5s + 22420; else 32256. Latency mode: v >> 1.
 *   10G scale: usecs = ceil(v / 512) * 2.
 *   1G/2.5G/10M scale: usecs = ceil(min(v, 8064) / 128) * 2.
 * "cur" is the interval returned by the previous call. Ticks are 1 ms;
 * calls 100 us apart are never stale. The first call is always stale:
 * 10 us in latency mode, changed from the initial 50 us.
 */
#ifndef IRQMOD_TESTS_IXGBE_VECTORS_H
#define IRQMOD_TESTS_IXGBE_VECTORS_H

#include "irqmod/ixgbe.h"

/**
 * struct irqmod_ixgbe_vector_step - one call and its expected answer.
 * @sample: what the driver reports.
 * @interval_ns: expected rx_interval_ns (== tx_interval_ns).
 * @changed: expected decision.changed.
 */
struct irqmod_ixgbe_vector_step {
	struct irqmod_sample sample;
	uint32_t interval_ns;
	bool changed;
};

/**
 * struct irqmod_ixgbe_vector - a sequence run on a fresh instance.
 * @name: what it shows.
 * @preset: enum irqmod_ixgbe_preset value of the config.
 * @link_speed_mbps: link speed of the config.
 * @rx_ring: config rx_ring.
 * @tx_ring: config tx_ring.
 * @steps: the calls in order.
 * @step_count: number of @steps.
 */
struct irqmod_ixgbe_vector {
	const char *name;
	uint32_t preset;
	uint32_t link_speed_mbps;
	bool rx_ring;
	bool tx_ring;
	const struct irqmod_ixgbe_vector_step *steps;
	unsigned int step_count;
};

#define IXGBE_VECTOR_US(usecs) ((uint64_t)(usecs) * 1000u)
/* A call at @t_us with RX counts only. */
#define IXGBE_VECTOR_RX(t_us, packets, bytes, interval_us, is_changed)      \
	{ { .now_ns = IXGBE_VECTOR_US(t_us), .rx_bytes = (bytes),           \
	    .rx_packets = (packets) },                                        \
	  (interval_us) * 1000u, (is_changed) }
/* A call at @t_us with RX and TX counts. */
#define IXGBE_VECTOR_RXTX(t_us, rx_pkts, rx_b, tx_pkts, tx_b, interval_us,  \
			  is_changed)                                       \
	{ { .now_ns = IXGBE_VECTOR_US(t_us), .rx_bytes = (rx_b),            \
	    .tx_bytes = (tx_b), .rx_packets = (rx_pkts),                      \
	    .tx_packets = (tx_pkts) },                                        \
	  (interval_us) * 1000u, (is_changed) }

/* Bulk column at 10 Gb/s: 256 packets per call, one size each. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_bulk_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 256, 256 * 64, 10, true),        /* first: stale */
	IXGBE_VECTOR_RX(100, 256, 256 * 64, 22, true),      /* 5280 -> 11 -> 22 */
	IXGBE_VECTOR_RX(200, 256, 256 * 1500, 118, true),   /* 29920 -> 59 -> 118 */
	IXGBE_VECTOR_RX(300, 256, 256 * 1968, 126, true),   /* plateau 32256 -> 63 */
	IXGBE_VECTOR_RX(400, 256, 256 * 1967, 126, false),  /* 32255 -> 63 -> 126 */
	IXGBE_VECTOR_RX(500, 256, 256 * 60, 20, true),      /* 5120 -> 10 -> 20 */
	IXGBE_VECTOR_RX(600, 256, 256 * 316, 60, true),     /* 15360 -> 30 -> 60 */
	IXGBE_VECTOR_RX(700, 256, 256 * 317, 64, true),     /* 16207 -> 32 -> 64 */
	IXGBE_VECTOR_RX(800, 256, 256 * 512, 76, true),     /* 19132 -> 38 -> 76 */
	IXGBE_VECTOR_RX(900, 256, 256 * 1084, 110, true),   /* 27712 -> 55 -> 110 */
	IXGBE_VECTOR_RX(1000, 256, 256 * 1085, 110, false), /* 27845 -> 55 -> 110 */
	IXGBE_VECTOR_RX(1100, 256, 256 * 1514, 118, true),  /* 29990 -> 59 -> 118 */
	IXGBE_VECTOR_RX(1200, 256, 256 * 9000, 126, true),  /* plateau */
	IXGBE_VECTOR_RX(1300, 256, 256 * 40, 20, true),     /* s < 60: flat 5120 */
	/* s = UINT64_MAX / UINT32_MAX = 2^32 + 1: plateau, no overflow. */
	IXGBE_VECTOR_RX(1400, UINT32_MAX, UINT64_MAX, 126, true),
};

/* Latency column at 10 Gb/s: fewer than 4 packets and 9000 bytes. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_latency_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 1, 64, 10, true),          /* first: stale */
	IXGBE_VECTOR_RX(100, 1, 64, 12, true),        /* 5280/2 = 2640 -> 6 -> 12 */
	IXGBE_VECTOR_RX(200, 2, 1024, 38, true),      /* s 512: 9566 -> 19 -> 38 */
	IXGBE_VECTOR_RX(300, 3, 4500, 60, true),      /* s 1500: 14960 -> 30 -> 60 */
	IXGBE_VECTOR_RX(400, 1, 1514, 60, false),     /* 14995 -> 30 -> 60 */
	IXGBE_VECTOR_RX(500, 1, 1968, 64, true),      /* 16128 -> 32 -> 64 */
	IXGBE_VECTOR_RX(600, 1, 8999, 64, false),     /* 8999 < 9000: latency */
	IXGBE_VECTOR_RX(700, 1, 60, 10, true),        /* 5120/2 = 2560 -> 5 -> 10 */
	IXGBE_VECTOR_RX(800, 1, 9000, 12, true),      /* 9000 B: not latency, cur + 2 */
	IXGBE_VECTOR_RX(900, 3, 8997, 64, true),      /* s 2999: 16128 -> 64 */
	IXGBE_VECTOR_RX(1000, 3, 1, 10, true),        /* s 0: flat 2560 -> 10 */
};

/* Band transitions at 10 Gb/s (1000-byte frames where the size matters). */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_bands_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 256, 256 * 512, 10, true),   /* first: stale */
	IXGBE_VECTOR_RX(100, 256, 256 * 512, 76, true), /* bulk, s 512 */
	IXGBE_VECTOR_RX(200, 47, 47000, 78, true),      /* < 48: cur + 2 */
	IXGBE_VECTOR_RX(300, 48, 48000, 78, false),     /* 48: hold */
	IXGBE_VECTOR_RX(400, 95, 95000, 78, false),     /* 95: hold */
	IXGBE_VECTOR_RX(500, 96, 96000, 39, true),      /* 96: halve 78 -> 39 */
	IXGBE_VECTOR_RX(600, 255, 255000, 19, true),    /* 255: 39 >> 1 = 19 */
	IXGBE_VECTOR_RX(700, 255, 255000, 10, true),    /* 19 >> 1 = 9 -> min 10 */
	IXGBE_VECTOR_RX(800, 200, 200000, 10, false),   /* 5 -> min 10 */
	IXGBE_VECTOR_RX(900, 4, 400, 12, true),         /* 4 packets: cur + 2 */
	IXGBE_VECTOR_RX(1000, 3, 9000, 14, true),       /* 9000 B: cur + 2 */
	IXGBE_VECTOR_RX(1100, 0, 5000, 16, true),       /* no packets: cur + 2 */
	IXGBE_VECTOR_RX(1200, 0, 0, 18, true),          /* no packets: cur + 2 */
	IXGBE_VECTOR_RX(1300, 256, 256 * 64, 22, true), /* 256: bulk */
	IXGBE_VECTOR_RX(1400, 47, 47, 24, true),        /* s 1 but 47 packets: + 2 */
};

/* No-packet creep stops at the 126 us ceiling. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_ceiling_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 0, 0, 10, true),
	IXGBE_VECTOR_RX(100, 256, 256 * 1514, 118, true),
	IXGBE_VECTOR_RX(200, 10, 15140, 120, true),
	IXGBE_VECTOR_RX(300, 10, 15140, 122, true),
	IXGBE_VECTOR_RX(400, 0, 0, 124, true),
	IXGBE_VECTOR_RX(500, 0, 0, 126, true),
	IXGBE_VECTOR_RX(600, 0, 0, 126, false),         /* min(128, 126) */
	IXGBE_VECTOR_RX(700, 47, 47 * 1514, 126, false),
};

/*
 * Staleness on 1 ms ticks: stale when tick = now / 1 ms advanced by 2 or
 * more since the previous call, whatever the elapsed nanoseconds.
 */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_stale_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 0, 0, 10, true),                  /* first, tick 0 */
	IXGBE_VECTOR_RX(999, 256, 256 * 1514, 118, true),    /* tick 0: fresh */
	IXGBE_VECTOR_RX(1999, 256, 256 * 1514, 118, false),  /* tick 1: +1 */
	IXGBE_VECTOR_RX(3000, 256, 256 * 1514, 10, true),    /* tick 3: +2 stale */
	IXGBE_VECTOR_RX(3100, 256, 256 * 1514, 118, true),   /* tick 3 */
	IXGBE_VECTOR_RX(4999, 256, 256 * 64, 22, true),      /* tick 4: +1 */
	/* Time steps back to tick 2: not stale, counts used. */
	IXGBE_VECTOR_RX(2500, 256, 256 * 512, 76, true),
	IXGBE_VECTOR_RX(3500, 47, 47 * 512, 78, true),       /* tick 3: +1 */
	/* A gap of two hours: stale. */
	IXGBE_VECTOR_RX(7200003500ull, 256, 256 * 512, 10, true),
	IXGBE_VECTOR_RX(7200003600ull, 0, 0, 12, true),      /* no packets: +2 */
};

/* 1 Gb/s: the curve is capped at 8064 and divided by 128. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_1g_steps[] = {
	IXGBE_VECTOR_RX(0, 1, 64, 10, true),
	IXGBE_VECTOR_RX(100, 256, 256 * 64, 84, true),    /* 5280 -> 42 -> 84 */
	IXGBE_VECTOR_RX(200, 256, 256 * 60, 80, true),    /* 5120 -> 40 -> 80 */
	IXGBE_VECTOR_RX(300, 256, 256 * 256, 126, true),  /* 12960 -> 8064 -> 63 */
	IXGBE_VECTOR_RX(400, 256, 256 * 1514, 126, false),
	IXGBE_VECTOR_RX(500, 1, 64, 42, true),            /* 2640 -> 21 -> 42 */
	IXGBE_VECTOR_RX(600, 1, 1514, 126, true),         /* 14995 -> 8064 -> 126 */
	IXGBE_VECTOR_RX(700, 1, 60, 40, true),            /* 2560 -> 20 -> 40 */
};

/*
 * RX + TX on one vector: min() over usecs | LATENCY << 7, so a bulk-mode
 * container wins over a latency-mode one whatever their intervals.
 */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_rxtx_10g_steps[] = {
	/* first: both stale at 10 | LATENCY -> 10 */
	IXGBE_VECTOR_RXTX(0, 1, 64, 1, 64, 10, true),
	/* RX latency 12 | L (140), TX bulk 118: 118 < 140 -> 118 */
	IXGBE_VECTOR_RXTX(100, 1, 64, 256, 256 * 1514, 118, true),
	/* RX no packets: 118 + 2 = 120, keeps L (248); TX bulk 22 -> 22 */
	IXGBE_VECTOR_RXTX(200, 0, 0, 256, 256 * 64, 22, true),
	/* RX no packets: 22 + 2 = 24, still L (152); TX bulk 118: 118 wins
	 * although RX asks for less */
	IXGBE_VECTOR_RXTX(250, 0, 0, 256, 256 * 1514, 118, true),
	/* RX latency 12 | L (140); TX no packets 118 + 2 = 120 bulk -> 120 */
	IXGBE_VECTOR_RXTX(300, 1, 64, 0, 0, 120, true),
	/* both latency: RX 12 | L, TX s 512: 38 | L -> 12 */
	IXGBE_VECTOR_RXTX(400, 1, 64, 2, 1024, 12, true),
	/* both bulk: RX 256 x 1514 -> 118, TX 256 x 512 -> 76 -> 76 */
	IXGBE_VECTOR_RXTX(500, 256, 256 * 1514, 256, 256 * 512, 76, true),
	/* both no packets: 76 + 2, both bulk -> 78 */
	IXGBE_VECTOR_RXTX(600, 0, 0, 0, 0, 78, true),
};

/*
 * RX + TX with TX idle: the TX container creeps up from the current value
 * (+2, keeping its latency flag from the stale restart) and wins the min()
 * until it passes RX's latency value (s 128: (40 * 128 + 2720) / 2 = 3920
 * -> 8 -> 16 us).
 */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_idle_tx_10g_steps[] = {
	IXGBE_VECTOR_RXTX(0, 1, 128, 0, 0, 10, true),   /* stale: both 10 | L */
	IXGBE_VECTOR_RXTX(100, 1, 128, 0, 0, 12, true), /* RX 16 | L, TX 12 | L */
	IXGBE_VECTOR_RXTX(200, 1, 128, 0, 0, 14, true), /* TX 14 | L */
	IXGBE_VECTOR_RXTX(300, 1, 128, 0, 0, 16, true), /* TX 16 | L = RX */
	IXGBE_VECTOR_RXTX(400, 1, 128, 0, 0, 16, false), /* TX 18 | L > RX */
};

/* RX-only vector: TX counts are ignored, the TX container never wins. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_rx_only_10g_steps[] = {
	IXGBE_VECTOR_RXTX(0, 1, 64, 256, 256 * 64, 10, true),
	IXGBE_VECTOR_RXTX(100, 1, 1514, 256, 256 * 64, 60, true), /* RX lat 60 */
};

/* TX-only vector: RX counts are ignored. */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_tx_only_10g_steps[] = {
	IXGBE_VECTOR_RXTX(0, 256, 256 * 64, 1, 64, 10, true),
	IXGBE_VECTOR_RXTX(100, 256, 256 * 64, 256, 256 * 1514, 118, true),
};

/* irqmod preset at 10 Gb/s: ceiling 84 us (the socket-buffer floor). */
static const struct irqmod_ixgbe_vector_step irqmod_ixgbe_irqmod_10g_steps[] = {
	IXGBE_VECTOR_RX(0, 0, 0, 10, true),
	IXGBE_VECTOR_RX(100, 256, 256 * 1500, 84, true),  /* Linux: 118 */
	IXGBE_VECTOR_RX(200, 256, 256 * 9000, 84, false), /* Linux: 126 */
	IXGBE_VECTOR_RX(300, 47, 47 * 1514, 84, false),   /* min(86, 84) */
	IXGBE_VECTOR_RX(400, 256, 256 * 512, 76, true),   /* below: as Linux */
	IXGBE_VECTOR_RX(500, 1, 1514, 60, true),          /* latency: as Linux */
};

#define IXGBE_VECTOR_COUNT_OF(array) \
	((unsigned int)(sizeof(array) / sizeof((array)[0])))

/* All sequences; the Linux ones must match the Linux driver exactly. */
static const struct irqmod_ixgbe_vector irqmod_ixgbe_vectors[] = {
	{ "bulk column, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_bulk_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_bulk_10g_steps) },
	{ "latency column, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_latency_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_latency_10g_steps) },
	{ "packet bands, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_bands_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_bands_10g_steps) },
	{ "ceiling, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_ceiling_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_ceiling_10g_steps) },
	{ "stale ticks, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_stale_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_stale_10g_steps) },
	{ "1G scale", IRQMOD_IXGBE_PRESET_LINUX, 1000, true, false,
	  irqmod_ixgbe_1g_steps, IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_1g_steps) },
	{ "2.5G scale", IRQMOD_IXGBE_PRESET_LINUX, 2500, true, false,
	  irqmod_ixgbe_1g_steps, IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_1g_steps) },
	{ "RX+TX min quirk, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, true,
	  irqmod_ixgbe_rxtx_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_rxtx_10g_steps) },
	{ "RX+TX with TX idle, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true,
	  true, irqmod_ixgbe_idle_tx_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_idle_tx_10g_steps) },
	{ "RX-only vector, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, true, false,
	  irqmod_ixgbe_rx_only_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_rx_only_10g_steps) },
	{ "TX-only vector, 10G", IRQMOD_IXGBE_PRESET_LINUX, 10000, false, true,
	  irqmod_ixgbe_tx_only_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_tx_only_10g_steps) },
	{ "irqmod preset ceiling, 10G", IRQMOD_IXGBE_PRESET_IRQMOD, 10000, true,
	  false, irqmod_ixgbe_irqmod_10g_steps,
	  IXGBE_VECTOR_COUNT_OF(irqmod_ixgbe_irqmod_10g_steps) },
};

#endif /* IRQMOD_TESTS_IXGBE_VECTORS_H */

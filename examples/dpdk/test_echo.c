/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * Checks of the DPDK example's responder (echo.c) on hand-built frames:
 * each answer is what ping, sockperf and the kernel's ARP accept (valid
 * checksums, swapped addresses), and everything else is left alone.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "echo.h"

static const uint8_t our_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x02 };
static const uint8_t peer_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
static const uint8_t our_ip[4] = { 10, 199, 0, 2 };
static const uint8_t peer_ip[4] = { 10, 199, 0, 1 };
static const uint8_t other_ip[4] = { 10, 199, 0, 9 };

static void put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static unsigned int get16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static size_t build_ipv4(uint8_t *f, unsigned int protocol, const uint8_t dst[4],
			 size_t payload_bytes)
{
	uint8_t *ip = f + 14;

	memset(f, 0, 14 + 20 + payload_bytes);
	memcpy(f, our_mac, 6);
	memcpy(f + 6, peer_mac, 6);
	put16(f + 12, 0x0800);
	ip[0] = 0x45;
	put16(ip + 2, (unsigned int)(20 + payload_bytes));
	put16(ip + 6, 0x4000); /* don't fragment */
	ip[8] = 64;
	ip[9] = (uint8_t)protocol;
	memcpy(ip + 12, peer_ip, 4);
	memcpy(ip + 16, dst, 4);
	put16(ip + 10, irqmod_echo_checksum(ip, 20));
	return 14 + 20 + payload_bytes;
}

/* UDP checksum over the pseudo header (RFC 768); 0 when valid. */
static unsigned int udp_check(const uint8_t *f)
{
	uint8_t buf[12 + 1500];
	const uint8_t *ip = f + 14;
	unsigned int length = get16(ip + 24);

	memcpy(buf, ip + 12, 8);
	buf[8] = 0;
	buf[9] = 17;
	put16(buf + 10, length);
	memcpy(buf + 12, ip + 20, length);
	return irqmod_echo_checksum(buf, 12 + length);
}

static void test_icmp_echo_request_becomes_valid_reply(void)
{
	uint8_t f[200];
	uint8_t *icmp = f + 34;
	size_t n = build_ipv4(f, 1, our_ip, 64 + 1);

	icmp[0] = 8;
	put16(icmp + 4, 0x1234);
	put16(icmp + 6, 7);
	for (int i = 8; i < 65; i++)
		icmp[i] = (uint8_t)(i * 7);
	put16(icmp + 2, irqmod_echo_checksum(icmp, 65));
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_ICMP);
	CHECK(icmp[0] == 0);
	CHECK(irqmod_echo_checksum(icmp, 65) == 0);
	CHECK(irqmod_echo_checksum(f + 14, 20) == 0);
	CHECK(memcmp(f + 14 + 12, our_ip, 4) == 0 && memcmp(f + 14 + 16, peer_ip, 4) == 0);
	CHECK(memcmp(f, peer_mac, 6) == 0 && memcmp(f + 6, our_mac, 6) == 0);
	CHECK(get16(icmp + 4) == 0x1234 && get16(icmp + 6) == 7);
}

static void test_udp_datagram_comes_back_with_ports_swapped(void)
{
	uint8_t f[200];
	uint8_t *udp = f + 34;
	size_t n = build_ipv4(f, 17, our_ip, 8 + 13);

	put16(udp, 40000);
	put16(udp + 2, 7); /* the echo port, RFC 862 */
	put16(udp + 4, 8 + 13);
	memcpy(udp + 8, "sockperf-load", 13);
	put16(udp + 6, 0);
	put16(udp + 6, udp_check(f));
	CHECK(udp_check(f) == 0);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_UDP);
	CHECK(get16(udp) == 7 && get16(udp + 2) == 40000);
	CHECK(udp_check(f) == 0);
	CHECK(memcmp(udp + 8, "sockperf-load", 13) == 0);
	CHECK(memcmp(f + 14 + 16, peer_ip, 4) == 0);
}

static size_t build_sockperf(uint8_t *f, unsigned int flags)
{
	uint8_t *udp = f + 34;
	size_t n = build_ipv4(f, 17, our_ip, 8 + 14 + 6);

	put16(udp, 40001);
	put16(udp + 2, IRQMOD_ECHO_SOCKPERF_PORT);
	put16(udp + 4, 8 + 14 + 6);
	udp[8 + 7] = 42; /* sequence number 42 */
	put16(udp + 8 + 8, flags);
	udp[8 + 13] = 14 + 6;
	memcpy(udp + 8 + 14, "abcdef", 6);
	put16(udp + 6, 0);
	put16(udp + 6, udp_check(f));
	return n;
}

static void test_sockperf_pong_request_gets_server_reply(void)
{
	uint8_t f[200];
	uint8_t *udp = f + 34;
	size_t n;

	/* Every flag combination's checksum stays valid after the rewrite. */
	for (unsigned int extra = 0; extra < 0x10000u; extra += 0x1111u) {
		n = build_sockperf(f, 3u | (extra & ~7u));
		CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_UDP);
		CHECK(get16(udp + 8 + 8) == (2u | (extra & ~7u)));
		CHECK(udp_check(f) == 0);
		CHECK(get16(udp) == IRQMOD_ECHO_SOCKPERF_PORT && get16(udp + 2) == 40001);
		CHECK(udp[8 + 7] == 42 && memcmp(udp + 8 + 14, "abcdef", 6) == 0);
	}
	/* No checksum stays no checksum. */
	n = build_sockperf(f, 3);
	put16(udp + 6, 0);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_UDP);
	CHECK(get16(udp + 6) == 0);
	/* Under-load messages without the pong flag are taken, not answered. */
	n = build_sockperf(f, 1);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_SOCKPERF_QUIET);
	CHECK(get16(udp) == 40001);
	/* A server's message (no client flag) and a runt header are dropped. */
	n = build_sockperf(f, 2);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	n = build_sockperf(f, 3);
	put16(udp + 4, 8 + 13);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
}

static void test_arp_request_for_us_gets_reply(void)
{
	uint8_t f[60];
	uint8_t *arp = f + 14;

	memset(f, 0, sizeof(f));
	memset(f, 0xFF, 6);
	memcpy(f + 6, peer_mac, 6);
	put16(f + 12, 0x0806);
	put16(arp, 1);
	put16(arp + 2, 0x0800);
	arp[4] = 6;
	arp[5] = 4;
	put16(arp + 6, 1);
	memcpy(arp + 8, peer_mac, 6);
	memcpy(arp + 14, peer_ip, 4);
	memcpy(arp + 24, our_ip, 4);
	CHECK(irqmod_echo_reply(f, sizeof(f), our_mac, our_ip) == IRQMOD_ECHO_ARP);
	CHECK(get16(arp + 6) == 2);
	CHECK(memcmp(arp + 8, our_mac, 6) == 0 && memcmp(arp + 14, our_ip, 4) == 0);
	CHECK(memcmp(arp + 18, peer_mac, 6) == 0 && memcmp(arp + 24, peer_ip, 4) == 0);
	CHECK(memcmp(f, peer_mac, 6) == 0 && memcmp(f + 6, our_mac, 6) == 0);

	/* A request for another address is not ours. */
	put16(arp + 6, 1);
	memcpy(arp + 24, other_ip, 4);
	CHECK(irqmod_echo_reply(f, sizeof(f), our_mac, our_ip) == IRQMOD_ECHO_DROP);
}

static void test_frames_not_for_us_or_malformed_are_dropped_untouched(void)
{
	uint8_t f[200], copy[200];
	size_t n;

	/* Another destination. */
	n = build_ipv4(f, 1, other_ip, 8);
	f[34] = 8;
	memcpy(copy, f, n);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	CHECK(memcmp(f, copy, n) == 0);
	/* A bad IPv4 header checksum. */
	n = build_ipv4(f, 1, our_ip, 8);
	f[34] = 8;
	f[14 + 10] ^= 0x01;
	memcpy(copy, f, n);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	CHECK(memcmp(f, copy, n) == 0);
	/* Total length beyond the frame. */
	n = build_ipv4(f, 1, our_ip, 8);
	f[34] = 8;
	CHECK(irqmod_echo_reply(f, n - 1, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	/* A fragment. */
	n = build_ipv4(f, 17, our_ip, 8);
	put16(f + 14 + 6, 0x2000);
	put16(f + 14 + 10, 0);
	put16(f + 14 + 10, irqmod_echo_checksum(f + 14, 20));
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	/* An ICMP echo reply is not answered (no ping-pong between responders). */
	n = build_ipv4(f, 1, our_ip, 8);
	f[34] = 0;
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	/* TCP, IPv6, runts, a UDP length beyond the datagram, NULL. */
	n = build_ipv4(f, 6, our_ip, 20);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	n = build_ipv4(f, 17, our_ip, 8);
	put16(f + 34 + 4, 9);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	put16(f + 12, 0x86DD);
	CHECK(irqmod_echo_reply(f, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	CHECK(irqmod_echo_reply(f, 13, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	put16(f + 12, 0x0800);
	CHECK(irqmod_echo_reply(f, 14 + 19, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	put16(f + 12, 0x0806);
	CHECK(irqmod_echo_reply(f, 14 + 27, our_mac, our_ip) == IRQMOD_ECHO_DROP);
	CHECK(irqmod_echo_reply(NULL, n, our_mac, our_ip) == IRQMOD_ECHO_DROP);
}

static void test_checksum_pads_odd_length(void)
{
	const uint8_t odd[3] = { 0x12, 0x34, 0x56 };
	const uint8_t even[4] = { 0x12, 0x34, 0x56, 0x00 };

	CHECK(irqmod_echo_checksum(odd, 3) == irqmod_echo_checksum(even, 4));
	/* RFC 1071 section 3 example: 0001 f203 f4f5 f6f7 sums to ddf2. */
	{
		const uint8_t rfc[8] = { 0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7 };

		CHECK(irqmod_echo_checksum(rfc, 8) == (uint16_t)~0xddf2u);
	}
}

int main(void)
{
	test_icmp_echo_request_becomes_valid_reply();
	test_udp_datagram_comes_back_with_ports_swapped();
	test_sockperf_pong_request_gets_server_reply();
	test_arp_request_for_us_gets_reply();
	test_frames_not_for_us_or_malformed_are_dropped_untouched();
	test_checksum_pads_odd_length();
	return irqmod_check_result("test_dpdk_echo");
}

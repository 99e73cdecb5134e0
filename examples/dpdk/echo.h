/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * The responder of the DPDK example: turns an ARP request, an ICMP echo
 * request or a UDP datagram addressed to us into its answer, in place.
 * Plain bytes in, plain bytes out (no DPDK types), so a test checks it
 * without a NIC, hugepages or root.
 */
#ifndef IRQMOD_DPDK_ECHO_H
#define IRQMOD_DPDK_ECHO_H

#include <stddef.h>
#include <stdint.h>

/**
 * enum irqmod_echo_result - what irqmod_echo_reply() did with a frame.
 * @IRQMOD_ECHO_DROP: not for us, or malformed: send nothing.
 * @IRQMOD_ECHO_ARP: rewritten into an ARP reply for our address.
 * @IRQMOD_ECHO_ICMP: rewritten into an ICMP echo reply.
 * @IRQMOD_ECHO_UDP: rewritten into the UDP echo (addresses and ports swapped).
 * @IRQMOD_ECHO_SOCKPERF_QUIET: a sockperf client message that asks for no
 *	reply (under-load mode answers one in --reply-every): taken, send nothing.
 */
enum irqmod_echo_result {
	IRQMOD_ECHO_DROP = 0,
	IRQMOD_ECHO_ARP,
	IRQMOD_ECHO_ICMP,
	IRQMOD_ECHO_UDP,
	IRQMOD_ECHO_SOCKPERF_QUIET,
};

/**
 * IRQMOD_ECHO_SOCKPERF_PORT - UDP port answered the way sockperf's server
 * does (sockperf's default port, "-p, --port ... (default 11111)").
 */
#define IRQMOD_ECHO_SOCKPERF_PORT 11111u

/**
 * irqmod_echo_reply() - rewrite a received Ethernet frame into its answer.
 * @frame: the frame (Ethernet header first, no FCS); rewritten in place
 *	when the result is not IRQMOD_ECHO_DROP, untouched otherwise.
 * @length_bytes: bytes in @frame.
 * @mac: our MAC address (6 bytes).
 * @ipv4_be: our IPv4 address, network byte order as 4 bytes.
 *
 * ARP requests for @ipv4_be get a reply; IPv4 (no fragments, valid header
 * checksum, destination @ipv4_be) ICMP echo requests become echo replies
 * with a recomputed ICMP checksum; UDP datagrams come back with addresses
 * and ports swapped (the UDP checksum is a sum over both, so it stays
 * valid). Datagrams to IRQMOD_ECHO_SOCKPERF_PORT follow sockperf's
 * protocol: a client message (14-byte header: sequence u64, flags u16,
 * length u32, big-endian; flag 1 client, 2 pong request) asking for a pong
 * comes back with the client flag cleared and the checksum updated (RFC
 * 1624), one without the pong flag is taken without a reply, anything else
 * there is dropped. Anything else, or anything shorter than its headers claim, is
 * dropped.
 *
 * Return: an enum irqmod_echo_result value.
 */
int irqmod_echo_reply(uint8_t *frame, size_t length_bytes, const uint8_t mac[6],
		      const uint8_t ipv4_be[4]);

/**
 * irqmod_echo_checksum() - the Internet checksum (RFC 1071) of @length_bytes.
 * @data: bytes.
 * @length_bytes: how many; an odd last byte is padded with zero.
 * Return: the ones' complement of the ones' complement sum, as stored in a
 * header (big-endian value).
 */
uint16_t irqmod_echo_checksum(const uint8_t *data, size_t length_bytes);

#endif /* IRQMOD_DPDK_ECHO_H */

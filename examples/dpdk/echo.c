/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * ARP, ICMP echo and UDP echo responder on raw frame bytes (see echo.h).
 * Header layouts: Ethernet II (IEEE 802.3 clause 3), ARP (RFC 826), IPv4
 * (RFC 791), ICMP echo (RFC 792), UDP (RFC 768); checksum RFC 1071.
 */
#include <string.h>

#include "echo.h"

/* Ethernet II: destination 6, source 6, EtherType 2. */
#define ETH_ADDR_BYTES 6u
#define ETH_HEADER_BYTES 14u
#define ETH_TYPE_OFFSET 12u
/* EtherTypes (IEEE registry): IPv4 0x0800, ARP 0x0806. */
#define ETH_TYPE_IPV4 0x0800u
#define ETH_TYPE_ARP 0x0806u

/* ARP for IPv4 over Ethernet (RFC 826): 28 bytes. */
#define ARP_BYTES 28u
#define ARP_HTYPE_ETHERNET 1u
#define ARP_OP_OFFSET 6u
#define ARP_OP_REQUEST 1u
#define ARP_OP_REPLY 2u
#define ARP_SHA_OFFSET 8u
#define ARP_SPA_OFFSET 14u
#define ARP_THA_OFFSET 18u
#define ARP_TPA_OFFSET 24u
#define ARP_HLEN_OFFSET 4u
#define ARP_PLEN_OFFSET 5u
#define IPV4_ADDR_BYTES 4u

/* IPv4 (RFC 791): version/IHL, total length at 2, flags/fragment at 6,
 * protocol at 9, header checksum at 10, source at 12, destination at 16. */
#define IPV4_MIN_HEADER_BYTES 20u
#define IPV4_VERSION 4u
#define IPV4_TOTAL_LENGTH_OFFSET 2u
#define IPV4_FRAGMENT_OFFSET 6u
/* More-fragments flag and the 13-bit fragment offset (RFC 791 3.1). */
#define IPV4_FRAGMENT_MASK 0x3FFFu
#define IPV4_PROTOCOL_OFFSET 9u
#define IPV4_SOURCE_OFFSET 12u
#define IPV4_DESTINATION_OFFSET 16u
/* IANA protocol numbers: ICMP 1, UDP 17. */
#define IPV4_PROTOCOL_ICMP 1u
#define IPV4_PROTOCOL_UDP 17u

/* ICMP echo (RFC 792): type 8 request, 0 reply; checksum at 2. */
#define ICMP_MIN_BYTES 8u
#define ICMP_ECHO_REQUEST 8u
#define ICMP_ECHO_REPLY 0u
#define ICMP_CHECKSUM_OFFSET 2u

/* UDP (RFC 768): source port 0, destination port 2, length 4. */
#define UDP_HEADER_BYTES 8u
#define UDP_PORT_BYTES 2u
#define UDP_LENGTH_OFFSET 4u
#define UDP_CHECKSUM_OFFSET 6u

/* sockperf's message header (sockperf src/message.h, class MsgHeader, packed
 * to 14 bytes in network order): sequence number 8, flags 2, length 4. */
#define SOCKPERF_HEADER_BYTES 14u
#define SOCKPERF_FLAGS_OFFSET 8u
#define SOCKPERF_FLAG_CLIENT 1u
#define SOCKPERF_FLAG_PONG_REQUEST 2u

static uint16_t read_be16(const uint8_t *p)
{
	return (uint16_t)((uint16_t)p[0] << 8 | p[1]);
}

static void write_be16(uint8_t *p, uint16_t value)
{
	p[0] = (uint8_t)(value >> 8);
	p[1] = (uint8_t)value;
}

static void swap_bytes(uint8_t *a, uint8_t *b, size_t length_bytes)
{
	uint8_t tmp[ETH_ADDR_BYTES];

	memcpy(tmp, a, length_bytes);
	memcpy(a, b, length_bytes);
	memcpy(b, tmp, length_bytes);
}

uint16_t irqmod_echo_checksum(const uint8_t *data, size_t length_bytes)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < length_bytes; i += 2)
		sum += read_be16(data + i);
	if (length_bytes & 1u)
		sum += (uint32_t)data[length_bytes - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xFFFFu) + (sum >> 16);
	return (uint16_t)~sum;
}

/* A checksum after one 16-bit word of the data changed (RFC 1624 eqn. 3). */
static uint16_t checksum_update(uint16_t checksum, uint16_t old_word, uint16_t new_word)
{
	uint32_t sum = (uint16_t)~checksum;

	sum += (uint16_t)~old_word;
	sum += new_word;
	while (sum >> 16)
		sum = (sum & 0xFFFFu) + (sum >> 16);
	return (uint16_t)~sum;
}

/* sockperf server behaviour on a UDP payload; rewrites the flags in place. */
static int sockperf_reply(uint8_t *udp, size_t udp_bytes)
{
	uint8_t *flags = udp + UDP_HEADER_BYTES + SOCKPERF_FLAGS_OFFSET;
	uint16_t old_flags, new_flags, checksum;

	if (udp_bytes < UDP_HEADER_BYTES + SOCKPERF_HEADER_BYTES)
		return IRQMOD_ECHO_DROP;
	old_flags = read_be16(flags);
	if (!(old_flags & SOCKPERF_FLAG_CLIENT))
		return IRQMOD_ECHO_DROP;
	if (!(old_flags & SOCKPERF_FLAG_PONG_REQUEST))
		return IRQMOD_ECHO_SOCKPERF_QUIET;
	new_flags = (uint16_t)(old_flags & ~SOCKPERF_FLAG_CLIENT);
	write_be16(flags, new_flags);
	checksum = read_be16(udp + UDP_CHECKSUM_OFFSET);
	/* 0 means "no checksum"; a computed 0 is sent as 0xFFFF (RFC 768). */
	if (checksum != 0) {
		checksum = checksum_update(checksum, old_flags, new_flags);
		write_be16(udp + UDP_CHECKSUM_OFFSET, checksum ? checksum : 0xFFFFu);
	}
	return IRQMOD_ECHO_UDP;
}

static int arp_reply(uint8_t *frame, size_t length_bytes, const uint8_t mac[6],
		     const uint8_t ipv4_be[4])
{
	uint8_t *arp = frame + ETH_HEADER_BYTES;

	if (length_bytes < ETH_HEADER_BYTES + ARP_BYTES)
		return IRQMOD_ECHO_DROP;
	if (read_be16(arp) != ARP_HTYPE_ETHERNET || read_be16(arp + 2) != ETH_TYPE_IPV4 ||
	    arp[ARP_HLEN_OFFSET] != ETH_ADDR_BYTES || arp[ARP_PLEN_OFFSET] != IPV4_ADDR_BYTES)
		return IRQMOD_ECHO_DROP;
	if (read_be16(arp + ARP_OP_OFFSET) != ARP_OP_REQUEST ||
	    memcmp(arp + ARP_TPA_OFFSET, ipv4_be, IPV4_ADDR_BYTES) != 0)
		return IRQMOD_ECHO_DROP;
	write_be16(arp + ARP_OP_OFFSET, ARP_OP_REPLY);
	memcpy(arp + ARP_THA_OFFSET, arp + ARP_SHA_OFFSET, ETH_ADDR_BYTES);
	memcpy(arp + ARP_TPA_OFFSET, arp + ARP_SPA_OFFSET, IPV4_ADDR_BYTES);
	memcpy(arp + ARP_SHA_OFFSET, mac, ETH_ADDR_BYTES);
	memcpy(arp + ARP_SPA_OFFSET, ipv4_be, IPV4_ADDR_BYTES);
	memcpy(frame, frame + ETH_ADDR_BYTES, ETH_ADDR_BYTES);
	memcpy(frame + ETH_ADDR_BYTES, mac, ETH_ADDR_BYTES);
	return IRQMOD_ECHO_ARP;
}

static int ipv4_reply(uint8_t *frame, size_t length_bytes, const uint8_t mac[6],
		      const uint8_t ipv4_be[4])
{
	uint8_t *ip = frame + ETH_HEADER_BYTES;
	size_t header_bytes, total_bytes;
	uint8_t *l4;
	size_t l4_bytes;
	int result;

	if (length_bytes < ETH_HEADER_BYTES + IPV4_MIN_HEADER_BYTES)
		return IRQMOD_ECHO_DROP;
	header_bytes = (size_t)(ip[0] & 0x0Fu) * 4u;
	total_bytes = read_be16(ip + IPV4_TOTAL_LENGTH_OFFSET);
	if ((ip[0] >> 4) != IPV4_VERSION || header_bytes < IPV4_MIN_HEADER_BYTES ||
	    total_bytes < header_bytes || total_bytes > length_bytes - ETH_HEADER_BYTES)
		return IRQMOD_ECHO_DROP;
	if (irqmod_echo_checksum(ip, header_bytes) != 0 ||
	    (read_be16(ip + IPV4_FRAGMENT_OFFSET) & IPV4_FRAGMENT_MASK) != 0 ||
	    memcmp(ip + IPV4_DESTINATION_OFFSET, ipv4_be, IPV4_ADDR_BYTES) != 0)
		return IRQMOD_ECHO_DROP;
	l4 = ip + header_bytes;
	l4_bytes = total_bytes - header_bytes;
	switch (ip[IPV4_PROTOCOL_OFFSET]) {
	case IPV4_PROTOCOL_ICMP:
		if (l4_bytes < ICMP_MIN_BYTES || l4[0] != ICMP_ECHO_REQUEST || l4[1] != 0)
			return IRQMOD_ECHO_DROP;
		l4[0] = ICMP_ECHO_REPLY;
		write_be16(l4 + ICMP_CHECKSUM_OFFSET, 0);
		write_be16(l4 + ICMP_CHECKSUM_OFFSET, irqmod_echo_checksum(l4, l4_bytes));
		result = IRQMOD_ECHO_ICMP;
		break;
	case IPV4_PROTOCOL_UDP:
		if (l4_bytes < UDP_HEADER_BYTES || read_be16(l4 + UDP_LENGTH_OFFSET) > l4_bytes ||
		    read_be16(l4 + UDP_LENGTH_OFFSET) < UDP_HEADER_BYTES)
			return IRQMOD_ECHO_DROP;
		result = IRQMOD_ECHO_UDP;
		if (read_be16(l4 + UDP_PORT_BYTES) == IRQMOD_ECHO_SOCKPERF_PORT) {
			result = sockperf_reply(l4, read_be16(l4 + UDP_LENGTH_OFFSET));
			if (result != IRQMOD_ECHO_UDP)
				return result;
		}
		swap_bytes(l4, l4 + UDP_PORT_BYTES, UDP_PORT_BYTES);
		break;
	default:
		return IRQMOD_ECHO_DROP;
	}
	/* Swapping source and destination leaves the header checksum valid. */
	swap_bytes(ip + IPV4_SOURCE_OFFSET, ip + IPV4_DESTINATION_OFFSET, IPV4_ADDR_BYTES);
	memcpy(frame, frame + ETH_ADDR_BYTES, ETH_ADDR_BYTES);
	memcpy(frame + ETH_ADDR_BYTES, mac, ETH_ADDR_BYTES);
	return result;
}

int irqmod_echo_reply(uint8_t *frame, size_t length_bytes, const uint8_t mac[6],
		      const uint8_t ipv4_be[4])
{
	if (frame == NULL || mac == NULL || ipv4_be == NULL || length_bytes < ETH_HEADER_BYTES)
		return IRQMOD_ECHO_DROP;
	switch (read_be16(frame + ETH_TYPE_OFFSET)) {
	case ETH_TYPE_ARP:
		return arp_reply(frame, length_bytes, mac, ipv4_be);
	case ETH_TYPE_IPV4:
		return ipv4_reply(frame, length_bytes, mac, ipv4_be);
	default:
		return IRQMOD_ECHO_DROP;
	}
}

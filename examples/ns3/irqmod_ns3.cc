/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only */
/*
 * irqmod inside ns-3: a receiving node whose NIC moderates its interrupts
 * with an irqmod controller, driven through irqmod's public API alone.
 *
 * Two nodes share a 10 Gb/s point-to-point link. Node 0 runs an ns-3
 * OnOffApplication sending UDP (Poisson-like by default, or constant bit
 * rate); node 1 runs a PacketSink. Node 1's point-to-point device hands
 * its frames to this program's moderated receive path (ModeratedNic)
 * instead of to the node: frames wait in a ring until the NIC raises an
 * "interrupt", no earlier than the programmed interval after the previous
 * one (throttling, as Intel's EITR does), and the "poll" then delivers the
 * whole ring to node 1's IPv4 stack in one batch. After each poll the
 * program builds the struct irqmod_sample a driver would (time, packets,
 * bytes, interrupts since the previous call) and calls
 * irqmod_controller_update(), or irqmod_hybrid_update() for a hybrid; a
 * POLL answer keeps the interrupt masked and polls again after the delay,
 * a REARM answer programs the new interval and re-enables the interrupt.
 *
 * Per controller and offered rate it prints interrupts/s, packets per
 * interrupt, and the mean and p99 of the delay moderation added (arrival
 * at the NIC to delivery of its batch) and of the end-to-end latency (the
 * sender's timestamp in ns-3's SeqTsSizeHeader to the sink's reception).
 * Every run of one rate sends the same traffic (fixed random streams).
 *
 *   irqmod-ns3 --controllers=static:0,static:50us,ixgbe --rates=10000,500000 --time=1
 *   irqmod-ns3 --check --time=0.05     (the smoke test: asserts, exit 0 or 1)
 *
 * ns-3 processes a poll in zero simulated time, so static:0 adds no delay
 * at all: what the table shows is moderation's own share of the latency.
 */
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>
#include <vector>

#include "ns3/application-container.h"
#include "ns3/boolean.h"
#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-generator.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/on-off-helper.h"
#include "ns3/onoff-application.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/seq-ts-size-header.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include "irqmod/controller.h"
#include "irqmod/hybrid.h"

using namespace ns3;

namespace
{

/* The link: 10 GbE, as the controllers' defaults assume (irqmod_controller_default_config()). */
constexpr uint32_t kLinkSpeedMbps = 10000;
constexpr const char* kLinkRate = "10Gbps";
/* One-way propagation delay of the link: a few metres of fibre plus a switch. */
constexpr const char* kLinkDelay = "2us";
/* The bytes a sample reports per frame are the IP packet plus an Ethernet
 * header (IEEE 802.3: 14 bytes), as an Ethernet driver counts skb->len
 * (docs/driver-api.md), not ns-3's 2-byte PPP header: the adaptive kinds'
 * byte thresholds are Ethernet drivers'. */
constexpr uint32_t kEthernetHeaderBytes = 14;
/* UDP port of the sink (discard). */
constexpr uint16_t kSinkPort = 9;
/* Traffic starts after 1 ms and every run drains 20 ms after it stops: longer
 * than any interval a controller programs (static allows up to 1 s, but the
 * adaptive kinds stay below 1 ms), so a lossless run delivers all it sent. */
constexpr double kStartSeconds = 0.001;
constexpr double kDrainSeconds = 0.020;
/* A poll takes no simulated time here; a POLL answer of 0 ns ("at once")
 * would then loop at one instant. 1 us is about one NAPI poll of a small
 * batch on a 3 GHz core (docs/simulator.md's host costs are of that order). */
constexpr uint64_t kMinPollGapNs = 1000;
/* The random stream numbers the sender's OnOff uses in every run, so every
 * controller sees the same traffic for a rate (ns-3's AssignStreams). */
constexpr int64_t kTrafficStream = 1;
constexpr uint32_t kNsPerUs = 1000;
constexpr uint64_t kNsPerS = 1000000000;

/* The run keeps every packet's two delays (16 bytes) for the quantiles:
 * at most this many packets per run (160 MB), e.g. 20 s at 500 000/s. */
constexpr double kMaxPacketsPerRun = 10e6;

/* --check: the rates of the two regimes (pps) and the interval it compares. */
constexpr uint64_t kCheckLowRatePps = 10000;
constexpr uint64_t kCheckHighRatePps = 500000;
constexpr uint32_t kCheckIntervalNs = 50000;
/* At the low rate (100 us mean gap, Poisson) static:0 must give one
 * interrupt per packet: each arrival finds the interrupt armed. */
constexpr double kCheckMinIrqPerPacket = 0.95;

/* One frame held in the NIC's ring. */
struct HeldFrame
{
    Ptr<const Packet> packet;
    uint16_t protocol;
    Address from;
    uint64_t arrival_ns;
};

/* What one run measured. */
struct RunResult
{
    std::string controller;
    uint64_t rate_pps = 0;
    double seconds = 0;
    uint64_t sent = 0;          /* OnOff "Tx" */
    uint64_t arrived = 0;       /* frames the NIC received */
    uint64_t delivered = 0;     /* frames handed to IPv4 by polls */
    uint64_t received = 0;      /* PacketSink "RxWithSeqTsSize" */
    uint64_t interrupts = 0;
    uint64_t polls = 0;
    uint64_t poll_answers = 0;  /* POLL decisions */
    uint64_t itr_writes = 0;    /* REARM decisions with changed set */
    uint64_t added_max_ns = 0;
    std::vector<uint64_t> added_ns;
    std::vector<uint64_t> e2e_ns;
};

/*
 * The moderated receive side of node 1's NIC. Frames wait in the ring; an
 * interrupt fires on the first frame that finds the interrupt armed, at the
 * earliest of its arrival and the interval after the previous interrupt.
 */
class ModeratedNic
{
  public:
    ModeratedNic(Ptr<NetDevice> device,
                 Ptr<Ipv4L3Protocol> ipv4,
                 const irqmod_hybrid& hybrid,
                 RunResult* result)
        : m_device(device),
          m_ipv4(ipv4),
          m_hybrid(hybrid),
          m_result(result)
    {
        irqmod_decision start;

        /* What a driver programs at queue setup: the start interval. */
        irqmod_controller_current(&m_hybrid.inner, &start);
        m_interval_ns = start.rx_interval_ns;
        m_device->SetReceiveCallback(MakeCallback(&ModeratedNic::Receive, this));
    }

  private:
    bool Receive(Ptr<NetDevice> device, Ptr<const Packet> packet, uint16_t protocol,
                 const Address& from)
    {
        (void)device;
        m_ring.push_back({packet, protocol, from, Now()});
        m_result->arrived++;
        if (m_armed && !m_irq_event.IsRunning())
            ScheduleInterrupt();
        return true;
    }

    static uint64_t Now()
    {
        return static_cast<uint64_t>(Simulator::Now().GetNanoSeconds());
    }

    /* Throttling: no earlier than the interval after the last interrupt. */
    void ScheduleInterrupt()
    {
        uint64_t now = Now();
        uint64_t at = m_any_irq ? std::max(now, m_last_irq_ns + m_interval_ns) : now;

        m_irq_event = Simulator::Schedule(NanoSeconds(at - now), &ModeratedNic::Interrupt, this);
    }

    void Interrupt()
    {
        m_armed = false;
        m_any_irq = true;
        m_last_irq_ns = Now();
        m_result->interrupts++;
        m_irqs_since_call++;
        Poll(true);
    }

    /* NAPI: deliver the ring, then ask the controller what to do next. */
    void Poll(bool from_interrupt)
    {
        uint64_t now = Now();
        irqmod_sample sample = {};
        irqmod_decision decision;

        m_result->polls++;
        while (!m_ring.empty())
        {
            HeldFrame frame = m_ring.front();

            m_ring.pop_front();
            m_result->added_ns.push_back(now - frame.arrival_ns);
            m_result->added_max_ns = std::max(m_result->added_max_ns, now - frame.arrival_ns);
            m_result->delivered++;
            m_rx_packets++;
            m_rx_bytes += frame.packet->GetSize() + kEthernetHeaderBytes;
            m_ipv4->Receive(m_device, frame.packet, frame.protocol, frame.from,
                            m_device->GetAddress(), NetDevice::PACKET_HOST);
        }
        sample.now_ns = now;
        sample.rx_packets = m_rx_packets;
        sample.rx_bytes = m_rx_bytes;
        sample.events = m_irqs_since_call;
        sample.flags = from_interrupt ? IRQMOD_SAMPLE_FROM_INTERRUPT : 0u;
        if (m_hybrid.kind == IRQMOD_HYBRID_NONE)
            irqmod_controller_update(&m_hybrid.inner, &sample, &decision);
        else
            irqmod_hybrid_update(&m_hybrid, &sample, &decision);
        m_rx_packets = 0;
        m_rx_bytes = 0;
        m_irqs_since_call = 0;

        if (decision.action == IRQMOD_ACTION_POLL)
        {
            uint64_t delay_ns = std::max<uint64_t>(decision.poll_delay_ns, kMinPollGapNs);

            m_result->poll_answers++;
            Simulator::Schedule(NanoSeconds(delay_ns), &ModeratedNic::Poll, this, false);
            return;
        }
        if (decision.changed)
        {
            m_interval_ns = decision.rx_interval_ns;
            m_result->itr_writes++;
        }
        m_armed = true;
        if (!m_ring.empty())
            ScheduleInterrupt();
    }

    Ptr<NetDevice> m_device;
    Ptr<Ipv4L3Protocol> m_ipv4;
    irqmod_hybrid m_hybrid;
    RunResult* m_result;
    std::deque<HeldFrame> m_ring;
    EventId m_irq_event;
    uint32_t m_interval_ns = 0;
    bool m_armed = true;
    bool m_any_irq = false;
    uint64_t m_last_irq_ns = 0;
    uint32_t m_irqs_since_call = 0;
    uint32_t m_rx_packets = 0;
    uint64_t m_rx_bytes = 0;
};

/* "50us", "50000", "0.5ms", "20000ns" -> ns; false when malformed or above UINT32_MAX. */
bool
ParseIntervalNs(const std::string& text, uint32_t* interval_ns)
{
    char* end = nullptr;
    double value;
    double scale = 1.0;

    if (text.empty() || text[0] == '-' || text[0] == '+')
        return false;
    value = std::strtod(text.c_str(), &end);
    if (end == text.c_str())
        return false;
    std::string unit(end);
    if (unit == "us")
        scale = kNsPerUs;
    else if (unit == "ms")
        scale = kNsPerUs * 1000.0;
    else if (unit != "" && unit != "ns")
        return false;
    value *= scale;
    if (!(value >= 0.0) || value > static_cast<double>(UINT32_MAX))
        return false;
    *interval_ns = static_cast<uint32_t>(value + 0.5);
    return true;
}

/* The valid names, for error messages. */
std::string
ValidNames()
{
    std::string names;

    for (uint32_t kind = 0; kind < IRQMOD_KIND_COUNT; kind++)
        names += std::string(kind ? ", " : "") + irqmod_kind_name(kind);
    names += "; static:INTERVAL (ns, or with us/ms); HYBRID+KIND with HYBRID one of ";
    for (uint32_t kind = IRQMOD_HYBRID_NONE + 1; kind < IRQMOD_HYBRID_COUNT; kind++)
        names += std::string(kind > IRQMOD_HYBRID_NONE + 1 ? ", " : "") +
                 irqmod_hybrid_kind_name(kind);
    return names;
}

/*
 * [HYBRID+]KIND[:INTERVAL]: a kind of irqmod_kind_name() with its defaults
 * for the link, static with an interval, a hybrid of
 * irqmod_hybrid_kind_name() with its documented default knobs around it.
 * On error @error says what is wrong; @config is then unusable.
 */
bool
ParseController(const std::string& spec, irqmod_hybrid_config* config, std::string* error)
{
    uint32_t hybrid = IRQMOD_HYBRID_NONE;
    uint32_t kind = IRQMOD_KIND_COUNT;
    uint32_t interval_ns = 0;
    std::string name = spec;
    size_t plus = spec.find('+');
    size_t colon;
    irqmod_config_error reason;
    char line[160];
    int code;

    if (plus != std::string::npos)
    {
        std::string outer = spec.substr(0, plus);

        for (uint32_t k = IRQMOD_HYBRID_NONE + 1; k < IRQMOD_HYBRID_COUNT; k++)
            if (outer == irqmod_hybrid_kind_name(k))
                hybrid = k;
        if (hybrid == IRQMOD_HYBRID_NONE)
        {
            *error = "controller '" + spec + "': unknown hybrid '" + outer + "'; valid: " +
                     ValidNames();
            return false;
        }
        name = spec.substr(plus + 1);
    }
    colon = name.find(':');
    std::string base = name.substr(0, colon);
    for (uint32_t k = 0; k < IRQMOD_KIND_COUNT; k++)
        if (base == irqmod_kind_name(k))
            kind = k;
    if (kind == IRQMOD_KIND_COUNT)
    {
        *error = "controller '" + spec + "': unknown kind '" + base + "'; valid: " + ValidNames();
        return false;
    }
    if (colon != std::string::npos && kind != IRQMOD_KIND_STATIC)
    {
        *error = "controller '" + spec + "': only static takes an interval, as static:50us";
        return false;
    }
    if (colon != std::string::npos && !ParseIntervalNs(name.substr(colon + 1), &interval_ns))
    {
        *error = "controller '" + spec + "': interval '" + name.substr(colon + 1) +
                 "' is not a number of ns, us or ms (static:50us, static:20000)";
        return false;
    }
    code = irqmod_hybrid_default_config(config, hybrid, kind, kLinkSpeedMbps);
    if (code == 0 && colon != std::string::npos)
    {
        config->inner.config.static_config.rx_interval_ns = interval_ns;
        config->inner.config.static_config.tx_interval_ns = interval_ns;
    }
    if (code == 0)
        code = irqmod_hybrid_config_check(config, &reason);
    else
        reason = {irqmod_kind_name(kind), "defaults", "fail", nullptr, 0, 0, code,
                  IRQMOD_CONFIG_ERROR_OMIT_VALUE | IRQMOD_CONFIG_ERROR_OMIT_LIMIT};
    if (code != 0)
    {
        irqmod_config_error_format(&reason, line, sizeof(line));
        *error = "controller '" + spec + "': " + line + " (" + irqmod_strerror(code) + ")";
        return false;
    }
    return true;
}

std::vector<std::string>
SplitList(const std::string& text)
{
    std::vector<std::string> items;
    size_t start = 0;

    while (start <= text.size())
    {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos)
            comma = text.size();
        if (comma > start)
            items.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

/* What the command line sets. */
struct Options
{
    std::string controllers = "static:0,static:50us,ixgbe,dim,latency-target";
    std::string rates = "10000,100000,500000";
    double seconds = 1.0;
    uint32_t payload_bytes = 128;
    bool cbr = false;
    uint32_t run = 1;
    bool check = false;
};

/* The sink's view: end-to-end latency from the sender's timestamp. */
void
SinkReceived(RunResult* result, Ptr<const Packet> packet, const Address& from, const Address& to,
             const SeqTsSizeHeader& header)
{
    (void)packet;
    (void)from;
    (void)to;
    result->received++;
    result->e2e_ns.push_back(
        static_cast<uint64_t>((Simulator::Now() - header.GetTs()).GetNanoSeconds()));
}

void
SenderSent(RunResult* result, Ptr<const Packet> packet)
{
    (void)packet;
    result->sent++;
}

/* One bounded ns-3 run of @spec's controller at @rate_pps. */
bool
RunOne(const Options& options, const std::string& spec, const irqmod_hybrid_config& config,
       uint64_t rate_pps, RunResult* result)
{
    irqmod_hybrid hybrid;
    int code = irqmod_hybrid_init(&hybrid, &config);

    if (code != 0)
    {
        std::fprintf(stderr, "irqmod-ns3: controller '%s': %s\n", spec.c_str(),
                     irqmod_strerror(code));
        return false;
    }
    result->controller = spec;
    result->rate_pps = rate_pps;
    result->seconds = options.seconds;

    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(options.run);
    Ipv4AddressGenerator::Reset();

    NodeContainer nodes;
    nodes.Create(2);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue(kLinkRate));
    link.SetChannelAttribute("Delay", StringValue(kLinkDelay));
    NetDeviceContainer devices = link.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addresses;
    addresses.SetBase("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer interfaces = addresses.Assign(devices);

    /* The sender: bits per second so that packets per second is @rate_pps. */
    uint64_t packet_bits = static_cast<uint64_t>(options.payload_bytes) * 8;
    OnOffHelper onoff("ns3::UdpSocketFactory",
                      InetSocketAddress(interfaces.GetAddress(1), kSinkPort));
    onoff.SetAttribute("PacketSize", UintegerValue(options.payload_bytes));
    onoff.SetAttribute("EnableSeqTsSizeHeader", BooleanValue(true));
    if (options.cbr)
    {
        onoff.SetConstantRate(DataRate(packet_bits * rate_pps), options.payload_bytes);
    }
    else
    {
        /* Poisson-like: on just long enough for one packet at the line rate,
         * then an exponential pause; the mean gap is 1 / @rate_pps. */
        DataRate line(kLinkRate);
        double on_s = static_cast<double>(packet_bits) / static_cast<double>(line.GetBitRate());
        double off_s = 1.0 / static_cast<double>(rate_pps) - on_s;

        if (off_s <= 0)
        {
            std::fprintf(stderr, "irqmod-ns3: rate %" PRIu64 " pps is above the line rate\n",
                         rate_pps);
            return false;
        }
        Ptr<ConstantRandomVariable> on = CreateObject<ConstantRandomVariable>();
        Ptr<ExponentialRandomVariable> off = CreateObject<ExponentialRandomVariable>();

        on->SetAttribute("Constant", DoubleValue(on_s));
        off->SetAttribute("Mean", DoubleValue(off_s));
        onoff.SetAttribute("DataRate", DataRateValue(line));
        onoff.SetAttribute("OnTime", PointerValue(on));
        onoff.SetAttribute("OffTime", PointerValue(off));
    }
    ApplicationContainer sender = onoff.Install(nodes.Get(0));
    DynamicCast<OnOffApplication>(sender.Get(0))->AssignStreams(kTrafficStream);
    sender.Start(Seconds(kStartSeconds));
    sender.Stop(Seconds(kStartSeconds + options.seconds));
    if (!sender.Get(0)->TraceConnectWithoutContext("Tx", MakeBoundCallback(&SenderSent, result)))
    {
        std::fprintf(stderr, "irqmod-ns3: OnOffApplication has no Tx trace\n");
        return false;
    }

    PacketSinkHelper sinkHelper("ns3::UdpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), kSinkPort));
    sinkHelper.SetAttribute("EnableSeqTsSizeHeader", BooleanValue(true));
    ApplicationContainer sink = sinkHelper.Install(nodes.Get(1));
    sink.Start(Seconds(0));
    if (!sink.Get(0)->TraceConnectWithoutContext("RxWithSeqTsSize",
                                                 MakeBoundCallback(&SinkReceived, result)))
    {
        std::fprintf(stderr, "irqmod-ns3: PacketSink has no RxWithSeqTsSize trace\n");
        return false;
    }

    ModeratedNic nic(devices.Get(1), nodes.Get(1)->GetObject<Ipv4L3Protocol>(), hybrid, result);
    /* Drain: long enough for the last frames to wait out a static interval too. */
    double drain_s = kDrainSeconds;
    if (config.inner.kind == IRQMOD_KIND_STATIC)
        drain_s += static_cast<double>(config.inner.config.static_config.rx_interval_ns) / kNsPerS;
    Simulator::Stop(Seconds(kStartSeconds + options.seconds + drain_s));
    Simulator::Run();
    Simulator::Destroy();
    return true;
}

/* The value below which @permille of @values lie (nearest rank); 0 when empty. */
uint64_t
Quantile(std::vector<uint64_t>* values, uint32_t permille)
{
    size_t rank;

    if (values->empty())
        return 0;
    std::sort(values->begin(), values->end());
    rank = (values->size() * permille + 999) / 1000;
    return (*values)[rank ? rank - 1 : 0];
}

double
MeanUs(const std::vector<uint64_t>& values)
{
    double sum = 0;

    for (uint64_t v : values)
        sum += static_cast<double>(v);
    return values.empty() ? 0.0 : sum / static_cast<double>(values.size()) / kNsPerUs;
}

/* Figures of one run, summarised once. */
struct Summary
{
    double irq_per_s;
    double packets_per_irq;
    double added_mean_us;
    double added_p99_us;
    double added_max_us;
    double e2e_mean_us;
    double e2e_p99_us;
};

Summary
Summarise(RunResult* r)
{
    Summary s;

    s.irq_per_s = static_cast<double>(r->interrupts) / r->seconds;
    s.packets_per_irq =
        r->interrupts ? static_cast<double>(r->delivered) / static_cast<double>(r->interrupts) : 0;
    s.added_mean_us = MeanUs(r->added_ns);
    s.added_p99_us = static_cast<double>(Quantile(&r->added_ns, 990)) / kNsPerUs;
    s.added_max_us = static_cast<double>(Quantile(&r->added_ns, 1000)) / kNsPerUs;
    s.e2e_mean_us = MeanUs(r->e2e_ns);
    s.e2e_p99_us = static_cast<double>(Quantile(&r->e2e_ns, 990)) / kNsPerUs;
    return s;
}

void
PrintHeader()
{
    std::printf("%9s %-18s %8s %8s %10s %8s %7s %8s %8s %8s %8s\n", "rate_pps", "controller",
                "sent", "recv", "irq_per_s", "pkt/irq", "polls", "add_mean", "add_p99",
                "e2e_mean", "e2e_p99");
}

void
PrintRow(const RunResult& r, const Summary& s)
{
    std::printf("%9" PRIu64 " %-18s %8" PRIu64 " %8" PRIu64 " %10.0f %8.2f %7" PRIu64
                " %7.2fu %7.2fu %7.2fu %7.2fu\n",
                r.rate_pps, r.controller.c_str(), r.sent, r.received, s.irq_per_s,
                s.packets_per_irq, r.polls, s.added_mean_us, s.added_p99_us, s.e2e_mean_us,
                s.e2e_p99_us);
}

/* --check: one assertion, printed; returns whether it held. */
bool
Expect(bool holds, const std::string& what)
{
    std::printf("%s: %s\n", holds ? "PASS" : "FAIL", what.c_str());
    return holds;
}

std::string
Figure(double value)
{
    char text[32];

    std::snprintf(text, sizeof(text), "%.2f", value);
    return text;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options options;
    std::vector<std::string> specs;
    std::vector<uint64_t> rates;
    std::vector<irqmod_hybrid_config> configs;
    bool ok = true;

    CommandLine cmd(__FILE__);
    cmd.Usage("irqmod controllers moderating the receive interrupts of an ns-3 node.\n"
              "Controllers: " + ValidNames());
    cmd.AddValue("controllers", "comma-separated controllers, each [HYBRID+]KIND[:INTERVAL]",
                 options.controllers);
    cmd.AddValue("rates", "comma-separated offered loads in packets/s", options.rates);
    cmd.AddValue("time", "simulated seconds of traffic per run", options.seconds);
    cmd.AddValue("payload", "UDP payload bytes per packet (at least 20)", options.payload_bytes);
    cmd.AddValue("cbr", "constant bit rate instead of Poisson-like arrivals", options.cbr);
    cmd.AddValue("run", "ns-3 RngRun: another run of the same random traffic", options.run);
    cmd.AddValue("check", "smoke test: static:0 and static:50us (added to --controllers) at "
                 "10000 and 500000 pps, assert the directions that must hold", options.check);
    cmd.Parse(argc, argv);

    if (!(options.seconds > 0) || options.seconds > 3600)
    {
        std::fprintf(stderr, "irqmod-ns3: --time %g is not in (0, 3600] seconds\n",
                     options.seconds);
        return 2;
    }
    if (options.payload_bytes < 20 || options.payload_bytes > 1472)
    {
        std::fprintf(stderr, "irqmod-ns3: --payload %u is not in [20, 1472] bytes "
                     "(SeqTsSizeHeader to one Ethernet MTU)\n", options.payload_bytes);
        return 2;
    }
    specs = SplitList(options.controllers);
    if (options.check)
    {
        for (const char* needed : {"static:50us", "static:0"})
            if (std::find(specs.begin(), specs.end(), needed) == specs.end())
                specs.insert(specs.begin(), needed);
        rates = {kCheckLowRatePps, kCheckHighRatePps};
    }
    else
    {
        for (const std::string& item : SplitList(options.rates))
        {
            char* end = nullptr;
            unsigned long long rate = std::strtoull(item.c_str(), &end, 10);

            if (item[0] == '-' || *end != '\0' || rate == 0)
            {
                std::fprintf(stderr, "irqmod-ns3: --rates: '%s' is not a positive integer\n",
                             item.c_str());
                return 2;
            }
            rates.push_back(rate);
        }
    }
    for (uint64_t rate : rates)
    {
        if (static_cast<double>(rate) * options.seconds > kMaxPacketsPerRun)
        {
            std::fprintf(stderr, "irqmod-ns3: --rates %" PRIu64 " for --time %g is about %.0f "
                         "packets per run, above the %.0f this example keeps delays for\n",
                         rate, options.seconds, static_cast<double>(rate) * options.seconds,
                         kMaxPacketsPerRun);
            return 2;
        }
    }
    if (specs.empty() || rates.empty())
    {
        std::fprintf(stderr, "irqmod-ns3: --controllers and --rates must not be empty\n");
        return 2;
    }
    for (const std::string& spec : specs)
    {
        irqmod_hybrid_config config;
        std::string error;

        if (!ParseController(spec, &config, &error))
        {
            std::fprintf(stderr, "irqmod-ns3: %s\n", error.c_str());
            return 2;
        }
        configs.push_back(config);
    }

    std::printf("irqmod-ns3: %s link %s, %s traffic, %u B UDP payload, %g s per run "
                "(times in us)\n", kLinkRate, kLinkDelay, options.cbr ? "CBR" : "Poisson-like",
                options.payload_bytes, options.seconds);
    PrintHeader();
    std::vector<RunResult> results;
    for (uint64_t rate : rates)
    {
        for (size_t i = 0; i < specs.size(); i++)
        {
            RunResult result;

            if (!RunOne(options, specs[i], configs[i], rate, &result))
                return 1;
            PrintRow(result, Summarise(&result));
            results.push_back(std::move(result));
        }
    }
    if (!options.check)
        return 0;

    /* The directions that hold for any correct embedding. */
    const RunResult* zero_low = nullptr;
    const RunResult* zero_high = nullptr;
    const RunResult* fixed_high = nullptr;
    for (RunResult& r : results)
    {
        Summary s = Summarise(&r);
        std::string name = r.controller + " at " + std::to_string(r.rate_pps) + " pps";

        ok &= Expect(r.sent > 0 && r.received == r.sent && r.delivered == r.arrived &&
                         r.arrived == r.sent,
                     name + ": lossless, sent " + std::to_string(r.sent) + " = arrived " +
                         std::to_string(r.arrived) + " = delivered " +
                         std::to_string(r.delivered) + " = received " +
                         std::to_string(r.received));
        if (r.controller == "static:0" && r.rate_pps == kCheckLowRatePps)
            zero_low = &r;
        if (r.controller == "static:0" && r.rate_pps == kCheckHighRatePps)
            zero_high = &r;
        if (r.controller == "static:50us" && r.rate_pps == kCheckHighRatePps)
        {
            fixed_high = &r;
            /* Throttling: interrupts at least one interval apart, from the
             * first arrival to at most one interval after the last (the
             * traffic spans r.seconds): at most (span + interval) / interval
             * + 1. And no frame waits longer than one interval. */
            double max_irqs = (r.seconds * kNsPerS + kCheckIntervalNs) / kCheckIntervalNs + 1;
            ok &= Expect(static_cast<double>(r.interrupts) <= max_irqs,
                         name + ": " + std::to_string(r.interrupts) +
                             " interrupts, at most one per 50 us (" + Figure(max_irqs) + ")");
            ok &= Expect(r.added_max_ns <= kCheckIntervalNs,
                         name + ": longest added delay " + Figure(s.added_max_us) +
                             " us <= 50 us");
        }
    }
    if (zero_low)
        ok &= Expect(static_cast<double>(zero_low->interrupts) >=
                             kCheckMinIrqPerPacket * static_cast<double>(zero_low->delivered) &&
                         zero_low->interrupts <= zero_low->delivered,
                     "static:0 at low rate: " + std::to_string(zero_low->interrupts) +
                         " interrupts for " + std::to_string(zero_low->delivered) +
                         " packets (about one each)");
    if (zero_high && fixed_high)
    {
        RunResult zero = *zero_high;
        RunResult fixed = *fixed_high;
        Summary sz = Summarise(&zero);
        Summary sf = Summarise(&fixed);

        ok &= Expect(zero.sent == fixed.sent,
                     "same traffic for both controllers at the high rate (" +
                         std::to_string(zero.sent) + " packets)");
        ok &= Expect(fixed.interrupts < zero.interrupts,
                     "static:50us gives fewer interrupts than static:0 at high rate (" +
                         Figure(sf.irq_per_s) + " < " + Figure(sz.irq_per_s) + " /s)");
        ok &= Expect(sf.added_mean_us > sz.added_mean_us && sf.e2e_mean_us > sz.e2e_mean_us,
                     "static:50us adds more delay than static:0 at high rate (added " +
                         Figure(sf.added_mean_us) + " > " + Figure(sz.added_mean_us) +
                         " us, end-to-end " + Figure(sf.e2e_mean_us) + " > " +
                         Figure(sz.e2e_mean_us) + " us)");
    }
    ok &= Expect(zero_low && zero_high && fixed_high, "the check's runs all ran");
    std::printf("irqmod-ns3: check %s\n", ok ? "passed" : "FAILED");
    return ok ? 0 : 1;
}

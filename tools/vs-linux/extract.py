#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0-only
"""Extract named pieces of Linux source into generated files (never committed).

Usage: extract.py SOURCE_ROOT OUTPUT_DIR

SOURCE_ROOT is an extracted linux-source-6.1 tree (only the files listed in
MANIFEST below need to be there). For each generated file the manifest names
the source file and the pieces to copy out of it, by name: functions (found
by their definition and copied up to the matching closing brace), #define
lines (with continuations), enum and struct definitions, and initialised
variables. The pieces are copied as they are: first <linux/kernel.h> (the
project's shim), then the constants and types in the manifest's order, then
the driver's shim header (the structs the functions touch, which may use
those constants), then the variables and functions. A piece that
cannot be found is an error naming the file and the piece, so a different
kernel version fails loudly instead of compiling something else.

The lib/dim files and include/linux/dim.h are compiled whole; the script
copies them into OUTPUT_DIR (dim.h as include/linux/dim.h). It also writes
net_dim_by_ref.c: net_dim.c with net_dim() taking its sample by reference,
as Linux has since 2024 ("net: dim: pass dim_sample to net_dim() by
reference", 61bf0009a765), renamed net_dim_by_ref() so that both forms link
into one program (scripts/vs-linux keeps only that symbol global).
"""

import os
import re
import sys

INTEL = "drivers/net/ethernet/intel/"
MLX4 = "drivers/net/ethernet/mellanox/mlx4/"
SFC = "drivers/net/ethernet/sfc/"

# (generated file, shim header, [(source file, kind, name), ...])
MANIFEST = [
    ("linux_ixgbe.c", "shim/ixgbe.h", [
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_20K_ITR"),
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_ITR_ADAPTIVE_MIN_INC"),
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_ITR_ADAPTIVE_MIN_USECS"),
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_ITR_ADAPTIVE_MAX_USECS"),
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_ITR_ADAPTIVE_LATENCY"),
        (INTEL + "ixgbe/ixgbe.h", "define", "IXGBE_ITR_ADAPTIVE_BULK"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_MAX_EITR"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_10_FULL"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_100_FULL"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_1GB_FULL"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_2_5GB_FULL"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_5GB_FULL"),
        (INTEL + "ixgbe/ixgbe_type.h", "define", "IXGBE_LINK_SPEED_10GB_FULL"),
        (INTEL + "ixgbe/ixgbe_main.c", "function", "ixgbe_update_itr"),
        (INTEL + "ixgbe/ixgbe_main.c", "function", "ixgbe_set_itr"),
    ]),
    ("linux_i40e.c", "shim/i40e.h", [
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_DYNAMIC"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_MASK"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_20K"),
        (INTEL + "i40e/i40e_txrx.h", "define", "ITR_IS_DYNAMIC"),
        (INTEL + "i40e/i40e_txrx.h", "define", "ITR_TO_REG"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_RX_DEF"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_TX_DEF"),
        (INTEL + "i40e/i40e_txrx.h", "enum", "i40e_dyn_idx"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_RX_ITR"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_TX_ITR"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_SW_ITR"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_ADAPTIVE_MIN_INC"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_ADAPTIVE_MIN_USECS"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_ADAPTIVE_MAX_USECS"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_ADAPTIVE_LATENCY"),
        (INTEL + "i40e/i40e_txrx.h", "define", "I40E_ITR_ADAPTIVE_BULK"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_100MB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_1000MB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_10GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_40GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_20GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_25GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_2_5GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "define", "I40E_LINK_SPEED_5GB_SHIFT"),
        (INTEL + "i40e/i40e_adminq_cmd.h", "enum", "i40e_aq_link_speed"),
        (INTEL + "i40e/i40e_txrx.c", "function", "i40e_container_is_rx"),
        (INTEL + "i40e/i40e_txrx.c", "function", "i40e_itr_divisor"),
        (INTEL + "i40e/i40e_txrx.c", "function", "i40e_update_itr"),
        (INTEL + "i40e/i40e_txrx.c", "define", "ITR_COUNTDOWN_START"),
        (INTEL + "i40e/i40e_txrx.c", "function", "i40e_update_enable_itr"),
    ]),
    ("linux_e1000e.c", "shim/e1000e.h", [
        (INTEL + "e1000e/e1000.h", "define", "FLAG2_DISABLE_AIM"),
        (INTEL + "e1000e/82571.h", "define", "E1000_EITR_82574"),
        (INTEL + "e1000e/regs.h", "define", "E1000_ITR"),
        (INTEL + "e1000e/e1000.h", "enum", "latency_range"),
        (INTEL + "e1000e/netdev.c", "function", "e1000_update_itr"),
        (INTEL + "e1000e/netdev.c", "function", "e1000_set_itr"),
        (INTEL + "e1000e/netdev.c", "function", "e1000e_write_itr"),
    ]),
    ("linux_igb.c", "shim/igb.h", [
        (INTEL + "igb/igb.h", "define", "IGB_START_ITR"),
        (INTEL + "igb/igb.h", "define", "IGB_4K_ITR"),
        (INTEL + "igb/igb.h", "define", "IGB_20K_ITR"),
        (INTEL + "igb/igb.h", "define", "IGB_70K_ITR"),
        (INTEL + "igb/e1000_defines.h", "define", "E1000_EITR_CNT_IGNR"),
        (INTEL + "igb/e1000_hw.h", "enum", "e1000_mac_type"),
        (INTEL + "igb/igb_main.c", "enum", "latency_range"),
        (INTEL + "igb/igb_main.c", "function", "igb_update_itr"),
        (INTEL + "igb/igb_main.c", "function", "igb_set_itr"),
        (INTEL + "igb/igb_main.c", "function", "igb_update_ring_itr"),
        (INTEL + "igb/igb_main.c", "function", "igb_write_itr"),
    ]),
    ("linux_mlx4.c", "shim/mlx4.h", [
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_COAL_TARGET"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_COAL_TIME"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_RATE_LOW"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_COAL_TIME_LOW"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_RATE_HIGH"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_COAL_TIME_HIGH"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_RX_RATE_THRESH"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_SAMPLE_INTERVAL"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_AVG_PKT_SMALL"),
        (MLX4 + "mlx4_en.h", "define", "MLX4_EN_AUTO_CONF"),
        (MLX4 + "en_netdev.c", "function", "mlx4_en_auto_moderation"),
    ]),
    ("linux_sfc.c", "shim/sfc.h", [
        (SFC + "efx.c", "variable", "rx_irq_mod_usec"),
        (SFC + "efx_channels.c", "variable", "irq_adapt_low_thresh"),
        (SFC + "efx_channels.c", "variable", "irq_adapt_high_thresh"),
        (SFC + "efx_channels.c", "function", "efx_update_irq_mod"),
        (SFC + "efx_channels.c", "function", "efx_poll"),
    ]),
    ("linux_rdma_profiles.c", "shim/rdma.h", [
        ("drivers/infiniband/core/cq.c", "variable", "rdma_dim_prof"),
    ]),
    ("linux_ice_profiles.c", "shim/ice.h", [
        (INTEL + "ice/ice_main.c", "struct", "ice_dim"),
        (INTEL + "ice/ice_main.c", "variable", "rx_profile"),
        (INTEL + "ice/ice_main.c", "variable", "tx_profile"),
    ]),
]

# Copied whole: (source, destination under OUTPUT_DIR).
WHOLE = [
    ("include/linux/dim.h", "include/linux/dim.h"),
    ("lib/dim/dim.c", "dim.c"),
    ("lib/dim/net_dim.c", "net_dim.c"),
    ("lib/dim/rdma_dim.c", "rdma_dim.c"),
]

# Rewritten copy: (source, destination, function) whose by-value sample
# parameter becomes a pointer (by_reference()).
BY_REFERENCE = ("lib/dim/net_dim.c", "net_dim_by_ref.c", "net_dim")

# Every source file the manifest reads (scripts/vs-linux extracts these).
SOURCES = sorted({piece[0] for _, _, pieces in MANIFEST for piece in pieces} |
                 {source for source, _ in WHOLE})


class ExtractError(Exception):
    pass


def skip_code(text, i, stop):
    """Index of the first character in @stop at or after @i outside comments,
    strings and character literals, or -1."""
    n = len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                return -1
            i = end + 2
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in stop:
            return i
        i += 1
    return -1


def match_brace(text, open_index):
    """Index just past the brace that closes the one at @open_index."""
    depth = 0
    i = open_index
    while True:
        i = skip_code(text, i, "{}")
        if i < 0:
            raise ExtractError("unbalanced braces")
        depth += 1 if text[i] == "{" else -1
        i += 1
        if depth == 0:
            return i


def find_function(text, name):
    # A definition starts at the beginning of a line (return type first) and
    # its parameter list is followed by '{', not ';' (a prototype).
    pattern = re.compile(r"^[A-Za-z_][^;{}()#]*\b" + re.escape(name) + r"\s*\(", re.M)
    for match in pattern.finditer(text):
        paren = match.end() - 1
        depth = 0
        i = paren
        while True:
            i = skip_code(text, i, "()")
            if i < 0:
                raise ExtractError("unbalanced parentheses")
            depth += 1 if text[i] == "(" else -1
            i += 1
            if depth == 0:
                break
        after = skip_code(text, i, "{;")
        if after < 0 or text[after] == ";":
            continue
        return text[match.start():match_brace(text, after)] + "\n"
    return None


def find_define(text, name):
    match = re.search(r"^[ \t]*#[ \t]*define[ \t]+" + re.escape(name) + r"\b.*$",
                      text, re.M)
    if not match:
        return None
    end = match.end()
    while text[end - 1] == "\\":
        end = text.find("\n", end + 1)
        if end < 0:
            end = len(text)
    return text[match.start():end] + "\n"


def find_tagged(text, keyword, name):
    pattern = re.compile(r"^" + keyword + r"[ \t]+" + re.escape(name) + r"\s*\{", re.M)
    match = pattern.search(text)
    if not match:
        return None
    end = match_brace(text, match.end() - 1)
    semicolon = skip_code(text, end, ";")
    return text[match.start():semicolon + 1] + "\n"


def find_variable(text, name):
    # The type may stand on the line before the name (cq.c rdma_dim_prof).
    pattern = re.compile(r"^[A-Za-z_][^;{}()#=]*\b" + re.escape(name) +
                         r"\s*(\[[^\]]*\])?\s*=\s*\{", re.M)
    match = pattern.search(text)
    if not match:
        # A scalar with its initialiser (sfc's module parameters).
        scalar = re.compile(r"^[A-Za-z_][^;{}()#=]*\b" + re.escape(name) +
                            r"\s*=[^;{}]*;", re.M).search(text)
        return scalar.group(0) + "\n" if scalar else None
    end = match_brace(text, match.end() - 1)
    semicolon = skip_code(text, end, ";")
    return text[match.start():semicolon + 1] + "\n"


def by_reference(text, name):
    """@text with function @name's by-value "struct dim_sample end_sample"
    parameter rewritten to a const pointer and the function renamed
    @name_by_ref: the change upstream made in 61bf0009a765 (the parameter's
    uses "end_sample." become "end_sample->", "&end_sample" the pointer)."""
    function = find_function(text, name)
    if function is None:
        raise ExtractError("function %s not found" % name)
    header = re.compile(r"\b" + re.escape(name) +
                        r"\(\s*struct dim \*dim,\s*struct dim_sample end_sample\s*\)")
    if not header.search(function):
        raise ExtractError("%s does not take struct dim_sample end_sample by value" % name)
    rewritten = header.sub(name + "_by_ref(struct dim *dim, "
                           "const struct dim_sample *end_sample)", function, count=1)
    rewritten = rewritten.replace("&end_sample", "end_sample")
    rewritten = re.sub(r"\bend_sample\.", "end_sample->", rewritten)
    return text.replace(function, rewritten, 1)


def extract(text, kind, name):
    if kind == "function":
        return find_function(text, name)
    if kind == "define":
        return find_define(text, name)
    if kind in ("enum", "struct"):
        return find_tagged(text, kind, name)
    if kind == "variable":
        return find_variable(text, name)
    raise ExtractError("unknown kind " + kind)


def main(argv):
    if len(argv) == 2 and argv[1] == "--sources":
        print("\n".join(SOURCES))
        return 0
    if len(argv) != 3:
        print("usage: extract.py SOURCE_ROOT OUTPUT_DIR | --sources", file=sys.stderr)
        return 2
    root, out = argv[1], argv[2]
    os.makedirs(os.path.join(out, "include", "linux"), exist_ok=True)
    cache = {}
    try:
        for output, shim, pieces in MANIFEST:
            parts = ["/* Generated by tools/vs-linux/extract.py from linux-source-6.1.\n"
                     " * Linux code, GPL-2.0: build output only, never committed. */\n",
                     "#include <linux/kernel.h>\n\n"]
            late = ("variable", "function")
            ordered = ([p for p in pieces if p[1] not in late] + [None] +
                       [p for p in pieces if p[1] in late])
            for entry in ordered:
                if entry is None:
                    parts.append('#include "%s"\n\n' % shim)
                    continue
                source, kind, name = entry
                if source not in cache:
                    path = os.path.join(root, source)
                    try:
                        with open(path, encoding="utf-8", errors="replace") as f:
                            cache[source] = f.read()
                    except OSError as error:
                        raise ExtractError("%s: %s" % (source, error.strerror))
                try:
                    piece = extract(cache[source], kind, name)
                except ExtractError as error:
                    raise ExtractError("%s: %s %s: %s" % (source, kind, name, error))
                if piece is None:
                    raise ExtractError("%s: %s %s not found" % (source, kind, name))
                # Point the compiler (and callgrind_annotate) at the
                # extracted file the piece came from.
                parts.append("#line %d \"%s\"\n" %
                             (cache[source][:cache[source].find(piece.rstrip("\n"))]
                              .count("\n") + 1, os.path.join(root, source)))
                parts.append(piece + "\n")
            with open(os.path.join(out, output), "w") as f:
                f.write("".join(parts))
        for source, destination in WHOLE:
            path = os.path.join(root, source)
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except OSError as error:
                raise ExtractError("%s: %s" % (source, error.strerror))
            with open(os.path.join(out, destination), "w") as f:
                f.write(text)
        source, destination, name = BY_REFERENCE
        with open(os.path.join(root, source), encoding="utf-8") as f:
            text = f.read()
        try:
            text = by_reference(text, name)
        except ExtractError as error:
            raise ExtractError("%s: %s" % (source, error))
        with open(os.path.join(out, destination), "w") as f:
            f.write("/* Generated by tools/vs-linux/extract.py from linux-source-6.1:\n"
                    " * %s with %s() taking its sample by reference\n"
                    " * (upstream 61bf0009a765). Linux code, GPL-2.0: build output\n"
                    " * only, never committed. */\n#line 1 \"%s\"\n"
                    % (source, name, os.path.join(root, source)) + text)
    except ExtractError as error:
        print("extract.py: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

// The catalogue entries of shogi_plan.rs: the Shogi plan's (seed 004) Rust
// listings as written, beside the C++ transcriptions of the same listings
// (same_listing: the matrix report shows a target where the two differ).
#include "rust_entry.hpp"

namespace scanproof::cat {

SCANPROOF_RUST_ENTRY(rs_popcount_sw, op::popcount, std::uint32_t,
                     {.provenance = "seed 004 (Shogi plan) 1.2 popcount_sw, in Rust",
                      .same_listing = "iterative"});
SCANPROOF_RUST_ENTRY(rs_popcount_4bit, op::popcount, std::uint32_t,
                     {.provenance = "seed 004 (Shogi plan) 2.2 '4-bit Lookup Tables': POPCOUNT_4BIT, "
                                    "popcount_4bit, in Rust",
                      .same_listing = "table4"});
SCANPROOF_RUST_ENTRY(rs_popcount_parallel, op::popcount, std::uint32_t,
                     {.provenance = "seed 004 (Shogi plan) 1.2 names popcount_parallel without a "
                                    "body; written as seed 002's SWAR 'popcnt', in Rust",
                      .same_listing = "swar_multiply"});
SCANPROOF_RUST_ENTRY(rs_bit_scan_forward_debruijn, op::lsb, std::int32_t,
                     {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                      .provenance = "seed 004 (Shogi plan) 2.1 bit_scan_forward_debruijn "
                                    "(DEBRUIJN64, DEBRUIJN_TABLE), in Rust",
                      .same_listing = "shogi_bsf_debruijn"});
SCANPROOF_RUST_ENTRY(rs_bit_scan_reverse, op::msb, std::int32_t,
                     {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                      .provenance = "seed 004 (Shogi plan) 1.3 names bit_scan_reverse without a "
                                    "body; written with core's leading_zeros (the plan's 'Current "
                                    "Method'), in Rust"});
SCANPROOF_RUST_ENTRY(rs_dispatched_popcount, op::popcount, std::uint32_t,
                     {.provenance = "seed 004 (Shogi plan) 1.1 + 1.2: popcount_hw (_popcnt64) "
                                    "behind is_x86_feature_detected!(\"popcnt\"), else popcount_sw, "
                                    "in Rust",
                      .same_listing = "dispatched_popcount"});
SCANPROOF_RUST_ENTRY(rs_dispatched_bsf, op::lsb, std::int32_t,
                     {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                      .provenance = "seed 004 (Shogi plan) 1.1 + 1.3: bit_scan_forward_hw "
                                    "(_tzcnt_u64) behind is_x86_feature_detected!(\"bmi1\"), else "
                                    "the De Bruijn bit_scan_forward, in Rust",
                      .same_listing = "dispatched_bsf"});
SCANPROOF_RUST_ENTRY(rs_dispatched_bsr, op::msb, std::int32_t,
                     {.zero = zero_spec::returns(-1, "Option None, mapped to -1"),
                      .provenance = "seed 004 (Shogi plan) 1.1 + 1.3: bit_scan_reverse_hw "
                                    "(63 - _lzcnt_u64) behind is_x86_feature_detected!(\"lzcnt\"), "
                                    "else bit_scan_reverse, in Rust",
                      .same_listing = "dispatched_bsr"});
SCANPROOF_RUST_ENTRY(rs_bit_iterator_next, op::pop_lsb, std::int32_t,
                     {.provenance = "seed 004 (Shogi plan) 3.1 'Bit Iterator Optimization': "
                                    "BitIterator::next over 2.1's bit_scan_forward_debruijn, in Rust",
                      .same_listing = "bit_iterator_next"});

}  // namespace scanproof::cat

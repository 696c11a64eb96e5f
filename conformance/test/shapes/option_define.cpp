// A define carried by an option line, with a quoted value, as `scanproof
// discover` writes an x86 build's ISA-selecting defines (`// scanproof: option
// x86 -DUSE_AVX2`): it reaches this file's compile on x86 alone, and the
// generated manifest that lists the file's options still compiles.
// scanproof: option x86 -DSHAPES_SELECTED_ISA="x86"
#include <cstdint>
#include <scanproof/candidate.hpp>
#if defined(__x86_64__) || defined(__i386__)
static_assert(sizeof(SHAPES_SELECTED_ISA) == 4, "the option line's define reaches the compile on x86");
#elif defined(SHAPES_SELECTED_ISA)
#error "an x86 option line reached another CPU's compile"
#endif
static int c_shape_option_define_lsb(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(c_shape_option_define_lsb, scanproof::op::lsb);

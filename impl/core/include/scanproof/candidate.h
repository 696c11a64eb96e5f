/* Bring your own scanner, in C (C11 or later):
 *
 *   #include <scanproof/candidate.h>
 *   static int my_lsb(uint64_t b) { ... }
 *   SCANPROOF_CANDIDATE(my_lsb, SCANPROOF_LSB);
 *   SCANPROOF_CANDIDATE_NAMED(eng_popcount, popcount, SCANPROOF_POPCOUNT);
 *
 * The same contract as candidate.hpp: the candidate's name is the function's
 * identifier (SCANPROOF_CANDIDATE) or the one given (SCANPROOF_CANDIDATE_NAMED),
 * and the function returns an integer type other than _Bool. Its parameters
 * are its shape (docs/contracts.md, "Shapes"), read at compile time:
 *   - one integer of 8, 16, 32 or 64 bits, signed or not (uint8_t .. uint64_t,
 *     char, short, int, long, long long; long by its real size; C's
 *     ffs(int), ffsll(long long)): the board's low bits, two's complement;
 *   - unsigned or signed __int128, where the compiler has it (__SIZEOF_INT128__);
 *   - two uint64_t (lo, hi): a 128-bit board in two halves;
 *   - a scanproof_word (a struct of two uint64_t, low half first).
 * A wrong signature (a signed or floating parameter, three parameters, a
 * _Bool result) stops the compile with one line saying so.
 * The ops are SCANPROOF_LSB, SCANPROOF_MSB, SCANPROOF_CTZ, SCANPROOF_CLZ,
 * SCANPROOF_POPCOUNT, and the pops SCANPROOF_POP_LSB, SCANPROOF_POP_MSB: a
 * pop scanner returns the lowest (highest) set square and clears it in its
 * board, passed by pointer (Ethereal's `int poplsb(uint64_t* b)`): one
 * pointer to an integer of 8 to 64 bits (signed or not), to __int128 or to
 * a scanproof_word.
 *
 * A two-half layout and a declared domain follow the op as designated
 * initializers of scanproof_declaration (declaration.h), like candidate.hpp's layout options:
 *
 *   static int shogi_lsb(uint64_t lo, uint64_t hi) { ... }
 *   SCANPROOF_CANDIDATE(shogi_lsb, SCANPROOF_LSB, .high_offset = 63, .index_base = 1);
 *   static int draughts_lsb(uint64_t b) { ... }
 *   SCANPROOF_CANDIDATE(draughts_lsb, SCANPROOF_LSB, .domain = {0x7DF3EF9F7CFBE7DFull, 0});
 *
 *   .high_offset  the board index of the high half's bit 0: 64 (the default,
 *                 a plain 128-bit number) or 63 (YaneuraOu/Apery);
 *   .index_base   the index lsb/msb give square 0: 0 (default) or 1;
 *   .domain       {lo, hi}: the squares that can ever be set; {0, 0} (the
 *                 default) means every square of the layout.
 *
 * The macro generates, in this translation unit and with the scanner inlined,
 * the same kernels as the C++ registration (batch<>, chain<>, serialize<> of
 * batch.hpp), the proof symbol
 *   int64_t scanproof_scalar__<NAME>(uint64_t lo, uint64_t hi, scanproof_word* after)
 * that `scanproof prove` looks up (it calls the scanner as batch does: a
 * one-integer shape reads the low bits of lo; a pop scanner writes the board
 * it leaves to *after), and a constructor that
 * registers them. */
#ifndef SCANPROOF_CANDIDATE_H
#define SCANPROOF_CANDIDATE_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#error "scanproof/candidate.h is the C interface: C++ files include <scanproof/candidate.hpp>"
#endif
#if !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "scanproof/candidate.h needs C11 or later (_Generic, _Static_assert)"
#endif

/* The values of scanproof::op (op.hpp): both are ops.def's rows in order
 * (SCANPROOF_LSB = 0 .. SCANPROOF_POP_MSB = 6). */
enum {
#define SCANPROOF_OP(n, C, kind, scan) SCANPROOF_##C,
#include "ops.def"
#undef SCANPROOF_OP
};
/* A bit per op, set for the pops (ops.def's kind pop): SCANPROOF_C_IS_POP_. */
#define SCANPROOF_C_KIND_scan_ 0
#define SCANPROOF_C_KIND_pop_ 1
enum {
  SCANPROOF_C_POPS_ = 0
#define SCANPROOF_OP(n, C, kind, scan) | (SCANPROOF_C_KIND_##kind##_ << SCANPROOF_##C)
#include "ops.def"
#undef SCANPROOF_OP
};

/* scanproof_word (declaration.h): scanproof::word (word.hpp), a board as
 * the implementation is passed it; scanproof_zero: a zero contract. */
#include "declaration.h"

/* A zero contract (the catalogue's zero_spec, descriptor.hpp): .zero = ... */
#define SCANPROOF_ZERO_UNDEFINED {2, 0}
#define SCANPROOF_ZERO_RETURNS(v) {1, (int64_t)(v)}

/* Defined by the registry (impl/core/src/registry.cpp): the candidate's
 * declaration and its kernels. The batch is descriptor.hpp's batch_fn: each
 * result, and when `after` is not null the board each call left behind (a
 * pop scanner's cleared board, any other's input). */
int scanproof_register_c_declared(const scanproof_declaration* declaration,
                                  void (*batch)(const scanproof_word*, int64_t*, scanproof_word*, size_t),
                                  int64_t (*chain)(const scanproof_word*, size_t),
                                  int64_t (*serialize)(const scanproof_word*, size_t),
                                  const char* file);

/* scanproof_add_candidates() and -DSCANPROOF_CANDIDATES define this per file. */
#ifdef SCANPROOF_CANDIDATE_SOURCE
#define SCANPROOF_CANDIDATE_FILE SCANPROOF_CANDIDATE_SOURCE
#else
#define SCANPROOF_CANDIDATE_FILE __FILE__
#endif


#define SCANPROOF_C_CAT2_(a, b) a##b
#define SCANPROOF_C_CAT_(a, b) SCANPROOF_C_CAT2_(a, b)
#define SCANPROOF_C_STR2_(a) #a
#define SCANPROOF_C_STR_(a) SCANPROOF_C_STR2_(a)

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 scanproof_c_u128_;
#endif

/* The associations of _Generic(&FN, ...) for FN of type R (*)A, A a
 * parenthesised parameter list, over every return type R accepted (an integer
 * type other than _Bool), each selecting V. */
#ifdef __SIZEOF_INT128__
#define SCANPROOF_C_RETURNING_(A, V)                                                        \
  char(*) A : V, signed char(*) A : V, unsigned char(*) A : V, short(*) A : V,              \
  unsigned short(*) A : V, int(*) A : V, unsigned(*) A : V, long(*) A : V,                  \
  unsigned long(*) A : V, long long(*) A : V, unsigned long long(*) A : V,                  \
  __int128(*) A : V, unsigned __int128(*) A : V
#define SCANPROOF_C_INT128_(SEL, X) \
  SCANPROOF_C_RETURNING_((unsigned __int128), SEL(X, int128, unsigned __int128, 1)), \
  SCANPROOF_C_RETURNING_((__int128), SEL(X, int128, __int128, 1)),
#else
#define SCANPROOF_C_RETURNING_(A, V)                                                        \
  char(*) A : V, signed char(*) A : V, unsigned char(*) A : V, short(*) A : V,              \
  unsigned short(*) A : V, int(*) A : V, unsigned(*) A : V, long(*) A : V,                  \
  unsigned long(*) A : V, long long(*) A : V, unsigned long long(*) A : V
#define SCANPROOF_C_INT128_(SEL, X)
#endif

/* _Generic over FN's signature: each accepted parameter list selects
 * SEL(X, kind, parameter type, accepted); anything else SEL(X, none, ...).
 * kind: integer, int128, halves, pair (shape.hpp's scanproof::argument).
 * __extension__: unsigned __int128 is GNU C (-pedantic stays quiet). */
#define SCANPROOF_C_BY_SIGNATURE_(FN, SEL, X)                                               \
  (__extension__ _Generic(&(FN),                                                            \
    SCANPROOF_C_RETURNING_((unsigned char), SEL(X, integer, unsigned char, 1)),             \
    SCANPROOF_C_RETURNING_((unsigned short), SEL(X, integer, unsigned short, 1)),           \
    SCANPROOF_C_RETURNING_((unsigned int), SEL(X, integer, unsigned int, 1)),               \
    SCANPROOF_C_RETURNING_((unsigned long), SEL(X, integer, unsigned long, 1)),             \
    SCANPROOF_C_RETURNING_((unsigned long long), SEL(X, integer, unsigned long long, 1)),   \
    SCANPROOF_C_RETURNING_((char), SEL(X, integer, char, 1)),                               \
    SCANPROOF_C_RETURNING_((signed char), SEL(X, integer, signed char, 1)),                 \
    SCANPROOF_C_RETURNING_((short), SEL(X, integer, short, 1)),                             \
    SCANPROOF_C_RETURNING_((int), SEL(X, integer, int, 1)),                                 \
    SCANPROOF_C_RETURNING_((long), SEL(X, integer, long, 1)),                               \
    SCANPROOF_C_RETURNING_((long long), SEL(X, integer, long long, 1)),                     \
    SCANPROOF_C_INT128_(SEL, X)                                                             \
    SCANPROOF_C_RETURNING_((uint64_t, uint64_t), SEL(X, halves, uint64_t, 1)),              \
    SCANPROOF_C_RETURNING_((scanproof_word), SEL(X, pair, scanproof_word, 1)),              \
    default: SEL(X, none, uint64_t, 0)))

/* 1 if FN's signature is accepted. */
#define SCANPROOF_C_SEL_OK_(X, K, T, OK) (OK)
#define SCANPROOF_C_SIGNATURE_OK(FN) SCANPROOF_C_BY_SIGNATURE_(FN, SCANPROOF_C_SEL_OK_, ~)
/* shape.hpp's argument (0..3; -1 if not accepted). */
#define SCANPROOF_C_KIND_integer_ 0
#define SCANPROOF_C_KIND_int128_ 1
#define SCANPROOF_C_KIND_halves_ 2
#define SCANPROOF_C_KIND_pair_ 3
#define SCANPROOF_C_KIND_none_ (-1)
#define SCANPROOF_C_SEL_KIND_(X, K, T, OK) SCANPROOF_C_KIND_##K##_
#define SCANPROOF_C_KIND(FN) SCANPROOF_C_BY_SIGNATURE_(FN, SCANPROOF_C_SEL_KIND_, ~)
/* Bits the function is passed: its parameter's real size, or 128. */
#define SCANPROOF_C_WIDTH_integer_(T) ((int)sizeof(T) * CHAR_BIT)
#define SCANPROOF_C_WIDTH_int128_(T) 128
#define SCANPROOF_C_WIDTH_halves_(T) 128
#define SCANPROOF_C_WIDTH_pair_(T) 128
#define SCANPROOF_C_WIDTH_none_(T) 0
#define SCANPROOF_C_SEL_WIDTH_(X, K, T, OK) SCANPROOF_C_WIDTH_##K##_(T)
#define SCANPROOF_C_WIDTH(FN) SCANPROOF_C_BY_SIGNATURE_(FN, SCANPROOF_C_SEL_WIDTH_, ~)

/* Calling FN from a word (lo, hi) as batch.hpp's call_scanner does. Both
 * call expressions type-check for every FN: the one that does not apply calls
 * a stand-in, so a wrong signature gives only the _Static_assert's line. */
static inline int64_t scanproof_c_unused1_(uint64_t lo) { return (int64_t)lo; }
static inline int64_t scanproof_c_unused2_(uint64_t lo, uint64_t hi) { return (int64_t)(lo ^ hi); }
static inline scanproof_word scanproof_c_word_(uint64_t lo, uint64_t hi) {
  scanproof_word w;
  w.lo = lo;
  w.hi = hi;
  return w;
}
/* The one-argument callee and its argument, from locals scanproof_lo_ and scanproof_hi_. */
#define SCANPROOF_C_CALLEE_integer_(FN) (FN)
#define SCANPROOF_C_CALLEE_int128_(FN) (FN)
#define SCANPROOF_C_CALLEE_pair_(FN) (FN)
#define SCANPROOF_C_CALLEE_halves_(FN) scanproof_c_unused1_
#define SCANPROOF_C_CALLEE_none_(FN) scanproof_c_unused1_
#define SCANPROOF_C_SEL_CALLEE_(X, K, T, OK) SCANPROOF_C_CALLEE_##K##_(X)
#define SCANPROOF_C_ARG_integer_(T) ((T)scanproof_lo_)
#define SCANPROOF_C_ARG_int128_(T) ((T)(((scanproof_c_u128_)scanproof_hi_ << 64) | scanproof_lo_))
#define SCANPROOF_C_ARG_pair_(T) scanproof_c_word_(scanproof_lo_, scanproof_hi_)
#define SCANPROOF_C_ARG_halves_(T) scanproof_lo_
#define SCANPROOF_C_ARG_none_(T) scanproof_lo_
#define SCANPROOF_C_SEL_ARG_(X, K, T, OK) SCANPROOF_C_ARG_##K##_(T)
#define SCANPROOF_C_CALL_(FN)                                                               \
  (SCANPROOF_C_KIND(FN) == 2                                                                \
       ? (int64_t)(__extension__ _Generic(&(FN), SCANPROOF_C_RETURNING_((uint64_t, uint64_t), (FN)), \
                                          default: scanproof_c_unused2_))(scanproof_lo_, scanproof_hi_) \
       : (int64_t)SCANPROOF_C_BY_SIGNATURE_(FN, SCANPROOF_C_SEL_CALLEE_, FN)(               \
             SCANPROOF_C_BY_SIGNATURE_(FN, SCANPROOF_C_SEL_ARG_, ~)))

/* Pop scanners (SCANPROOF_POP_LSB/MSB): FN takes its board by pointer.
 * _Generic over the pointer parameter lists: SEL(X, member, kind, accepted),
 * `member` the field of scanproof_c_board_ that holds the board, `kind` as
 * SCANPROOF_C_KIND's (integer, int128, pair; none if FN is not a pop scanner). */
typedef union scanproof_c_board_ {
  unsigned char uc;
  unsigned short us;
  unsigned int ui;
  unsigned long ul;
  unsigned long long ull;
  char c;
  signed char sc;
  short ss;
  int si;
  long sl;
  long long sll;
  scanproof_word w;
#ifdef __SIZEOF_INT128__
  __extension__ unsigned __int128 u128;
  __extension__ __int128 s128;
#endif
} scanproof_c_board_;
#ifdef __SIZEOF_INT128__
#define SCANPROOF_C_POP_INT128_(SEL, X)                                                     \
  SCANPROOF_C_RETURNING_((unsigned __int128*), SEL(X, u128, int128, 1)),                    \
  SCANPROOF_C_RETURNING_((__int128*), SEL(X, s128, int128, 1)),
#else
#define SCANPROOF_C_POP_INT128_(SEL, X)
#endif
#define SCANPROOF_C_BY_POP_SIGNATURE_(FN, SEL, X)                                           \
  (__extension__ _Generic(&(FN),                                                            \
    SCANPROOF_C_RETURNING_((unsigned char*), SEL(X, uc, integer, 1)),                       \
    SCANPROOF_C_RETURNING_((unsigned short*), SEL(X, us, integer, 1)),                      \
    SCANPROOF_C_RETURNING_((unsigned int*), SEL(X, ui, integer, 1)),                        \
    SCANPROOF_C_RETURNING_((unsigned long*), SEL(X, ul, integer, 1)),                       \
    SCANPROOF_C_RETURNING_((unsigned long long*), SEL(X, ull, integer, 1)),                 \
    SCANPROOF_C_RETURNING_((char*), SEL(X, c, integer, 1)),                                 \
    SCANPROOF_C_RETURNING_((signed char*), SEL(X, sc, integer, 1)),                         \
    SCANPROOF_C_RETURNING_((short*), SEL(X, ss, integer, 1)),                               \
    SCANPROOF_C_RETURNING_((int*), SEL(X, si, integer, 1)),                                 \
    SCANPROOF_C_RETURNING_((long*), SEL(X, sl, integer, 1)),                                \
    SCANPROOF_C_RETURNING_((long long*), SEL(X, sll, integer, 1)),                          \
    SCANPROOF_C_POP_INT128_(SEL, X)                                                         \
    SCANPROOF_C_RETURNING_((scanproof_word*), SEL(X, w, pair, 1)),                          \
    default: SEL(X, ull, none, 0)))
#define SCANPROOF_C_POP_SEL_OK_(X, M, K, OK) (OK)
#define SCANPROOF_C_POP_SIGNATURE_OK(FN) SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_OK_, ~)
/* shape.hpp's argument of the board behind the pointer, and its width. */
#define SCANPROOF_C_POP_SEL_KIND_(X, M, K, OK) SCANPROOF_C_KIND_##K##_
#define SCANPROOF_C_POP_KIND(FN) SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_KIND_, ~)
#define SCANPROOF_C_POP_SEL_WIDTH_(X, M, K, OK) SCANPROOF_C_WIDTH_##K##_(X.M)
#define SCANPROOF_C_POP_WIDTH(FN) \
  SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_WIDTH_, (*(scanproof_c_board_*)0))
/* The callee (FN, or a stand-in when FN is not a pop scanner) and &board.member. */
static inline int64_t scanproof_c_unused_pop_(unsigned long long* b) { return (int64_t)*b; }
#define SCANPROOF_C_POP_SEL_CALLEE_(X, M, K, OK) SCANPROOF_C_POP_CALLEE_##OK##_(X)
#define SCANPROOF_C_POP_CALLEE_1_(FN) (FN)
#define SCANPROOF_C_POP_CALLEE_0_(FN) scanproof_c_unused_pop_
#define SCANPROOF_C_POP_SEL_ADDR_(X, M, K, OK) (&(X).M)
/* The board (locals scanproof_lo_, scanproof_hi_) into the union, and back
 * into *scanproof_after_, as batch.hpp's call_popper<> does. */
#define SCANPROOF_C_POP_SEL_SET_(X, M, K, OK) SCANPROOF_C_POP_SET_##K##_(X, M)
#define SCANPROOF_C_POP_SET_integer_(X, M) ((X).M = (__typeof__((X).M))scanproof_lo_)
#define SCANPROOF_C_POP_SET_none_(X, M) ((X).M = (__typeof__((X).M))scanproof_lo_)
#define SCANPROOF_C_POP_SET_int128_(X, M) ((X).M = ((__typeof__((X).M))scanproof_hi_ << 64) | scanproof_lo_)
#define SCANPROOF_C_POP_SET_pair_(X, M) ((X).w.lo = scanproof_lo_, (X).w.hi = scanproof_hi_)
#define SCANPROOF_C_POP_SEL_GET_(X, M, K, OK) SCANPROOF_C_POP_GET_##K##_(X, M)
/* A signed board's bits, two's complement: a negative int is 0xFFFFFFFF, not
 * sign-extended to 64 bits. */
#define SCANPROOF_C_POP_GET_integer_(X, M) \
  (scanproof_after_->lo = (uint64_t)(X).M & (~(uint64_t)0 >> (64 - CHAR_BIT * sizeof((X).M))), \
   scanproof_after_->hi = 0)
#define SCANPROOF_C_POP_GET_none_(X, M) (scanproof_after_->lo = (uint64_t)(X).M, scanproof_after_->hi = 0)
#define SCANPROOF_C_POP_GET_int128_(X, M) \
  (scanproof_after_->lo = (uint64_t)(X).M, \
   scanproof_after_->hi = (uint64_t)((scanproof_c_u128_)(X).M >> 64))
#define SCANPROOF_C_POP_GET_pair_(X, M) (*scanproof_after_ = (X).w)
#define SCANPROOF_C_IS_POP_(OP) ((unsigned)(OP) < 31u && ((SCANPROOF_C_POPS_ >> (OP)) & 1))

#define SCANPROOF_C_FIRST_(a, ...) a
#define SCANPROOF_C_SECOND_(a, b, ...) b
#define SCANPROOF_C_REST_(a, b, ...) (__VA_ARGS__)
#define SCANPROOF_C_UNPAREN_(...) __VA_ARGS__

/* SCANPROOF_CANDIDATE(function, op [, .high_offset = .., .index_base = .., .domain = {lo, hi}]):
 * the candidate is named after the function.
 * SCANPROOF_CANDIDATE_NAMED(name, function, op [, options]): under a name of
 * your choice, so two engines' `popcount` or `poplsb` can be told apart. */
#define SCANPROOF_CANDIDATE(...)                                                            \
  SCANPROOF_C_CANDIDATE_(SCANPROOF_C_FIRST_(__VA_ARGS__, ~), SCANPROOF_C_FIRST_(__VA_ARGS__, ~), \
                         SCANPROOF_C_SECOND_(__VA_ARGS__, ~, ~), SCANPROOF_C_REST_(__VA_ARGS__, ))
#define SCANPROOF_CANDIDATE_NAMED(NAME, ...)                                                \
  SCANPROOF_C_CANDIDATE_(NAME, SCANPROOF_C_FIRST_(__VA_ARGS__, ~), SCANPROOF_C_SECOND_(__VA_ARGS__, ~, ~), \
                         SCANPROOF_C_REST_(__VA_ARGS__, ))

#define SCANPROOF_C_CANDIDATE_(NAME, FN, OP, OPTIONS)                                                            \
  _Static_assert(SCANPROOF_C_SIGNATURE_OK(FN) || SCANPROOF_C_POP_SIGNATURE_OK(FN),                        \
                 "SCANPROOF_CANDIDATE(function, op): the function must take one integer (8 to 64 bits, "  \
                 "signed or not, or __int128), two uint64_t (lo, hi) or a scanproof_word (a pop "          \
                 "scanner: a pointer to one), and return an integer type (not _Bool)");            \
  _Static_assert(!SCANPROOF_C_POP_SIGNATURE_OK(FN) || SCANPROOF_C_IS_POP_(OP),                             \
                 "SCANPROOF_CANDIDATE(function, op): the function takes its board by pointer, so it is a " \
                 "pop scanner (it clears the square it returns): register it as SCANPROOF_POP_LSB or "    \
                 "SCANPROOF_POP_MSB");                                                                     \
  _Static_assert(SCANPROOF_C_POP_SIGNATURE_OK(FN) || !SCANPROOF_C_IS_POP_(OP) ||                           \
                     !SCANPROOF_C_SIGNATURE_OK(FN),                                                        \
                 "SCANPROOF_CANDIDATE(function, SCANPROOF_POP_LSB/MSB): a pop scanner takes one board by " \
                 "pointer (int poplsb(uint64_t* b)) and clears the square it returns");                   \
  /* pop_batch.hpp's call_popper<>: FN on the board (lo, hi), which it updates in *scanproof_after_. */   \
  static inline __attribute__((always_inline)) int64_t SCANPROOF_C_CAT_(scanproof_c_pop1__, NAME)(         \
      uint64_t scanproof_lo_, uint64_t scanproof_hi_, scanproof_word* scanproof_after_) {                 \
    scanproof_c_board_ scanproof_v_;                                                                       \
    (void)SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_SET_, scanproof_v_);                       \
    const int64_t scanproof_r_ = (int64_t)SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_CALLEE_, FN)( \
        SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_ADDR_, scanproof_v_));                       \
    (void)SCANPROOF_C_BY_POP_SIGNATURE_(FN, SCANPROOF_C_POP_SEL_GET_, scanproof_v_);                       \
    return scanproof_r_;                                                                                   \
  }                                                                                                        \
  /* batch.hpp's call_scanner<>: FN on the word (lo, hi); a pop scanner on a copy, its index. */          \
  static inline __attribute__((always_inline)) int64_t SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(         \
      uint64_t scanproof_lo_, uint64_t scanproof_hi_) {                                                    \
    scanproof_word scanproof_copy_;                                                                        \
    if (SCANPROOF_C_POP_SIGNATURE_OK(FN))                                                                  \
      return SCANPROOF_C_CAT_(scanproof_c_pop1__, NAME)(scanproof_lo_, scanproof_hi_, &scanproof_copy_);    \
    return SCANPROOF_C_CALL_(FN);                                                                          \
  }                                                                                                        \
  /* The proof symbol: a pop scanner's board left behind in *after, as its batch writes it. */             \
  __attribute__((used)) static int64_t SCANPROOF_C_CAT_(scanproof_scalar__, NAME)(uint64_t lo, uint64_t hi,  \
                                                                               scanproof_word* after) {   \
    if (SCANPROOF_C_POP_SIGNATURE_OK(FN)) return SCANPROOF_C_CAT_(scanproof_c_pop1__, NAME)(lo, hi, after);  \
    return SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(lo, hi);                                              \
  }                                                                                                        \
  /* batch.hpp's batch<> and pop_batch<>: the results, and the boards left behind when asked. */         \
  static void SCANPROOF_C_CAT_(scanproof_c_batch__, NAME)(const scanproof_word* in, int64_t* out,          \
                                                        scanproof_word* after, size_t n) {                \
    if (SCANPROOF_C_POP_SIGNATURE_OK(FN) && after) {                                                       \
      for (size_t i = 0; i < n; ++i)                                                                       \
        out[i] = SCANPROOF_C_CAT_(scanproof_c_pop1__, NAME)(in[i].lo, in[i].hi, &after[i]);                  \
      return;                                                                                              \
    }                                                                                                      \
    for (size_t i = 0; i < n; ++i) out[i] = SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(in[i].lo, in[i].hi); \
    if (after)                                                                                             \
      for (size_t i = 0; i < n; ++i) after[i] = in[i];                                                     \
  }                                                                                                        \
  static int64_t SCANPROOF_C_CAT_(scanproof_c_chain__, NAME)(const scanproof_word* in, size_t n) {         \
    uint64_t r = 0;                                                                                        \
    for (size_t i = 0; i < n; ++i)                                                                         \
      r = (uint64_t)SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(in[i].lo ^ r, in[i].hi);                     \
    return (int64_t)r;                                                                                     \
  }                                                                                                        \
  /* batch.hpp's serialize<>: lsb/ctz clear the lowest bit; a plain 64-bit msb/clz clears the bit it      \
     named (at most 64 times), other shapes' msb/clz the highest set bit of the argument. */              \
  static int64_t SCANPROOF_C_CAT_(scanproof_c_serialize__, NAME)(const scanproof_word* in, size_t n) {     \
    const int lowest = (OP) == SCANPROOF_LSB || (OP) == SCANPROOF_CTZ || (OP) == SCANPROOF_POP_LSB;        \
    const int plain64 = SCANPROOF_C_WIDTH(FN) == 64 && SCANPROOF_C_KIND(FN) == 0;                          \
    int64_t sum = 0;                                                                                       \
    for (size_t i = 0; i < n; ++i) {                                                                       \
      uint64_t lo = in[i].lo, hi = plain64 ? 0 : in[i].hi;                                                 \
      if (plain64 && !lowest) {                                                                            \
        for (int k = 0; lo != 0 && k < 64; ++k) {                                                          \
          const int64_t s = SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(lo, 0);                               \
          sum += s;                                                                                        \
          lo &= ~((uint64_t)1 << (((OP) == SCANPROOF_MSB || (OP) == SCANPROOF_POP_MSB ? s : 63 - s) & 63)); \
        }                                                                                                  \
      } else if (lowest) {                                                                                 \
        for (; (lo | hi) != 0; lo != 0 ? (void)(lo &= lo - 1) : (void)(hi &= hi - 1))                      \
          sum += SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(lo, hi);                                         \
      } else {                                                                                             \
        for (; (lo | hi) != 0; hi != 0 ? (void)(hi &= ~((uint64_t)1 << (63 - __builtin_clzll(hi))))       \
                                       : (void)(lo &= ~((uint64_t)1 << (63 - __builtin_clzll(lo)))))       \
          sum += SCANPROOF_C_CAT_(scanproof_c_call__, NAME)(lo, hi);                                         \
      }                                                                                                    \
    }                                                                                                      \
    return sum;                                                                                            \
  }                                                                                                        \
  /* The declaration (declaration.h), in the object file; the options are its designated initializers. */ \
  _Static_assert(sizeof(SCANPROOF_C_STR_(NAME)) <= SCANPROOF_DECLARATION_NAME_MAX + 1,                     \
                 "SCANPROOF_CANDIDATE: a candidate's name is at most 127 characters");                    \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wmissing-field-initializers\"")        \
  __attribute__((used)) static const scanproof_declaration SCANPROOF_C_CAT_(scanproof_c_declaration__, NAME) = { \
      .magic = SCANPROOF_DECLARATION_MAGIC, .name = SCANPROOF_C_STR_(NAME),                                  \
      .byte_order = SCANPROOF_DECLARATION_BYTE_ORDER, .op = (OP),                                           \
      .width = SCANPROOF_C_POP_SIGNATURE_OK(FN) ? SCANPROOF_C_POP_WIDTH(FN) : SCANPROOF_C_WIDTH(FN),         \
      .argument = SCANPROOF_C_POP_SIGNATURE_OK(FN) ? SCANPROOF_C_POP_KIND(FN) : SCANPROOF_C_KIND(FN),        \
      .line = __LINE__, .end = SCANPROOF_DECLARATION_END, SCANPROOF_C_UNPAREN_ OPTIONS};                                      \
  _Pragma("GCC diagnostic pop")                                                                            \
  __attribute__((constructor)) static void SCANPROOF_C_CAT_(scanproof_c_register__, NAME)(void) {          \
    scanproof_register_c_declared(&SCANPROOF_C_CAT_(scanproof_c_declaration__, NAME),                        \
                                  SCANPROOF_C_CAT_(scanproof_c_batch__, NAME),                               \
                                  SCANPROOF_C_CAT_(scanproof_c_chain__, NAME),                               \
                                  (OP) == SCANPROOF_POPCOUNT ? 0 : SCANPROOF_C_CAT_(scanproof_c_serialize__, NAME), \
                                  SCANPROOF_CANDIDATE_FILE);                                               \
  }                                                                                                        \
  typedef int SCANPROOF_C_CAT_(scanproof_c_registered__, NAME)

/* SCANPROOF_CANDIDATE_EXPR(name, parameter, expression, op [, options]): a
 * scanner that is an expression of the board variable, such as a
 * function-like macro (berserk's BitCount(bb)), or a function named as the
 * candidate should not be:
 *   SCANPROOF_CANDIDATE_EXPR(berserk_popcount, BitBoard bb, BitCount(bb), SCANPROOF_POPCOUNT);
 * `parameter` declares the board variable (its type is the shape, as a
 * function's parameter is); `expression` is any integer expression of it.
 * The macro makes it the function `name` and registers that. */
#define SCANPROOF_C_INTEGER_EXPR_(E)                                                        \
  _Generic((E), char: 1, signed char: 1, unsigned char: 1, short: 1, unsigned short: 1,     \
           int: 1, unsigned: 1, long: 1, unsigned long: 1, long long: 1,                    \
           unsigned long long: 1, default: 0)
#define SCANPROOF_CANDIDATE_EXPR(NAME, PARAM, ...)                                          \
  static inline __attribute__((always_inline)) int64_t NAME(PARAM) {                        \
    _Static_assert(SCANPROOF_C_INTEGER_EXPR_(SCANPROOF_C_FIRST_(__VA_ARGS__, ~)),           \
                   "SCANPROOF_CANDIDATE_EXPR(name, parameter, expression, op): the expression is "  \
                   "not of an integer type (a _Bool, a pointer or a floating value is not a result)"); \
    return (int64_t)(SCANPROOF_C_FIRST_(__VA_ARGS__, ~));                                   \
  }                                                                                         \
  SCANPROOF_CANDIDATE(NAME, SCANPROOF_C_REST1_(__VA_ARGS__))
#define SCANPROOF_C_REST1_(a, ...) __VA_ARGS__ /* (expression, op...) -> op... */

#endif /* SCANPROOF_CANDIDATE_H */

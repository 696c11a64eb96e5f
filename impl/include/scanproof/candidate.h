/* Bring your own scanner, in C (C11 or later):
 *
 *   #include <scanproof/candidate.h>
 *   static int my_lsb(uint64_t b) { ... }
 *   SCANPROOF_CANDIDATE(my_lsb, SCANPROOF_LSB);
 *
 * The same contract as candidate.hpp: the candidate's name is the function's
 * identifier, it takes a 64-bit unsigned integer (uint64_t, unsigned long
 * long, or unsigned long where that has 64 bits) and returns an integer type
 * other than _Bool; a wrong signature stops the compile with one line saying
 * so. The ops are SCANPROOF_LSB, SCANPROOF_MSB, SCANPROOF_CTZ, SCANPROOF_CLZ,
 * SCANPROOF_POPCOUNT. The macro generates, in this translation unit and with
 * the scanner inlined, the same kernels as the C++ registration (batch<>,
 * chain<>, serialize<> of batch.hpp), the proof symbol scanproof_scalar__<NAME>
 * that `scanproof prove` looks up, and a constructor that registers them. */
#ifndef SCANPROOF_CANDIDATE_H
#define SCANPROOF_CANDIDATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
#error "scanproof/candidate.h is the C interface: C++ files include <scanproof/candidate.hpp>"
#endif
#if !defined(__STDC_VERSION__) || __STDC_VERSION__ < 201112L
#error "scanproof/candidate.h needs C11 or later (_Generic, _Static_assert)"
#endif

/* The values of scanproof::op (op.hpp); registry.cpp checks they agree. */
enum { SCANPROOF_LSB = 0, SCANPROOF_MSB = 1, SCANPROOF_CTZ = 2, SCANPROOF_CLZ = 3, SCANPROOF_POPCOUNT = 4 };

/* scanproof::word (word.hpp): a board as the implementation is passed it. */
typedef struct scanproof_word {
  uint64_t lo, hi;
} scanproof_word;

/* registry.hpp's scanproof_c_shape. */
typedef struct scanproof_shape {
  int width, argument, high_offset, index_base;
  uint64_t domain_lo, domain_hi;
  int domain_declared;
} scanproof_shape;

/* Defined by the registry (impl/src/registry.cpp). */
int scanproof_register_c_candidate(const char* name, int op,
                                   void (*batch)(const scanproof_word*, int64_t*, size_t),
                                   int64_t (*chain)(const scanproof_word*, size_t),
                                   int64_t (*serialize)(const scanproof_word*, size_t), const char* file,
                                   const scanproof_shape* shape);

/* scanproof_add_candidates() and -DSCANPROOF_CANDIDATES define this per file. */
#ifdef SCANPROOF_CANDIDATE_SOURCE
#define SCANPROOF_CANDIDATE_FILE SCANPROOF_CANDIDATE_SOURCE
#else
#define SCANPROOF_CANDIDATE_FILE __FILE__
#endif

/* 1 if FN is R (*)(U) with R an integer type other than _Bool and U a 64-bit
 * unsigned integer type. unsigned long counts only where it has 64 bits. */
#define SCANPROOF_C_RETURNS_(FN, U)                                                         \
  char (*)(U): 1, signed char (*)(U): 1, unsigned char (*)(U): 1, short (*)(U): 1,          \
  unsigned short (*)(U): 1, int (*)(U): 1, unsigned (*)(U): 1, long (*)(U): 1,              \
  unsigned long (*)(U): 1, long long (*)(U): 1, unsigned long long (*)(U): 1
#define SCANPROOF_C_SIGNATURE_OK(FN)                                                       \
  (_Generic(&(FN), SCANPROOF_C_RETURNS_(FN, unsigned long long), default: 0) ||            \
   (sizeof(unsigned long) == 8 &&                                                          \
    _Generic(&(FN), SCANPROOF_C_RETURNS_(FN, unsigned long), default: 0)))

#define SCANPROOF_C_CAT2_(a, b) a##b
#define SCANPROOF_C_CAT_(a, b) SCANPROOF_C_CAT2_(a, b)

#define SCANPROOF_CANDIDATE(FN, OP)                                                                        \
  _Static_assert(SCANPROOF_C_SIGNATURE_OK(FN),                                                             \
                 "SCANPROOF_CANDIDATE(function, op): the function must take one 64-bit unsigned integer " \
                 "(uint64_t) and return an integer type (not _Bool)");                                     \
  __attribute__((used)) static int64_t SCANPROOF_C_CAT_(scanproof_scalar__, FN)(uint64_t lo, uint64_t hi) { \
    (void)hi;                                                                                              \
    return (int64_t)FN(lo);                                                                                \
  }                                                                                                        \
  static void SCANPROOF_C_CAT_(scanproof_c_batch__, FN)(const scanproof_word* in, int64_t* out, size_t n) { \
    for (size_t i = 0; i < n; ++i) out[i] = (int64_t)FN(in[i].lo);                                        \
  }                                                                                                        \
  static int64_t SCANPROOF_C_CAT_(scanproof_c_chain__, FN)(const scanproof_word* in, size_t n) {         \
    uint64_t r = 0;                                                                                        \
    for (size_t i = 0; i < n; ++i) r = (uint64_t)(int64_t)FN(in[i].lo ^ r);                                \
    return (int64_t)r;                                                                                     \
  }                                                                                                        \
  /* batch.hpp's serialize<>: lsb/ctz clear the lowest bit, msb/clz the named one. */                     \
  static int64_t SCANPROOF_C_CAT_(scanproof_c_serialize__, FN)(const scanproof_word* in, size_t n) {     \
    int64_t sum = 0;                                                                                       \
    for (size_t i = 0; i < n; ++i) {                                                                       \
      uint64_t b = in[i].lo;                                                                                \
      if ((OP) == SCANPROOF_LSB || (OP) == SCANPROOF_CTZ) {                                                \
        for (; b != 0; b &= b - 1) sum += (int64_t)FN(b);                                                  \
      } else {                                                                                             \
        for (int k = 0; b != 0 && k < 64; ++k) {                                                           \
          const int64_t s = (int64_t)FN(b);                                                                \
          sum += s;                                                                                        \
          b &= ~((uint64_t)1 << (((OP) == SCANPROOF_MSB ? s : 63 - s) & 63));                              \
        }                                                                                                  \
      }                                                                                                    \
    }                                                                                                      \
    return sum;                                                                                            \
  }                                                                                                        \
  static const scanproof_shape SCANPROOF_C_CAT_(scanproof_c_shape__, FN) = {64, 0, 64, 0, ~(uint64_t)0, 0, 0}; \
  __attribute__((constructor)) static void SCANPROOF_C_CAT_(scanproof_c_register__, FN)(void) {          \
    scanproof_register_c_candidate(#FN, (OP), SCANPROOF_C_CAT_(scanproof_c_batch__, FN),                  \
                                   SCANPROOF_C_CAT_(scanproof_c_chain__, FN),                             \
                                   (OP) == SCANPROOF_POPCOUNT ? 0                                          \
                                                              : SCANPROOF_C_CAT_(scanproof_c_serialize__, FN), \
                                   SCANPROOF_CANDIDATE_FILE, &SCANPROOF_C_CAT_(scanproof_c_shape__, FN)); \
  }                                                                                                        \
  typedef int SCANPROOF_C_CAT_(scanproof_c_registered__, FN)

#endif /* SCANPROOF_CANDIDATE_H */

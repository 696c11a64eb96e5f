/* A candidate's declaration as its source states it, in the object file.
 *
 * SCANPROOF_CANDIDATE (candidate.hpp, candidate.h) makes one of these from its
 * arguments at compile time, and the candidate is registered from it. So the
 * declaration the oracle judges by is in the driver's file, readable where no
 * candidate code runs (scanproof_oracle_table --declared-manifest: judge.hpp),
 * while code in the running process can change only its copy in memory
 * (docs/contracts.md, "The judge").
 *
 * The layout is the same on every ABI: 160 bytes of text, then 8-byte fields
 * only, so no field is padded (m68k aligns 8-byte integers to 2, others to 4
 * or 8); `byte_order` tells a reader the target's byte order. C and C++. */
#ifndef SCANPROOF_DECLARATION_H
#define SCANPROOF_DECLARATION_H

#include <stdint.h>

/* Where a record starts; NUL-padded to 32 bytes in the record. */
#define SCANPROOF_DECLARATION_MAGIC "scanproof declaration 1"
#define SCANPROOF_DECLARATION_BYTE_ORDER 0x0102030405060708ull
#define SCANPROOF_DECLARATION_END 0x656e642e7265636bull /* "end.reck" */
#define SCANPROOF_DECLARATION_NAME_MAX 127

/* candidate.h's .domain and .zero (the same types). */
typedef struct scanproof_word {
  uint64_t lo, hi;
} scanproof_word;
typedef struct scanproof_zero {
  int64_t kind; /* 0: the op's (ctz/clz: the width; lsb/msb: never called), 1: value, 2: undefined */
  int64_t value;
} scanproof_zero;

typedef struct scanproof_declaration {
  char magic[32];                                /* SCANPROOF_DECLARATION_MAGIC */
  char name[SCANPROOF_DECLARATION_NAME_MAX + 1]; /* NUL-padded */
  uint64_t byte_order;                           /* SCANPROOF_DECLARATION_BYTE_ORDER */
  int64_t op;                                    /* scanproof::op (ops.def's order) */
  int64_t width;                                 /* of the function's board: 8..128 */
  int64_t argument;                              /* scanproof::argument */
  int64_t halves;                                /* scanproof::half_order: 0 low first, 1 high first */
  int64_t high_offset;                           /* 0: 64 */
  int64_t index_base;                            /* 0 or 1 */
  scanproof_word domain;                         /* {0, 0}: every square of the layout */
  scanproof_zero zero;                           /* {0, 0}: the op's */
  int64_t line;                                  /* of the registration in its file (0: not known) */
  uint64_t end;                                  /* SCANPROOF_DECLARATION_END */
} scanproof_declaration;

#ifdef __cplusplus
static_assert(sizeof(scanproof_declaration) == 160 + 13 * 8, "scanproof_declaration has padding");
#else
_Static_assert(sizeof(scanproof_declaration) == 160 + 13 * 8, "scanproof_declaration has padding");
#endif

#endif /* SCANPROOF_DECLARATION_H */

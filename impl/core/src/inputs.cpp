#include "scanproof/inputs.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "scanproof/digest.hpp"

#if (defined(__unix__) || defined(__APPLE__)) && !defined(__wasi__)
#define SCANPROOF_HAS_MMAP 1
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#else
#define SCANPROOF_HAS_MMAP 0
#endif
// Input files are mapped (map_file) on POSIX and Windows; WASI reads them.
#if defined(_WIN32)
#define SCANPROOF_MAPS_INPUTS 1
#define WIN32_LEAN_AND_MEAN
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#else
#define SCANPROOF_MAPS_INPUTS SCANPROOF_HAS_MMAP
#endif

namespace scanproof {

namespace {
using words = std::vector<word>;

words single_bits(int w) {
  words v;
  for (int i = 0; i < w; ++i) v.push_back(word::bit(i));
  return v;
}

words bit_pairs(int w) {
  words v;
  for (int i = 0; i < w; ++i)
    for (int j = i + 1; j < w; ++j) v.push_back(word::bit(i) | word::bit(j));
  return v;
}

// 2^k - 1, ~0 << k, ~0 >> k for every k.
words masks(int w) {
  const word ones = word::ones(w);
  words v;
  for (int k = 1; k <= w; ++k) v.push_back(word::ones(k));
  for (int k = 0; k < w; ++k) v.push_back((ones << k) & ones);
  for (int k = 0; k < w; ++k) v.push_back(ones >> k);
  return v;
}

// Every bits-wide value slid to every `step`-th position; positions past
// w - bits keep the bits that still fit, so windows touching the top bit are
// all there.
words windows(int w, int bits, int step) {
  const word ones = word::ones(w);
  words v;
  const std::uint64_t n = std::uint64_t{1} << bits;
  for (int pos = 0; pos < w; pos += step)
    for (std::uint64_t x = 1; x < n; ++x) {
      const word b = (word{x} << pos) & ones;
      if (b && (pos + bits <= w || (b >> pos) == word{x})) v.push_back(b);
    }
  return v;
}
words windows8(int w) { return windows(w, 8, 1); }
// 128 bits: every 4th position (half the inputs), which still puts every
// 12-bit pattern at every position, across the halves' boundary too.
words windows16(int w) { return windows(w, 16, w > 64 ? 4 : 1); }

// Each 16-bit lane takes every value while the other lanes are all zeros,
// then all ones.
words lanes16(int w) {
  const word ones = word::ones(w);
  words v;
  for (const word background : {word{}, ones})
    for (int lane = 0; lane < w / 16; ++lane)
      for (std::uint64_t x = 0; x < 0x10000; ++x) {
        const word m = word{0xFFFF} << (16 * lane);
        const word b = (background & ~m) | (word{x} << (16 * lane));
        if (b) v.push_back(b);
      }
  return v;
}

// Every nonzero value of an 8- or 16-bit word.
words exhaustive(int w) {
  words v;
  for (std::uint64_t x = 1; x < (std::uint64_t{1} << w); ++x) v.push_back(word{x});
  return v;
}

// 2^20 per distribution at 64 bits (today's sets); 2^18 at 32 and 128 bits,
// which keeps a 128-bit entry's sweeps no longer than a 64-bit one's (the
// structured families are larger there) and the emulated matrix within its time.
std::size_t random_count(int w) { return std::size_t{1} << (w == 64 ? 20 : 18); }

template <distribution D, std::uint64_t Seed>
words random_words(int w) {
  xoshiro256ss rng(Seed);
  words v(random_count(w));
  for (auto& b : v) b = draw(rng, D, w);
  return v;
}

constexpr int any = 128;
constexpr input_set sets[] = {
    {"exhaustive", "every nonzero value", exhaustive, 8, 16},
    {"single_bits", "every single bit 1 << i", single_bits, 32, any},
    {"bit_pairs", "every pair of distinct bits", bit_pairs, 32, any},
    {"masks", "2^k - 1, ~0 << k and ~0 >> k for every k", masks, 32, any},
    {"windows8", "every 8-bit value at every position", windows8, 32, any},
    {"windows16", "every 16-bit value at every position (every 4th for 128 bits)", windows16, 32, any},
    {"lanes16", "every 16-bit lane value, other lanes all zeros / all ones", lanes16, 32, any},
    {"random_uniform", "uniform words: 2^20 at 64 bits, 2^18 at 32 and 128", random_words<distribution::uniform, 0x5ca9900f0001>, 32, any},
    {"random_sparse", "ANDs of 2-4 uniform words (as many)", random_words<distribution::sparse, 0x5ca9900f0002>, 32, any},
    {"random_dense", "ORs of 2-4 uniform words (as many)", random_words<distribution::dense, 0x5ca9900f0003>, 32, any},
    {"random_above_lsb", "random bits above a random lowest set bit (as many)",
     random_words<distribution::above_lsb, 0x5ca9900f0004>, 32, any},
    {"random_below_msb", "random bits below a random highest set bit (as many)",
     random_words<distribution::below_msb, 0x5ca9900f0005>, 32, any},
};

// A uniform w-bit word (at 64 bits: one next(), as the sets always drew).
word uniform(xoshiro256ss& rng, int w) {
  if (w > 64) {
    const std::uint64_t lo = rng.next();
    return word{lo, rng.next()} & word::ones(w);
  }
  return word{rng.next()} & word::ones(w);
}
}  // namespace

word draw(xoshiro256ss& rng, distribution d, int w) {
  const word ones = word::ones(w);
  for (;;) {
    word b;
    switch (d) {
      case distribution::uniform: b = uniform(rng, w); break;
      case distribution::sparse: {
        b = ones;
        for (auto k = 2 + rng.below(3); k; --k) b &= uniform(rng, w);
        break;
      }
      case distribution::dense: {
        for (auto k = 2 + rng.below(3); k; --k) b |= uniform(rng, w);
        break;
      }
      case distribution::above_lsb: {
        const auto pos = static_cast<int>(rng.below(static_cast<std::uint64_t>(w)));
        b = ((uniform(rng, w) | word{1}) << pos) & ones;
        break;
      }
      case distribution::below_msb: {
        const auto pos = static_cast<int>(rng.below(static_cast<std::uint64_t>(w)));
        b = (uniform(rng, w) >> (w - 1 - pos)) | word::bit(pos);
        break;
      }
    }
    if (b) return b;
  }
}

std::uint64_t draw(xoshiro256ss& rng, distribution d) { return draw(rng, d, 64).lo; }

std::vector<const input_set*> input_sets(int width) {
  std::vector<const input_set*> v;
  for (const input_set& s : sets)
    if (width >= s.min_width && width <= s.max_width) v.push_back(&s);
  return v;
}

// Made once from the generators above (input_pins.inc); unit.inputs.match_their_pins
// regenerates every set at every width and compares, on every target the unit
// tests run on, and prints the line to commit for any that differs. A change of
// a generator changes these, deliberately.
constexpr input_pin pins[] = {
#include "input_pins.inc"
};

const input_pin* pinned(const input_set& s, int width) {
  for (const input_pin& p : pins)
    if (p.set == s.name && p.width == width) return &p;
  return nullptr;
}

std::vector<std::uint64_t> block_table_of(const std::uint64_t* values, std::size_t count, int units) {
  std::vector<std::uint64_t> table;
  table.reserve((count + input_block - 1) / input_block);
  const auto u = static_cast<std::size_t>(units);
  for (std::size_t first = 0; first < count; first += input_block) {
    value_digest h;
    h.add(values + first * u, std::min(input_block, count - first) * u);
    table.push_back(h.value());
  }
  return table;
}

namespace {
#if !defined(_LIBCPP_HAS_NO_THREADS)  // wasm32-wasi's libc++: no threads, no std::mutex
std::mutex cache_lock;
#define SCANPROOF_CACHE_LOCK const std::lock_guard<std::mutex> hold(cache_lock)
#else
#define SCANPROOF_CACHE_LOCK
#endif

int units_of(int width) { return width > 64 ? 2 : 1; }

std::uint64_t digest_of(const std::uint64_t* v, std::size_t n) {
  value_digest h;
  h.add(v, n);
  return h.value();
}

std::vector<std::uint64_t> generate(const input_set& s, int width) {
  const std::vector<word> made = s.make(width);
  const int u = units_of(width);
  std::vector<std::uint64_t> v(made.size() * static_cast<std::size_t>(u));
  for (std::size_t i = 0; i < made.size(); ++i) {
    if (u == 1) {
      v[i] = made[i].lo;
    } else {
      v[2 * i] = made[i].lo;
      v[2 * i + 1] = made[i].hi;
    }
  }
  return v;
}

bool matches(const input_pin& p, const std::uint64_t* v, std::size_t units_total, int u) {
  return units_total == p.count * static_cast<std::size_t>(u) && digest_of(v, units_total) == p.digest;
}

[[noreturn]] void generator_differs(const input_set& s, int width, std::size_t n, std::uint64_t digest,
                                    const input_pin& p) {
  std::fprintf(stderr,
               "scanproof: the input set %.*s at width %d was generated with %zu inputs, digest 0x%016llx; "
               "its pin (impl/core/src/input_pins.inc) says %zu inputs, digest 0x%016llx. This target generates "
               "different inputs than the others (or the generator changed without its pin): no check can "
               "run on them.\n",
               static_cast<int>(s.name.size()), s.name.data(), width, n,
               static_cast<unsigned long long>(digest), p.count, static_cast<unsigned long long>(p.digest));
  std::abort();
}

[[noreturn]] void block_table_differs(const input_set& s, int width, std::uint64_t digest, const input_pin& p) {
  std::fprintf(stderr,
               "scanproof: the block table of the input set %.*s at width %d, made from the values that match "
               "its pin, has digest 0x%016llx; its pin (impl/core/src/input_pins.inc) says 0x%016llx: the pin is "
               "stale (input_block changed without it?), no check can run on the set.\n",
               static_cast<int>(s.name.size()), s.name.data(), width, static_cast<unsigned long long>(digest),
               static_cast<unsigned long long>(p.block_table));
  std::abort();
}

std::string cache_path(const input_set& s, int width, const char* dir, const char* suffix = ".u64") {
  return std::string(dir) + "/" + std::string(s.name) + "-" + std::to_string(width) + suffix;
}
std::string table_path(const input_set& s, int width, const char* dir) { return cache_path(s, width, dir, ".blocks"); }

#if SCANPROOF_HAS_MMAP
// The file mapped read-only, or nothing if it cannot be opened or mapped.
bool map_file(const std::string& path, stored_inputs& out) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return false;
  struct stat st {};
  void* m = MAP_FAILED;
  if (::fstat(fd, &st) == 0 && st.st_size > 0)
    m = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (m == MAP_FAILED) return false;
  out.map = m;
  out.map_bytes = static_cast<std::size_t>(st.st_size);
  out.values.data = static_cast<const std::uint64_t*>(m);
  out.from = stored_inputs::origin::mapped;
  return true;
}
void unmap(void* m, std::size_t bytes) { ::munmap(m, bytes); }
#elif defined(_WIN32)
// The same with a file mapping: reading the file instead cost each process
// under Wine (no fork: a process per test) more per input than the checks
// themselves (docs/measurements.md).
bool map_file(const std::string& path, stored_inputs& out) {
  const HANDLE file = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                                  FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file == INVALID_HANDLE_VALUE) return false;
  LARGE_INTEGER size{};
  const HANDLE mapping = GetFileSizeEx(file, &size) && size.QuadPart > 0
                             ? CreateFileMappingA(file, nullptr, PAGE_READONLY, 0, 0, nullptr)
                             : nullptr;
  void* m = mapping ? MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0) : nullptr;
  if (mapping) CloseHandle(mapping);  // the view keeps the mapping alive
  CloseHandle(file);
  if (!m) return false;
  out.map = m;
  out.map_bytes = static_cast<std::size_t>(size.QuadPart);
  out.values.data = static_cast<const std::uint64_t*>(m);
  out.from = stored_inputs::origin::mapped;
  return true;
}
void unmap(void* m, std::size_t) { UnmapViewOfFile(m); }
#endif

// A whole file of 64-bit values, read through stdio in one read straight
// into memory that is not zeroed first: the one reader of input files where
// nothing maps them (WASI; where the batch front asks for a copy) and of
// their block tables. Under WASI each read is a call into Node: per 32 KB
// through a buffer, and each test's WebAssembly instance reads every file it
// sweeps, the reading was most of wasm32's harness time; a vector resized
// first spent a quarter of it zeroing (docs/measurements.md). `partial`: it is
// there but could not be read whole, or ends in part of a value.
enum class u64_file : std::uint8_t { missing, partial, whole };
struct u64_contents {
  u64_file state = u64_file::missing;
  std::unique_ptr<std::uint64_t[]> values;  // null for an empty file
  std::size_t count = 0;
};
u64_contents read_u64_file(const std::string& path) {
  u64_contents c;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return c;
  long size = -1;
  if (std::fseek(f, 0, SEEK_END) == 0) size = std::ftell(f);
  std::rewind(f);
  const auto n = size > 0 ? static_cast<std::size_t>(size) / sizeof(std::uint64_t) : 0;
  c.values.reset(n ? new std::uint64_t[n] : nullptr);
  const bool whole = size == 0 || (n && static_cast<std::size_t>(size) % sizeof(std::uint64_t) == 0 &&
                                    std::fread(c.values.get(), sizeof(std::uint64_t), n, f) == n &&
                                    std::fgetc(f) == EOF);
  std::fclose(f);
  c.state = whole ? u64_file::whole : u64_file::partial;
  c.count = whole ? n : 0;
  if (!whole) c.values.reset();
  return c;
}

// An input file read whole (read_u64_file), or nothing.
bool read_file(const std::string& path, stored_inputs& out) {
  u64_contents c = read_u64_file(path);
  if (c.state != u64_file::whole) return false;
  out.read = std::move(c.values);
  out.values.data = out.read.get();
  out.map_bytes = c.count * sizeof(std::uint64_t);
  out.from = stored_inputs::origin::read;
  return true;
}

// Writes v to path under a temporary name, then renames it into place.
bool write_file(const std::string& path, const std::vector<std::uint64_t>& v) {
  int local = 0;
  const auto tag = static_cast<unsigned long long>(
      std::chrono::steady_clock::now().time_since_epoch().count() ^ reinterpret_cast<std::uintptr_t>(&local));
#if SCANPROOF_HAS_MMAP
  const std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(tag);
#else
  const std::string tmp = path + ".tmp." + std::to_string(tag);
#endif
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return false;
  bool ok = std::fwrite(v.data(), sizeof v[0], v.size(), f) == v.size();
  ok = std::fclose(f) == 0 && ok;
#if defined(_WIN32)  // rename does not replace an existing file there (a corrupt one made again)
  if (ok && MoveFileExA(tmp.c_str(), path.c_str(), MOVEFILE_REPLACE_EXISTING)) return true;
#else
  if (ok && std::rename(tmp.c_str(), path.c_str()) == 0) return true;
#endif
  std::remove(tmp.c_str());  // a file another process maps or wrote meanwhile stays
  return false;
}
}  // namespace

stored_inputs::stored_inputs(stored_inputs&& o) noexcept
    : values(o.values), from(o.from), regenerated(o.regenerated), digest_checked(o.digest_checked),
      owned(std::move(o.owned)), read(std::move(o.read)), map(o.map), map_bytes(o.map_bytes),
      blocks(std::move(o.blocks)),
      block_checked(std::move(o.block_checked)) {
  if (!map) values.data = read ? read.get() : owned.data();
  o.map = nullptr;
  o.map_bytes = 0;
}

stored_inputs::~stored_inputs() {
#if SCANPROOF_MAPS_INPUTS
  if (map) unmap(map, map_bytes);
#endif
}

namespace {
bool inputs_read_into_memory = false;  // read_inputs_into_memory()
}  // namespace

void read_inputs_into_memory() { inputs_read_into_memory = true; }

stored_inputs load_inputs(const input_set& s, int width, const char* cache_dir, bool defer_digest) {
  const int u = units_of(width);
  const input_pin* pin = pinned(s, width);
  stored_inputs r;
  r.values.units = u;
  const std::string path = cache_dir && *cache_dir && pin ? cache_path(s, width, cache_dir) : "";
  if (!path.empty()) {
#if SCANPROOF_MAPS_INPUTS
    const bool found = (!inputs_read_into_memory && map_file(path, r)) || read_file(path, r);
#else
    const bool found = read_file(path, r);
#endif
    const std::size_t units_total = r.map_bytes / sizeof(std::uint64_t);  // mapped or read
    const bool whole = found && r.map_bytes % sizeof(std::uint64_t) == 0;
    if (whole && defer_digest && units_total == pin->count * static_cast<std::size_t>(u)) {
      r.values.count = pin->count;
      r.digest_checked = false;  // the sweep digests it (confirm_inputs)
      r.values.digest_pending = true;
      return r;
    }
    if (whole && matches(*pin, r.values.data, units_total, u)) {
      r.values.count = pin->count;
      return r;
    }
    if (found) {
      std::fprintf(stderr, "scanproof: input cache %s is stale or corrupt (size or digest differs from its pin): made again\n",
                   path.c_str());
#if SCANPROOF_MAPS_INPUTS
      if (r.map) unmap(r.map, r.map_bytes);
#endif
      r.map = nullptr;
      r.read.reset();
      r.map_bytes = 0;
      r.regenerated = true;
    }
  }
  r.owned = generate(s, width);
  r.values.data = r.owned.data();
  r.values.count = r.owned.size() / static_cast<std::size_t>(u);
  r.from = stored_inputs::origin::generated;
  if (pin && !matches(*pin, r.owned.data(), r.owned.size(), u))
    generator_differs(s, width, r.values.count, digest_of(r.owned.data(), r.owned.size()), *pin);
  if (path.empty()) return r;
  const std::vector<std::uint64_t> table = block_table_of(r.owned.data(), r.values.count, u);
  if (const std::uint64_t d = digest_of(table.data(), table.size()); d != pin->block_table)
    block_table_differs(s, width, d, *pin);
  // The values first: a reader that finds the table missing makes it from them.
  if (!write_file(path, r.owned) || !write_file(table_path(s, width, cache_dir), table))
    std::fprintf(stderr, "scanproof: cannot write the input cache %s or its block table: inputs made in this process\n",
                 path.c_str());
  return r;
}

bool write_input_sets(const char* dir, bool big_endian) {
  const bool swap = big_endian != (std::endian::native == std::endian::big);
  for (const int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width)) {
      const input_pin* pin = pinned(*s, width);
      if (!pin) continue;
      const int u = units_of(width);
      std::vector<std::uint64_t> values = generate(*s, width);
      const std::size_t count = values.size() / static_cast<std::size_t>(u);
      if (!matches(*pin, values.data(), values.size(), u))
        generator_differs(*s, width, count, digest_of(values.data(), values.size()), *pin);
      std::vector<std::uint64_t> table = block_table_of(values.data(), count, u);
      if (const std::uint64_t d = digest_of(table.data(), table.size()); d != pin->block_table)
        block_table_differs(*s, width, d, *pin);
      if (swap)
        for (auto* v : {&values, &table})
          for (std::uint64_t& x : *v) x = __builtin_bswap64(x);
      const std::string path = cache_path(*s, width, dir);
      if (!write_file(path, values) || !write_file(table_path(*s, width, dir), table)) {
        std::fprintf(stderr, "scanproof: cannot write the input set %s or its block table\n", path.c_str());
        return false;
      }
    }
  return true;
}

namespace {
// SCANPROOF_INPUTS_DIR, under WASI too (Node's WASI crashed in tests that read
// the files until the emulator turned off V8's fast API calls:
// toolchains/wasm32.cmake).
const char* inputs_dir() { return std::getenv("SCANPROOF_INPUTS_DIR"); }

using stored_map = std::map<std::pair<const input_set*, int>, stored_inputs>;
stored_map& stored_cache() {
  static stored_map cache;
  return cache;
}

// How a reader checks the values it gets: all of them against the pin before
// it reads them (values_of), as it reads them (a sweep: confirm_inputs), or
// block by block (sample_values_of).
enum class checked_by : std::uint8_t { whole, sweep, blocks };

// Loads the block table of a file loaded with its digest deferred, if it is
// there and matches its pin.
bool load_block_table(const input_set& s, int width, stored_inputs& e) {
  const char* dir = inputs_dir();
  const input_pin* pin = pinned(s, width);
  const std::size_t n = (e.values.count + input_block - 1) / input_block;
  const u64_contents got = dir && pin ? read_u64_file(table_path(s, width, dir)) : u64_contents{};
  if (got.state == u64_file::missing) return false;  // made quietly: a tree made before the tables, or a race
  if (got.state == u64_file::partial || got.count != n || digest_of(got.values.get(), n) != pin->block_table) {
    std::fprintf(stderr, "scanproof: input block table %s is stale or corrupt (its digest differs from its pin): made again\n",
                 table_path(s, width, dir).c_str());
    return false;
  }
  e.blocks.assign(got.values.get(), got.values.get() + n);
  e.block_checked.assign(n, false);
  return true;
}

void replace_stored(stored_map::iterator& it, const input_set& s, int width) {
  stored_cache().erase(it);
  // Not deferred: the file is read and found wrong again, then made and written anew with its table.
  it = stored_cache().emplace(std::pair{&s, width}, load_inputs(s, width, inputs_dir())).first;
}

// Without a usable table: the table made from the values, which are checked
// whole in the same pass; written if they match, the set made again if not.
void make_block_table(const input_set& s, int width, stored_map::iterator& it) {
  const input_values& v = it->second.values;
  const input_pin& pin = *pinned(s, width);
  const std::vector<std::uint64_t> table = block_table_of(v.data, v.count, v.units);
  if (digest_of(v.data, v.count * static_cast<std::size_t>(v.units)) != pin.digest) {
    std::fprintf(stderr, "scanproof: input cache %s is corrupt (its digest differs from its pin): made again\n",
                 cache_path(s, width, inputs_dir()).c_str());
    return replace_stored(it, s, width);
  }
  if (const std::uint64_t d = digest_of(table.data(), table.size()); d != pin.block_table)
    block_table_differs(s, width, d, pin);
  it->second.digest_checked = true;
  it->second.values.digest_pending = false;
  if (!write_file(table_path(s, width, inputs_dir()), table))
    std::fprintf(stderr, "scanproof: cannot write the input block table %s\n", table_path(s, width, inputs_dir()).c_str());
}

// The process's values of s at width, loaded once. checked_by::whole: their
// digest is matched against the pin first if a sweep has not done so yet;
// checked_by::blocks: the block table is loaded and matched if the digest is
// not (sampled_inputs::at checks the blocks).
stored_map::iterator stored_entry(const input_set& s, int width, checked_by how) {
  auto& cache = stored_cache();
  auto it = cache.find({&s, width});
  if (it == cache.end())
    it = cache.emplace(std::pair{&s, width}, load_inputs(s, width, inputs_dir(), how != checked_by::whole)).first;
  if (how == checked_by::blocks && !it->second.digest_checked && it->second.blocks.empty() &&
      !load_block_table(s, width, it->second))
    make_block_table(s, width, it);
  const bool checked = how == checked_by::whole;
  if (checked && !it->second.digest_checked) {
    const input_values& v = it->second.values;
    if (digest_of(v.data, v.count * static_cast<std::size_t>(v.units)) == pinned(s, width)->digest) {
      it->second.digest_checked = true;
      it->second.values.digest_pending = false;
    } else {
      replace_stored(it, s, width);
    }
  }
  return it;
}
const stored_inputs& stored(const input_set& s, int width, checked_by how) { return stored_entry(s, width, how)->second; }

// Calls f with the values of s at width: the process's kept copy if it has
// one, else a copy loaded for this call alone. words_of() and boards_of() keep
// words, so a process that wants only words (the property drivers) holds the
// set once, not as values and as words (twice the memory: under Node's WASI a
// 128-bit property run then crashed at exit).
template <class F>
void with_values(const input_set& s, int width, F f) {
  if (stored_cache().count({&s, width})) return f(stored(s, width, checked_by::whole).values);
  const stored_inputs once = load_inputs(s, width, inputs_dir());
  f(once.values);
}
}  // namespace

const input_values& values_of(const input_set& s, int width) {
  SCANPROOF_CACHE_LOCK;
  return stored(s, width, checked_by::whole).values;
}

const input_values& sweep_values_of(const input_set& s, int width) {
  SCANPROOF_CACHE_LOCK;
  return stored(s, width, checked_by::sweep).values;
}

sampled_inputs::sampled_inputs(const input_set& s, int width) : set_(&s), width_(width) {
  SCANPROOF_CACHE_LOCK;
  count_ = stored(s, width, checked_by::blocks).values.count;
}

word sampled_inputs::at(std::size_t i) const {
  SCANPROOF_CACHE_LOCK;
  auto it = stored_entry(*set_, width_, checked_by::blocks);
  stored_inputs& e = it->second;
  if (!e.digest_checked && !e.block_checked[i / input_block]) {
    const std::size_t first = i / input_block * input_block, u = static_cast<std::size_t>(e.values.units);
    if (digest_of(e.values.data + first * u, std::min(input_block, e.values.count - first) * u) ==
        e.blocks[i / input_block]) {
      e.block_checked[i / input_block] = true;
    } else {
      std::fprintf(stderr,
                   "scanproof: input cache %s is corrupt (the block of inputs %zu.. differs from its entry in the "
                   "block table): made again\n",
                   cache_path(*set_, width_, inputs_dir()).c_str(), first);
      replace_stored(it, *set_, width_);
    }
  }
  return it->second.values.at(i);
}

bool confirm_inputs(const input_set& s, int width, std::uint64_t digest) {
  SCANPROOF_CACHE_LOCK;
  auto it = stored_cache().find({&s, width});
  if (it == stored_cache().end() || it->second.digest_checked) return true;  // made here, or checked already
  if (digest == pinned(s, width)->digest) {
    it->second.digest_checked = true;
    it->second.values.digest_pending = false;
    return true;
  }
  const char* dir = inputs_dir();
  std::fprintf(stderr,
               "scanproof: input cache %s is corrupt (the digest of the values the check read differs from "
               "its pin): made again, and the check runs again on them\n",
               dir ? cache_path(s, width, dir).c_str() : std::string(s.name).c_str());
  replace_stored(it, s, width);
  return false;
}

void forget_inputs() {
  SCANPROOF_CACHE_LOCK;
  stored_cache().clear();
}

const std::vector<word>& words_of(const input_set& s, int width) {
  SCANPROOF_CACHE_LOCK;
  static std::map<std::pair<const input_set*, int>, words> cache;
  auto it = cache.find({&s, width});
  if (it == cache.end()) {
    words w;
    with_values(s, width, [&](const input_values& v) {
      w.resize(v.count);
      for (std::size_t i = 0; i < v.count; ++i) w[i] = v.at(i);
    });
    it = cache.emplace(std::pair{&s, width}, std::move(w)).first;
  }
  return it->second;
}

const std::vector<word>& boards_of(const input_set& s, const shape& sh) {
  if (sh.domain == word::ones(sh.width)) return words_of(s, sh.width);
  SCANPROOF_CACHE_LOCK;
  using key = std::tuple<const input_set*, int, std::uint64_t, std::uint64_t>;
  static std::map<key, words> cache;
  const key k{&s, sh.width, sh.domain.lo, sh.domain.hi};
  auto it = cache.find(k);
  if (it == cache.end()) {
    words b;
    with_values(s, sh.width, [&](const input_values& v) {
      for (std::size_t i = 0; i < v.count; ++i)
        if (const word m = v.at(i) & sh.domain) b.push_back(m);
    });
    it = cache.emplace(k, std::move(b)).first;
  }
  return it->second;
}

const input_set* find_input_set(std::string_view name) {
  for (const input_set& s : sets)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace scanproof

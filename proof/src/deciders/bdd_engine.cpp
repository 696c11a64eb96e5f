#include "deciders/bdd_engine.hpp"

#include <bdd.h>
// In C++ BuDDy's header renames these to its C++ interface (the `bdd` class);
// this file uses the C interface (BDD node numbers, explicit references).
#undef bdd_init
#undef bdd_ithvar

#include <optional>
#include <string>
#include <algorithm>
#include <unordered_map>
#include <vector>

namespace scanproof::proof {
namespace {

// A declaration's name: bit-blasting introduces constants named by an integer
// symbol, whose str() is an assertion failure (z3++.h) where asserts are on.
std::string symbol_text(const z3::symbol& s) {
  return s.kind() == Z3_STRING_SYMBOL ? s.str() : "k!" + std::to_string(s.to_int());
}

constexpr BDD bdd_false_node = 0;  // BuDDy's constants (bddfalse/bddtrue are C-only names)
constexpr BDD bdd_true_node = 1;

// BuDDy reports running out of nodes through its error handler (its default
// one exits the process): remember it; the operation in progress returns
// garbage, which is never used.
int g_error = 0;
void on_error(int e) { g_error = e; }

// One BuDDy session: init on construction, done on destruction.
struct session {
  explicit session(int max_nodes, int vars) {
    g_error = 0;
    bdd_init(max_nodes / 2, 1 << 20);  // half the limit at once: fewer garbage collections
    bdd_error_hook(on_error);
    bdd_gbc_hook(nullptr);  // the default one prints every garbage collection
    bdd_resize_hook(nullptr);
    bdd_setmaxnodenum(max_nodes);
    bdd_setmaxincrease(max_nodes);  // grow by doubling up to the limit
    bdd_setcacheratio(8);
    bdd_setvarnum(vars);
  }
  ~session() {
    bdd_done();
    bdd_clear_error();
  }
  session(const session&) = delete;
  session& operator=(const session&) = delete;
};

unsigned id_of(const z3::expr& e) { return Z3_get_ast_id(e.ctx(), e); }

// The query with the input as one Boolean variable per bit (named by us, so
// a satisfying assignment maps back to the input whatever the bit-blaster
// calls its variables), bit-blasted to a Boolean circuit. nullopt: decided
// already (out.result unsat) or not blasted (out.why).
std::optional<z3::expr> blast(const z3::expr& query, const z3::expr& input, const bdd_limits& limits,
                              bdd_answer& out) {
  z3::context& c = query.ctx();
  const int width = static_cast<int>(input.get_sort().bv_size());
  z3::expr word = c.bv_val(0, 1);
  for (int i = width; i-- > 0;) {
    const z3::expr v = c.bool_const(("bdd!bit!" + std::to_string(i)).c_str());
    const z3::expr one = limits.board.domain.test(i) ? z3::ite(v, c.bv_val(1, 1), c.bv_val(0, 1)) : c.bv_val(0, 1);
    word = i == width - 1 ? one : z3::concat(word, one);
  }
  z3::expr_vector from(c), to(c);
  from.push_back(input);
  to.push_back(word);
  z3::goal g(c);
  g.add(z3::expr(query).substitute(from, to));

  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      limits.deadline - std::chrono::steady_clock::now()).count();
  if (left <= 0) {
    out.why = "no time left";
    return std::nullopt;
  }
  z3::params p(c);
  p.set("blast_distinct", true);
  const z3::tactic blast = z3::with(z3::tactic(c, "simplify"), p) & z3::tactic(c, "bit-blast") &
                           z3::tactic(c, "simplify");
  const z3::apply_result ar = z3::try_for(blast, static_cast<unsigned>(left)).apply(g);
  if (ar.size() != 1) {
    out.why = "bit-blasting gave " + std::to_string(ar.size()) + " goals";
    return std::nullopt;
  }
  const z3::goal blasted = ar[0];
  if (blasted.is_decided_unsat()) {
    out.result = z3::unsat;
    return std::nullopt;
  }
  return blasted.as_expr();
}

// Post-order over the circuit (a DAG): how often each node is used, so its
// BDD is released after its last use. False (and why) if it is not a circuit.
bool post_order(const z3::expr& root, std::vector<z3::expr>& order, std::unordered_map<unsigned, unsigned>& uses,
                std::string& why) {
  std::vector<std::pair<z3::expr, bool>> stack{{root, false}};
  std::unordered_map<unsigned, bool> seen;
  uses[id_of(root)] = 1;
  while (!stack.empty()) {
    auto [e, expanded] = stack.back();
    stack.pop_back();
    const unsigned id = id_of(e);
    if (expanded) {
      order.push_back(e);
      continue;
    }
    if (seen[id]) continue;
    seen[id] = true;
    stack.push_back({e, true});
    if (!e.is_app()) {
      why = "not a Boolean circuit after bit-blasting: " + e.to_string().substr(0, 80);
      return false;
    }
    for (unsigned k = 0; k < e.num_args(); ++k) {
      const z3::expr a = e.arg(k);
      ++uses[id_of(a)];
      if (!seen[id_of(a)]) stack.push_back({a, false});
    }
  }
  return true;
}

// Input bit -> BDD level: the top bit first; two halves interleaved from the
// top (halves_at), each square ranked by (bit within its half, half).
void input_levels(int width, int halves_at, std::vector<int>& level, std::vector<int>& bit_at) {
  level.assign(static_cast<std::size_t>(width), 0);
  bit_at.assign(static_cast<std::size_t>(width), 0);
  std::vector<int> bits(static_cast<std::size_t>(width));
  for (int i = 0; i < width; ++i) bits[static_cast<std::size_t>(i)] = i;
  const int h = halves_at;
  auto key = [h](int i) { return h ? (i < h ? 2 * i : 2 * (i - h) + 1) : i; };
  std::sort(bits.begin(), bits.end(), [&](int a, int b) { return key(a) > key(b); });
  for (int v = 0; v < width; ++v) {
    level[static_cast<std::size_t>(bits[static_cast<std::size_t>(v)])] = v;
    bit_at[static_cast<std::size_t>(v)] = bits[static_cast<std::size_t>(v)];
  }
}

// Folds `op` (bdd_and, bdd_or, bdd_xor) over the arguments from `unit`,
// keeping the partial results referenced.
BDD fold(BDD unit, const std::vector<BDD>& a, BDD (*op)(BDD, BDD)) {
  BDD r = unit;
  for (const BDD x : a) {
    const BDD n = bdd_addref(op(r, x));
    bdd_delref(r);
    r = n;
  }
  bdd_delref(r);  // the caller references the result
  return r;
}

// One gate of the circuit on its arguments' BDDs; false (and why) for a gate
// the bit-blaster should not leave.
bool gate(const z3::expr& e, const std::vector<BDD>& a, int var, BDD& r, std::string& why) {
  switch (e.decl().decl_kind()) {
    case Z3_OP_TRUE: r = bdd_true_node; return true;
    case Z3_OP_FALSE: r = bdd_false_node; return true;
    case Z3_OP_UNINTERPRETED: r = bdd_ithvar(var); return true;
    case Z3_OP_NOT: r = bdd_not(a.at(0)); return true;
    case Z3_OP_AND: r = fold(bdd_true_node, a, bdd_and); return true;
    case Z3_OP_OR: r = fold(bdd_false_node, a, bdd_or); return true;
    case Z3_OP_XOR:
    case Z3_OP_XOR3:
    case Z3_OP_DISTINCT:
      if (e.decl().decl_kind() == Z3_OP_DISTINCT && a.size() != 2) {
        why = "distinct over more than two Booleans after bit-blasting";
        return false;
      }
      r = fold(bdd_false_node, a, bdd_xor);
      return true;
    case Z3_OP_EQ:  // on Booleans: if and only if
    case Z3_OP_IFF:
      if (a.size() != 2 || !e.arg(0).is_bool()) {
        why = "equality over non-Booleans after bit-blasting";
        return false;
      }
      r = bdd_biimp(a[0], a[1]);
      return true;
    case Z3_OP_IMPLIES: r = bdd_apply(a.at(0), a.at(1), bddop_imp); return true;
    case Z3_OP_ITE: r = bdd_ite(a.at(0), a.at(1), a.at(2)); return true;
    case Z3_OP_CARRY: {  // the bit-blaster's majority of three
      const BDD ab = bdd_addref(bdd_and(a.at(0), a.at(1)));
      const BDD aob = bdd_addref(bdd_or(a.at(0), a.at(1)));
      const BDD c3 = bdd_addref(bdd_and(aob, a.at(2)));  // unreferenced nodes may be collected
      r = bdd_or(ab, c3);
      bdd_delref(ab);
      bdd_delref(aob);
      bdd_delref(c3);
      return true;
    }
    default:
      why = "operator " + symbol_text(e.decl().name()) + " after bit-blasting";
      return false;
  }
}

}  // namespace

bdd_answer bdd_decide(const z3::expr& query, const z3::expr& input, const bdd_limits& limits) {
  bdd_answer out;
  const std::optional<z3::expr> root = blast(query, input, limits, out);
  if (!root) return out;
  std::unordered_map<unsigned, unsigned> uses;
  std::vector<z3::expr> order;
  if (!post_order(*root, order, uses, out.why)) return out;
  const int width = static_cast<int>(input.get_sort().bv_size());
  std::vector<int> level, bit_at;
  input_levels(width, limits.board.halves_at, level, bit_at);
  std::unordered_map<unsigned, int> var_of;
  int vars = width;
  for (const z3::expr& e : order) {
    if (e.decl().decl_kind() != Z3_OP_UNINTERPRETED) continue;
    if (e.num_args() != 0 || !e.is_bool()) {
      out.why = "not a Boolean circuit after bit-blasting: " + symbol_text(e.decl().name());
      return out;
    }
    const std::string n = symbol_text(e.decl().name());
    // The top bit is variable 0 (bdd_engine.hpp); other variables after the input.
    var_of[id_of(e)] = n.rfind("bdd!bit!", 0) == 0 ? level[static_cast<std::size_t>(std::stoi(n.substr(8)))] : vars++;
  }

  const session s(limits.max_nodes, vars);
  std::unordered_map<unsigned, BDD> memo;
  unsigned steps = 0;
  for (const z3::expr& e : order) {
    if ((++steps & 255) == 0 && std::chrono::steady_clock::now() > limits.deadline) {
      out.why = "time limit";
      return out;
    }
    std::vector<BDD> a;
    for (unsigned k = 0; k < e.num_args(); ++k) a.push_back(memo.at(id_of(e.arg(k))));
    BDD r = bdd_false_node;
    const auto var = var_of.find(id_of(e));
    if (!gate(e, a, var == var_of.end() ? -1 : var->second, r, out.why)) return out;
    if (g_error) {
      out.why = g_error == BDD_NODENUM ? "node limit of " + std::to_string(limits.max_nodes) + " nodes reached"
                                       : std::string("BuDDy: ") + bdd_errstring(g_error);
      return out;
    }
    memo[id_of(e)] = bdd_addref(r);
    const std::size_t live = static_cast<std::size_t>(bdd_getnodenum());
    if (live > out.peak_nodes) out.peak_nodes = live;
    for (unsigned k = 0; k < e.num_args(); ++k)  // released after its last use
      if (const unsigned id = id_of(e.arg(k)); --uses[id] == 0) bdd_delref(memo[id]);
  }
  const BDD f = memo.at(id_of(*root));
  if (f == bdd_false_node) {
    out.result = z3::unsat;
    return out;
  }
  // One satisfying path: a variable not on it is free (0 here).
  scanproof::word in;
  for (BDD n = bdd_satone(f); n != bdd_true_node && n != bdd_false_node;) {
    const int v = bdd_var(n);
    const bool one = bdd_low(n) == bdd_false_node;
    if (one && v < width) in |= scanproof::word::bit(bit_at[static_cast<std::size_t>(v)]);
    n = one ? bdd_high(n) : bdd_low(n);
  }
  out.result = z3::sat;
  out.input = in;
  return out;
}

}  // namespace scanproof::proof

"""The control-flow graph of one disassembled function: basic blocks,
dominators, natural loops (and loops entered at two places), and the path
one pass through a loop takes, for ci/matrixjob/kernel.py."""
from .isa import delay_slots, is_branch, is_call, unconditional


def _blocks(insns, triple):
    """Basic blocks as index ranges [(first, last)] and their successors {block: [blocks]}."""
    slot = delay_slots(triple)
    index = {i.addr: n for n, i in enumerate(insns)}
    leaders = {0}
    for n, i in enumerate(insns):
        if is_branch(i.mnemonic, triple) and not is_call(i, triple) or unconditional(i, triple):
            leaders.add(n + 1 + slot)
            if i.target in index:
                leaders.add(index[i.target])
    starts = sorted(x for x in leaders if x < len(insns))
    blocks = [(a, (starts[k + 1] if k + 1 < len(starts) else len(insns)) - 1) for k, a in enumerate(starts)]
    block_of = {a: k for k, (a, _) in enumerate(blocks)}
    succ = {}
    for k, (a, b) in enumerate(blocks):
        last = insns[b - slot] if b - slot >= a else insns[b]
        out = []
        if is_branch(last.mnemonic, triple) and not is_call(last, triple) and last.target in index:
            out.append(block_of.get(index[last.target]))
        if not unconditional(last, triple) and k + 1 < len(blocks):
            out.append(k + 1)
        succ[k] = [x for x in out if x is not None]
    return blocks, succ


def _dominators(n, succ):
    """Dominator sets and predecessors of the blocks reachable from the entry
    (the alignment padding after a return is not a way into a loop)."""
    reach, work = {0}, [0]
    while work:
        for o in succ[work.pop()]:
            if o not in reach:
                reach.add(o)
                work.append(o)
    pred = {k: [] for k in range(n)}
    for k, outs in succ.items():
        for o in outs:
            if k in reach:
                pred[o].append(k)
    dom = {k: set(range(n)) for k in range(n)}
    dom[0] = {0}
    changed = True
    while changed:
        changed = False
        for k in range(1, n):
            ps = [dom[p] for p in pred[k]]
            new = (set.intersection(*ps) if ps else set()) | {k}
            if new != dom[k]:
                dom[k], changed = new, True
    return dom, pred


def find_loops(insns, triple):
    """The natural loops of the function: [sorted instruction indices], one
    per loop header (the back edges to one header merged). A back edge goes to
    a block that dominates its source, so GCC's rotated loops and MIPS's
    jump into the middle are found, and a cold block after the return that
    jumps back into a loop is not a loop of its own."""
    if not insns:
        return []
    blocks, succ = _blocks(insns, triple)
    dom, pred = _dominators(len(blocks), succ)
    bodies = {}
    for u, outs in succ.items():
        for h in outs:
            if h in dom[u]:  # a back edge u -> h
                body, work = {h, u}, [u] if u != h else []  # the walk stops at the header
                while work:
                    x = work.pop()
                    for p in pred[x]:
                        if p not in body:
                            body.add(p)
                            work.append(p)
                bodies.setdefault(h, set()).update(body)
    # A loop GCC enters at two places (POWER's batch of a looping scanner) is
    # no natural loop: its strongly connected blocks are the loop then.
    loops = list(bodies.values()) + [c for c in _cycles(succ) if c not in bodies.values()]
    return [sorted(n for b in body for n in range(blocks[b][0], blocks[b][1] + 1)) for body in loops]


def hot_path(insns, triple, loop, inner=()):
    """The instruction indices of one pass through a loop, header to back
    edge, along its longest path (most instructions). llvm-mca models
    straight-line code, so it gets one path, not every alternative: the
    longest is the word that does the scanner's work, never a zero word's
    early `return 64` or GCC's out-of-line `return -1` (which would also cut
    the dependency chain the latency figure models). The inner loops
    (instruction index sets) are stepped over: each is modelled alone."""
    blocks, succ = _blocks(insns, triple)
    members = {k for k, (a, _) in enumerate(blocks) if a in set(loop)}
    if not members:
        return []
    dom, _ = _dominators(len(blocks), succ)
    heads = [h for h in sorted(members) if all(h in dom[u] for u in members)]
    header = heads[0] if heads else min(members)  # a loop entered at two places: its first block
    groups = [{k for k in members if blocks[k][0] in set(lp)} for lp in inner]
    node = {k: next((n for n, g in enumerate(groups) if k in g), None) for k in members}

    def outs(k):  # successors within the pass, an inner loop stepped over to its exits
        group = groups[node[k]] if node[k] is not None else {k}
        return sorted({o for b in group for o in succ[b] if o in members and o not in group and o != header})

    memo, active = {}, set()

    def best(k):  # (instructions, path) from block k to the end of the pass
        if k in memo:
            return memo[k]
        if k in active:  # a cycle without the header: an irreducible loop; cut it here
            return 0, []
        active.add(k)
        own = [] if node[k] is not None else list(range(blocks[k][0], blocks[k][1] + 1))
        tail = max((best(o) for o in outs(k)), key=lambda r: r[0], default=(0, []))
        active.discard(k)
        memo[k] = (len(own) + tail[0], own + tail[1])
        return memo[k]
    return best(header)[1]


def _cycles(succ):
    """The strongly connected sets of blocks that contain a cycle (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1 or v in succ[v]:
                out.append(comp)

    for v in succ:
        if v not in index:
            visit(v)
    return out

"""The report's three faces: a terminal grid, report.md and a self-contained
report.html (inline CSS; the only script sorts the speed tables on a click;
opens from disk)."""
import html

from . import analyse
from . import speed_render

LABEL = {"pass": "ok", "fail": "FAIL", "xfail": "xfail", "xpass": "XPASS", "crash": "CRASH",
         "incomplete": "LOST", "skip": "skip", "notbuilt": "-", "missing": "?", "nocompile": "NOCOMPILE"}
MEANING = {
    "pass": "every check passed",
    "fail": "wrong value or zero contract broken (counterexample shown)",
    "xfail": "declared expected failure, observed (catalogue entries only)",
    "xpass": "declared expected failure did NOT happen: the catalogue is stale",
    "crash": "the scanner crashed, hung, threw or ended the process during a check",
    "incomplete": "its run ended early for a reason not its own (no result): the target is incomplete",
    "skip": "built, but the CPU lacks an instruction it needs (would trap)",
    "notbuilt": "not built for this target (e.g. inline asm for another CPU)",
    "nocompile": "the candidate's file does not compile here (the compiler's first error shown): "
                 "a portability finding about the candidate, red; the other candidates still ran",
}
ANSI = {"pass": "32", "fail": "1;31", "xfail": "33", "xpass": "1;35", "crash": "1;31", "incomplete": "1;33",
        "skip": "2", "notbuilt": "2", "missing": "2", "nocompile": "1;31"}


TOOLCHAIN_DEPENDENT = "depends on the toolchain: same CPU, different compiler or flags (undefined behaviour?)"


def _on(d):
    return d["on"] + (f" -- {TOOLCHAIN_DEPENDENT}" if d.get("toolchain_dependent") else "")


def _compiler(f):
    return f.get("compiler", "") + (f" {f['build_flags']}" if f.get("build_flags") else "")


def _versions(t):
    """The compiler's and the emulator's own `--version` words (run.tool_versions)."""
    v = t.get("versions") or {}
    return [x for x in (v.get("compiler"), v.get("emulator")) if x]


def _label(x):
    """The op as test names spell it: "lsb" at 64 bits, "lsb128", "popcount32"
    (an implementation, finding or divergence entry; older reports: the op)."""
    return x.get("op_label") or x["op"]


def shape_cell(impl):
    """The shape column: "64-bit" for a plain one, else `scanproof list`'s
    shape text (width, how it is passed, layout, index base, domain)."""
    return impl.get("shape") or "64-bit"


def domain_cell(impl):
    """The declared domain as hex over the layout's squares, or "" (every square)."""
    d = impl.get("domain") or "all"
    return "" if d == "all" else d


def short(op, ce):
    again = " (did not repeat when re-run alone: stateful?)" if ce.get("reproduced") is False else ""
    return (f"{op}({ce['input']})={ce['got']}{analyse.leaving(ce, 'got_after')}, "
            f"want {ce['expected']}{analyse.leaving(ce, 'expected_after')}{again}")


def where_text(f):
    return ("wrong on nonzero inputs" if f["scope"] == "nonzero" else "wrong zero-input result") + \
        " on " + f["where"]


def _judged(e):
    if "fail" in e["judged"] or e["candidate"]:
        return "FAIL" + (" (candidate)" if e["candidate"] else "")
    return "XFAIL observed (declared)"


def _targets_text(targets):
    return ", ".join(t["target"] for t in targets)


def terminal(r, colour):
    targets = [t["target"] for t in analyse.grid_targets(r)]
    width = max([len(i["name"]) for i in r["implementations"]] + [10]) + 12  # op, name, gap
    col = max(len(t) for t in targets + ["XPASS"]) + 1 if targets else 6
    lines = ["".ljust(width) + "".join(t[:col - 1].ljust(col) for t in targets)]
    for impl in r["implementations"]:
        line = f"{_label(impl):<9} {impl['name']}".ljust(width)
        for t in targets:
            kind = impl["cells"][t]["kind"]
            text = LABEL[kind].ljust(col)
            line += f"\033[{ANSI[kind]}m{text}\033[0m" if colour else text
        lines.append(line.rstrip())
    lines.append("")
    for impl in r["implementations"]:
        for t in targets:
            c = impl["cells"][t]
            if c["kind"] in ("fail", "xpass", "crash", "nocompile"):
                detail = short(_label(impl), c["counterexample"]) if c.get("counterexample") else \
                    (c.get("note") or "").split("\n")[0]
                lines.append(f"{LABEL[c['kind']]:<6} {impl['name']} on {t}: {detail}")
    # (a file that built nothing has no shape to show: its row says why)
    shaped = [i for i in r["implementations"] if shape_cell(i) not in ("64-bit", "unknown (not built)")]
    if shaped:
        lines.append("Shapes other than a plain 64-bit word (inputs shown as the implementation is passed them):")
        lines += [f"  {_label(i):<9} {i['name']}: {shape_cell(i)}" for i in shaped]
    lines.append("Findings (computed from the results):")
    for f in r["findings"]:
        names = ", ".join(e["name"] for e in f["implementations"])
        lines.append(f"  - {where_text(f)}: {names}")
    for d in r["divergence"]:
        groups = "; ".join(f"{g['value'] if d['on'] == 'zero input' else g['value'][:10]} on "
                           f"{', '.join(g['targets'])}" for g in d["groups"])
        lines.append(f"  - {d['name']} differs across targets on {_on(d)}: {groups}")
    lines += [f"  - {listing_text(d)}" for d in r.get("listing_differences", [])]
    for impl in r["implementations"]:
        for t, c in impl["cells"].items():
            if c.get("proof_fail"):
                lines.append(f"PROOF  {impl['name']} on {t}: {c['proof_fail']}")
    for t, p in r.get("proofs", {}).items():
        lines.append(f"  proof on {t}: {proof_summary(p)}")
    proved = sum(1 for i in r["implementations"] for c in i["cells"].values() if c.get("proof") == "proved")
    if proved:
        lines.append(f"  {proved} cells also proved (scanproof prove)")
    for s in r["incomplete_targets"]:
        lines.append(f"  NOT COMPLETE {s['target']}: {s['why']}")
    if r.get("speed"):
        lines.append(speed_render.terminal(r).rstrip("\n"))
    lines.append(f"matrix verdict: {r['headline']}")
    return "\n".join(lines) + "\n"


def listing_text(d):
    return (f"{d['name']} and {d['twin']} (one listing) differ on {d['target']}, {d['on']}: "
            f"{d['value']} ({d['kinds'][0]}) vs {d['twin_value']} ({d['kinds'][1]})")


def _md(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def proof_summary(p):
    """One target's `scanproof prove` in words: its verdict counts, or why there are none."""
    if p.get("error") or p.get("not_proved"):
        return p.get("error") or p["not_proved"]
    counts = ", ".join(f"{n} {v}" for v, n in sorted(p["verdicts"].items()))
    took = f"; {p['timings']['proof_s']} s" if (p.get("timings") or {}).get("proof_s") is not None else ""
    return f"{counts} ({p.get('compiler')} {p.get('flags')}{took})" + \
        (f"; {p['ir_note']}" if p.get("ir_note") else "")


def markdown(r):
    targets = analyse.grid_targets(r)
    out = [f"# scanproof matrix verdict: {_md(r['headline'])}", "",
           f"Verdict: **{r['verdict']}** ({r['red_cells']} red cells; targets asked for: "
           f"{', '.join(r['requested_targets'])}). "
           "Legend: " + "; ".join(f"`{LABEL[k]}` {v}" for k, v in MEANING.items()), ""]
    if r["incomplete_targets"]:
        out += ["## Did not run to the end", ""] + \
            [f"- **{i['target']}**: {_md(i['why'])}" for i in r["incomplete_targets"]] + [""]
    out += ["## Findings", "", "| finding | implementation | judged | example |", "|---|---|---|---|"]
    for f in r["findings"]:
        for e in f["implementations"]:
            out.append(f"| {_md(where_text(f))} | `{e['name']}` ({_label(e)}) | {_judged(e)} | {_md(e['example'])} |")
    out += ["", "## Value-level divergence", "",
            "Same implementation, same inputs, different values on different targets.", "",
            "| implementation | on | values | contract | broken? |", "|---|---|---|---|---|"]
    for d in r["divergence"]:
        vals = "; ".join(f"`{g['value']}`: {', '.join(g['targets'])}" for g in d["groups"])
        out.append(f"| `{d['name']}` ({_label(d)}) | {_md(_on(d))} | {_md(vals)} | {_md(d['contract'])} | "
                   f"{'yes' if d['contract_broken'] else 'no'} |")
    out += ["", "## One listing, two languages", "",
            "Catalogue entries transcribing the same published listing (a Rust entry and its C++ twin) "
            "that gave different values on a target.", ""]
    out += [f"- {_md(listing_text(d))}" for d in r.get("listing_differences", [])] or \
        ["None: where both ran, they agree."]
    out += ["", "## Catalogue expectations that did not hold", ""]
    out += [f"- `{s['name']}` on {s['target']}: {s['kind']}: {_md(s['note'])}" for s in r["stale_expectations"]] \
        or ["None: every declared expectation was observed where it applies."]
    out += ["", "## Grid", "", "Shape: the width and how a board is passed (two halves, their layout, squares "
            "numbered from 1); domain: the squares it declares can be set (empty: all). Counterexample inputs are "
            "written as the implementation is passed them (`{lo=0x..., hi=0x...}` for two halves).", "",
            "| op | implementation | shape | domain | " + " | ".join(t["target"] for t in targets) + " |",
            "|---|---|---|---|" + "---|" * len(targets)]
    for impl in r["implementations"]:
        cells = []
        for t in targets:
            c = impl["cells"][t["target"]]
            text = LABEL[c["kind"]]
            if c.get("counterexample") and c["kind"] != "pass":
                text += f" `{short(_label(impl), c['counterexample'])}`"
            elif c["kind"] in ("fail", "nocompile") and c.get("note"):  # no value to show: why (a refused file's)
                text += f" `{c['note'].splitlines()[0]}`"
            if c.get("proof") == "proved":
                text += " proved"
            if c.get("proof_fail"):
                text += f" PROOF FAIL `{c['proof_fail']}`"
            cells.append(_md(text))
        name = f"`{impl['name']}`" + (" (candidate)" if impl["candidate"] else "")
        dom = f"`{domain_cell(impl)}`" if domain_cell(impl) else ""
        out.append(f"| {_label(impl)} | {name} | {_md(shape_cell(impl))} | {dom} | " + " | ".join(cells) + " |")
    out += ["", "## Targets", "", "| target | arch | endian | data model | compiler | CPU | emulator | "
            "versions (`--version`) | build s | test s | ctest tests (failed) |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for t in r["targets"]:
        f = t.get("facts") or {}
        tm = t.get("timings") or {}
        ct = t.get("ctest") or {}
        out.append(f"| {t['target']} | {f.get('arch', '')} | {'big' if f.get('big_endian') else 'little'} | "
                   f"{_model(f)} | {_md(_compiler(f))} | "
                   f"{_md(f.get('cpu', ''))} | `{t.get('emulator') or 'native'}` | {_md('; '.join(_versions(t)))} | "
                   f"{tm.get('build_s', '')} | "
                   f"{tm.get('test_s', '')} | {ct.get('tests', '')} ({ct.get('failures', '')}) |"
                   if t["status"] == "ok" else
                   f"| {t['target']} | {_md(t['status'])} | | | | | | | {tm.get('build_s', '')} | | |")
    reused = [t for t in r["targets"] if t.get("reused")]
    if reused:  # reuse.py: the same key, byte for byte; --no-reuse runs them again
        out += ["", "Reused, nothing they rest on changed (programs, judge tables, emulator, CPU, runner):", ""] + \
            [f"- **{t['target']}**: the tests' outcome of {t['reused']['from']} (report {_md(t['reused']['report'])}, "
             f"key {t['reused']['key']})" for t in reused]
    if r.get("proofs"):
        out += ["", "## Proofs (scanproof prove, docs/proof.md)", ""] + \
            [f"- **{t}**: {_md(proof_summary(p))}" for t, p in r["proofs"].items()]
    if r.get("speed"):
        out.append(speed_render.markdown(r).rstrip("\n"))
    if r.get("seconds") is not None:
        out += ["", f"Whole run: {r['seconds']} s."]
    return "\n".join(out) + "\n"


def _model(f):
    return f"{analyse.data_model(f)} (long {f.get('long_bits', '')}, pointers {f.get('pointer_bits', '')})" \
        if f else ""


CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top}
th{background:#f3f3f3;position:sticky;top:0}
code,.ce{font-family:ui-monospace,monospace;font-size:12px}
.grid td.cell{width:92px;max-width:92px;font-size:11px;overflow-wrap:anywhere}
.grid td.name{white-space:nowrap}.grid td.shape{font-size:11px;max-width:200px}
.k{font-weight:bold}
.pass{background:#d8f5d0}.fail,.crash{background:#f8c4c0}.xfail{background:#fde9b0}
.xpass{background:#e8c4f5}.nocompile{background:#f5c4c4}.skip,.notbuilt,.missing{background:#eee;color:#777}
.zero{color:#555}.cand{color:#06c;font-size:11px}
.verdict-pass{color:#2a7a1a}.verdict-fail{color:#b00}.verdict-incomplete{color:#b60}
.incomplete{background:#fbd9a8}.proved{color:#2a7a1a;font-size:10px}
.legend span{display:inline-block;padding:1px 8px;margin-right:6px;border:1px solid #ccc}
"""


def _e(s):
    return html.escape(str(s))


def _cell_html(op, c):
    k = c["kind"]
    parts = [f'<span class="k">{_e(LABEL[k] if k not in ("pass",) else "pass")}</span>']
    if c.get("counterexample") and k != "pass":
        parts.append(f'<div class="ce">{_e(short(op, c["counterexample"]))}</div>')
    if c.get("zero") is not None:
        parts.append(f'<div class="zero">zero&rarr;{_e(c["zero"])}</div>')
    if c.get("proof") == "proved":
        parts.append('<div class="proved">proved</div>')
    if c.get("proof_fail"):
        parts.append(f'<div class="ce">proof: {_e(c["proof_fail"])}</div>')
    if k in ("crash", "skip", "incomplete") and c.get("note"):  # "not built" is in the tooltip
        parts.append(f'<div class="zero">{_e(c["note"].split(chr(10))[0][:60])}</div>')
    title = _e(c.get("note") or MEANING.get(k, ""))
    return f'<td class="cell {k}" title="{title}">{"".join(parts)}</td>'


def html_page(r):
    targets = analyse.grid_targets(r)
    h = ["<!doctype html><html><head><meta charset='utf-8'>"
         f"<title>scanproof matrix: {_e(r['headline'][:120])}</title>",
         f"<style>{CSS}</style></head><body>",
         f"<h1>scanproof matrix verdict: <span class='verdict-{r['verdict']}'>{_e(r['headline'])}</span></h1>",
         f"<p>{len(r['implementations'])} implementations on {len(targets)} of "
         f"{len(r['requested_targets'])} targets asked for "
         f"({_e(', '.join(t['target'] for t in targets))}); {r['red_cells']} red cells. "
         "Hover a cell for the full message.</p>"]
    if r["incomplete_targets"]:
        h.append("<h2>Did not run to the end</h2><ul>" + "".join(
            f"<li class='incomplete'><b>{_e(i['target'])}</b>: {_e(i['why'])}</li>" for i in r["incomplete_targets"])
            + "</ul>")
    h += [
         "<p class='legend'>" + "".join(f"<span class='{k}'>{_e(LABEL[k])}</span>{_e(v)}<br>"
                                        for k, v in MEANING.items()) + "</p>",
         "<h2>Findings (computed from the results)</h2><table><tr><th>finding</th><th>implementation</th>"
         "<th>judged</th><th>targets</th><th>example</th></tr>"]
    for f in r["findings"]:
        for n, e in enumerate(f["implementations"]):
            head = f"<td rowspan='{len(f['implementations'])}'><b>{_e(where_text(f))}</b></td>" if n == 0 else ""
            h.append(f"<tr>{head}<td><code>{_e(e['name'])}</code> ({_e(_label(e))})</td>"
                     f"<td class='{'fail' if _judged(e).startswith('FAIL') else 'xfail'}'>{_e(_judged(e))}</td>"
                     f"<td>{_e(', '.join(e['targets']))}</td><td class='ce'>{_e(e['example'])}</td></tr>")
    h.append("</table><h2>Grid</h2><p>Shape: the width and how a board is passed; domain: the squares it "
             "declares can be set (empty: all). Counterexample inputs are written as the implementation is "
             "passed them.</p><table class='grid'><tr><th>op</th><th>implementation</th><th>shape</th>"
             "<th>domain</th>")
    for t in targets:
        f = t.get("facts") or {}
        h.append(f"<th title='{_e(_compiler(f))}; {_e(f.get('cpu', ''))}'>{_e(t['target'])}<br>"
                 f"<small>{'BE' if f.get('big_endian') else 'LE'}, {_e(analyse.data_model(f))}</small></th>")
    h.append("</tr>")
    for impl in r["implementations"]:
        cand = " <span class='cand'>candidate</span>" if impl["candidate"] else ""
        h.append(f"<tr><td>{_e(_label(impl))}</td><td class='name' title='{_e(impl['provenance'])}'>"
                 f"<code>{_e(impl['name'])}</code>{cand}</td><td class='shape'>{_e(shape_cell(impl))}</td>"
                 f"<td class='ce'>{_e(domain_cell(impl))}</td>")
        h.extend(_cell_html(_label(impl), impl["cells"][t["target"]]) for t in targets)
        h.append("</tr>")
    h.append("</table><h2>Value-level divergence</h2><p>Same implementation, same inputs, different "
             "values on different targets, whether or not a contract is broken.</p><table><tr>"
             "<th>implementation</th><th>on</th><th>values by target</th><th>contract</th><th>broken?</th></tr>")
    for d in r["divergence"]:
        vals = "<br>".join(f"<code>{_e(g['value'])}</code>: {_e(', '.join(g['targets']))}" for g in d["groups"])
        h.append(f"<tr><td><code>{_e(d['name'])}</code> ({_e(_label(d))})</td><td>{_e(_on(d))}</td><td>{vals}</td>"
                 f"<td>{_e(d['contract'])}</td><td>{'yes' if d['contract_broken'] else 'no'}</td></tr>")
    h.append("</table><h2>Catalogue expectations that did not hold</h2>")
    if r["stale_expectations"]:
        h.append("<ul>" + "".join(f"<li><code>{_e(s['name'])}</code> on {_e(s['target'])}: {_e(s['kind'])}: "
                                  f"{_e(s['note'])}</li>" for s in r["stale_expectations"]) + "</ul>")
    else:
        h.append("<p>None: every declared expectation was observed where it applies.</p>")
    h.append("<h2>Targets</h2><table><tr><th>target</th><th>facts</th><th>compiler</th><th>CPU</th>"
             "<th>emulator</th><th>versions</th><th>build s</th><th>test s</th><th>ctest tests (failed)</th></tr>")
    for t in r["targets"]:
        f, tm, ct = t.get("facts") or {}, t.get("timings") or {}, t.get("ctest") or {}
        if t["status"] != "ok":
            h.append(f"<tr><td>{_e(t['target'])}</td><td colspan='8' class='incomplete'>{_e(t['status'])}</td></tr>")
            continue
        h.append(f"<tr><td>{_e(t['target'])}</td><td>{_e(f.get('arch'))}, "
                 f"{'big' if f.get('big_endian') else 'little'}-endian, {_e(_model(f))}</td>"
                 f"<td>{_e(_compiler(f))}</td><td>{_e(f.get('cpu'))}</td>"
                 f"<td><code>{_e(t.get('emulator') or 'native')}</code></td>"
                 f"<td>{'<br>'.join(_e(v) for v in _versions(t))}</td><td>{tm.get('build_s', '')}</td>"
                 f"<td>{tm.get('test_s', '')}</td><td>{ct.get('tests', '')} ({ct.get('failures', '')})</td></tr>")
    h.append("</table>")
    if r.get("proofs"):
        h.append("<h2>Proofs (scanproof prove, docs/proof.md)</h2><ul>" + "".join(
            f"<li><b>{_e(t)}</b>: {_e(proof_summary(p))}</li>" for t, p in r["proofs"].items()) + "</ul>")
    if r.get("speed"):
        h.append(speed_render.html_section(r))
    h.append("</body></html>")
    return "\n".join(h) + "\n"

"""The speed section's faces (ci/matrix --speed): terminal lines, report.md
and report.html sections, from r["speed"] (speed_report.attach)."""
import html

from . import ops

OPS = ops.NAMES
# The Shogi plan's targets (the "fastest" tables) are for the scans; the
# pop ops are shown in the per-op estimate tables only.
RANKED_OPS = ops.SCANS
LIMITS = ("llvm-mca models straight-line code: no branch prediction, loads always hit the L1 cache, "
          "a loop is its body per iteration x a trip count, a branchy pass its longest path; "
          "published tools of this kind err by 9-36 % on average (BHive, uiCA). docs/benchmark.md")


def _fmt(x):
    return "-" if x is None else f"{x:.3g}" if x < 10 else f"{x:.0f}" if x >= 100 else f"{x:.1f}"


def _shown(impl):
    """The name, with its op label when that is not the op's (a 128-bit lsb: "name [lsb128]")."""
    label = impl.get("op_label") or impl["op"]
    return impl["name"] + (f" [{label}]" if label != impl["op"] else "")


def _col_name(c):
    """target/CPU model; `native` is named by what llvm-mca resolved it to here."""
    return f"{c['target']}/{c['resolved'] if c['cpu'] == 'native' else c['cpu']}"


def _cell(impl, col):
    cell = impl["cells"].get(col["target"])
    if cell is None or cell.get("kind") in ("notbuilt", "missing"):
        return None, "-"
    sp = cell.get("speed") or {}
    e = sp.get("estimates", {}).get(col["cpu"], {})
    if e.get("throughput") is None:
        return None, "n/e"
    mark = "" if cell["kind"] == "pass" else "s" if cell["kind"] == "skip" else "x"  # skipped / not conforming there
    return e["throughput"], _fmt(e["throughput"]) + ("L" if sp.get("loop") else "") + mark


def _not_estimated(sp):
    return [t for t in sp["targets"] if not t["estimated"]] + \
        [dict(t, target=f"{t['target']}/{c['cpu']}", why=c["why"]) for t in sp["targets"] for c in t["cpus"]
         if c.get("why")]


def _ratio_text(h):
    parts = []
    for metric in ("throughput", "latency"):
        q = h.get("ratios", {}).get(metric)
        if q:
            parts.append(f"{metric} median {q['median']:.2f} (range {q['min']:.2f}-{q['max']:.2f}; "
                         f"{q['within_25_percent']} of {q['n']} within 0.8-1.25)")
    return "; ".join(parts)


def terminal(r):
    sp = r.get("speed")
    if not sp:
        return ""
    cols = sp["columns"]
    host = sp.get("host") or {}
    lines = ["", "Speed: model estimates (llvm-mca, per CPU model), cycles per call, throughput "
             "(independent words); host:measured = scanproof bench here, meas/model = its ratio to the host's "
             "model (the model's error); L = loop: per iteration x N, x = not conforming there, s = skipped "
             "there (the CPU lacks an instruction), n/e = not "
             f"estimated (why: report.md). Shogi plan targets: popcount < {sp['shogi_targets']['popcount']}, "
             f"bit scans < {sp['shogi_targets']['lsb']}.", "  " + LIMITS]
    for t in _not_estimated(sp):
        lines.append(f"  NOT ESTIMATED {t['target']}: {t['why']}")
    # Two header lines, target over CPU model, each column as wide as its own head.
    heads = ([("host", "measured"), ("host", "meas/model")] if host.get("rows") else []) + \
        [(c["target"], _col_name(c).split("/", 1)[1]) for c in cols]
    width = max([len(_shown(i)) for i in r["implementations"]] + [10]) + 2
    cws = [max(len(a), len(b), 5) + 1 for a, b in heads]
    measured = {x["name"]: x for x in host.get("rows", [])}
    for op in OPS:
        impls = [i for i in r["implementations"] if i["op"] == op]
        if not impls:
            continue
        lines.append(f"== {op} ==".ljust(width) + "".join(a.rjust(w) for (a, _), w in zip(heads, cws)))
        lines.append("".ljust(width) + "".join(b.rjust(w) for (_, b), w in zip(heads, cws)))
        for impl in impls:
            m = measured.get(impl["name"], {})
            texts = [_fmt(m.get("measured_throughput")), str(m.get("ratio_throughput", "-"))] if host.get("rows") else []
            texts += [_cell(impl, c)[1] for c in cols]
            if all(x == "-" for x in texts[2 if host.get("rows") else 0:]):
                continue  # built for none of these targets
            lines.append(_shown(impl).ljust(width) + "".join(x.rjust(w) for x, w in zip(texts, cws)))
        for row in sp["fastest"].get(op, []):
            b = row["best"][0]
            lines.append(f"  fastest conforming {op} on {_col_name(row)}: {b['name']} {_fmt(b['throughput'])} "
                         f"cycles ({'meets' if b['meets_shogi_target'] else 'misses'} < "
                         f"{sp['shogi_targets'][op]}; {row['meeting']} of {row['estimated']} conforming entries meet it)")
    if host.get("rows"):
        lines.append(f"host: measured (scanproof bench, {host['ghz']:.2f} GHz) / {host['label']}: {_ratio_text(host)}")
    elif host.get("why"):
        lines.append(f"host: no measured-vs-model ratio: {host['why']}")
    return "\n".join(lines) + "\n"


def _md(s):
    return str(s).replace("|", "\\|").replace("\n", " ")


def markdown(r):
    sp = r.get("speed")
    if not sp:
        return ""
    cols = sp["columns"]
    out = ["", "## Speed: model estimates per CPU model (ci/matrix --speed)", "",
           "Every figure below is a **model estimate (llvm-mca, CPU model X)** of cycles per call, made from "
           "the code this target's build runs, not a measurement; only the host's `measured` column is "
           "measured (`scanproof bench`). Throughput: independent words (the batch kernel); latency: each word "
           f"depends on the last (the chain kernel, with its XOR). {LIMITS}.", ""]
    for t in sp["targets"]:
        cpus = ", ".join(c["cpu"] + (f" (= {c['resolved']})" if c.get("resolved") and c["resolved"] != c["cpu"] else "")
                         + (f": not estimated: {c['why']}" if c.get("why") else "") for c in t["cpus"])
        out.append(f"- **{t['target']}**: " + (f"{t['triple']}, CPU models {cpus}" if t["estimated"] else
                                              f"not estimated: {_md(t['why'])}"))
    host = sp.get("host") or {}
    if host.get("rows"):
        out += ["", f"### Host: measured beside the model ({host['label']})", "",
                f"Ratio measured / model, the model's error on this machine: {_ratio_text(host)}. "
                f"Clock: {_md(host.get('clock', ''))}.", "",
                "| op | implementation | measured thr | model thr | ratio | measured lat | model lat | ratio |",
                "|---|---|---|---|---|---|---|---|"]
        for x in host["rows"]:
            out.append(f"| {x['op']} | `{x['name']}` | {_fmt(x.get('measured_throughput'))} | "
                       f"{_fmt(x.get('model_throughput'))} | {x.get('ratio_throughput', '-')} | "
                       f"{_fmt(x.get('measured_latency'))} | {_fmt(x.get('model_latency'))} | "
                       f"{x.get('ratio_latency', '-')} |")
    elif host.get("why"):
        out += ["", f"Host: no measured-vs-model ratio: {_md(host['why'])}"]
    for op in RANKED_OPS:
        rows = sp["fastest"].get(op, [])
        out += ["", f"### {op}: fastest conforming by the model (Shogi plan target < {sp['shogi_targets'][op]} "
                    "cycles)", "", "| target | CPU model | fastest | thr | lat | instructions | meets target | "
                                   "conforming entries meeting it | next |", "|---|---|---|---|---|---|---|---|---|"]
        for row in rows:
            b = row["best"][0]
            nxt = ", ".join(f"`{x['name']}` {_fmt(x['throughput'])}" for x in row["best"][1:])
            out.append(f"| {row['target']} | {row['cpu']} | `{b['name']}` | {_fmt(b['throughput'])} | "
                       f"{_fmt(b['latency'])} | {_md(b['instructions'])} | {'yes' if b['meets_shogi_target'] else 'no'} "
                       f"| {row['meeting']} of {row['estimated']} | {nxt} |")
        impls = [i for i in r["implementations"] if i["op"] == op]
        if impls and cols:
            out += ["", f"Every {op} entry, throughput / latency cycles per call by CPU model (`x`: not conforming "
                        "there; `L`: loop, per iteration x N; `n/e`: not estimated, why in report.json):", "",
                    "| implementation | " + " | ".join(_col_name(c) for c in cols) + " |", "|---|" + "---|" * len(cols)]
            for impl in impls:
                cells = []
                for c in cols:
                    thr, text = _cell(impl, c)
                    lat = ((impl["cells"].get(c["target"]) or {}).get("speed") or {}).get("estimates", {}) \
                        .get(c["cpu"], {}).get("latency")
                    cells.append(text + (f" / {_fmt(lat)}" if thr is not None else ""))
                out.append(f"| `{_shown(impl)}` | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def _e(s):
    return html.escape(str(s))


# Click a column head to sort by it (numbers as numbers); the tables read the same without it.
SORT_SCRIPT = """<script>
document.querySelectorAll('table.sortable th').forEach(function(th, i) {
  th.style.cursor = 'pointer';
  th.onclick = function() {
    var body = th.closest('table').tBodies[0], rows = Array.from(body.rows);
    var up = th.dataset.up !== '1'; th.dataset.up = up ? '1' : '0';
    var key = function(r) { var t = r.cells[i].textContent, v = parseFloat(t); return isNaN(v) ? t : v; };
    rows.sort(function(a, b) { var x = key(a), y = key(b);
      return (typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === 'number' ? -1 : 1)) * (up ? 1 : -1); });
    rows.forEach(function(r) { body.appendChild(r); });
  };
});
</script>"""


def html_section(r):
    sp = r.get("speed")
    if not sp:
        return ""
    cols = sp["columns"]
    h = ["<h2>Speed: model estimates per CPU model (ci/matrix --speed)</h2>",
         "<p>Every figure is a <b>model estimate (llvm-mca, CPU model X)</b> of cycles per call from the code the "
         "target's build runs, not a measurement; only the host's <i>measured</i> figures are measured "
         f"(<code>scanproof bench</code>). {_e(LIMITS)}. Click a column head to sort.</p><ul>"]
    for t in sp["targets"]:
        cpus = ", ".join(c["cpu"] + (f" (= {c['resolved']})" if c.get("resolved") and c["resolved"] != c["cpu"] else "")
                         + (f": not estimated: {c['why']}" if c.get("why") else "") for c in t["cpus"])
        h.append(f"<li><b>{_e(t['target'])}</b>: " + (_e(f"{t['triple']}, CPU models {cpus}") if t["estimated"] else
                                                      f"<span class='incomplete'>not estimated: {_e(t['why'])}</span>")
                 + "</li>")
    h.append("</ul>")
    host = sp.get("host") or {}
    if host.get("rows"):
        h.append(f"<h3>Host: measured beside the {_e(host['label'])}</h3><p>Ratio measured / model, the model's "
                 f"error on this machine: {_e(_ratio_text(host))}.</p><table class='sortable'><thead><tr><th>op</th>"
                 "<th>implementation</th><th>measured thr</th><th>model thr</th><th>ratio</th><th>measured lat</th>"
                 "<th>model lat</th><th>ratio</th></tr></thead><tbody>")
        for x in host["rows"]:
            h.append(f"<tr><td>{x['op']}</td><td><code>{_e(x['name'])}</code></td>"
                     f"<td>{_fmt(x.get('measured_throughput'))}</td><td>{_fmt(x.get('model_throughput'))}</td>"
                     f"<td>{x.get('ratio_throughput', '-')}</td><td>{_fmt(x.get('measured_latency'))}</td>"
                     f"<td>{_fmt(x.get('model_latency'))}</td><td>{x.get('ratio_latency', '-')}</td></tr>")
        h.append("</tbody></table>")
    for op in RANKED_OPS:
        rows = sp["fastest"].get(op, [])
        h.append(f"<h3>{op}: fastest conforming by the model (Shogi plan target &lt; {sp['shogi_targets'][op]} "
                 "cycles)</h3><table class='sortable'><thead><tr><th>target</th><th>CPU model</th><th>fastest</th>"
                 "<th>thr</th><th>lat</th><th>instructions</th><th>meets target</th><th>conforming meeting it</th>"
                 "<th>next</th></tr></thead><tbody>")
        for row in rows:
            b = row["best"][0]
            nxt = ", ".join(f"{x['name']} {_fmt(x['throughput'])}" for x in row["best"][1:])
            h.append(f"<tr><td>{_e(row['target'])}</td><td title='{_e(row['label'])}'>{_e(row['cpu'])}</td>"
                     f"<td><code>{_e(b['name'])}</code></td><td>{_fmt(b['throughput'])}</td><td>{_fmt(b['latency'])}</td>"
                     f"<td>{_e(b['instructions'])}</td><td class='{'pass' if b['meets_shogi_target'] else 'xfail'}'>"
                     f"{'yes' if b['meets_shogi_target'] else 'no'}</td><td>{row['meeting']} of {row['estimated']}</td>"
                     f"<td>{_e(nxt)}</td></tr>")
        h.append("</tbody></table>")
        impls = [i for i in r["implementations"] if i["op"] == op]
        if impls and cols:
            h.append("<table class='sortable'><thead><tr><th>implementation</th>" +
                     "".join(f"<th title='{_e(c['label'])}'>{_e(_col_name(c))}</th>" for c in cols) + "</tr></thead><tbody>")
            for impl in impls:
                tds = []
                for c in cols:
                    _, text = _cell(impl, c)
                    sp_cell = (impl["cells"].get(c["target"]) or {}).get("speed") or {}
                    title = "; ".join(x for x in (c["label"], sp_cell.get("instructions", ""), sp_cell.get("loop", ""),
                                                  sp_cell.get("why", "")) if x)
                    tds.append(f"<td title='{_e(title)}'>{_e(text)}</td>")
                h.append(f"<tr><td><code>{_e(_shown(impl))}</code></td>{''.join(tds)}</tr>")
            h.append("</tbody></table>")
    h.append(SORT_SCRIPT)
    return "\n".join(h) + "\n"

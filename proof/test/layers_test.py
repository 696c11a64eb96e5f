#!/usr/bin/env python3
"""unit.proof.layers: proof/src's folders are layers, and an #include may
point only down this list (the order docs/contributing.md describes)."""
import os
import re
import sys

LAYERS = ["base", "ir", "semantics", "asm", "deciders", "startup", "translate", "prover", "discover"]

src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
rank = {d: i for i, d in enumerate(LAYERS)}
folders = sorted(d for d in os.listdir(src) if os.path.isdir(os.path.join(src, d)))
loose = sorted(f for f in os.listdir(src) if os.path.isfile(os.path.join(src, f)))
bad = [f"proof/src/{f}: a file outside every layer" for f in loose]
bad += [f"proof/src/{d}/: a folder that is no layer (add it to LAYERS in {__file__})" for d in folders
        if d not in rank]
for d in folders:
    for f in sorted(os.listdir(os.path.join(src, d))):
        with open(os.path.join(src, d, f), encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                m = re.match(r'\s*#include "([a-z_]+)/', line)
                if m and m.group(1) in rank and d in rank and rank[m.group(1)] > rank[d]:
                    bad.append(f"proof/src/{d}/{f}:{n}: includes {m.group(1)}/, a layer above {d}/")
print("\n".join(bad) or f"proof/src: {len(folders)} layers, every include points down")
sys.exit(1 if bad else 0)

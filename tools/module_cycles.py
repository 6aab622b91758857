#!/usr/bin/env python3
"""Lists the import cycles between the library's modules (none expected).

An edge A -> B is a path into module B (`crate::b::...`, `super::b`,
`self::b`) in the non-test code of module A; a module's re-export of its
own child (`pub use child::*`) is not an edge, the child being part of
it.  Prints the edges with --edges; exits 1 when a cycle exists.
"""
import os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src')

def module_of(path):
    rel = os.path.relpath(path, ROOT)[:-3].split(os.sep)
    if rel[-1] in ('lib', 'mod'):
        rel = rel[:-1]
    return tuple(rel)

def non_test_code(text):
    out, depth, skipping, pending = [], 0, False, False
    for line in text.split('\n'):
        if not skipping and re.match(r'\s*#\[cfg\((all\()?test', line):
            pending = True
            continue
        if pending and re.match(r'\s*(pub(\([a-z]+\))? )?mod \w+ \{', line):
            skipping, depth, pending = True, 0, False
        elif pending and not line.strip().startswith('#['):
            pending = False
        if skipping:
            depth += line.count('{') - line.count('}')
            if depth <= 0 and '}' in line:
                skipping = False
            continue
        out.append(re.sub(r'//.*', '', line))
    return '\n'.join(out)

files = {}
for d, _, fs in os.walk(ROOT):
    for f in fs:
        if f.endswith('.rs') and f != 'main.rs' and 'cli' not in os.path.relpath(d, ROOT).split(os.sep):
            files[module_of(os.path.join(d, f))] = os.path.join(d, f)
modules = set(files)

def resolve(mod, path):
    parts = path.split('::')
    if parts[0] == 'crate':
        base, parts = (), parts[1:]
    elif parts[0] in ('super', 'self'):
        base = mod
        while parts and parts[0] in ('super', 'self'):
            if parts[0] == 'super':
                base = base[:-1]
            parts = parts[1:]
    else:
        return None
    best = None
    for i in range(len(parts) + 1):
        cand = base + tuple(parts[:i])
        if cand in modules:
            best = cand
    return best

edges = {m: set() for m in modules}
for mod, path in files.items():
    code = non_test_code(open(path).read())
    # Expand `use a::{b, c::d}` one level.
    for m in re.finditer(r'\b((?:crate|super|self)(?:::\w+)*)(?:::\{([^}]*)\})?', code):
        heads = [m.group(1)]
        if m.group(2):
            heads = [m.group(1) + '::' + x.strip().split(' ')[0].split('::{')[0]
                     for x in m.group(2).split(',') if x.strip()]
        for h in heads:
            target = resolve(mod, h)
            if target is None or target == mod:
                continue
            if target[:len(mod)] == mod:  # own child: part of this module
                continue
            if mod[:len(target)] == target:  # own ancestor: the crate root
                continue
            edges[mod].add(target)

if '--edges' in sys.argv:
    for m in sorted(edges):
        print('::'.join(m) or 'crate', '->', ', '.join(sorted('::'.join(t) for t in edges[m])))

# Tarjan's strongly connected components.
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
def strong(v):
    index[v] = low[v] = counter[0]; counter[0] += 1
    stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(comp)
sys.setrecursionlimit(10000)
for v in sorted(modules):
    if v not in index:
        strong(v)
for c in sccs:
    print('cycle:', ' <-> '.join('::'.join(m) for m in sorted(c)))
print(f'{len(modules)} modules, {sum(len(e) for e in edges.values())} edges, {len(sccs)} cycles')
sys.exit(1 if sccs else 0)

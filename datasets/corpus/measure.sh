#!/usr/bin/env bash
# Measure the real ptxas on every committed PTX file and write ptxas-reference.csv.
#
# For each ptx/<arch>/<name>.ptx and each register budget in BUDGETS (0 = no
# -maxrregcount), runs
#     ptxas -v -arch=<arch> [-maxrregcount N] -o /dev/null <file>
# and parses, per function, the "Function properties for X" block (stack frame, spill
# stores, spill loads) and, for entries, the "Used N registers" line.
#   kind=entry : a .entry (reported as "Compiling entry function 'X'")
#   kind=func  : a non-inlined .func; in whole-program mode ptxas prints only its
#                stack/spill line, no register count, so `registers` is left empty.
# Output is sorted (file, entry, arch, max_regs) and byte-identical between runs.
# (entry, budget) pairs that ptxas refuses outright (C7602 "Insufficient registers",
# e.g. tensor-core code at -maxrregcount 24) have no row there; they are listed in
# ptxas-failures.csv next to the output (the other entries of that file are then
# measured one at a time with ptxas -e <entry>).
#
# Usage: datasets/corpus/measure.sh [output.csv]
# Env:   PTXAS=/path/to/ptxas   BUDGETS="0 128 64 40 32 24"   JOBS=<parallel ptxas runs>
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$here/../.." && pwd)"
PTXAS="${PTXAS:-ptxas}"
BUDGETS="${BUDGETS:-0 128 64 40 32 24}"
out="${1:-$here/ptxas-reference.csv}"

if ! command -v "$PTXAS" >/dev/null 2>&1; then
    echo "measure.sh: error: '$PTXAS' not found on PATH (install the CUDA toolkit or set PTXAS=...)." >&2
    exit 127
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "measure.sh: error: python3 is required." >&2
    exit 127
fi

export LC_ALL=C
exec python3 - "$PTXAS" "$repo_root" "$here/ptx" "$out" "$BUDGETS" "${JOBS:-0}" <<'PY'
import concurrent.futures as cf
import csv
import os
import re
import subprocess
import sys

ptxas, repo_root, ptx_root, out_path, budgets_s, jobs = sys.argv[1:7]
budgets = sorted({int(b) for b in budgets_s.split()})
jobs = int(jobs) or (os.cpu_count() or 4)

ver = subprocess.run([ptxas, "--version"], capture_output=True, text=True, check=True).stdout
m = re.search(r"release [\d.]+, V([\d.]+)", ver)
if not m:
    sys.exit("measure.sh: cannot parse ptxas --version output:\n" + ver)
version = m.group(1)

RE_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(sm_\w+)'")
RE_FUNC_COMPILE = re.compile(r"Compiling function '([^']+)' for '(sm_\w+)'")   # -c mode only
RE_PROPS = re.compile(r"Function properties for (\S+)")
RE_STACK = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
RE_USED = re.compile(r"Used (\d+) registers")
RE_PTX_ENTRY = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s+([A-Za-z_$%][\w$]*)", re.M)

def jobs_list():
    for arch in sorted(os.listdir(ptx_root)):
        d = os.path.join(ptx_root, arch)
        if not (os.path.isdir(d) and arch.startswith("sm_")):
            continue
        for name in sorted(os.listdir(d)):
            if name.endswith(".ptx"):
                for b in budgets:
                    yield arch, os.path.join(d, name), b

RE_INSUFFICIENT = re.compile(r"ptxas fatal\s*:\s*\((C\d+)\) (Insufficient registers.*?)\s*$", re.M)

def ptxas_cmd(arch, path, budget, entry=None):
    cmd = [ptxas, "-v", f"-arch={arch}"]
    if budget:
        cmd += ["-maxrregcount", str(budget)]
    if entry:
        cmd += ["-e", entry]
    return cmd + ["-o", os.devnull, path]

def run(arch, path, budget):
    """Returns (rows, failures). A budget below what an instruction needs (e.g. HMMA
    with 24 registers) makes ptxas abort the whole file with C7602; in that case each
    entry is assembled on its own (-e) and the failing entries are reported as failures."""
    cmd = ptxas_cmd(arch, path, budget)
    p = subprocess.run(cmd, capture_output=True, text=True)
    log = p.stdout + p.stderr      # ptxas writes its -v report to stderr
    if p.returncode == 0:
        return parse(log, arch, path, budget, cmd, check_all=True), []
    if not RE_INSUFFICIENT.search(log):
        raise RuntimeError(f"ptxas failed (rc={p.returncode}): {' '.join(cmd)}\n{log}")
    with open(path) as fh:
        entries = sorted(set(RE_PTX_ENTRY.findall(fh.read())))
    rows, failures, seen_funcs = [], [], set()
    rel = os.path.relpath(path, repo_root)
    for e in entries:
        cmd = ptxas_cmd(arch, path, budget, e)
        p = subprocess.run(cmd, capture_output=True, text=True)
        log = p.stdout + p.stderr
        if p.returncode != 0:
            mm = RE_INSUFFICIENT.search(log)
            if not mm:
                raise RuntimeError(f"ptxas failed (rc={p.returncode}): {' '.join(cmd)}\n{log}")
            failures.append({"file": rel, "entry": e, "arch": arch, "max_regs": budget,
                             "error_code": mm.group(1), "message": mm.group(2),
                             "ptxas_version": version})
            continue
        for r in parse(log, arch, path, budget, cmd, check_all=False):
            if r["kind"] == "func":
                if r["entry"] in seen_funcs:
                    continue
                seen_funcs.add(r["entry"])
            rows.append(r)
    return rows, failures

def parse(log, arch, path, budget, cmd, check_all):
    funcs = {}          # name -> dict
    order = []
    current_entry = None
    props_target = None
    for line in log.splitlines():
        if (mm := RE_ENTRY.search(line)):
            current_entry = mm.group(1)
            if mm.group(2) != arch:
                raise RuntimeError(f"arch mismatch in {' '.join(cmd)}: {line}")
            funcs.setdefault(current_entry, {"kind": "entry"})
            if current_entry not in order:
                order.append(current_entry)
            props_target = None
        elif (mm := RE_FUNC_COMPILE.search(line)):
            current_entry = mm.group(1)
            funcs.setdefault(current_entry, {"kind": "func"})
            if current_entry not in order:
                order.append(current_entry)
            props_target = None
        elif (mm := RE_PROPS.search(line)):
            props_target = mm.group(1)
            if props_target not in funcs:
                funcs[props_target] = {"kind": "func"}
                order.append(props_target)
        elif (mm := RE_STACK.search(line)):
            if props_target is None:
                raise RuntimeError(f"stack line without 'Function properties' in {' '.join(cmd)}")
            vals = tuple(int(x) for x in mm.groups())
            f = funcs[props_target]
            if "stack" in f and f["stack"] != vals:
                # a .func reported once per calling entry with different numbers: keep the max
                vals = tuple(max(a, b) for a, b in zip(vals, f["stack"]))
            f["stack"] = vals
            props_target = None
        elif (mm := RE_USED.search(line)):
            if current_entry is None:
                raise RuntimeError(f"'Used N registers' before any function in {' '.join(cmd)}")
            funcs[current_entry]["regs"] = int(mm.group(1))
    rel = os.path.relpath(path, repo_root)
    rows = []
    for name in order:
        f = funcs[name]
        if "stack" not in f:
            raise RuntimeError(f"no stack/spill line for {name} in {' '.join(cmd)}\n{log}")
        if f["kind"] == "entry" and "regs" not in f:
            raise RuntimeError(f"no register count for entry {name} in {' '.join(cmd)}\n{log}")
        st, ss, sl = f["stack"]
        rows.append({"file": rel, "entry": name, "kind": f["kind"], "arch": arch, "max_regs": budget,
                     "registers": f.get("regs", ""), "spill_store_bytes": ss,
                     "spill_load_bytes": sl, "stack_frame_bytes": st, "ptxas_version": version})
    if not check_all:
        return rows
    # every .entry declared in the PTX must have been reported
    with open(path) as fh:
        declared = set(RE_PTX_ENTRY.findall(fh.read()))
    missing = declared - {n for n in order if funcs[n]["kind"] == "entry"}
    if missing:
        raise RuntimeError(f"entries not reported by ptxas for {rel}: {sorted(missing)}")
    return rows

tasks = list(jobs_list())
if not tasks:
    sys.exit(f"measure.sh: no PTX files under {ptx_root} (run build.sh first)")
rows, failures = [], []
with cf.ThreadPoolExecutor(max_workers=jobs) as ex:
    for r, f in ex.map(lambda t: run(*t), tasks):
        rows.extend(r)
        failures.extend(f)

rows.sort(key=lambda r: (r["file"], r["entry"], r["arch"], r["max_regs"]))
header = ["file", "entry", "kind", "arch", "max_regs", "registers", "spill_store_bytes",
          "spill_load_bytes", "stack_frame_bytes", "ptxas_version"]
tmp = out_path + ".tmp"
with open(tmp, "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=header, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
os.replace(tmp, out_path)

# (entry, budget) pairs ptxas refuses to assemble at all: no row in the main CSV.
fail_path = os.path.join(os.path.dirname(out_path), "ptxas-failures.csv")
failures.sort(key=lambda r: (r["file"], r["entry"], r["arch"], r["max_regs"]))
fail_header = ["file", "entry", "arch", "max_regs", "error_code", "message", "ptxas_version"]
with open(fail_path + ".tmp", "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=fail_header, lineterminator="\n")
    w.writeheader()
    w.writerows(failures)
os.replace(fail_path + ".tmp", fail_path)
for f in failures:
    print(f"measure.sh: note: ptxas cannot assemble {f['entry']} ({f['file']}) at "
          f"-maxrregcount {f['max_regs']}: {f['error_code']} {f['message']}", file=sys.stderr)
nfiles = len({r["file"] for r in rows})
nent = len({(r["file"], r["entry"]) for r in rows if r["kind"] == "entry"})
nfun = len({(r["file"], r["entry"]) for r in rows if r["kind"] == "func"})
print(f"measure.sh: ptxas {version}: {len(tasks)} ptxas runs, {nfiles} PTX files, "
      f"{nent} (file, entry) pairs, {nfun} (file, func) pairs, {len(rows)} rows -> "
      f"{os.path.relpath(out_path, repo_root)}; {len(failures)} refused (entry, budget) pairs -> "
      f"{os.path.relpath(fail_path, repo_root)}")
PY

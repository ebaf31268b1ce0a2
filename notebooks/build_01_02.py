"""Writes notebooks/01-overview.ipynb and notebooks/02-knob-sensitivity.ipynb (without outputs).

    /usr/bin/python3 notebooks/build_01_02.py

Both read a sweep's --out folder (default runs/quickstart, or $REGTUNE_RESULTS) through
regtune_nb: every number is computed by SQL over the Parquet results or by RegTune's own
commands, never typed in.
"""
from pathlib import Path

from make_notebook import code, figure, md, write

HERE = Path(__file__).resolve().parent


def parameters(extra_imports=""):
    return code(f'''
import sys
sys.path.insert(0, ".")  # Jupyter and nbconvert run the kernel in notebooks/, next to regtune_nb.py
import json
import math
import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
from IPython.display import Markdown, display
from regtune_nb import results_dir, use_results, sql, select, swept_dimensions, execute
{extra_imports}
RESULTS = results_dir()  # a sweep's --out folder; default runs/quickstart, or set $REGTUNE_RESULTS
use_results(RESULTS)
%matplotlib inline
print("results:", RESULTS)
''', tags=("parameters",))


# ---------------------------------------------------------------------------------------------
# 01-overview
# ---------------------------------------------------------------------------------------------

OVERVIEW = [
    md('''
# 01 — Overview of a sweep

What was swept, and what came out of it? This notebook lists the sweep's run record(s) and the
dimensions that took more than one value, counts the rows by status, shows how registers, spill
bytes and estimated latency are distributed over all evaluations, and compares, kernel by kernel,
the default knobs with the best configuration RegTune's own `regtune select --objective latency`
finds — with the kernels that gain most.
'''),
    parameters(),
    md('''
## What was swept

The run records (`RESULTS/runs/*.json`) as the sweep wrote them, then the table itself counted by
SQL.
'''),
    code('''
records = []
for path in sorted((RESULTS / "runs").glob("*.json")):
    r = json.loads(path.read_text())
    records.append({
        "run_id": r.get("run_id"), "model_version": r.get("model_version"), "complete": r.get("complete"),
        "space": (r.get("space") or {}).get("name"), "plan": r.get("plan"),
        "kernels": (r.get("kernels") or {}).get("count"), "configurations": r.get("configurations"),
        "evaluations": r.get("evaluations"), "rows_by_status": r.get("rows_by_status"),
    })
if records:
    display(pd.DataFrame(records))
else:
    print(f"no run record under {RESULTS / 'runs'}")
'''),
    code('''
totals = sql("""
    SELECT count(*) AS rows,
           count(DISTINCT (kernel_id, arch)) AS kernels,
           count(DISTINCT config_id) AS configurations,
           count(DISTINCT arch) AS archs,
           count(DISTINCT run_id) AS runs,
           count(DISTINCT model_version) AS model_versions
    FROM results""")
display(totals)
display(sql("""
    SELECT arch, count(DISTINCT kernel_id) AS kernels, count(DISTINCT config_id) AS configurations,
           count(*) AS rows
    FROM results GROUP BY arch ORDER BY arch"""))
'''),
    md('''
The swept dimensions are the knob columns (and `register_budget`, where 0 means no limit) that
take more than one value in the table; their values come from the table, not from the space file.
'''),
    code('''
DIMS = swept_dimensions()
MAX_LISTED = 12
rows = []
for d in DIMS:
    values = sql(f'SELECT DISTINCT "{d}" AS v FROM results ORDER BY v')["v"].tolist()
    shown = ", ".join(map(str, values[:MAX_LISTED])) + (f", ... ({len(values)} in all)" if len(values) > MAX_LISTED else "")
    rows.append({"dimension": d, "distinct values": len(values), "values": shown})
if rows:
    display(pd.DataFrame(rows))
    grid = int(np.prod([r["distinct values"] for r in rows]))
    combos = int(sql("SELECT count(*) AS n FROM (SELECT DISTINCT " + ", ".join(f'"{d}"' for d in DIMS) + " FROM results)")["n"][0])
    kind = "a full grid" if combos == grid else "not a full grid (a sampled subset)"
    display(Markdown(f"**{combos}** distinct combinations of the swept dimensions out of a product of **{grid}**: {kind}."))
else:
    display(Markdown("No dimension takes more than one value: this results folder holds one configuration."))
'''),
    md('''
## Rows by status

`OK` rows carry the allocation's figures; `ALLOC_FAILED` (the register budget cannot be met),
`PARSE_ERROR` and `ERROR` rows carry a message instead.
'''),
    code('''
by_status = sql("""
    SELECT status, arch, count(*) AS rows FROM results GROUP BY status, arch ORDER BY status, arch""")
status_table = by_status.pivot(index="status", columns="arch", values="rows").fillna(0).astype(int)
for s in ["OK", "ALLOC_FAILED", "PARSE_ERROR", "ERROR"]:
    if s not in status_table.index:
        status_table.loc[s] = 0
status_table = status_table.loc[["OK", "ALLOC_FAILED", "PARSE_ERROR", "ERROR"] + [s for s in status_table.index if s not in ("OK", "ALLOC_FAILED", "PARSE_ERROR", "ERROR")]]
status_table["all"] = status_table.sum(axis=1)
status_table["fraction"] = (status_table["all"] / status_table["all"].sum()).round(4)
status_table
'''),
    figure('''
archs = [c for c in status_table.columns if c not in ("all", "fraction")]
fig, ax = plt.subplots(figsize=(7, 3.5))
bottom = np.zeros(len(status_table))
for arch in archs:
    ax.bar(status_table.index, status_table[arch], bottom=bottom, label=arch)
    bottom += status_table[arch].to_numpy()
for i, n in enumerate(status_table["all"]):
    ax.annotate(f"{n}", (i, n), ha="center", va="bottom")
ax.set_xlabel("status")
ax.set_ylabel("rows (evaluations)")
ax.set_title("Rows by status and arch")
ax.set_ylim(0, max(1, status_table["all"].max()) * 1.15)
ax.legend(title="arch")
plt.show()
'''),
    md('''
## Distributions over all OK rows

Registers per thread, spill traffic (`spill_store_bytes + spill_load_bytes`) and estimated
latency, one histogram each, split by register budget when the sweep has only a few. Spill bytes
and latency span orders of magnitude, so they are binned on a log scale; rows without any spill
cannot appear on a log axis and are counted in the panel's legend instead.
'''),
    code('''
ok = sql("""
    SELECT register_budget, registers, spill_store_bytes + spill_load_bytes AS spill_bytes, est_latency_cycles
    FROM results WHERE status = 'OK'""")
budgets = sorted(ok["register_budget"].unique())
split = 1 < len(budgets) <= 4
groups = [(f"budget {b}" + (" (no limit)" if b == 0 else " registers"), ok[ok["register_budget"] == b]) for b in budgets] if split else [("all budgets", ok)]
print(f"{len(ok)} OK rows; register budgets: {budgets}")
display(ok[["registers", "spill_bytes", "est_latency_cycles"]].describe().round(1))
'''),
    figure('''
if ok.empty:
    fig, ax = plt.subplots(figsize=(6, 1.5)); ax.axis("off")
    ax.text(0.5, 0.5, "no OK rows: nothing to histogram", ha="center", va="center")
    ax.set_title("Distributions (not applicable)")
else:
    fig, axes = plt.subplots(1, 3, figsize=(15, 4))
    ax = axes[0]
    lo, hi = ok["registers"].min(), ok["registers"].max()
    bins = np.arange(lo, hi + 2, max(1, (hi - lo + 1) // 40))
    for label, g in groups:
        ax.hist(g["registers"], bins=bins, alpha=0.6, label=label)
    ax.set_xlabel("registers per thread (registers)")
    ax.set_ylabel("rows (evaluations)")
    ax.set_title("Registers")
    ax.legend()

    ax = axes[1]
    nonzero = ok.loc[ok["spill_bytes"] > 0, "spill_bytes"]
    if nonzero.empty:
        ax.text(0.5, 0.5, f"no row spills\\n({len(ok)} rows with 0 bytes)", ha="center", va="center", transform=ax.transAxes)
    else:
        bins = np.logspace(np.log10(nonzero.min()), np.log10(nonzero.max()) + 1e-9, 30)
        for label, g in groups:
            s = g["spill_bytes"]
            ax.hist(s[s > 0], bins=bins, alpha=0.6, label=f"{label}: {int((s == 0).sum())} rows at 0 B not shown")
        ax.set_xscale("log")
        ax.legend(fontsize=8)
    ax.set_xlabel("spill store + load (bytes)")
    ax.set_ylabel("rows (evaluations)")
    ax.set_title("Spill traffic (rows with spills)")

    ax = axes[2]
    lat = ok.loc[ok["est_latency_cycles"] > 0, "est_latency_cycles"]
    bins = np.logspace(np.log10(lat.min()), np.log10(lat.max()) + 1e-9, 40)
    for label, g in groups:
        ax.hist(g.loc[g["est_latency_cycles"] > 0, "est_latency_cycles"], bins=bins, alpha=0.6, label=label)
    ax.set_xscale("log")
    ax.set_xlabel("estimated latency (cycles)")
    ax.set_ylabel("rows (evaluations)")
    ax.set_title("Estimated latency")
    ax.legend()
    fig.suptitle("Distributions over all OK rows")
    fig.tight_layout()
plt.show()
'''),
    md('''
## Default knobs against the best configuration per kernel

`regtune select --objective latency` picks, per kernel and arch, the OK configuration with the
lowest estimated latency (ties go to the configuration that changes the fewest values, so the
defaults win when nothing beats them) and reports the default knobs' figures next to it. Points
below the y = x line are kernels that a configuration of the sweep makes faster than the default.
'''),
    code('''
import time
started = time.time()
try:
    selection = select(RESULTS, objective="latency")
except RuntimeError as failure:
    # select exits 1 when it finds no global configuration, but still writes the per-kernel part of its file.
    written = RESULTS / "selection-latency.json"
    if not (written.is_file() and written.stat().st_mtime >= started - 1):
        raise
    print(f"note: {failure}")
    selection = json.loads(written.read_text())
per_kernel = pd.DataFrame([{
    "kernel": k["kernel_name"], "arch": k["arch"], "family": k.get("family"), "kernel_id": k["kernel_id"],
    "best_config": k.get("config_id"), "changed_knobs": ", ".join(f"{n}={v}" for n, v in (k.get("configuration") or {}).items()),
    "best_latency": k.get("est_latency_cycles"), "best_registers": k.get("registers"), "best_spill_bytes": k.get("spill_bytes"),
    "default_status": (k.get("default") or {}).get("status"),
    "default_latency": (k.get("default") or {}).get("est_latency_cycles"),
    "default_registers": (k.get("default") or {}).get("registers"),
    "default_spill_bytes": (k.get("default") or {}).get("spill_bytes"),
} for k in selection["kernels"]])
comparable = per_kernel[(per_kernel["default_status"] == "OK") & per_kernel["best_latency"].notna() & per_kernel["default_latency"].notna()].copy()
comparable["speedup"] = comparable["default_latency"] / comparable["best_latency"]
improved = comparable[comparable["best_latency"] < comparable["default_latency"]]
print(f"{len(per_kernel)} kernels selected; {len(comparable)} with an OK default to compare against; "
      f"{len(per_kernel) - len(comparable)} without (default missing or failed)")
print(f"{len(improved)} kernels beat the default latency; unsolved (no OK row at all): {len(selection.get('unsolved', []))}")
if len(comparable):
    print(f"geometric-mean speedup over all comparable kernels: {np.exp(np.log(comparable['speedup']).mean()):.4f}x; "
          f"largest: {comparable['speedup'].max():.4f}x")
g = selection.get("global") or {}
if g.get("config_id"):
    t = g.get("test") or {}
    print(f"global configuration {g['config_id']} (changes: {g.get('configuration') or 'none, the default'}); "
          f"held-out objective relative to the per-kernel best {t.get('objective')}, improvement over default {t.get('improvement')}")
else:
    print("select found no global configuration (none was evaluated OK on every training kernel)")
'''),
    md('''
How far from the default can the sweep's configurations go? Per kernel, the worst OK latency of the
sweep against the latency of the default configuration that `select` names (SQL over the table).
'''),
    code('''
default_id = (selection.get("default") or {}).get("config_id")
if default_id and (selection.get("default") or {}).get("present"):
    spread = sql(f"""
        WITH d AS (SELECT kernel_id, arch, est_latency_cycles AS default_latency FROM results
                   WHERE status = 'OK' AND config_id = '{default_id}'),
             w AS (SELECT kernel_id, arch, max(est_latency_cycles) AS worst_latency, min(est_latency_cycles) AS best_latency
                   FROM results WHERE status = 'OK' GROUP BY kernel_id, arch)
        SELECT count(*) AS kernels,
               count(*) FILTER (WHERE worst_latency > default_latency) AS kernels_with_a_slower_configuration,
               count(*) FILTER (WHERE best_latency < default_latency) AS kernels_with_a_faster_configuration,
               exp(avg(ln(worst_latency / default_latency))) AS geomean_worst_over_default,
               max(worst_latency / default_latency) AS max_worst_over_default
        FROM d JOIN w USING (kernel_id, arch)""")
    display(spread.round(4))
else:
    display(Markdown("The default configuration is not among the swept configurations: no spread against it."))
'''),
    figure('''
fig, ax = plt.subplots(figsize=(6, 6))
if comparable.empty:
    ax.axis("off")
    ax.text(0.5, 0.5, "no kernel has an OK default row to compare with", ha="center", va="center")
    ax.set_title("Default vs best latency (not applicable)")
else:
    for arch, g in comparable.groupby("arch"):
        ax.scatter(g["default_latency"], g["best_latency"], s=18, alpha=0.7, label=arch)
    lo = min(comparable["default_latency"].min(), comparable["best_latency"].min()) * 0.8
    hi = max(comparable["default_latency"].max(), comparable["best_latency"].max()) * 1.25
    ax.plot([lo, hi], [lo, hi], color="grey", lw=1, ls="--", label="y = x (no gain)")
    ax.set_xscale("log"); ax.set_yscale("log")
    ax.set_xlim(lo, hi); ax.set_ylim(lo, hi)
    ax.set_xlabel("default knobs: estimated latency (cycles)")
    ax.set_ylabel("best configuration: estimated latency (cycles)")
    ax.set_title(f"Default vs best latency per kernel ({len(improved)} of {len(comparable)} improved)")
    ax.legend()
plt.show()
'''),
    md('''
The kernels improved most (largest default / best latency ratio), with the knobs the best
configuration changes.
'''),
    code('''
TOP = 15
if improved.empty:
    display(Markdown(f"**No kernel improves on the default knobs** in this sweep: for all {len(comparable)} comparable "
                     "kernels the default configuration (or one tied with it) already has the lowest estimated latency."))
else:
    display(improved.sort_values("speedup", ascending=False).head(TOP)[
        ["kernel", "arch", "family", "default_latency", "best_latency", "speedup", "default_registers", "best_registers",
         "default_spill_bytes", "best_spill_bytes", "best_config", "changed_knobs"]].round({"speedup": 4}).reset_index(drop=True))
'''),
]


# ---------------------------------------------------------------------------------------------
# 02-knob-sensitivity
# ---------------------------------------------------------------------------------------------

SENSITIVITY = [
    md('''
# 02 — Knob sensitivity

Which swept knobs (and register budget) change the allocation, and by how much? For every swept
dimension this notebook shows the mean effect of each of its values on estimated latency
(normalised per kernel to the kernel's median, so large and small kernels weigh alike) and on
spill bytes, ranks the dimensions by variance-based (Sobol) importance of log latency — first
order and total — and shows the interaction of the two most important dimensions as a heatmap.
'''),
    parameters(),
    md('''
## The swept dimensions and whether they form a full grid

A dimension is swept when it takes more than one value in the table. When the distinct
combinations of the swept dimensions number exactly the product of their distinct values, the
configurations form a **full factorial grid**, and the Sobol indices below are computed exactly.
Otherwise (a random or sampled plan), dimensions with more than `MAX_LEVELS` numeric values are
binned into `MAX_LEVELS` equal-width bins and the same formulas give only an **estimator** (see
the Sobol section).
'''),
    code('''
MAX_LEVELS = 8
DIMS = swept_dimensions()
q = lambda c: '"' + c.replace('"', '""') + '"'
types = sql("SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'results'").set_index("column_name")["data_type"]
NUMERIC = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "FLOAT", "DOUBLE", "DECIMAL")
distinct = sql("SELECT " + ", ".join(f"count(DISTINCT {q(d)}) AS {q(d)}" for d in DIMS) + " FROM results").iloc[0] if DIMS else pd.Series(dtype=int)
product = int(np.prod([int(distinct[d]) for d in DIMS])) if DIMS else 1
combos = int(sql("SELECT count(*) AS n FROM (SELECT DISTINCT " + ", ".join(q(d) for d in DIMS) + " FROM results)")["n"][0]) if DIMS else 1
FULL_GRID = bool(DIMS) and combos == product

# The level of every dimension as SQL: the value itself, or (off a grid, for many numeric values) the centre of its bin.
level_sql = {}
binned = []
for d in DIMS:
    numeric = str(types.get(d, "")).upper().startswith(NUMERIC)
    if not FULL_GRID and numeric and int(distinct[d]) > MAX_LEVELS:
        lo, hi = sql(f"SELECT min({q(d)}) AS lo, max({q(d)}) AS hi FROM results").iloc[0]
        width = (hi - lo) / MAX_LEVELS
        level_sql[d] = f"({lo} + (least(floor(({q(d)} - {lo}) / {width}), {MAX_LEVELS - 1}) + 0.5) * {width})"
        binned.append(d)
    else:
        level_sql[d] = q(d)

display(pd.DataFrame({"dimension": DIMS, "distinct values": [int(distinct[d]) for d in DIMS],
                      "binned": [d in binned for d in DIMS]}))
if not DIMS:
    display(Markdown("**No dimension is swept** in this results folder: there is no sensitivity to measure."))
elif FULL_GRID:
    display(Markdown(f"**Full grid**: {combos} combinations = product of the distinct values ({product}). Sobol indices are exact on every kernel whose grid of OK rows is complete."))
else:
    display(Markdown(f"**Not a full grid**: {combos} combinations against a product of {product}. "
                     f"Binned dimensions: {', '.join(binned) or 'none'}. Sobol indices below are estimates."))
'''),
    md('''
`levels` is a view of the OK rows with each dimension at its level, each row's latency
normalised by the median latency of its kernel (per kernel and arch, over the configurations it
was evaluated on) and its spill bytes (store + load).
'''),
    code('''
if DIMS:
    execute(f"""
        CREATE OR REPLACE VIEW levels AS
        WITH ok AS (
            SELECT kernel_id, arch, {", ".join(f"{level_sql[d]} AS {q(d)}" for d in DIMS)},
                   est_latency_cycles AS latency, spill_store_bytes + spill_load_bytes AS spill_bytes
            FROM results WHERE status = 'OK' AND est_latency_cycles > 0),
        med AS (SELECT kernel_id, arch, median(latency) AS median_latency FROM ok GROUP BY kernel_id, arch)
        SELECT ok.*, latency / median_latency AS norm_latency FROM ok JOIN med USING (kernel_id, arch)""")
    display(sql("SELECT count(*) AS ok_rows, count(DISTINCT (kernel_id, arch)) AS kernels FROM levels"))
'''),
    md('''
## Effect of each dimension, value by value

For each value of a dimension: the latency normalised to the kernel's median, averaged first over
the kernel's configurations at that value and then over kernels (1.0 = a typical configuration of
the kernel), and the mean spill bytes the same way. Error bars are the standard error over kernels.
'''),
    code('''
def effect(d):
    return sql(f"""
        WITH per_kernel AS (
            SELECT kernel_id, arch, {q(d)} AS value, avg(norm_latency) AS nl, avg(spill_bytes) AS sb
            FROM levels GROUP BY kernel_id, arch, {q(d)})
        SELECT value, count(*) AS kernels, avg(nl) AS mean_norm_latency, stddev_samp(nl) / sqrt(count(*)) AS se_norm_latency,
               avg(sb) AS mean_spill_bytes, stddev_samp(sb) / sqrt(count(*)) AS se_spill_bytes
        FROM per_kernel GROUP BY value ORDER BY value""")

effects = {d: effect(d) for d in DIMS}
for d, e in effects.items():
    display(Markdown(f"**{d}**" + (" (binned; value = bin centre)" if d in binned else "")))
    display(e.round(5))
'''),
    figure('''
def axis_label(d):
    if d == "register_budget":
        return "register_budget (registers; 0 = no limit)"
    return f"{d} (knob value" + (", bin centre)" if d in binned else ")")

if not DIMS:
    fig, ax = plt.subplots(figsize=(6, 1.5)); ax.axis("off")
    ax.text(0.5, 0.5, "no swept dimension: no effect to show", ha="center", va="center")
    ax.set_title("Effect by value (not applicable)")
else:
    fig, axes = plt.subplots(2, len(DIMS), figsize=(4.2 * len(DIMS), 7), squeeze=False)
    for j, d in enumerate(DIMS):
        e = effects[d]
        labels = [f"{v:g}" if isinstance(v, float) else str(v) for v in e["value"]]
        x = np.arange(len(e))
        ax = axes[0, j]
        ax.bar(x, e["mean_norm_latency"], yerr=e["se_norm_latency"].fillna(0), color="tab:blue", capsize=3)
        ax.axhline(1.0, color="grey", lw=0.8, ls="--")
        span = max(1e-3, (e["mean_norm_latency"] + e["se_norm_latency"].fillna(0)).max() - (e["mean_norm_latency"] - e["se_norm_latency"].fillna(0)).min())
        ax.set_ylim((e["mean_norm_latency"] - e["se_norm_latency"].fillna(0)).min() - 0.3 * span,
                    (e["mean_norm_latency"] + e["se_norm_latency"].fillna(0)).max() + 0.3 * span)
        ax.set_xticks(x, labels, rotation=30 if len(x) > 4 else 0)
        ax.set_xlabel(axis_label(d))
        ax.set_ylabel("latency / kernel median (ratio)")
        ax.set_title(f"{d}: latency", fontsize=10)
        ax = axes[1, j]
        ax.bar(x, e["mean_spill_bytes"], yerr=e["se_spill_bytes"].fillna(0), color="tab:orange", capsize=3)
        ax.set_xticks(x, labels, rotation=30 if len(x) > 4 else 0)
        ax.set_xlabel(axis_label(d))
        ax.set_ylabel("spill store + load (bytes, mean per kernel)")
        ax.set_title(f"{d}: spill bytes", fontsize=10)
    fig.suptitle("Effect of each swept dimension, mean over kernels (error bars: standard error)")
    fig.tight_layout()
plt.show()
'''),
    md('''
## Variance-based importance: Sobol indices of log latency

For each kernel (and arch) separately, let Y = ln(estimated latency) over the configurations the
kernel was evaluated on (OK rows; duplicates of a combination are averaged), and X_i the swept
dimensions. With population variances over those configurations:

- first order **S_i = Var(E[Y | X_i]) / Var(Y)**: the share of the variance that X_i explains alone;
- total **ST_i = E[Var(Y | X_~i)] / Var(Y)**: the share that remains when every other dimension
  is fixed, i.e. X_i's effect including all its interactions;
- second order **S_ij = Var(E[Y | X_i, X_j]) / Var(Y) − S_i − S_j**: the pure interaction of a pair.

On a **full factorial grid** every conditional mean and variance is taken over the complete,
balanced set of configurations, so these are the exact Sobol (ANOVA) indices of the grid: the S_i
and S_ij are the shares of the functional-ANOVA decomposition, Σ S_i ≤ 1 ≤ Σ ST_i. A kernel whose
grid is incomplete (some configurations not OK) is left out of the exact average.

Off a grid, the same formulas are applied to the *binned* levels; they are then only an
**estimator**: the conditional means mix the other dimensions unevenly, and cells of X_~i that hold
a single configuration contribute no variance, so ST_i is biased low (and S_i may be biased high
by within-bin variation). Treat those numbers as a ranking, not as exact shares.

The per-kernel indices are averaged over kernels whose Var(Y) is non-zero (a kernel on which no
dimension changes latency carries no information about importance).
'''),
    code('''
def per_kernel_indices(g, dims):
    """Sobol indices of g.y over the levels `dims` of one kernel; None when Var(Y) is 0."""
    y = g["y"]
    n, mean, var = len(g), y.mean(), y.var(ddof=0)
    if n < 2 or var <= 1e-15:
        return None
    def closed(cols):  # Var(E[Y | cols]) / Var(Y), counts as weights
        m = g.groupby(cols)["y"].agg(["mean", "size"])
        return float((m["size"] * (m["mean"] - mean) ** 2).sum() / n / var)
    out = {}
    for d in dims:
        out[("S", d)] = closed([d])
        others = [o for o in dims if o != d]
        if others:
            w = g.groupby(others)["y"].agg(lambda s: s.var(ddof=0) * len(s))
            out[("ST", d)] = float(w.sum() / n / var)
        else:
            out[("ST", d)] = 1.0
    for i, a in enumerate(dims):
        for b in dims[i + 1:]:
            out[("S2", f"{a} × {b}")] = closed([a, b]) - out[("S", a)] - out[("S", b)]
    return out

if DIMS:
    cols = ", ".join(q(d) for d in DIMS)
    Y = sql(f"SELECT kernel_id, arch, {cols}, avg(ln(latency)) AS y FROM levels GROUP BY kernel_id, arch, {cols}")
    for d in DIMS:  # a missing level must stay a level of its own in groupby
        Y[d] = Y[d].astype(object).where(Y[d].notna(), "(null)")
    n_levels = Y.groupby(["kernel_id", "arch"]).size()
    def average_over(keys):
        rows, constant = [], 0
        for key, g in Y.groupby(["kernel_id", "arch"]):
            if key in keys:
                r = per_kernel_indices(g, DIMS)
                if r is None:
                    constant += 1
                else:
                    rows.append(pd.Series(r, name=key))
        return rows, constant
    complete = set(n_levels[n_levels == product].index) if FULL_GRID else set()
    rows, constant = average_over(complete)
    EXACT = FULL_GRID and bool(rows)
    if EXACT:
        print(f"{len(n_levels)} kernels; {len(complete)} with a complete grid of OK rows, {len(n_levels) - len(complete)} "
              f"left out (incomplete grid); {constant} with Var(ln latency) = 0; exact indices averaged over {len(rows)} kernels")
    else:
        rows, constant = average_over(set(n_levels.index))
        reason = "the configurations are not a full grid" if not FULL_GRID else "no kernel has a complete grid of OK rows with varying latency"
        display(Markdown(f"**Estimator only**: {reason}, so the formulas run on each kernel's available (binned) levels."))
        print(f"{len(n_levels)} kernels; {constant} with Var(ln latency) = 0; estimated indices averaged over {len(rows)} kernels")
    indices = pd.DataFrame(rows)
else:
    indices = pd.DataFrame()
    EXACT = False

if indices.empty:
    display(Markdown("**No kernel's latency varies** over the swept configurations: every importance is undefined."))
    ranking = pd.DataFrame(columns=["S", "ST", "S_se", "ST_se"])
else:
    ranking = pd.DataFrame({
        "S": [indices[("S", d)].mean() for d in DIMS], "ST": [indices[("ST", d)].mean() for d in DIMS],
        "S_se": [indices[("S", d)].std(ddof=1) / math.sqrt(len(indices)) if len(indices) > 1 else 0.0 for d in DIMS],
        "ST_se": [indices[("ST", d)].std(ddof=1) / math.sqrt(len(indices)) if len(indices) > 1 else 0.0 for d in DIMS],
        "kernels where ST > 0.01": [int((indices[("ST", d)] > 0.01).sum()) for d in DIMS],
    }, index=DIMS).sort_values("ST", ascending=False)
    display(Markdown(f"{'Exact' if EXACT else 'Estimated'} indices, mean over {len(indices)} kernels "
                     f"(Σ S_i = {ranking['S'].sum():.4f}, Σ ST_i = {ranking['ST'].sum():.4f}):"))
    display(ranking.round(4))
'''),
    figure('''
fig, ax = plt.subplots(figsize=(max(6, 1.8 * max(1, len(ranking))), 4))
if ranking.empty:
    ax.axis("off")
    ax.text(0.5, 0.5, "no kernel's latency varies: no importance to rank", ha="center", va="center")
    ax.set_title("Sobol indices (not applicable)")
else:
    x = np.arange(len(ranking))
    ax.bar(x - 0.2, ranking["S"], 0.4, yerr=ranking["S_se"], capsize=3, label="first order S_i")
    ax.bar(x + 0.2, ranking["ST"], 0.4, yerr=ranking["ST_se"], capsize=3, label="total ST_i")
    ax.set_xticks(x, ranking.index, rotation=15, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("swept dimension")
    ax.set_ylabel("share of Var[ln latency] (fraction)")
    for i, (s1, st, e1, et) in enumerate(zip(ranking["S"], ranking["ST"], ranking["S_se"], ranking["ST_se"])):
        ax.annotate(f"{s1:.4f}", (i - 0.2, s1 + e1), ha="center", va="bottom", fontsize=8, xytext=(0, 2), textcoords="offset points")
        ax.annotate(f"{st:.4f}", (i + 0.2, st + et), ha="center", va="bottom", fontsize=8, xytext=(0, 2), textcoords="offset points")
    ax.set_title(f"{'Exact' if EXACT else 'Estimated'} Sobol indices of log latency, mean over {len(indices)} kernels")
    ax.legend()
plt.show()
'''),
    md('''
## Interactions

Second-order indices of every pair (how much of the variance only the pair together explains),
then the two dimensions with the largest total index as heatmaps over every combination of their
values, mean over kernels: the latency normalised to the kernel's median; the same with the
additive (row and column) effects removed, which leaves only the interaction (0 everywhere when
the two act independently); and the spill bytes.
'''),
    code('''
pairs = [c for c in indices.columns if c[0] == "S2"] if not indices.empty else []
if pairs:
    second = pd.DataFrame({"S_ij": [indices[c].mean() for c in pairs]}, index=[c[1] for c in pairs]).sort_values("S_ij", ascending=False)
    display(second.round(4))
else:
    display(Markdown("No pair to show (fewer than two swept dimensions, or no kernel varies)."))
TOP2 = list(ranking.index[:2]) if len(ranking) >= 2 else DIMS[:2]
print("heatmap dimensions:", TOP2)
'''),
    figure('''
if len(TOP2) < 2:
    fig, ax = plt.subplots(figsize=(6, 1.5)); ax.axis("off")
    ax.text(0.5, 0.5, "fewer than two swept dimensions: no interaction to show", ha="center", va="center")
    ax.set_title("Interaction heatmap (not applicable)")
else:
    a, b = TOP2
    cells = sql(f"""
        WITH per_kernel AS (
            SELECT kernel_id, arch, {q(a)} AS a, {q(b)} AS b, avg(norm_latency) AS nl, avg(spill_bytes) AS sb
            FROM levels GROUP BY kernel_id, arch, {q(a)}, {q(b)})
        SELECT a, b, avg(nl) AS nl, avg(sb) AS sb, count(*) AS kernels FROM per_kernel GROUP BY a, b""")
    nl = cells.pivot(index="a", columns="b", values="nl")
    # The interaction alone: each cell minus its row and column means plus the grand mean (0 = purely additive).
    inter = (nl - nl.mean(axis=1).to_numpy()[:, None] - nl.mean(axis=0).to_numpy()[None, :] + nl.to_numpy().mean()).stack().rename("ia").reset_index()
    cells = cells.merge(inter, on=["a", "b"], how="left")
    fig, axes = plt.subplots(1, 3, figsize=(19, 4.8))
    for ax, col, label, cmap in [(axes[0], "nl", "latency / kernel median (ratio)", "viridis"),
                                 (axes[1], "ia", "interaction: latency ratio minus additive effects (ratio)", "coolwarm"),
                                 (axes[2], "sb", "spill store + load (bytes)", "magma")]:
        grid = cells.pivot(index="a", columns="b", values=col).sort_index().sort_index(axis=1)
        vals = grid.to_numpy(dtype=float)
        lim = np.nanmax(np.abs(vals)) if col == "ia" and np.isfinite(vals).any() else None
        im = ax.imshow(vals, aspect="auto", cmap=cmap, origin="lower",
                       **({"vmin": -lim, "vmax": lim} if lim else {}))
        ax.set_yticks(range(len(grid.index)), [f"{v:g}" if isinstance(v, float) else str(v) for v in grid.index])
        ax.set_xticks(range(len(grid.columns)), [f"{v:g}" if isinstance(v, float) else str(v) for v in grid.columns])
        vals = grid.to_numpy(dtype=float)
        finite = vals[np.isfinite(vals)]
        mid = (finite.min() + finite.max()) / 2 if finite.size else 0
        for i in range(vals.shape[0]):
            for j in range(vals.shape[1]):
                if np.isfinite(vals[i, j]):
                    ax.text(j, i, f"{vals[i, j]:.0f}" if col == "sb" else f"{vals[i, j]:+.4f}" if col == "ia" else f"{vals[i, j]:.4f}",
                            ha="center", va="center", fontsize=8,
                            color="black" if col == "ia" or vals[i, j] >= mid else "white")
        ax.set_ylabel(axis_label(a))
        ax.set_xlabel(axis_label(b))
        fig.colorbar(im, ax=ax, label=label)
        ax.set_title(label.split(" (")[0] + ", mean over kernels", fontsize=10)
    fig.suptitle(f"Interaction of {a} and {b}")
    fig.tight_layout()
plt.show()
'''),
]


def main():
    write(HERE / "01-overview.ipynb", OVERVIEW)
    write(HERE / "02-knob-sensitivity.ipynb", SENSITIVITY)


if __name__ == "__main__":
    main()

"""Writes notebooks 03-pareto-and-profiles.ipynb and 04-fidelity.ipynb (without outputs).

    /usr/bin/python3 notebooks/build_03_04.py

Every number the notebooks show is computed when they run: by SQL over a sweep's Parquet
(regtune_nb.sql) or by RegTune's own commands (select, export, fidelity). None is typed in here.
"""
from pathlib import Path

from make_notebook import code, figure, md, write

HERE = Path(__file__).resolve().parent

# Shared by both notebooks: a figure cell must always draw, so an empty case draws its note.
PLACEHOLDER = r'''
def placeholder(title, note):
    """Prints why a plot has nothing to show and draws the note, so the figure cell still renders."""
    print("note:", note)
    fig, ax = plt.subplots(figsize=(6, 1.6))
    ax.text(0.5, 0.5, note, ha="center", va="center", wrap=True)
    ax.set_title(title)
    ax.set_axis_off()
    plt.show()
'''

PARAMETERS = r'''
import json
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import regtune_nb  # notebooks/regtune_nb.py: nbconvert runs the kernel with cwd = notebooks/
from regtune_nb import ROOT, regtune, results_dir, select, sql, swept_dimensions, use_results

%matplotlib inline
'''

# --------------------------------------------------------------------------------------------
# 03: Pareto front, occupancy cliffs, the robust global profile and its export
# --------------------------------------------------------------------------------------------
NB03 = [
    md(r'''
# 03 · Pareto front, the occupancy trade-off and the exported profile

Which knob configurations are worth considering at all, and what does the register budget cost
or buy? This notebook takes RegTune's own selection of a sweep (`regtune select --objective
time`, the occupancy-aware estimated kernel time): its Pareto front over total spill bytes,
geometric-mean estimated latency and mean registers, and its robust global configuration with
train/test scores against the default knobs. It then shows from SQL over the sweep's Parquet
where occupancy drops as registers grow (the occupancy cliffs), how each register budget moves
kernels across them, and, per kernel, the estimated kernel time against the register budget: the
trade-off between the spills a budget costs and the warps it adds. Finally it exports the global
configuration as a profile with `regtune export`.
'''),
    code(PARAMETERS + r'''
RESULTS = results_dir()  # a sweep's --out folder; default runs/quickstart, or set $REGTUNE_RESULTS
''' + PLACEHOLDER, tags=("parameters",)),
    code(r'''
use_results(RESULTS)
sel = select(RESULTS, objective="time")  # writes RESULTS/selection-time.json
SELECTION = RESULTS / "selection-time.json"
# select reads one release's rows (every family of it); the SQL below reads the same ones.
versions = sel["provenance"]["model_versions"]
VERSION_FILTER = "model_version IN (" + ", ".join("'" + v.replace("'", "''") + "'" for v in versions) + ")"
print("results:", RESULTS)
print("model versions:", ", ".join(versions))
display(sql(f"""
    SELECT arch, count(*) AS evaluations, count(DISTINCT kernel_id) AS kernels,
           count(DISTINCT config_id) AS configurations,
           string_agg(DISTINCT CAST(register_budget AS VARCHAR), ', ') AS register_budgets,
           count(*) FILTER (WHERE status <> 'OK') AS not_ok
    FROM results WHERE {VERSION_FILTER} GROUP BY arch ORDER BY arch"""))
print("swept dimensions:", ", ".join(swept_dimensions()) or "(none: a single configuration)")
'''),
    md(r'''
## The Pareto front

A configuration is on the front when no other one is at least as good on all three of total
spill bytes (stores + loads + shared-memory spills, summed over kernels), geometric-mean
estimated latency (with RegTune's offset of 1 cycle) and mean registers, and better on one.
The front comes from `select`; the cloud of every configuration evaluated OK on every kernel is
recomputed by SQL with the same definitions, and the check below compares the two on the front.
'''),
    code(r'''
front = pd.DataFrame([{
    "config_id": p["config_id"],
    "register_budget": int(p["configuration"].get("maxrregcount", 0)),
    "changes": ", ".join(f"{k}={v}" for k, v in sorted(p["configuration"].items()) if k != "maxrregcount") or "(defaults)",
    "total_spill_bytes": p["total_spill_bytes"],
    "geomean_est_latency_cycles": p["geomean_est_latency_cycles"],
    "mean_registers": p["mean_registers"],
    "global": p["global"], "default": p["default"]} for p in sel["pareto"]["points"]])

configs = sql(f"""
    WITH k AS (SELECT count(DISTINCT kernel_id) AS n FROM results WHERE {VERSION_FILTER})
    SELECT config_id, any_value(register_budget) AS register_budget,
           sum(spill_store_bytes + spill_load_bytes + smem_spill_bytes) AS total_spill_bytes,
           exp(avg(ln(est_latency_cycles + 1))) - 1 AS geomean_est_latency_cycles,
           avg(registers) AS mean_registers,
           avg(occupancy) AS mean_occupancy
    FROM results WHERE {VERSION_FILTER} AND status = 'OK'
    GROUP BY config_id HAVING count(DISTINCT kernel_id) = (SELECT n FROM k)""")
configs["on_front"] = configs["config_id"].isin(front["config_id"])
global_id = (sel.get("global") or {}).get("config_id")
default_id = (sel.get("default") or {}).get("config_id") if (sel.get("default") or {}).get("present") else None

print(f"{len(front)} of {sel['pareto']['candidates']} candidate configurations are on the front "
      f"({len(configs)} evaluated OK on every kernel by SQL)")
if len(front):
    check = front.merge(configs, on="config_id", suffixes=("", "_sql"))
    worst = max((check[c] - check[c + "_sql"]).abs().max() for c in
                ["total_spill_bytes", "geomean_est_latency_cycles", "mean_registers"]) if len(check) else float("nan")
    print(f"largest difference between select's front and the SQL figures: {worst:.3g}")
for name, cid in [("global", global_id), ("default", default_id)]:
    where = "on the front" if cid in set(front["config_id"]) else "not on the front (dominated)"
    print(f"{name} configuration: {cid or '(none)'} {where if cid else ''}")
with pd.option_context("display.max_colwidth", 90, "display.float_format", "{:.1f}".format):
    display(front.drop(columns=["global", "default"]))
'''),
    figure(r'''
if configs.empty:
    placeholder("Pareto front", "no configuration was evaluated OK on every kernel: nothing to plot")
else:
    # hollow marks, so the configuration under them stays visible
    marks = [(global_id, "global", "D", 200, "tab:red"), (default_id, "default", "*", 320, "black")]
    on = configs[configs["on_front"]]
    off = configs[~configs["on_front"]]
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
    projections = [("total_spill_bytes", "geomean_est_latency_cycles", "mean_registers",
                    "total spill bytes over all kernels (bytes)", "geometric-mean estimated latency (cycles)",
                    "mean registers per thread (registers)"),
                   ("mean_registers", "geomean_est_latency_cycles", "total_spill_bytes",
                    "mean registers per thread (registers)", "geometric-mean estimated latency (cycles)",
                    "total spill bytes over all kernels (bytes)")]
    for ax, (x, y, c, xl, yl, cl) in zip(axes, projections):
        ax.scatter(off[x], off[y], s=22, facecolors="none", edgecolors="0.6", label="dominated configuration")
        sc = ax.scatter(on[x], on[y], c=on[c], cmap="viridis", s=60, edgecolors="k", linewidths=0.4,
                        label="Pareto front")
        fig.colorbar(sc, ax=ax, label=cl)
        for cid, name, marker, size, colour in marks:
            row = configs[configs["config_id"] == cid]
            if len(row):
                ax.scatter(row[x], row[y], marker=marker, s=size, facecolors="none",
                           edgecolors=colour, linewidths=1.6, label=f"{name} ({cid})")
        ax.set_xlabel(xl)
        ax.set_ylabel(yl)
        ax.xaxis.set_major_locator(plt.MaxNLocator(5))
        ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:,.0f}"))
        ax.grid(alpha=0.3)
    axes[0].set_title("Latency against spill bytes, coloured by registers")
    axes[1].set_title("Latency against registers, coloured by spill bytes")
    axes[0].legend(fontsize=8, loc="best")
    fig.suptitle(f"Pareto front of {len(configs)} configurations ({RESULTS.name})")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Occupancy cliffs over the register budget

Occupancy (active warps as a fraction of the maximum per SM) is a step function of the registers
per thread: it stays flat and then drops at a register count where one block fewer fits in the
register file. The steps come straight from every row of the table; the table after the plot
lists, per architecture and occupancy level, the range of register counts seen at that level.
'''),
    figure(r'''
steps = sql(f"""
    SELECT arch, registers, occupancy, count(*) AS evaluations
    FROM results WHERE {VERSION_FILTER} AND status = 'OK'
    GROUP BY arch, registers, occupancy ORDER BY arch, registers""")
budgets = sql(f"SELECT DISTINCT register_budget FROM results WHERE {VERSION_FILTER} ORDER BY 1")["register_budget"].tolist()
if steps.empty:
    placeholder("Occupancy against registers", "no OK evaluation in the table: nothing to plot")
else:
    archs = sorted(steps["arch"].unique())
    fig, axes = plt.subplots(1, len(archs), figsize=(6.5 * len(archs), 4.2), sharey=True, squeeze=False)
    for ax, arch in zip(axes[0], archs):
        s = steps[steps["arch"] == arch]
        ax.step(s["registers"], s["occupancy"], where="post", color="0.5", linewidth=1)
        ax.scatter(s["registers"], s["occupancy"], s=12 + 100 * np.sqrt(s["evaluations"] / s["evaluations"].max()),
                   alpha=0.7, label="evaluations (area ~ count)")
        for b in budgets:
            if b > 0:
                ax.axvline(b, color="tab:red", linestyle="--", linewidth=1)
                ax.text(b, 1.02, f"budget {b}", color="tab:red", fontsize=8, ha="center")
        ax.set_xlabel("registers per thread (registers)")
        ax.set_ylabel("occupancy (fraction of max warps)")
        ax.set_title(f"{arch}: occupancy against registers")
        ax.set_ylim(0, 1.08)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    plt.show()
    cliffs = sql(f"""
        SELECT arch, occupancy, min(registers) AS min_registers, max(registers) AS max_registers,
               count(*) AS evaluations
        FROM results WHERE {VERSION_FILTER} AND status = 'OK'
        GROUP BY arch, occupancy ORDER BY arch, occupancy DESC""")
    display(cliffs)
'''),
    md(r'''
Per register budget (0 = no limit), the share of kernel evaluations at each occupancy level, over
every configuration of that budget, next to the mean registers, occupancy and spill bytes:
'''),
    figure(r'''
dist = sql(f"""
    SELECT register_budget, occupancy, count(*) AS evaluations,
           count(*) / sum(count(*)) OVER (PARTITION BY register_budget) AS share
    FROM results WHERE {VERSION_FILTER} AND status = 'OK'
    GROUP BY register_budget, occupancy ORDER BY register_budget, occupancy""")
display(sql(f"""
    SELECT register_budget, arch, count(*) AS evaluations, avg(registers) AS mean_registers,
           avg(occupancy) AS mean_occupancy,
           avg(spill_store_bytes + spill_load_bytes + smem_spill_bytes) AS mean_spill_bytes,
           exp(avg(ln(est_latency_cycles + 1))) - 1 AS geomean_est_latency_cycles
    FROM results WHERE {VERSION_FILTER} AND status = 'OK'
    GROUP BY register_budget, arch ORDER BY register_budget, arch"""))
if dist.empty:
    placeholder("Occupancy per register budget", "no OK evaluation in the table: nothing to plot")
else:
    if dist["register_budget"].nunique() < 2:
        print("note: the sweep has a single register budget; there is nothing to compare it with")
    table = dist.pivot(index="occupancy", columns="register_budget", values="share").fillna(0.0)
    labels = [("no limit" if b == 0 else f"budget {b}") for b in table.columns]
    x = np.arange(len(table.index))
    width = 0.8 / len(table.columns)
    fig, ax = plt.subplots(figsize=(9, 4.2))
    for i, (b, label) in enumerate(zip(table.columns, labels)):
        ax.bar(x + (i - (len(table.columns) - 1) / 2) * width, table[b], width, label=label)
    ax.set_xticks(x)
    ax.set_xticklabels([f"{o:.3g}" for o in table.index])
    ax.set_xlabel("occupancy (fraction of max warps)")
    ax.set_ylabel("share of kernel evaluations (fraction)")
    ax.set_title("Distribution of occupancy per register budget")
    ax.legend(title="register budget (registers)")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## The occupancy trade-off: estimated kernel time against the register budget

`est_time_cycles` is RegTune's estimate of how long one SM takes to run a fixed amount of work
(as many warps as the SM holds at full occupancy) with the active warps the registers allow: the
largest of an issue bound (instructions / issue rate), a latency bound (one warp's latency /
active warps, Little's law) and a memory bound (memory requests x their latency / requests in
flight, the smaller of what the memory system sustains and one per active warp, Hong and Kim's
MWP). A lower budget spills (more instructions, more local-memory traffic, a longer latency)
but may fit more warps. Per kernel and budget the time below is the lowest over the other swept
knobs, divided by the kernel's time without a limit: a curve that dips below 1 has its knee, the
best budget, there.
'''),
    figure(r'''
has_time = "est_time_cycles" in sql("SELECT * FROM results LIMIT 1").columns
curves = pd.DataFrame()
if has_time:
    curves = sql(f"""
        WITH t AS (SELECT kernel_id, any_value(kernel_name) AS kernel_name, any_value(arch) AS arch,
                          register_budget, min(est_time_cycles) AS cycles, min(registers) AS registers
                   FROM results WHERE {VERSION_FILTER} AND status = 'OK' AND est_time_cycles IS NOT NULL
                   GROUP BY kernel_id, register_budget),
             u AS (SELECT kernel_id, cycles AS unlimited, registers AS unlimited_registers
                   FROM t WHERE register_budget = 0)
        SELECT t.*, u.unlimited, u.unlimited_registers, t.cycles / u.unlimited AS relative
        FROM t JOIN u USING (kernel_id) ORDER BY kernel_id, register_budget""")
if curves.empty or curves["register_budget"].nunique() < 2:
    placeholder("Kernel time against the register budget",
                "no estimated kernel time (est_time_cycles, result schema 4) at two register budgets: nothing to plot")
else:
    # the knee: each kernel's lowest time; ties go to no limit (budget 0), so a gain is strict
    order = curves.assign(no_limit_first=curves["register_budget"] != 0)
    knee = order.sort_values(["kernel_id", "cycles", "no_limit_first", "register_budget"]).groupby("kernel_id").head(1)
    knee = knee.assign(gain=knee["unlimited"] / knee["cycles"] - 1)
    gaining = knee[knee["register_budget"] != 0].sort_values("gain", ascending=False)
    n = curves["kernel_id"].nunique()
    print(f"{len(gaining)} of {n} kernels ({len(gaining) / n:.0%}) run fastest at a register budget below no limit; "
          f"median predicted gain {gaining['gain'].median():.1%}" if len(gaining) else
          f"none of {n} kernels runs faster with a register budget")
    with pd.option_context("display.float_format", "{:.3f}".format):
        display(gaining[["kernel_name", "arch", "unlimited_registers", "unlimited", "register_budget", "registers",
                         "cycles", "gain"]].rename(columns={"unlimited_registers": "registers_no_limit",
                         "unlimited": "time_no_limit", "register_budget": "best_budget",
                         "registers": "registers_at_best", "cycles": "time_at_best"}))
    budgets_seen = sorted(curves["register_budget"].unique(), key=lambda b: (b == 0, b))
    position = {b: i for i, b in enumerate(budgets_seen)}
    fig, ax = plt.subplots(figsize=(10, 4.8))
    shown = gaining.head(8)
    if shown.empty:
        shown = knee.sort_values("unlimited_registers", ascending=False).head(4)
    for i, (_, k) in enumerate(shown.iterrows()):
        c = curves[curves["kernel_id"] == k["kernel_id"]].sort_values("register_budget", key=lambda b: b.map(position))
        xs = [position[b] for b in c["register_budget"]]
        line, = ax.plot(xs, c["relative"], marker="o", label=f"{k['kernel_name']} ({k['arch']})")
        ax.scatter([position[k["register_budget"]]], [k["cycles"] / k["unlimited"]], s=160, facecolors="none",
                   edgecolors=line.get_color(), linewidths=1.8)
    ax.axhline(1.0, color="0.4", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(budgets_seen)))
    ax.set_xticklabels(["none" if b == 0 else str(b) for b in budgets_seen])
    ax.set_xlabel("register budget (registers per thread; none = no limit)")
    ax.set_ylabel("est_time_cycles / time without a limit (ratio)")
    ax.set_yscale("log")
    ax.set_title("Estimated kernel time against the register budget (circle: the knee, each kernel's best)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Why most kernels' best is the default: what bounds the default's time

The estimated time is the largest of the three bounds. More warps (a lower budget) shorten the
latency bound, and the memory bound as long as the active warps keep fewer requests in flight than
the memory system takes (one per warp, up to 35 on sm_80 and 43 on sm_90); a shorter latency (the
scheduler hoisting loads) shortens only the latency bound. A kernel whose default is issue-bound,
or memory-bound with warps enough to fill the memory parallelism, can beat its default only by
issuing fewer instructions or memory requests, which no register budget, launch bound or
scheduler target does: spill code only adds them. And a kernel whose default already runs at full
occupancy (every warp the SM holds, as every kernel of 32 registers or fewer does at 256 threads per
block) cannot get more warps from any budget, whatever its bound. `select` records, per kernel, which bound set the default configuration's time
(`time_bound`); the table counts the kernels by that bound and by whether the default is at full
occupancy, with how many of each have a best configuration other than the default and their median
predicted gain (the default's time over the best's, minus 1).
'''),
    code(r'''
rows = []
for k in sel.get("kernels", []):
    d = k.get("default") or {}
    if d.get("status") != "OK" or "time_bound" not in d or "est_time_cycles" not in d:
        continue
    tuned = bool(k.get("configuration"))
    rows.append({"kernel_name": k["kernel_name"], "arch": k["arch"], "default_bound": d["time_bound"],
                 "default_warps_full": d.get("occupancy") == 1.0, "tuned": tuned,
                 "gain": d["est_time_cycles"] / k["est_time_cycles"] - 1 if tuned else 0.0})
bounds = pd.DataFrame(rows)
if bounds.empty:
    print("note: no kernel has a default evaluation with a time bound (results before schema 4, or no default)")
else:
    summary = bounds.groupby(["default_bound", "default_warps_full"]).agg(
        kernels=("tuned", "size"), with_better_configuration=("tuned", "sum"),
        median_gain=("gain", lambda g: g[g > 0].median() if (g > 0).any() else float("nan"))).reset_index()
    with pd.option_context("display.float_format", "{:.3f}".format):
        display(summary.rename(columns={"default_warps_full": "full_occupancy_at_default"}))
    n, t = len(bounds), int(bounds["tuned"].sum())
    print(f"{t} of {n} kernels ({t / n:.0%}) have a best configuration other than the default; "
          f"{int((bounds['default_bound'] != 'LATENCY').sum())} are issue- or memory-bound at the default")
'''),
    md(r'''
## The robust global profile: train and test scores

`select` picks one configuration on the training kernels and scores it on the held-out ones. The
objective is the geometric mean over kernels of (time + 1) / (kernel's best time + 1), with the
time `est_time_cycles`: 1 is the best of the sweep on every kernel. A training kernel a candidate
failed on counts as 10 x its best. Regret is that ratio minus 1 (mean and largest over kernels);
improvement is the default's geometric-mean time over the global one's, minus 1 (positive: the
global configuration is faster). With several architectures `select` also chooses one global
configuration per architecture (`global_by_arch`), shown after the scores.
'''),
    code(r'''
g, d = sel.get("global"), sel.get("default") or {}
score_rows = []
for who, block in [("global", g), ("default", d if d.get("present") else None)]:
    if not block:
        continue
    for part in ("train", "test"):
        s = block.get(part) or {}
        score_rows.append({"configuration": who, "set": part, "config_id": block["config_id"],
                           "kernels": s.get("kernels"), "scored": s.get("scored"), "failed": s.get("failed"),
                           "objective": s.get("objective"), "regret": s.get("regret"),
                           "max_regret": s.get("max_regret"), "improvement": s.get("improvement")})
scores = pd.DataFrame(score_rows)
if g:
    print("global configuration", g["config_id"], "chosen among", g.get("candidates"), "candidates; changes:",
          ", ".join(f"{k}={v}" for k, v in sorted(g["configuration"].items())) or "none (the defaults)")
    print("same as the default configuration" if g["config_id"] == d.get("config_id") else "differs from the default")
else:
    print("note: select found no global configuration (none is OK on every training kernel)")
split = sel.get("split") or {}
print(f"split: {len(split.get('train', []))} training / {len(split.get('test', []))} held-out kernels "
      f"(train fraction {split.get('train_fraction')}, seed {split.get('seed')})")
with pd.option_context("display.float_format", "{:.4f}".format):
    display(scores)
per_arch = sel.get("global_by_arch") or {}
if per_arch:
    display(pd.DataFrame([{"arch": a, "config_id": b["config_id"],
                           "changes": ", ".join(f"{k}={v}" for k, v in sorted(b["configuration"].items())) or "(defaults)",
                           "train_objective": (b.get("train") or {}).get("objective"),
                           "test_objective": (b.get("test") or {}).get("objective"),
                           "test_improvement": (b.get("test") or {}).get("improvement")}
                          for a, b in sorted(per_arch.items())]))
'''),
    figure(r'''
if scores.empty:
    placeholder("Train and test scores", "no global and no default configuration in the selection: nothing to plot")
else:
    fig, axes = plt.subplots(1, 3, figsize=(14, 4))
    metrics = [("objective", "geomean time ratio to each kernel's best (ratio, 1 = best)"),
               ("regret", "mean regret (fraction above kernel's best time)"),
               ("max_regret", "largest regret (fraction above kernel's best time)")]
    whos = list(dict.fromkeys(scores["configuration"]))
    sets = ["train", "test"]
    width = 0.8 / len(whos)
    for ax, (metric, label) in zip(axes, metrics):
        for i, who in enumerate(whos):
            vals = [scores[(scores["configuration"] == who) & (scores["set"] == s)][metric].astype(float).sum()
                    for s in sets]
            bars = ax.bar(np.arange(len(sets)) + (i - (len(whos) - 1) / 2) * width, vals, width, label=who)
            ax.bar_label(bars, fmt="%.3f", fontsize=8)
        ax.set_xticks(np.arange(len(sets)))
        ax.set_xticklabels([f"{s} kernels" for s in sets])
        ax.set_xlabel("kernel set")
        ax.set_ylabel(label, fontsize=9)
        ax.set_title(metric.replace("_", " "))
        top = float(np.nanmax(scores[metric].astype(float))) if scores[metric].notna().any() else 0.0
        ax.set_ylim(0, max(top * 1.3, 0.05))  # all scores are >= 0; a zero regret still gets an axis
        ax.legend(fontsize=8, loc="upper center", ncol=2)
    fig.suptitle("Robust global configuration against the default: train vs held-out test (objective: time)")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Exporting the profile

`regtune export` writes the global configuration as a knob profile, here for the last
architecture of the selection (that architecture's own global configuration when `select` chose
one per architecture), in JSON and as a ptxas-style knobs file, into the results folder.
'''),
    code(r'''
if not sel.get("global"):
    print("note: no global configuration to export")
else:
    arch = sel["archs"][-1]
    for fmt, ext in [("json", "json"), ("knobs", "knobs")]:
        out = RESULTS / f"notebook-profile-{arch}.{ext}"
        regtune("export", "--selection", SELECTION, "--arch", arch, "--format", fmt, "--out", out)
        print(f"==> {out}")
        print(out.read_text())
'''),
]

# --------------------------------------------------------------------------------------------
# 04: fidelity against ptxas
# --------------------------------------------------------------------------------------------
NB04 = [
    md(r'''
# 04 · Fidelity of the model against the real ptxas

How close are RegTune's allocator models to NVIDIA's ptxas? `regtune fidelity` runs every
allocator family of the model (fat-point, Briggs) on the bundled corpus at every architecture
and register budget and compares each result with ptxas's, here taken from the measured
reference `datasets/corpus/ptxas-reference.csv`. This notebook shows, per family, predicted
against real register counts, the register-count error by budget, how often the model gets
"it spills" right, and spill bytes where both spill. It does not depend on a sweep: the results
folder is only where the comparison CSV is written (a temporary folder when there is none).
'''),
    code(PARAMETERS + r'''
try:
    RESULTS = results_dir()  # a sweep's --out folder; default runs/quickstart, or set $REGTUNE_RESULTS
except FileNotFoundError as missing:  # only the output folder: fall back to a temporary one
    print("note:", missing)
    RESULTS = Path(tempfile.mkdtemp(prefix="regtune-fidelity-"))
''' + PLACEHOLDER, tags=("parameters",)),
    code(r'''
FIDELITY = RESULTS / "fidelity.csv"
summary = regtune("fidelity", "--reference", "datasets/corpus/ptxas-reference.csv", "datasets/corpus/ptx",
                  "--out", FIDELITY)  # paths relative to ROOT (regtune runs there)
lines = summary.splitlines()  # RegTune's own summary; shown up to its legend (the family differences follow)
print("\n".join(lines[:next((i + 1 for i, l in enumerate(lines) if l.startswith("baseline:")), len(lines))]))
fid = pd.read_csv(FIDELITY)
fid["budget_label"] = fid["budget"].map(lambda b: "no limit" if b == 0 else str(b))
fid["ok"] = fid["model_status"].eq("OK")
fid["real_spill"] = fid["real_spill_store_bytes"] + fid["real_spill_load_bytes"]
fid["model_spill"] = fid["model_spill_store_bytes"] + fid["model_spill_load_bytes"]
FAMILIES = list(dict.fromkeys(fid["allocator"]))
BUDGETS = sorted(fid["budget"].unique(), key=lambda b: (b != 0, -b))  # no limit first, then shrinking
print(f"\n{len(fid)} rows from {FIDELITY}: {fid['entry'].nunique()} distinct entry names, archs {', '.join(sorted(fid['arch'].unique()))}, "
      f"families {', '.join(FAMILIES)}")
display(fid.groupby(["allocator", "model_status"]).size().rename("rows").to_frame())
'''),
    md(r'''
## Predicted against real registers

One point per (entry, architecture, budget); on the dashed line the model matches ptxas exactly.
'''),
    figure(r'''
ok = fid[fid["ok"]]
if ok.empty:
    placeholder("Predicted vs real registers", "no model result was allocated: nothing to plot")
else:
    fig, axes = plt.subplots(1, len(FAMILIES), figsize=(6 * len(FAMILIES), 5.2), squeeze=False)
    top = max(ok["real_registers"].max(), ok["model_registers"].max()) * 1.05
    cmap = plt.get_cmap("viridis", len(BUDGETS))
    for ax, fam in zip(axes[0], FAMILIES):
        f = ok[ok["allocator"] == fam]
        for i, b in enumerate(BUDGETS):
            fb = f[f["budget"] == b]
            ax.scatter(fb["real_registers"], fb["model_registers"], s=14, alpha=0.7, color=cmap(i),
                       label="no limit" if b == 0 else f"budget {b}")
        ax.plot([0, top], [0, top], "k--", linewidth=1, label="y = x")
        ax.set_xlim(0, top)
        ax.set_ylim(0, top)
        ax.set_aspect("equal")
        ax.set_xlabel("ptxas registers per thread (registers)")
        ax.set_ylabel("model registers per thread (registers)")
        ax.set_title(f"{fam}: predicted vs real registers ({len(f)} pairs)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, title="register budget")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Register-count error by budget

Mean absolute percentage error |model − ptxas| / ptxas of the register count, per family over the
pairs it allocated, next to the naive baseline (peak live pressure of the PTX virtual registers,
capped at the budget) on the pairs every family allocated — the same definitions as RegTune's
summary above, which the table can be compared with.
'''),
    figure(r'''
ok = fid[fid["ok"]].copy()
ok["ape"] = (ok["model_registers"] - ok["real_registers"]).abs() / ok["real_registers"]
key = ["file", "entry", "arch", "budget"]
all_ok = fid.groupby(key)["ok"].all()
base = fid.drop_duplicates(key).set_index(key).loc[all_ok[all_ok].index].reset_index()
base["ape"] = (base["baseline_registers"] - base["real_registers"]).abs() / base["real_registers"]
base["allocator"] = "naive baseline"
mape = (pd.concat([ok[["allocator", "budget", "ape"]], base[["allocator", "budget", "ape"]]])
        .groupby(["budget", "allocator"])["ape"].mean().mul(100).unstack("allocator"))
mape = mape.reindex(index=BUDGETS, columns=[c for c in FAMILIES + ["naive baseline"] if c in mape.columns])
overall = pd.concat([ok[["allocator", "ape"]], base[["allocator", "ape"]]]).groupby("allocator")["ape"].mean().mul(100)
table = mape.copy()
table.index = ["no limit" if b == 0 else str(b) for b in table.index]
table.loc["all"] = overall.reindex(table.columns)
with pd.option_context("display.float_format", "{:.1f}%".format):
    display(table.rename_axis("budget (registers)"))
if mape.empty:
    placeholder("Register MAPE by budget", "no model result was allocated: nothing to plot")
else:
    x = np.arange(len(mape.index))
    width = 0.8 / len(mape.columns)
    fig, ax = plt.subplots(figsize=(10, 4.2))
    for i, col in enumerate(mape.columns):
        bars = ax.bar(x + (i - (len(mape.columns) - 1) / 2) * width, mape[col], width, label=col,
                      hatch="//" if col == "naive baseline" else None,
                      color="0.75" if col == "naive baseline" else None)
        ax.bar_label(bars, fmt="%.1f", fontsize=7)
    ax.set_xticks(x)
    ax.set_xticklabels(["no limit" if b == 0 else str(b) for b in mape.index])
    ax.set_xlabel("register budget, -maxrregcount (registers)")
    ax.set_ylabel("register-count MAPE (% of ptxas registers)")
    ax.set_title("Register-count error against ptxas by budget")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## "It spills": confusion counts

Over the budgeted pairs (a budget other than no limit), as RegTune scores them: ptxas spills when
it reports spill stores or loads; the model predicts a spill when it reports spill bytes or
could not allocate (ALLOC_FAILED).
'''),
    figure(r'''
budgeted = fid[fid["budget"] > 0].copy()
budgeted["model_spills"] = (budgeted["model_spill"] > 0) | budgeted["model_status"].eq("ALLOC_FAILED")
budgeted["real_spills"] = budgeted["real_spill"] > 0
budgeted = budgeted[budgeted["ok"] | budgeted["model_status"].eq("ALLOC_FAILED")]
rows = []
for fam in FAMILIES:
    f = budgeted[budgeted["allocator"] == fam]
    tp = int((f["model_spills"] & f["real_spills"]).sum())
    fp = int((f["model_spills"] & ~f["real_spills"]).sum())
    fn = int((~f["model_spills"] & f["real_spills"]).sum())
    tn = int((~f["model_spills"] & ~f["real_spills"]).sum())
    rows.append({"allocator": fam, "pairs": len(f), "both spill": tp, "model only": fp, "ptxas only": fn,
                 "neither": tn, "precision": tp / (tp + fp) if tp + fp else np.nan,
                 "recall": tp / (tp + fn) if tp + fn else np.nan})
confusion = pd.DataFrame(rows)
with pd.option_context("display.float_format", "{:.3f}".format):
    display(confusion)
if budgeted.empty:
    placeholder("Spill confusion", "no budgeted pair in the comparison: nothing to plot")
else:
    fig, axes = plt.subplots(1, len(FAMILIES), figsize=(4.6 * len(FAMILIES), 4), squeeze=False)
    for ax, r in zip(axes[0], rows):
        m = np.array([[r["both spill"], r["ptxas only"]], [r["model only"], r["neither"]]])
        ax.imshow(m, cmap="Blues")
        for (i, j), v in np.ndenumerate(m):
            ax.text(j, i, str(v), ha="center", va="center", color="white" if v > m.max() / 2 else "black", fontsize=13)
        ax.set_xticks([0, 1])
        ax.set_xticklabels(["spills", "no spill"])
        ax.set_yticks([0, 1])
        ax.set_yticklabels(["spills", "no spill"])
        ax.set_xlabel("model prediction (pairs)")
        ax.set_ylabel("ptxas (pairs)")
        ax.set_title(f"{r['allocator']}: precision {r['precision']:.3f}, recall {r['recall']:.3f}", fontsize=10)
    fig.suptitle("'It spills': model against ptxas, budgeted pairs (counts of pairs)")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Spill bytes where both spill

Spill stores + loads per thread, model against ptxas, on the pairs where both spill (log-log);
the table gives the median and the 10th/90th percentiles of model / real.
'''),
    figure(r'''
both = fid[fid["ok"] & (fid["model_spill"] > 0) & (fid["real_spill"] > 0)].copy()
both["ratio"] = both["model_spill"] / both["real_spill"]
display(both.groupby("allocator")["ratio"].describe(percentiles=[0.1, 0.5, 0.9])
        [["count", "10%", "50%", "90%"]].rename(columns={"50%": "median"}).reindex(FAMILIES))
if both.empty:
    placeholder("Spill bytes predicted vs real", "no pair where both the model and ptxas spill: nothing to plot")
else:
    lo, hi = both[["model_spill", "real_spill"]].min().min() / 1.5, both[["model_spill", "real_spill"]].max().max() * 1.5
    fig, axes = plt.subplots(1, len(FAMILIES), figsize=(6 * len(FAMILIES), 5.2), squeeze=False)
    cmap = plt.get_cmap("viridis", len(BUDGETS))
    for ax, fam in zip(axes[0], FAMILIES):
        f = both[both["allocator"] == fam]
        for i, b in enumerate(BUDGETS):
            fb = f[f["budget"] == b]
            if len(fb):
                ax.scatter(fb["real_spill"], fb["model_spill"], s=18, alpha=0.75, color=cmap(i), label=f"budget {b}")
        ax.plot([lo, hi], [lo, hi], "k--", linewidth=1, label="y = x")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.set_aspect("equal")
        ax.set_xlabel("ptxas spill stores + loads (bytes)")
        ax.set_ylabel("model spill stores + loads (bytes)")
        ax.set_title(f"{fam}: spill bytes where both spill ({len(f)} pairs)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize=8)
    fig.tight_layout()
    plt.show()
'''),
]


def main():
    write(HERE / "03-pareto-and-profiles.ipynb", NB03)
    write(HERE / "04-fidelity.ipynb", NB04)


if __name__ == "__main__":
    main()

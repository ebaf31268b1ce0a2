"""Writes notebook 06-calibration.ipynb (without outputs).

    /usr/bin/python3 notebooks/build_06.py

Every number the notebook shows is computed when it runs, by `regtune calibrate` itself (or read
from the folder of a calibration it was pointed at). None is typed in here.
"""
from pathlib import Path

from build_03_04 import PLACEHOLDER
from make_notebook import code, figure, md, write

HERE = Path(__file__).resolve().parent

PARAMETERS = r'''
import json
import os
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import regtune_nb  # notebooks/regtune_nb.py: nbconvert runs the kernel with cwd = notebooks/
from regtune_nb import ROOT, regtune

%matplotlib inline
'''

NB06 = [
    md(r'''
# 06 · Calibration: the model fitted to ptxas

`regtune calibrate` points RegTune's own search at fidelity: it draws model configurations from a
knob space (`spaces/calibration.json`), allocates every kernel of a reference corpus under each,
at every architecture and register budget of the reference, and chooses the configuration whose
figures agree best with ptxas's. The loss is `regtune fidelity`'s: register MAPE/100 +
(1 − Spearman) + (1 − share within ±10%) + (1 − spill F1) + (1 − share of spill bytes within 2x).
The choice is cross-validated: each fold chooses on the other folds' kernels and is scored on its
own, so the held-out ("test") figures are the ones to quote.

This notebook shows the loss of every configuration tried, the default against the calibrated
configuration on training and held-out kernels, which knobs move the loss for each kind of kernel
(first-order variance decomposition), and the loss against each knob's value. By default it runs a
small calibration of the bundled corpus itself (sm_90, three budgets, folds by kernel family,
about a minute); set `$REGTUNE_CALIBRATION` to the `--out` folder of a calibration to show that one
instead (for instance the corpus-real run of the README).
'''),
    code(PARAMETERS + r'''
CALIBRATION = os.environ.get("REGTUNE_CALIBRATION")
if CALIBRATION:
    CALIBRATION = Path(CALIBRATION)
    print(f"showing the calibration in {CALIBRATION}")
else:
    CALIBRATION = Path(tempfile.mkdtemp(prefix="regtune-calibration-"))
    summary = regtune("calibrate", "--in-process", "--corpus", "datasets/corpus", "--space", "spaces/calibration.json",
                      "--budget", "6", "--folds", "3", "--split-by", "family", "--arch", "sm_90",
                      "--budgets", "0,64,32", "--out", CALIBRATION)  # paths relative to ROOT (regtune runs there)
    print(summary)
''' + PLACEHOLDER, tags=("parameters",)),
    code(r'''
profile = json.loads((CALIBRATION / "profile.json").read_text())
configs = pd.read_csv(CALIBRATION / "configurations.csv", keep_default_na=False, na_values=[""])
folds = pd.read_csv(CALIBRATION / "folds.csv")
sensitivity = pd.read_csv(CALIBRATION / "sensitivity.csv")
FIGURES = ["loss", "spearman", "mape_percent", "within_10_percent", "spill_f1", "spill_within_2x_percent"]
KNOBS = [c for c in configs.columns if c not in ["config", "name", "chosen_by"] + FIGURES
         and not c.endswith("_train_loss")]
print(f"{len(configs)} configurations, {len(folds)} folds; objective {profile['objective']}; "
      f"provenance {profile['provenance']}")
print("calibrated knobs (those that differ from the defaults):", profile["knobs"] or "none")
display(folds)
'''),
    md(r'''
## The loss of every configuration

Each configuration's loss on every kernel (lower is better), the default first; the hatched bar is
the configuration the final choice took. Dots are the losses on each fold's training kernels, the
figures each fold chose by.
'''),
    figure(r'''
scored = configs[configs["loss"].notna()]
if scored.empty:
    placeholder("Loss per configuration", "no configuration was evaluated on every kernel (halving): nothing to plot")
else:
    fig, ax = plt.subplots(figsize=(max(6, 0.55 * len(scored) + 2), 4.2))
    x = np.arange(len(scored))
    final = scored["chosen_by"].fillna("").str.contains("final")
    bars = ax.bar(x, scored["loss"], color=["0.6" if n == "default" else "tab:blue" for n in scored["name"]],
                  hatch=None)
    for bar, is_final in zip(bars, final):
        if is_final:
            bar.set_hatch("//")
            bar.set_edgecolor("black")
    for col in [c for c in configs.columns if c.endswith("_train_loss")]:
        ax.scatter(x, scored[col], s=12, color="black", alpha=0.5, zorder=3)
    ax.set_xticks(x)
    ax.set_xticklabels(scored["name"], rotation=45, ha="right")
    ax.set_xlabel("configuration")
    ax.set_ylabel("loss against ptxas (sum of five terms)")
    lo = np.nanmin(scored[["loss"] + [c for c in configs.columns if c.endswith("_train_loss")]].to_numpy(float))
    ax.set_ylim(max(0.0, lo - 0.1), None)
    ax.set_title("Loss of each configuration on every kernel (dots: each fold's training kernels)")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Default against calibrated, train and held out

From the profile's scores: `train` is the final configuration on every kernel (the fit), `test`
every kernel predicted by the configuration its fold chose without it. The default is chosen on
nothing, so its figures are the same in both sets.
'''),
    figure(r'''
train, test = profile["scores"]["train"], profile["scores"]["test"]
default = configs[configs["name"] == "default"].iloc[0]
rows = [("default", "train/test", default), ("calibrated", "train", train), ("calibrated", "test", test)]
metrics = [("spearman", "Spearman of registers", 1.0), ("mape_percent", "register MAPE (%)", 1.0),
           ("within_10_percent", "registers within ±10% (%)", 1.0), ("spill_f1", "spill F1", 1.0),
           ("spill_within_2x_percent", "spill bytes within 2x (%)", 1.0)]
table = pd.DataFrame({f"{who} ({s})": {m: float(src.get(m, np.nan)) for m, _, _ in metrics} for who, s, src in rows})
table.loc["loss"] = [float(default["loss"]), train["objective"], test["objective"]]
with pd.option_context("display.float_format", "{:.4f}".format):
    display(table)
fig, axes = plt.subplots(1, len(metrics), figsize=(3.2 * len(metrics), 3.6))
for ax, (m, label, _) in zip(axes, metrics):
    vals = table.loc[m].to_numpy(float)
    bars = ax.bar(np.arange(len(vals)), vals, color=["0.6", "tab:blue", "tab:orange"])
    ax.bar_label(bars, fmt="%.3f", fontsize=7)
    ax.set_xticks(np.arange(len(vals)))
    ax.set_xticklabels(["default", "cal. train", "cal. test"], fontsize=8)
    ax.set_xlabel("configuration (kernel set)")
    ax.set_ylabel(label, fontsize=8)
    ax.set_title(m.replace("_", " "), fontsize=9)
fig.suptitle("Default against the calibrated configuration: training fit and held-out figures")
fig.tight_layout()
plt.show()
'''),
    md(r'''
## Which knobs move the loss, per kind of kernel

First-order index of each knob: the share of the loss's variance over the sampled configurations
that the knob's value explains alone (Var(E[loss | knob]) / Var(loss)), computed by
`regtune calibrate` for all kernels and each kind (calls, local, tensor, plain). With a few
configurations the indices are biased upwards; read them as a ranking.
'''),
    figure(r'''
if sensitivity.empty or sensitivity["first_order_index"].isna().all():
    placeholder("Sensitivity of the loss", "no sensitivity (halving, bayes or nsga2, whose configurations "
                "do not sample the space evenly, or the loss never varied): nothing to plot")
else:
    grid = sensitivity.pivot(index="knob", columns="kind", values="first_order_index")
    kinds = [k for k in ["all", "calls", "local", "tensor", "plain"] if k in grid.columns]
    grid = grid[kinds].sort_values("all", ascending=False)
    fig, ax = plt.subplots(figsize=(1.4 * len(kinds) + 4, 0.5 * len(grid) + 1.5))
    im = ax.imshow(grid.to_numpy(float), cmap="viridis", vmin=0, vmax=1, aspect="auto")
    for (i, j), v in np.ndenumerate(grid.to_numpy(float)):
        ax.text(j, i, "-" if np.isnan(v) else f"{v:.2f}", ha="center", va="center",
                color="white" if not np.isnan(v) and v < 0.6 else "black", fontsize=9)
    counts = sensitivity.drop_duplicates("kind").set_index("kind")["kernels"]
    ax.set_xticks(np.arange(len(kinds)))
    ax.set_xticklabels([f"{k}\n({counts[k]} kernels)" for k in kinds])
    ax.set_yticks(np.arange(len(grid)))
    ax.set_yticklabels(grid.index)
    ax.set_xlabel("kind of kernel")
    ax.set_ylabel("knob")
    fig.colorbar(im, ax=ax, label="first-order index (share of loss variance)")
    ax.set_title("Sensitivity of the loss against ptxas to each knob")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## The Pareto front (`--strategy nsga2`)

NSGA-II minimises the terms of the loss that `--objective` weighs as separate objectives; the
final search's non-dominated configurations are in `front.csv`, and the one with the lowest
weighted loss is exported. Each panel is one pair of those terms (0 is perfect): every
configuration scored on every kernel in grey, the front in blue, the exported one circled, the
default a star. Other strategies write no front.
'''),
    figure(r'''
TERM_OF = {  # configurations.csv's figures as the loss's terms (an undefined figure counts as 1)
    "mape": lambda c: c["mape_percent"] / 100,
    "spearman": lambda c: 1 - c["spearman"],
    "within10": lambda c: 1 - c["within_10_percent"] / 100,
    "f1": lambda c: 1 - c["spill_f1"],
    "bytes": lambda c: 1 - c["spill_within_2x_percent"] / 100,
}
front_file = CALIBRATION / "front.csv"
if not front_file.exists():
    placeholder("Pareto front", "no front.csv: this calibration did not run --strategy nsga2")
else:
    front = pd.read_csv(front_file)
    terms = [t for t in TERM_OF if t in front.columns]
    every = configs[configs["loss"].notna()]
    pairs = [(a, b) for i, a in enumerate(terms) for b in terms[i + 1:]]
    fig, axes = plt.subplots(1, len(pairs), figsize=(4.2 * len(pairs), 3.8), squeeze=False)
    for ax, (a, b) in zip(axes.flat, pairs):
        ax.scatter(TERM_OF[a](every).fillna(1), TERM_OF[b](every).fillna(1), s=14, color="0.7",
                   label="configurations")
        ax.scatter(front[a], front[b], s=30, color="tab:blue", label="front")
        chosen = front[front["chosen"]]
        ax.scatter(chosen[a], chosen[b], s=160, facecolors="none", edgecolors="black", label="exported")
        d = every[every["name"] == "default"]
        ax.scatter(TERM_OF[a](d).fillna(1), TERM_OF[b](d).fillna(1), marker="*", s=120, color="tab:red",
                   zorder=3, label="default")
        ax.set_xlabel(f"{a} term (0 is perfect)")
        ax.set_ylabel(f"{b} term (0 is perfect)")
        ax.grid(alpha=0.3)
    axes.flat[0].legend(fontsize=8)
    fig.suptitle("NSGA-II's Pareto front over the weighted terms of the loss (every kernel)")
    fig.tight_layout()
    plt.show()
    display(front)
'''),
    md(r'''
## The loss against each knob's value

One point per configuration evaluated on every kernel; the grey line joins the mean loss at each
value (the bin means whose spread the index above measures), the star is the default.
'''),
    figure(r'''
scored = configs[configs["loss"].notna()]
if scored.empty or not KNOBS:
    placeholder("Loss against knob values", "no configuration was evaluated on every kernel: nothing to plot")
else:
    cols = min(4, len(KNOBS))
    rows_n = (len(KNOBS) + cols - 1) // cols
    fig, axes = plt.subplots(rows_n, cols, figsize=(3.6 * cols, 3.0 * rows_n), squeeze=False)
    for ax, knob in zip(axes.flat, KNOBS):
        values = scored[knob].astype(str)
        levels = sorted(values.unique(), key=lambda v: (v not in ("false", "true"), float(v) if v.replace(".", "", 1).lstrip("-").isdigit() else 0, v))
        pos = values.map({v: i for i, v in enumerate(levels)})
        ax.scatter(pos, scored["loss"], s=16, alpha=0.7)
        means = scored.groupby(values)["loss"].mean().reindex(levels)
        ax.plot(np.arange(len(levels)), means.to_numpy(float), color="0.5")
        d = scored[scored["name"] == "default"]
        if len(d):
            ax.scatter(pos[d.index], d["loss"], marker="*", s=120, color="tab:red", zorder=3, label="default")
        ax.set_xticks(np.arange(len(levels)))
        ax.set_xticklabels(levels, fontsize=8)
        ax.set_xlabel(f"{knob} (value)", fontsize=8)
        ax.set_ylabel("loss", fontsize=8)
        ax.grid(alpha=0.3)
    for ax in list(axes.flat)[len(KNOBS):]:
        ax.set_axis_off()
    fig.suptitle("Loss against ptxas by knob value (each point a configuration on every kernel)")
    fig.tight_layout()
    plt.show()
'''),
]


def main():
    write(HERE / "06-calibration.ipynb", NB06)


if __name__ == "__main__":
    main()

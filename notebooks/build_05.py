"""Writes notebook 05-model-vs-ptxas.ipynb (without outputs).

    /usr/bin/python3 notebooks/build_05.py

Every number the notebook shows is computed when it runs: by SQL over the Parquet of a sweep with
both evaluators (`regtune sweep --evaluator both`, which the notebook runs itself on the bundled
corpus unless $REGTUNE_MODEL_VS_PTXAS names one) and by RegTune's own `select --confirm`. None is
typed in here.
"""
from pathlib import Path

from build_03_04 import PLACEHOLDER
from make_notebook import code, figure, md, write

HERE = Path(__file__).resolve().parent

PARAMETERS = r'''
import json
import os
import shutil
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.display import display

import regtune_nb  # notebooks/regtune_nb.py: nbconvert runs the kernel with cwd = notebooks/
from regtune_nb import ROOT, regtune, sql, use_results

%matplotlib inline
'''

NB05 = [
    md(r'''
# 05 · The model beside the truth: RegTune against ptxas, configuration by configuration

`regtune sweep --evaluator both` evaluates every (kernel, configuration) twice: with RegTune's model
and with the real ptxas 13.0.88 under the configuration's public controls (`-maxrregcount`,
`--register-usage-level`, `-O`, `--Ofast-compile`, ...; the model ignores the controls it does not
model). Both rows share the `config_id` and differ in `model_version` (`ptxas/13.0.88`), so the
sweep carries its own fidelity check. This notebook pairs them and shows where the model is wrong:
its register error (absolute and signed: positive when it over-estimates), whether it agrees that
a kernel spills, and its spill bytes, over all pairs, per configuration and per value of every
swept knob or control; the same figures as the last section of `regtune report`. It ends with
`regtune select --confirm ptxas:K`, which ranks by the model and lets ptxas choose among its top K.

By default it sweeps the bundled corpus's sm_90 kernels over 6 Sobol configurations of
`spaces/ptxas-flags.json` itself (a few hundred ptxas compiles, about a minute); set
`$REGTUNE_MODEL_VS_PTXAS` to the `--out` folder of a sweep with both evaluators to show that one.
Without a ptxas on the `PATH` it says so and draws nothing but the note.
'''),
    code(PARAMETERS + r'''
RESULTS = os.environ.get("REGTUNE_MODEL_VS_PTXAS")
PTXAS = shutil.which("ptxas")
if RESULTS:
    RESULTS = Path(RESULTS)
    print(f"showing the sweep in {RESULTS}")
elif PTXAS is None:
    print("note: no ptxas on the PATH, so there is no sweep of both evaluators to show")
else:
    RESULTS = Path(tempfile.mkdtemp(prefix="regtune-model-vs-ptxas-")) / "sweep"
    print(regtune("sweep", "--evaluator", "both", "--kernels", "datasets/corpus/manifest.csv", "--arch", "sm_90",
                  "--space", "spaces/ptxas-flags.json", "--sampler", "sobol", "-n", "6", "--seed", "1",
                  "--out", RESULTS))  # paths relative to ROOT (regtune runs there)
''' + PLACEHOLDER, tags=("parameters",)),
    code(r'''
# Pairs: the model's row and ptxas's row of each (kernel, configuration). The model versions are those
# `regtune select` reads (the model's, in a table of both), the ptxas version the newest present.
PAIRS = pd.DataFrame()
DIMENSIONS = []
if RESULTS is not None:
    use_results(RESULTS)
    versions = sql("SELECT DISTINCT model_version FROM results ORDER BY model_version")["model_version"].tolist()
    ptxas_versions = [v for v in versions if v.startswith("ptxas/")]
    model_versions = regtune_nb.select(RESULTS, objective="registers")["provenance"]["model_versions"]
    model_versions = [v for v in model_versions if not v.startswith("ptxas/")]
    print("model versions:", ", ".join(model_versions), "| ptxas:", ", ".join(ptxas_versions) or "none")
    if ptxas_versions and model_versions:
        columns = sql("SELECT * FROM results LIMIT 1").columns
        controls = [c for c in columns if c.startswith("ptxas_") and c != "ptxas_command"]
        knobs = [k["name"] for k in json.loads(regtune("knobs", "--format", "json")) if k["name"] in columns]
        candidates = knobs + ["register_budget", "launch_bounds"] + controls
        quoted = ", ".join("'" + v.replace("'", "''") + "'" for v in model_versions)
        PAIRS = sql(f"""
            WITH m AS (SELECT * FROM results WHERE model_version IN ({quoted})),
                 p AS (SELECT kernel_id, config_id, status, registers,
                              coalesce(spill_store_bytes, 0) + coalesce(spill_load_bytes, 0)
                                  + coalesce(smem_spill_bytes, 0) AS spill
                       FROM results WHERE model_version = '{ptxas_versions[-1]}')
            SELECT m.kernel_id, m.kernel_name, m.family, m.config_id,
                   {", ".join(f'CAST(m."{c}" AS VARCHAR) AS "{c}"' for c in candidates)},
                   m.status AS model_status, p.status AS ptxas_status,
                   m.registers AS model_registers, p.registers AS ptxas_registers,
                   coalesce(m.spill_store_bytes, 0) + coalesce(m.spill_load_bytes, 0)
                       + coalesce(m.smem_spill_bytes, 0) AS model_spill,
                   p.spill AS ptxas_spill
            FROM m JOIN p USING (kernel_id, config_id)
            ORDER BY m.kernel_id, m.config_id""")
        PAIRS[candidates] = PAIRS[candidates].fillna("-").astype(str)
        DIMENSIONS = [c for c in candidates if PAIRS[c].nunique() > 1]
both_ok = PAIRS[(PAIRS.get("model_status") == "OK") & (PAIRS.get("ptxas_status") == "OK")] if len(PAIRS) else PAIRS
print(f"{len(PAIRS)} pairs, {len(both_ok)} OK for both; swept:", ", ".join(DIMENSIONS) or "nothing")


def figures(group):
    """The model's error against ptxas over a group of pairs, as `regtune report` computes it."""
    ok = group[(group["model_status"] == "OK") & (group["ptxas_status"] == "OK")]
    err = ok["model_registers"] - ok["ptxas_registers"]
    return pd.Series({
        "pairs": len(group),
        "both OK": len(ok),
        "same status": int((group["model_status"] == group["ptxas_status"]).sum()),
        "registers |error|": err.abs().mean(),
        "registers error (model - ptxas)": err.mean(),
        "registers |error| %": (err.abs() / ok["ptxas_registers"].where(ok["ptxas_registers"] > 0)).mean() * 100,
        "spill yes/no agrees %": ((ok["model_spill"] > 0) == (ok["ptxas_spill"] > 0)).mean() * 100,
        "spill bytes |error|": (ok["model_spill"] - ok["ptxas_spill"]).abs().mean(),
        "spill bytes model": ok["model_spill"].mean(),
        "spill bytes ptxas": ok["ptxas_spill"].mean(),
    })


def per(column):
    """figures() of the pairs grouped by `column`, one row per value."""
    return pd.DataFrame({value: figures(group) for value, group in PAIRS.groupby(column)}).T


def value_order(dim, value):
    """Numbers in numeric order (a register budget of 0, no limit, last), then text."""
    try:
        x = float(value)
        return (0, dim == "register_budget" and x == 0, x, value)
    except ValueError:
        return (1, False, 0.0, value)


if len(PAIRS):
    with pd.option_context("display.float_format", "{:.2f}".format):
        display(figures(PAIRS).to_frame("all pairs").T)
'''),
    md(r'''
## Registers: the model against ptxas

Each point is one (kernel, configuration) OK for both evaluators; on the diagonal the model is
exact. Colour is the register budget (`-maxrregcount`; none = no limit).
'''),
    figure(r'''
if both_ok.empty:
    placeholder("Model against ptxas registers", "no pair is OK for both evaluators: nothing to plot")
else:
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8))
    budgets = sorted(both_ok["register_budget"].unique(), key=lambda b: value_order("register_budget", b))
    for i, b in enumerate(budgets):
        s = both_ok[both_ok["register_budget"] == b]
        axes[0].scatter(s["ptxas_registers"], s["model_registers"], s=14, alpha=0.6, color=f"C{i}",
                        label="none" if float(b) == 0 else b)
    top = max(both_ok["ptxas_registers"].max(), both_ok["model_registers"].max()) + 8
    axes[0].plot([0, top], [0, top], color="0.5", lw=1)
    axes[0].set_xlabel("ptxas registers per thread")
    axes[0].set_ylabel("model registers per thread")
    axes[0].legend(title="-maxrregcount", fontsize=8)
    axes[0].set_title("Registers: model against ptxas")
    err = both_ok["model_registers"] - both_ok["ptxas_registers"]
    axes[1].hist(err, bins=np.arange(err.min() - 0.5, err.max() + 1.5, max(1, (err.max() - err.min()) // 40)),
                 color="tab:blue")
    axes[1].axvline(0, color="0.3", lw=1)
    axes[1].set_xlabel("model - ptxas registers")
    axes[1].set_ylabel("pairs")
    axes[1].set_title(f"Register error: mean {err.mean():+.2f}, mean |error| {err.abs().mean():.2f}")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Spilling: does the model agree that a kernel spills, and by how much?

Left: pairs by whether each evaluator spills (store + load bytes above 0). Right: the spill bytes
of the pairs where either spills, on log scales (bytes + 1).
'''),
    figure(r'''
if both_ok.empty:
    placeholder("Spilling", "no pair is OK for both evaluators: nothing to plot")
else:
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4))
    table = pd.crosstab(both_ok["model_spill"] > 0, both_ok["ptxas_spill"] > 0).reindex(
        index=[False, True], columns=[False, True], fill_value=0)
    axes[0].imshow(table.to_numpy(), cmap="Blues")
    for (i, j), v in np.ndenumerate(table.to_numpy()):
        axes[0].text(j, i, str(v), ha="center", va="center", fontsize=12)
    axes[0].set_xticks([0, 1])
    axes[0].set_xticklabels(["no spill", "spills"])
    axes[0].set_yticks([0, 1])
    axes[0].set_yticklabels(["no spill", "spills"])
    axes[0].set_xlabel("ptxas")
    axes[0].set_ylabel("model")
    agree = (table.to_numpy().trace()) / max(1, table.to_numpy().sum())
    axes[0].set_title(f"Spill yes/no: {100 * agree:.1f}% agree")
    spills = both_ok[(both_ok["model_spill"] > 0) | (both_ok["ptxas_spill"] > 0)]
    if spills.empty:
        axes[1].text(0.5, 0.5, "neither evaluator spills on any pair", ha="center", va="center")
        axes[1].set_axis_off()
    else:
        axes[1].scatter(spills["ptxas_spill"] + 1, spills["model_spill"] + 1, s=14, alpha=0.6)
        top = max(spills["ptxas_spill"].max(), spills["model_spill"].max()) + 2
        axes[1].plot([1, top], [1, top], color="0.5", lw=1)
        axes[1].set_xscale("log")
        axes[1].set_yscale("log")
        axes[1].set_xlabel("ptxas spill bytes + 1")
        axes[1].set_ylabel("model spill bytes + 1")
        axes[1].set_title(f"Spill bytes where either spills ({len(spills)} pairs)")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## The model's error per configuration

One bar per configuration: the mean absolute register error and the signed error (model − ptxas),
largest absolute error first, with the share of pairs whose spill yes/no agrees. Labels are the
configuration's swept values.
'''),
    figure(r'''
if both_ok.empty:
    placeholder("Error per configuration", "no pair is OK for both evaluators: nothing to plot")
else:
    per_config = per("config_id")
    labels = PAIRS.groupby("config_id").first()[DIMENSIONS].apply(
        lambda r: ", ".join(f"{c.removeprefix('ptxas_')}={v}" for c, v in r.items()), axis=1) if DIMENSIONS else \
        pd.Series("defaults", index=per_config.index)
    per_config["configuration"] = labels
    per_config = per_config.sort_values(["registers |error|", "configuration"], ascending=[False, True])
    with pd.option_context("display.float_format", "{:.2f}".format, "display.max_colwidth", 120):
        display(per_config.set_index("configuration"))
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(per_config) + 1.5))
    y = np.arange(len(per_config))
    ax.barh(y - 0.2, per_config["registers |error|"], height=0.4, label="mean |error|", color="tab:blue")
    ax.barh(y + 0.2, per_config["registers error (model - ptxas)"], height=0.4, label="mean error (model - ptxas)",
            color="tab:orange")
    for yi, agree in zip(y, per_config["spill yes/no agrees %"]):
        ax.text(ax.get_xlim()[1], yi, f" spill agrees {agree:.0f}%", va="center", fontsize=7)
    ax.axvline(0, color="0.3", lw=1)
    ax.set_yticks(y)
    ax.set_yticklabels(per_config["configuration"], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("registers per thread")
    ax.set_ylabel("configuration")
    ax.legend(fontsize=8)
    ax.set_title("The model's register error per configuration")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## The model's error per knob and control value

For each swept dimension, the mean absolute register error and the spill yes/no agreement over the
pairs with each value. A control the model does not model (most ptxas controls) shows how much of
ptxas's behaviour the model misses by ignoring it.
'''),
    figure(r'''
if both_ok.empty or not DIMENSIONS:
    placeholder("Error per value", "no pair is OK for both evaluators, or nothing was swept: nothing to plot")
else:
    cols = min(3, len(DIMENSIONS))
    rows_n = (len(DIMENSIONS) + cols - 1) // cols
    fig, axes = plt.subplots(rows_n, cols, figsize=(4.6 * cols, 3.4 * rows_n), squeeze=False)
    for ax, dim in zip(axes.flat, DIMENSIONS):
        per_value = per(dim)
        per_value = per_value.reindex(sorted(per_value.index, key=lambda v: value_order(dim, v)))
        x = np.arange(len(per_value))
        ax.bar(x, per_value["registers |error|"], color="tab:blue", label="registers |error|")
        ax.set_xticks(x)
        ax.set_xticklabels(["none" if dim == "register_budget" and v == "0" else v for v in per_value.index],
                           fontsize=8)
        ax.set_xlabel(f"{dim} (value)", fontsize=8)
        ax.set_ylabel("mean |model - ptxas| registers", fontsize=8)
        twin = ax.twinx()
        twin.plot(x, per_value["spill yes/no agrees %"], color="tab:red", marker="o", label="spill agrees %")
        twin.set_ylim(0, 105)
        twin.set_ylabel("spill yes/no agrees (%)", fontsize=8, color="tab:red")
    for ax in list(axes.flat)[len(DIMENSIONS):]:
        ax.set_axis_off()
    fig.suptitle("The model's error per value of each swept knob and control")
    fig.tight_layout()
    plt.show()
'''),
    md(r'''
## Rank by the model, confirm on ptxas

`regtune select --confirm ptxas:3` ranks each kernel's configurations by the model, compiles its
top 3 with ptxas (through the sweep's ptxas cache, so nothing the sweep compiled is compiled again)
and chooses among them by ptxas's own figures (`lex:spills,registers`). The table gives, per kernel,
the model's choice and the confirmed one, each with the model's and ptxas's registers / spill bytes.
'''),
    code(r'''
if RESULTS is not None and len(PAIRS) and PTXAS is not None:
    confirmed = regtune("select", "--results", RESULTS, "--objective", "lex:spills,registers", "--confirm", "ptxas:3",
                        "--out", RESULTS / "selection-confirmed.json", "--rows", "5")
    print(confirmed[confirmed.index("confirmed on"):])
else:
    print("note: no sweep of both evaluators, or no ptxas on the PATH: nothing to confirm")
'''),
]


def main():
    write(HERE / "05-model-vs-ptxas.ipynb", NB05)


if __name__ == "__main__":
    main()

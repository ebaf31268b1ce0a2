"""Shared helpers of RegTune's notebooks: SQL over a sweep's Parquet results, and RegTune's own
commands (select, export, fidelity) for the numbers the project computes itself.

Parquet is read by DuckDB through its JDBC driver (Maven Central) in a JVM started by JPype
(Debian's python3-jpype): Debian packages no pyarrow, and PyPI is not reachable from this
project's machines. A query's result travels to pandas as CSV written by DuckDB itself, so no
value is converted by hand.

Every notebook sets RESULTS at its top (default: the quickstart run, or $REGTUNE_RESULTS).
"""
import json
import os
import subprocess
import tempfile
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
DUCKDB_VERSION = "1.1.3"
DUCKDB_JAR = Path.home() / ".m2/repository/org/duckdb/duckdb_jdbc" / DUCKDB_VERSION / f"duckdb_jdbc-{DUCKDB_VERSION}.jar"
JPYPE_JAR = Path("/usr/share/java/org.jpype.jar")

_connection = None


def results_dir(default="runs/quickstart"):
    """The results folder the notebook reads: $REGTUNE_RESULTS, else `default` under the repository."""
    path = Path(os.environ.get("REGTUNE_RESULTS", default))
    path = path if path.is_absolute() else ROOT / path
    if not (path / "results").is_dir():
        raise FileNotFoundError(f"{path} holds no 'results' folder: run bin/quickstart (or regtune sweep --out {path}) first")
    return path


def _connect():
    global _connection
    if _connection is None:
        import jpype
        import jpype.imports  # noqa: F401 (makes the java package importable)
        if not DUCKDB_JAR.is_file():
            subprocess.run(["mvn", "-q", "-B", "dependency:get", f"-Dartifact=org.duckdb:duckdb_jdbc:{DUCKDB_VERSION}"],
                           check=True, cwd=ROOT)
        if not jpype.isJVMStarted():
            jpype.startJVM(f"-Djava.class.path={JPYPE_JAR}:{DUCKDB_JAR}", convertStrings=True)
        from java.sql import DriverManager
        _connection = DriverManager.getConnection("jdbc:duckdb:")
    return _connection


def use_results(results):
    """Defines the SQL view `results` over every Parquet file of the sweep under `results`."""
    glob = str(Path(results) / "results" / "**" / "*.parquet")
    execute(f"CREATE OR REPLACE VIEW results AS SELECT * FROM read_parquet('{glob}', hive_partitioning = true, union_by_name = true)")


def execute(statement):
    stmt = _connect().createStatement()
    try:
        stmt.execute(statement)
    finally:
        stmt.close()


def sql(query):
    """The result of a DuckDB query as a pandas DataFrame."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "q.csv"
        execute(f"COPY ({query}) TO '{out}' (HEADER, DELIMITER ',')")
        return pd.read_csv(out)


def regtune(*args):
    """Runs bin/regtune with `args`; its standard output as text. A failure raises with its message."""
    done = subprocess.run([str(ROOT / "bin" / "regtune"), *map(str, args)], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"regtune {' '.join(map(str, args))} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def select(results, objective="latency", train=0.7, seed=1):
    """RegTune's own selection (regtune select) of `results`, as the parsed selection JSON."""
    out = Path(results) / f"selection-{objective}.json"
    regtune("select", "--results", results, "--objective", objective, "--train", train, "--seed", seed, "--out", out)
    return json.loads(out.read_text())


def swept_dimensions():
    """The knob columns (and register_budget) that take more than one value in `results`."""
    catalogue = {k["name"] for k in json.loads(regtune("knobs", "--format", "json"))}
    columns = [c for c in sql("SELECT * FROM results LIMIT 1").columns if c in catalogue] + ["register_budget"]
    counts = sql("SELECT " + ", ".join(f'count(DISTINCT "{c}") AS "{c}"' for c in columns) + " FROM results").iloc[0]
    return [c for c in columns if counts[c] > 1]

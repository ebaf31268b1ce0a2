"""Checks executed notebooks: every notebook of NOTEBOOKS_DIR has an executed copy in
EXECUTED_DIR, no cell of it ended in an error, and every code cell tagged "figure" drew at least
one inline image (as does at least one cell per notebook). Exits 1 naming each failure.

    python3 check_notebooks.py NOTEBOOKS_DIR EXECUTED_DIR
"""
import json
import sys
from pathlib import Path


def problems(source, executed):
    if not executed.is_file():
        return [f"{source.name}: no executed copy at {executed}"]
    nb = json.loads(executed.read_text())
    found = []
    figures = 0
    for index, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        where = f"{source.name} cell {index}"
        outputs = cell.get("outputs", [])
        for out in outputs:
            if out.get("output_type") == "error":
                found.append(f"{where}: {out.get('ename')}: {out.get('evalue')}")
        images = sum(1 for out in outputs if "image/png" in out.get("data", {}))
        figures += images
        if "figure" in cell.get("metadata", {}).get("tags", []) and images == 0:
            found.append(f"{where}: tagged 'figure' but drew no image")
        if cell.get("execution_count") is None and cell["source"]:
            found.append(f"{where}: was not executed")
    if figures == 0:
        found.append(f"{source.name}: drew no figure at all")
    return found


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    sources = sorted(Path(argv[1]).glob("*.ipynb"))
    if not sources:
        print(f"check_notebooks: no notebooks in {argv[1]}", file=sys.stderr)
        return 2
    failures = []
    for source in sources:
        failures += problems(source, Path(argv[2]) / source.name)
    for f in failures:
        print(f"check_notebooks: {f}", file=sys.stderr)
    if not failures:
        print(f"check_notebooks: {len(sources)} notebooks executed without errors, every figure drawn", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

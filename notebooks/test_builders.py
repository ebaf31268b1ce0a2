"""The committed notebooks are exactly what their builders generate, so that editing a builder
without regenerating (or hand-editing a notebook) fails here."""
import tempfile
import unittest
from pathlib import Path

import build_01_02
import build_03_04
import build_05
import build_06
from make_notebook import write

HERE = Path(__file__).resolve().parent
NOTEBOOKS = {
    "01-overview.ipynb": build_01_02.OVERVIEW,
    "02-knob-sensitivity.ipynb": build_01_02.SENSITIVITY,
    "03-pareto-and-profiles.ipynb": build_03_04.NB03,
    "04-fidelity.ipynb": build_03_04.NB04,
    "05-model-vs-ptxas.ipynb": build_05.NB05,
    "06-calibration.ipynb": build_06.NB06,
}


class BuildersTest(unittest.TestCase):
    def test_every_notebook_has_a_builder(self):
        self.assertEqual(sorted(NOTEBOOKS), sorted(p.name for p in HERE.glob("*.ipynb")))

    def test_committed_notebooks_match_their_builders(self):
        with tempfile.TemporaryDirectory() as tmp:
            for name, cells in NOTEBOOKS.items():
                out = Path(tmp) / name
                write(out, cells)
                self.assertEqual(out.read_bytes(), (HERE / name).read_bytes(),
                                 f"{name} differs from its builder's output: run /usr/bin/python3 notebooks/build_*.py")


if __name__ == "__main__":
    unittest.main()

"""The notebook check fails on what it must fail on: a cell that raised, a cell tagged "figure"
that drew nothing, a notebook without any figure, and a notebook that was not executed."""
import json
import tempfile
import unittest
from pathlib import Path

import check_notebooks
from make_notebook import code, figure, write

PNG = {"output_type": "display_data", "data": {"image/png": "iVBORw0KGgo=", "text/plain": "<Figure>"}, "metadata": {}}


def executed(cells_with_outputs):
    cells = []
    for cell, outputs in cells_with_outputs:
        cell["outputs"] = outputs
        cell["execution_count"] = 1
        cells.append(cell)
    return cells


class CheckNotebooksTest(unittest.TestCase):
    def run_check(self, cells):
        with tempfile.TemporaryDirectory() as tmp:
            src = Path(tmp) / "src"
            out = Path(tmp) / "out"
            src.mkdir()
            out.mkdir()
            write(src / "n.ipynb", [code("x = 1")])
            if cells is not None:
                write(out / "n.ipynb", cells)
            return check_notebooks.problems(src / "n.ipynb", out / "n.ipynb")

    def test_a_clean_notebook_with_its_figure_passes(self):
        self.assertEqual([], self.run_check(executed([(code("x = 1"), []), (figure("plot()"), [PNG])])))

    def test_an_error_output_fails(self):
        error = {"output_type": "error", "ename": "KeyError", "evalue": "'registers'", "traceback": []}
        found = self.run_check(executed([(code("x = 1"), [error]), (figure("plot()"), [PNG])]))
        self.assertEqual(["n.ipynb cell 0: KeyError: 'registers'"], found)

    def test_a_figure_cell_without_an_image_fails(self):
        found = self.run_check(executed([(figure("plot()"), []), (code("y = 2"), [PNG])]))
        self.assertEqual(["n.ipynb cell 0: tagged 'figure' but drew no image"], found)

    def test_a_notebook_without_any_figure_fails(self):
        self.assertEqual(["n.ipynb: drew no figure at all"], self.run_check(executed([(code("x = 1"), [])])))

    def test_an_unexecuted_or_missing_copy_fails(self):
        unexecuted = [figure("plot()")]
        found = self.run_check(unexecuted)
        self.assertIn("n.ipynb cell 0: was not executed", found)
        self.assertTrue(self.run_check(None)[0].startswith("n.ipynb: no executed copy"))


if __name__ == "__main__":
    unittest.main()

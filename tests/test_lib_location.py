from pathlib import Path

import lib


def test_lib_is_this_projects_package():
    # An installed module named `lib` would shadow ours (DESIGN.md); make sure it does not.
    root = Path(__file__).resolve().parents[1]
    assert Path(lib.__file__).resolve().parent == root / "scripts" / "lib"


def test_lib_has_no_snakemake():
    root = Path(__file__).resolve().parents[1] / "scripts" / "lib"
    for module in root.glob("*.py"):
        text = module.read_text()
        assert "import snakemake" not in text and "from snakemake" not in text, module.name

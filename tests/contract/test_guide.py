"""``docs/adding-a-system.md`` stays true: the toy it walks through has the layout and the
sizes its table gives, and the guide cites specs by name, never by a machine path."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "adding-a-system.md"
TOY = Path(__file__).parent / "toy"
ROW = re.compile(r"^\| `(?P<name>[a-z_]+(?:\.py|/))`(?: \(or `[a-z_/]+`\))? \|.*\| (?P<n>\d+) \|$")


def _rows() -> dict[str, int]:
    rows = {}
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m["name"]] = int(m["n"])
    return rows


def _lines(path: Path) -> int:
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)


def test_the_guide_table_lists_the_toy_files():
    rows = _rows()
    assert len(rows) >= 10, rows
    on_disk = {
        p.name + ("/" if p.is_dir() else "") for p in TOY.iterdir() if p.name != "__pycache__"
    }
    assert set(rows) == on_disk


@pytest.mark.parametrize("name", sorted(_rows()))
def test_each_size_in_the_guide_is_the_real_one(name):
    assert _lines(TOY / name.rstrip("/")) == _rows()[name]


def test_the_guide_names_no_machine_path():
    text = GUIDE.read_text(encoding="utf-8")
    assert not re.search(r"(/work/|/root/|/home/|\.\./shared)", text)

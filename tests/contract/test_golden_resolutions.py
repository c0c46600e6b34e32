"""Determinism: seeded resolutions of every system replay exactly as recorded.

``tests/contract/golden/<system>.json`` holds, for a few setups and seeds, the key, the dice faces of
every step and the step labels. A change in dice order, in a rule or in a step breaks this
test on purpose: regenerate the file (``python -m tests.contract.test_golden_resolutions``) only
when the change is meant, and say so in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import rolkit

GOLDEN = Path(__file__).parent / "golden"
SEEDS = (1, 7, 81723)


def _setups(system_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The default forms, then each role's first preset on top of the defaults."""
    s = rolkit.get_system(system_id)
    setups = [("defaults", s.defaults())]
    for role, table in s.presets.items():
        if table:
            name, form = next(iter(table.items()))
            setups.append((f"{role}: {name}", {**s.defaults(), role: form}))
    return setups


def _record(system_id: str) -> list[dict[str, Any]]:
    s = rolkit.get_system(system_id)
    out = []
    for label, forms in _setups(system_id):
        for seed in SEEDS:
            try:
                r = s.resolve(**forms, seed=seed)
            except rolkit.RulesError as err:
                out.append({"setup": label, "seed": seed, "error": str(err)})
                continue
            out.append(
                {
                    "setup": label,
                    "seed": seed,
                    "key": repr(r.key),
                    "steps": [[st.label, list(st.dice)] for st in r.steps],
                }
            )
    return out


@pytest.mark.parametrize("system_id", rolkit.systems())
def test_seeded_resolutions_replay_as_recorded(system_id):
    path = GOLDEN / f"{system_id}.json"
    assert path.exists(), f"no golden file for {system_id}: run python {__file__}"
    recorded = json.loads(path.read_text(encoding="utf-8"))
    now = _record(system_id)
    assert [(r["setup"], r["seed"]) for r in now] == [(r["setup"], r["seed"]) for r in recorded]
    for old, new in zip(recorded, now, strict=True):
        assert new == old, f"{system_id} {old['setup']} seed {old['seed']} changed"


if __name__ == "__main__":  # regenerate on purpose
    for sid in sys.argv[1:] or rolkit.systems():
        (GOLDEN / f"{sid}.json").write_text(
            json.dumps(_record(sid), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
        print("wrote", GOLDEN / f"{sid}.json")

"""The fight engine stays readable (issue 24, item 4): a package of small modules where no
function is longer than 80 lines, no import hides inside a function, nothing imports
``rolkit`` itself or the display, and the chain's states are named, typed values."""

from __future__ import annotations

import ast
from pathlib import Path

import rolkit
from rolkit.fight import ChainState, Node, Slot, odds_of_fighters
from rolkit.fight.chain import Chain
from rolkit.fight.spec import FightSpec
from rolkit.fight.state import Steps, Summary

PACKAGE = Path(rolkit.__file__).parent / "fight"
MAX_LINES = 80


def _modules() -> list[tuple[Path, ast.Module]]:
    paths = sorted(PACKAGE.glob("*.py"))
    assert len(paths) >= 8, "the fight engine is a package of modules"
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in paths]


def test_no_function_of_the_fight_is_longer_than_80_lines():
    long = [
        f"{p.name}:{n.lineno} {n.name} ({n.end_lineno - n.lineno + 1} lines)"
        for p, tree in _modules()
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        and n.end_lineno - n.lineno + 1 > MAX_LINES
    ]
    assert not long


#: The only imports allowed inside a function: a heavy third-party library that
#: ``import rolkit`` must not load (tests/core/test_layers.py's LAZY table gives the reason).
LAZY_INSIDE = {
    ("bounds.py", "numpy"),
    ("party_split.py", "numpy"),
    ("party_tables.py", "numpy"),
    ("party_turns.py", "numpy"),
    ("lockstep.py", "numpy"),
}


def test_the_fight_imports_at_module_level_only_and_never_rolkit_or_display():
    bad = []
    for p, tree in _modules():
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                bad += [
                    f"{p.name}:{n.lineno} import inside {fn.name}"
                    for n in ast.walk(fn)
                    if isinstance(n, ast.Import | ast.ImportFrom)
                    and not (
                        isinstance(n, ast.Import)
                        and all((p.name, a.name) in LAZY_INSIDE for a in n.names)
                    )
                ]
        for n in ast.walk(tree):
            names = (
                [a.name for a in n.names]
                if isinstance(n, ast.Import)
                else [n.module or ""]
                if isinstance(n, ast.ImportFrom)
                else []
            )
            if isinstance(n, ast.Import):  # ``import rolkit``: the whole package, a cycle
                bad += [f"{p.name}:{n.lineno} imports {m}" for m in names if m == "rolkit"]
            bad += [
                f"{p.name}:{n.lineno} imports {m}" for m in names if m.startswith("rolkit.display")
            ]
            if isinstance(n, ast.ImportFrom) and n.module == "rolkit":
                bad += [
                    f"{p.name}:{n.lineno} imports rolkit.display"
                    for a in n.names
                    if a.name == "display"
                ]
    assert not bad


def test_a_chain_state_is_a_named_typed_value_at_every_interface():
    s = rolkit.get_system("core_dread")
    d = s.defaults()
    fighters = (("A", "a", d["attacker"], d["weapon"]), ("B", "b", d["defender"], d["weapon"]))
    chain = Chain(s, FightSpec(s.id, fighters), d["modifiers"], s.options_type(), {})
    chain.explore(10_000)
    assert isinstance(chain.start, ChainState) and all(isinstance(x, Slot) for x in chain.start)
    root = chain.root
    assert isinstance(root, Node) and root.state is chain.start and root.turn == 0
    steps = chain.step_weights(*root)
    assert isinstance(steps, Steps) and steps.states
    assert all(isinstance(x, ChainState) for x in steps.states)
    assert all(isinstance(w, int) for w in steps.weights)
    assert isinstance(chain.summary(chain.start), Summary)
    # hashable and equal to the tuple it names: states stay as cheap as bare tuples
    assert hash(chain.start) == hash(tuple(chain.start)) and chain.start == tuple(chain.start)
    assert odds_of_fighters(s, fighters, rounds=1).states >= 1

"""Shared helpers of the widget tests: the sample system (every field kind) plus every
registered system, so a system added later is covered with no new test code."""

import dataclasses
import sys
from pathlib import Path

import rolkit

sys.path.insert(0, str(Path(__file__).parent))
from .sample_system import SYSTEM as SAMPLE  # noqa: E402

SAMPLE_REGISTRY = {"sample": SAMPLE, "sample2": dataclasses.replace(SAMPLE, id="sample2")}
SYSTEM_IDS = ["sample", *rolkit.systems()]


def get_system(system_id):
    if system_id in SAMPLE_REGISTRY:
        return SAMPLE_REGISTRY[system_id]
    return rolkit.get_system(system_id)


def make_dashboard(system_id, lang="es"):
    from widgets.app import Dashboard

    registry = SAMPLE_REGISTRY if system_id in SAMPLE_REGISTRY else None
    return Dashboard(system=system_id, lang=lang, registry=registry)


def check_widget(w, **expected):
    """Assert widget traits, printing ``Class.attr = got != expected`` on failure."""
    for attr, want in expected.items():
        got = getattr(w, attr)
        assert got == want, f"{type(w).__name__}.{attr} = {got!r} != {want!r}"

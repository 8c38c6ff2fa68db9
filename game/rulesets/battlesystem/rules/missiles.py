"""Missiles and artillery ([10.1]-[10.11]): filled in by the Intermediate layer."""

from __future__ import annotations

from .. import actions as A
from ..state import BSState
from .common import Emitter


def fire_options(s: BSState, side: str, phase: str) -> list[tuple[str, str]]:
    """(unit, target) pairs that may fire now."""
    return []


def why_not_fire(s: BSState, a: A.Fire, phase: str) -> str | None:
    return "missile fire is not part of this game"


def do_fire(em: Emitter, a: A.Fire) -> None:
    raise ValueError("no missile fire")

"""Clicks to actions (no pygame): a point aims a unit's move, wheel or an individual's move;
a figure aims a charge or missile fire; the unit itself offers its formation changes."""

from __future__ import annotations

from .. import actions as A
from ..state import BSState


def point_actions(s: BSState, side: str, figure_id: str, x: float, y: float) -> list:
    return []


def figure_actions(s: BSState, side: str, figure_id: str, target_id: str | None) -> list:
    return []

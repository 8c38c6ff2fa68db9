"""Wrap-around movement ([7.11])."""

from __future__ import annotations

from ..state import BSState, Unit
from .common import Emitter
from .movement import Plan, no


def plan_wrap(s: BSState, u: Unit, figures: int) -> Plan:
    return no("wrap-around movement is not available yet")


def do_wrap(em: Emitter, a) -> None:
    raise ValueError("no wrap-around")

"""What an action would do (no pygame)."""

from __future__ import annotations

from ..state import BSState


def preview(s: BSState, a) -> dict:
    return {}

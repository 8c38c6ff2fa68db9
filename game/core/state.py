"""Battle state: a pydantic model each ruleset extends with its own fields.

State must round-trip through JSON exactly (the conformance suite checks it at
every step) and hashes to a stable digest for replay checkpoints.
"""

from __future__ import annotations

import hashlib

from pydantic import BaseModel, ConfigDict


class BattleState(BaseModel):
    """Fields every battle has. Rulesets subclass and add their own.

    Attributes:
        ruleset: ruleset id.
        sides: side ids in seating order.
        turn: the game turn, from 1.
        phase: the current phase name, in the ruleset's own terms.
        active: the side to act now; None when the battle is over.
        winner: the winning side once over (None for a draw or not over).
        over: True once the battle has ended.
        seq: the number of events applied so far.
    """

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    ruleset: str
    sides: list[str]
    turn: int = 1
    phase: str = "setup"
    active: str | None = None
    winner: str | None = None
    over: bool = False
    end_reason: str = ""
    seq: int = 0

    def to_json(self) -> str:
        """Canonical JSON (field order is the class's, keys stable)."""
        return self.model_dump_json()

    def digest(self) -> str:
        """SHA-256 hex digest of :meth:`to_json` (replay checkpoints)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()

    def clone(self):
        """A deep copy."""
        return self.model_copy(deep=True)

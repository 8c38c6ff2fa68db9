"""Battlespace's AI hooks: candidates for the generic agents and the state
score (``candidates``), and the ``default`` fireteam agent (``fireteam``)."""

from .candidates import evaluate, sample_candidates
from .fireteam import FireteamAgent

__all__ = ["FireteamAgent", "evaluate", "sample_candidates"]

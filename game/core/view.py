"""Per-side views: what one side may see (hidden units, hidden missions).

The ruleset decides the contents; these helpers are what the controller and UI
call so no caller reads a state it should not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.ruleset import Ruleset
from game.core.state import BattleState

SPECTATOR = None  #: the side argument for an all-seeing view (AI-vs-AI watching)


def view_for(ruleset: Ruleset, state: BattleState, side: str | None) -> BattleState:
    """The state as ``side`` sees it (a copy; ``None`` sees everything)."""
    return ruleset.view(state, side)


def handover_needed(previous: str | None, nxt: str | None, humans: set[str]) -> bool:
    """Hot-seat: hide the screen between two different human sides."""
    return previous is not None and nxt is not None and previous != nxt and previous in humans and nxt in humans


@dataclass(frozen=True)
class Figure:
    """How the UI draws one model, ship, unit or element (ruleset-agnostic).

    Attributes:
        id: the model's id (actions name it).
        side: its side id.
        x, y: base centre, mm.
        radius: base radius for round bases, mm (0 when ``width``/``depth`` are used).
        width, depth: rectangular base size, mm (0 for round bases).
        heading: facing, degrees clockwise from +x.
        label: short text to draw on or by the base.
        markers: state markers to show (``"wounded:2"``, ``"suppressed"``,
            ``"prone"``, ``"down"``, ``"routed"``, ``"blast:1"``, ...); the
            names the app draws as icons are listed in
            ``game/rulesets/README.md`` ("Figure markers").
        group: element, squadron or formation id, if any.
        profile: lines for the tooltip (name, stats).
        altitude: elevation it stands on, mm.
        stands: a rectangular base drawn as this many stands one behind
            another along its depth, each ``"normal"``, ``"turned"`` (its stand
            faces about: a suppressed element's fire team) or ``"blank"``
            (an empty stand: reduced strength); empty: one whole base.
        parts: the separate bases of a unit of many figures (a block in ranks and
            files): each base's centre relative to (x, y) in the figure's own frame
            (mm along ``heading``, mm to its right); empty for a single model.
        part_size: each part's width (across) and depth (along ``heading``), mm.
        part_marks: a short mark per part (``"W"`` on a wounded figure), or empty.
        badges: the short words the table shows under the base, when the
            ruleset words them itself (None: one badge per marker; empty:
            none).
    """

    id: str
    side: str
    x: float
    y: float
    radius: float = 12.5
    width: float = 0.0
    depth: float = 0.0
    heading: float = 0.0
    label: str = ""
    markers: tuple[str, ...] = ()
    group: str | None = None
    profile: tuple[str, ...] = ()
    altitude: float = 0.0
    stands: tuple[str, ...] = ()
    parts: tuple[tuple[float, float], ...] = ()
    part_size: tuple[float, float] = (0.0, 0.0)
    part_marks: tuple[str, ...] = ()
    badges: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Marker:
    """A non-model thing on the table the UI draws: blast markers, objectives,
    templates left in play, suppression lanes. ``shape`` is a list of (x, y)
    mm points (a polygon) or one point with ``radius``."""

    id: str
    kind: str
    points: tuple[tuple[float, float], ...]
    radius: float = 0.0
    label: str = ""
    side: str | None = None
    extra: dict = field(default_factory=dict)

"""Shared helpers: the event emitter, a unit's ratings and weapons, inches, names.

The emitter collects the events of one ``resolve`` and applies each to a scratch copy of the
state, so later decisions see earlier effects (the real state is changed only by the engine).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from game.core.dice import Dice
from game.core.emitter import Emitter as CoreEmitter
from game.core.event import Event

from ..events import Changed, IndividualChanged
from ..profiles import DATA, UnitProfile
from ..state import BSState, Individual, Unit
from .ratings import UnitRating, rate

T = DATA.tables
INCH = T.inch_mm


class Emitter(CoreEmitter[BSState]):
    """Events of one ``resolve``, applied to a scratch copy as they are emitted
    (:class:`game.core.emitter.Emitter`), with Battlesystem's shorthands."""

    def __init__(self, state: BSState, dice: Dice, apply: Callable[[BSState, Event], None]) -> None:
        super().__init__(state, dice, apply)
        #: the attacks each unit already checked morale for in this action ([4.4]: one check an attack)
        self.checked: dict[str, set[str]] = {}

    def change(self, u: Unit, text: str = "", **changes) -> None:
        """Set fields of unit ``u`` (a :class:`Changed` event; ``text`` its log line)."""
        self.emit(Changed(unit=u.id, changes=changes, text=text))

    def change_char(self, c: Individual, text: str = "", **changes) -> None:
        self.emit(IndividualChanged(individual=c.id, changes=changes, text=text))

    def unit(self, uid: str) -> Unit:
        """The unit as it stands now in the scratch state."""
        return self.s.units[uid]


def profile(u: Unit) -> UnitProfile:
    return DATA.units[u.profile]


@lru_cache(maxsize=512)
def _rating(profile_id: str, original: int) -> UnitRating:
    return rate(DATA.units[profile_id], original)


def rating(u: Unit) -> UnitRating:
    """[3.1] the unit's roster ratings (its figures at the start of the battle)."""
    return _rating(u.profile, u.original)


def mv_mm(u: Unit) -> float:
    """The unit's movement rate, mm (its flying rate while in the air, [15.1])."""
    if u.altitude > 0:
        from .flight import fly_rate_mm
        fly = fly_rate_mm(u)
        if fly is not None:
            return fly
    return rating(u).mv * INCH


def inches(mm: float) -> str:
    """A distance as a player reads it: ``7.5"``."""
    v = mm / INCH
    return f'{v:.1f}"' if abs(v - round(v)) > 0.05 else f'{round(v):d}"'


def angle_words(deg: float) -> str:
    """An angle to one side as every text writes it, in whole degrees with
    the degree sign: ``"51° right"`` (+ is clockwise: right), ``"0°"``."""
    n = round(abs(deg))
    return f"{n}° {'right' if deg > 0 else 'left'}" if n else "0°"


def oblique_words(offset: float) -> str:
    """Which way an advance goes ([7.9]): ``"straight ahead"`` when the
    oblique angle is 0 in whole degrees, else ``"12° right oblique"``."""
    return "straight ahead" if not round(abs(offset)) else f"{angle_words(offset)} oblique"


def is_regular(u: Unit) -> bool:
    """Regular units and the special types that act as regulars ([2.8], [2.11])."""
    return u.kind in ("regular", "elite", "berserker")


def has_missiles(u: Unit) -> bool:
    return bool(profile(u).missile) or bool(profile(u).piece)


def hd_left(u: Unit) -> float:
    """Hit dice the unit still fields (figures x hit dice per figure)."""
    return u.figures * rating(u).hd_per_figure


def lost_share(u: Unit, figures: int | None = None) -> float:
    """Share of its original figures the unit has lost."""
    n = u.figures if figures is None else figures
    return 1.0 - n / u.original if u.original else 1.0


def angle_diff(a: float, b: float) -> float:
    """Signed difference a - b in degrees, in (-180, 180]."""
    d = math.fmod(a - b, 360.0)
    if d <= -180:
        d += 360
    elif d > 180:
        d -= 360
    return d


def norm(h: float) -> float:
    h = math.fmod(h, 360.0)
    return h + 360.0 if h < 0 else h


def side_name(s: BSState, side: str) -> str:
    return s.side_names.get(side, side)

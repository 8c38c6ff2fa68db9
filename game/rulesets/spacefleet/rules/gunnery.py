"""The Gunnery table (spacefleet_core 1.7): the base column by the
target's type and aspect, the column shifts (range, doubled when fighting
sunward; blast markers and gas clouds; low orbit; holofields) and the
armour of the facing the volley is read on."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.event import Target

from .. import geom

from ..data import Weapon, tables
from ..sight import shifts
from ..state import SFState, Ship
from .common import in_field, prof


SUNWARD_HEADING = {"north": -90.0, "south": 90.0, "east": 0.0, "west": 180.0}


COLUMNS = "ABCDE"


@dataclass(frozen=True)
class Gunnery:
    """How a battery volley is read on the Gunnery table: the ``base`` column
    for the target's type and aspect, the labelled column ``steps`` (range,
    blast markers, low orbit, holofields), the ``column`` read (kept on the
    table's five columns), the ``dice`` it gives, the ``armour`` they need
    and the ``facing`` it is read on (front, left, right, rear)."""

    column: int
    dice: int
    armour: int
    aspect: str
    steps: tuple[tuple[str, int], ...] = ()
    base: int = 0
    base_label: str = ""
    facing: str = "front"

    @property
    def shifts(self) -> tuple[str, ...]:
        """The column shifts in words ("close range -1", "blast markers +1")."""
        return tuple(f"{k} {v:+d}" for k, v in self.steps)

    def parts(self) -> str:
        """"column B (capital ship abeam) +1 (blast markers) = C": the base
        column, each shift and the column read (a shift past the table's edge
        is taken back by a labelled step, so the parts add up)."""
        steps = list(self.steps)
        raw = self.base + sum(v for _, v in steps)
        if raw != self.column:
            steps.append(("no column beyond " + COLUMNS[self.column], self.column - raw))
        head = f"column {COLUMNS[self.base]} ({self.base_label})"
        if not steps:
            return head
        return head + "".join(f" {v:+d} ({k})" for k, v in steps) + f" = {COLUMNS[self.column]}"

    def armour_target(self) -> Target:
        """The score each die needs: the armour of the facing the volley is read on."""
        return Target(label=armour_label(self.facing), base=self.armour)


def armour_label(facing: str) -> str:
    """"front armour", "side armour", "rear armour" for a quadrant of the target."""
    return {"front": "front armour", "rear": "rear armour"}.get(facing, "side armour")


def sunward(state: SFState, ship: Ship, tx: float, ty: float) -> tuple[bool, bool]:
    """(may be sunward, may be not): the target lies in the firer's compass
    quadrant facing the sunward edge (celestial phenomena: fighting sunward);
    on a boundary both answers are possible and the shooter picks."""
    if state.battlezone not in tables().phenomena.sunward_zones or ship.zone != "main":
        return (False, True)
    q = geom.quadrants(SUNWARD_HEADING[state.sunward], ship.x, ship.y, tx, ty)
    return ("front" in q, q != ("front",))


def gunnery(state: SFState, ship: Ship, w: Weapon, fp: int, target: Ship) -> Gunnery:
    """Dice and armour for ``fp`` firepower at ``target``: base column by type
    and aspect, then range shifts (doubled sunward), one right for blast
    markers, one right in low orbit, one right for an Eldar target's
    holofields; the shooter picks the better answer on a quadrant boundary
    (spacefleet_core 1.1, 1.7, 1.12)."""
    t = tables()
    c = t.constants
    d = math.hypot(target.x - ship.x, target.y - ship.y)
    cols = t.gunnery.base_column
    pa = prof(target)
    kind = "capital" if pa.capital else "escort"
    inside = in_field(state, ship) is not None
    bm = fire_through_markers(state, ship, target)
    best: Gunnery | None = None
    aspects = geom.quadrants(target.heading, target.x, target.y, ship.x, ship.y)
    sun_opts = sunward(state, ship, target.x, target.y)
    for q in aspects:
        asp = {"front": "closing", "rear": "away"}.get(q, "abeam")
        armour = pa.armour.front if q == "front" else pa.armour.other
        for sun in (True, False):
            if not sun_opts[0 if sun else 1]:
                continue
            steps: list[tuple[str, int]] = []
            base = cols["defences"] if target.stationary else cols[f"{kind}:{asp}"]
            base_label = "stationary: defences" if target.stationary else f"{'capital ship' if pa.capital else 'escort'} {asp}"
            k = 2 if sun else 1
            sun_word = ", doubled sunward" if sun else ""
            if d <= c.close_range_mm and not inside:
                steps.append((f"close range{sun_word}", -k))
            elif d > c.long_range_mm and not w.no_long_range_shift:
                steps.append((f"long range{sun_word}", k))
            if bm:
                steps.append(("blast markers", 1))
            if ship.zone == "low_orbit":
                steps.append(("low orbit", t.low_orbit.column_shift))
            if holofields_up(target):
                steps.append(("holofields", t.eldar.holofield_column_shift))
            col = max(0, min(4, base + sum(v for _, v in steps)))
            g = Gunnery(col, t.gunnery.dice(fp, col), armour, "stationary" if target.stationary else asp,
                        tuple(steps), base, base_label, q)
            if best is None or g.dice * (7 - g.armour) > best.dice * (7 - best.armour):
                best = g
    assert best is not None
    return best


def fire_through_markers(state: SFState, ship: Ship, target: Ship) -> bool:
    """The blast-marker right shift applies: a marker (or cloud) touches the
    firer or the target, or lies on the line of fire (spacefleet_core 1.7).
    An Eldar firer that passed its cloud test leaves clouds out; the target's
    own test does not change what the cloud does to the firer (celestial
    phenomena: gas and dust clouds; ours)."""
    return bool(shifts(state, ship, target))


def holofields_up(target: Ship) -> bool:
    """An active Eldar ship's holofields work (a hulk has none; spacefleet_core 1.12)."""
    return target.eldar and target.status == "active"


def lance_armour(target: Ship) -> int:
    return 4

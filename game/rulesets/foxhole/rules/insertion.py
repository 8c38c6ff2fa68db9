"""Helicopter and glider insertions and para drops (Foxhole, Figure setup).

* Each is planned at the start: the turn and the place (secret to its side).
* One die is rolled two turns before it is due: 1 two turns early, 2 one
  turn early, 3-4 on time, 5 one turn late, 6 two turns late. One due on the
  first or second turn is rolled on the side's first turn, and none arrives
  before the turn it was rolled (ours).
* It arrives at the start of its side's turn; its elements are then used
  like any other that turn.
* Para drops drift and spread (ours: the text only warns of it): the drop
  point drifts 1D6 x 10 mm towards a D12 clock bearing (12 up the table),
  then each element lands 1D6 x 6 mm from it on its own D12 bearing.
  Helicopters and gliders land their elements round the point.
* An element that would land off the table, in impassable terrain or on
  another base lands at the nearest free place (ours).
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from .. import events as E
from ..geo import footprint, footprint_at, geo_of, grid_ref, overlaps
from ..state import FoxState, Insertion
from ..tables import TABLES
from .common import Emitter

AR = TABLES.arrival
PA = TABLES.para


def plan_problem(s: FoxState, side: str, insertion: str, turn: int, x: float, y: float) -> str:
    ins = next((i for i in s.insertions if i.id == insertion and i.side == side), None)
    if ins is None:
        return f"{side} has no insertion {insertion!r}"
    if ins.turn is not None:
        return "that insertion is already planned"
    if not (max(1, ins.earliest) <= turn <= s.turn_limit):
        return f"an insertion is planned for a turn from {max(1, ins.earliest)} to {s.turn_limit}"
    w, h = s.table
    if not (0 <= x <= w and 0 <= y <= h):
        return "the landing point is off the table"
    return ""


def clock(face: int) -> tuple[float, float]:
    """The unit vector of a D12 clock bearing (12 is up the table, -y; 3 is +x)."""
    ang = math.radians(face * 30.0)
    return math.sin(ang), -math.cos(ang)


def free_spot(s: FoxState, e_id: str, x: float, y: float) -> tuple[float, float, str]:
    """The nearest place to (x, y) where the element may stand: on the table,
    off impassable terrain, clear of other bases (a spiral of 5 mm steps)."""
    g = geo_of(s)
    e = s.elements[e_id]
    half = TABLES.bases.square_mm / 2
    w, h = s.table
    note = ""
    for ring in range(0, 60):
        r = ring * 5.0
        n = 1 if ring == 0 else 8 * ring
        for k in range(n):
            a = 2 * math.pi * k / n
            px = min(max(x + r * math.cos(a), half), w - half)
            py = min(max(y + r * math.sin(a), half), h - half)
            if g.kind_at(px, py) == "impassable":
                continue
            fp = footprint_at(e, px, py, "normal", 0.0)
            if any(o.on_table and o.id != e_id and overlaps(fp, footprint(o)) for o in s.elements.values()):
                continue
            if (px, py) != (x, y):
                note = "moved to the nearest clear ground"
            return round(px, 2), round(py, 2), note
    return round(min(max(x, half), w - half), 2), round(min(max(y, half), h - half), 2), note


def turn_start(em: Emitter, side: str) -> None:
    """Arrival rolls due now, then the insertions that arrive this turn."""
    s = em.s
    for ins in list(s.insertions):
        if ins.side != side or ins.arrived or ins.turn is None:
            continue
        if ins.arrival is None and s.turn >= ins.turn - AR.turns_before:
            r = em.roll(AR.die, f"arrival of the {ins.method} {ins.id} due on turn {ins.turn}", side=side, secret=True)
            shift = AR.of(r.natural)
            em.emit(E.ArrivalSet(insertion=ins.id, method=ins.method, turn=max(s.turn, ins.turn + shift), shift=shift,
                                 private=side))
    for ins in list(s.insertions):
        if ins.side == side and not ins.arrived and ins.arrival is not None and ins.arrival <= s.turn:
            land(em, ins.id)


def land(em: Emitter, ins_id: str) -> None:
    s = em.s
    ins: Insertion = next(i for i in s.insertions if i.id == ins_id)
    x, y = ins.x, ins.y
    if ins.method == "para":
        d = em.roll("d6", f"drift of the para drop {ins.id}", side=ins.side)
        b = em.roll("d12", f"drift bearing of the para drop {ins.id}", side=ins.side)
        ux, uy = clock(b.natural)
        x, y = x + ux * d.natural * PA.drift_step_mm, y + uy * d.natural * PA.drift_step_mm
    n = len(ins.elements)
    for k, eid in enumerate(ins.elements):
        if ins.method == "para":
            sd = em.roll("d6", f"spread of {s.elements[eid].name}", side=ins.side)
            sb = em.roll("d12", f"spread bearing of {s.elements[eid].name}", side=ins.side)
            ux, uy = clock(sb.natural)
            px, py = x + ux * sd.natural * PA.spread_step_mm, y + uy * sd.natural * PA.spread_step_mm
        else:
            a = 2 * math.pi * k / max(1, n)
            r = 0.0 if n == 1 else TABLES.insertion.cluster_mm * (0.5 if n <= 2 else 0.75)
            px, py = x + r * math.cos(a), y + r * math.sin(a)
        fx, fy, note = free_spot(em.s, eid, px, py)
        em.emit(E.Landed(element=eid, name=s.elements[eid].name, method=ins.method, x=fx, y=fy,
                         grid=grid_ref(fx, fy, s.table), note=note))


__all__ = ["plan_problem", "turn_start", "land", "clock", "free_spot", "Point"]

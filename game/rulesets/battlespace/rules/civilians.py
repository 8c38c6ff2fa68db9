"""Civilians (Battlespace: Civilians; the reaction chart in ``data/tables.json``)."""

from __future__ import annotations

import math

from ..data import data
from ..events import Changed, Placed, Removed
from ..geo import geo_of, move_end
from ..names import display_name as nm
from ..sight import adjudicate
from ..state import Fig
from .common import Emitter, suppressed
from .deck import discard_top
from .enemy import move_toward

#: the chart results in plain words for the battle log
REACTION_WORDS = {"hostile": "hostile! reveals a weapon", "scream": "screams and runs from the soldier",
                  "approach": "walks up to the soldier", "nothing": "does nothing", "friendly": "is friendly and leaves"}


def chart(roll: int) -> str:
    """The civilian reaction for a D20 roll (14, missing from the print, does nothing: ours)."""
    for row in data().tables.civilian_chart:
        if row.low <= roll <= row.high:
            return row.result
    raise ValueError(roll)


def run(em: Emitter, c: Fig, hx: float, hy: float, dist: float, toward: Fig | None = None) -> None:
    """A civilian's own move (the reaction chart; the panic card): straight in the
    direction (hx, hy) for ``dist`` mm, ending in base contact with ``toward`` when
    he reaches him, and where the base first touches impassable or hindering terrain
    or the table edge, never on another model (:func:`~..geo.move_end`, exact). No
    advance from contact with hindering terrain (Hindering Terrain); a civilian under
    suppression fire cannot move (Suppression Fire: every model under it)."""
    s = em.s
    if suppressed(s, c):
        em.log(f"{nm(c)} is pinned down by suppression fire and cannot move")
        return
    g = geo_of(s)
    d = math.hypot(hx, hy)
    if d == 0:
        return
    if dist > data().tables.move_mm and g.in_hindering(c.x, c.y):
        dist = data().tables.move_mm
    x, y, _ = move_end(s, c, c.x + hx / d * dist, c.y + hy / d * dist, target=toward)
    if math.hypot(x - c.x, y - c.y) > 1e-6:
        em.emit(Placed(unit=c.id, x=x, y=y, z=c.z, on=c.on))


def _sees(em: Emitter, c: Fig, soldier: Fig) -> bool:
    sg = adjudicate(em.s, c, soldier)
    return sg.sees and sg.cover == "none"


def sweep(em: Emitter, prefer: Fig | None = None) -> None:
    """Battlespace: Civilians: "the first time a civilian has a soldier in unobscured LoS",
    however it arises (set-up, a civilian's move, a soldier's move, a vehicle driven, smoke
    clearing): each civilian that has not reacted yet and sees an able soldier unobscured
    rolls on the chart. The soldier causing it: ``prefer`` (the one who just moved) when
    seen, else the nearest seen (ties by id; ours)."""
    s = em.s
    if s.result is not None:
        return
    for cid in sorted(k for k, c in s.figs.items() if c.kind == "civilian"):
        c = em.s.figs[cid]
        if c.status != "ok" or c.reacted or not c.on_table:
            continue
        seen = [f for f in em.s.soldiers() if f.status == "ok" and _sees(em, c, f)]
        if not seen:
            continue
        if prefer is not None and any(f.id == prefer.id for f in seen):
            who = em.s.figs[prefer.id]
        else:
            who = min(seen, key=lambda f: (math.hypot(f.x - c.x, f.y - c.y), f.id))
        _react_one(em, c, who)


def react(em: Emitter, soldier: Fig) -> None:
    """Roll on the reaction chart for each civilian seeing ``soldier`` unobscured for the first time
    (after his move), then for any civilian who now sees another soldier (``sweep``)."""
    sweep(em, prefer=soldier)


def _react_one(em: Emitter, c: Fig, soldier: Fig) -> None:
    """One civilian's roll on the chart, caused by ``soldier``; a civilian who moves may then
    see soldiers he did not see before, and so may the others (``sweep`` again)."""
    em.emit(Changed(unit=c.id, changes={"reacted": True}))
    r = em.roll("d20", f"{nm(c)} reacts to {nm(soldier)}")
    res = chart(r.natural)
    em.log(f"{nm(c)}: {REACTION_WORDS.get(res, res)}")
    if res == "hostile":
        em.emit(Changed(unit=c.id, changes={"side": "enemy", "kind": "enemy", "card": "fighter", "group": None}))
    elif res == "scream":
        run(em, c, c.x - soldier.x, c.y - soldier.y, data().tables.move_mm)
        en = em.s.enemies()
        if en:
            e = min(en, key=lambda e: (math.hypot(e.x - soldier.x, e.y - soldier.y), e.id))
            move_toward(em, e, soldier)
    elif res == "approach":
        run(em, c, soldier.x - c.x, soldier.y - c.y, data().tables.advance_mm, toward=soldier)
    elif res == "friendly":
        discard_top(em)
        em.emit(Removed(unit=c.id, status="gone"))
    if res in ("scream", "approach"):
        sweep(em)

"""Civilians (Battlespace: Civilians; the reaction chart in ``data/tables.json``)."""

from __future__ import annotations

import math

from .cards import DATA
from .enemy import move_toward
from .describe import display_name as nm
from .events import CardDrawn, Changed, Placed, Removed
from .geo import R, geo_of, sight
from .rules.common import Emitter
from .sitrep import ensure_deck
from .state import Fig

T = DATA.tables
#: the chart results in plain words for the battle log
REACTION_WORDS = {"hostile": "hostile! reveals a weapon", "scream": "screams and runs from the soldier",
                  "approach": "walks up to the soldier", "nothing": "does nothing", "friendly": "is friendly and leaves"}


def chart(roll: int) -> str:
    """The civilian reaction for a D20 roll (14, missing from the print, does nothing: ours)."""
    for row in T.civilian_chart:
        if row.low <= roll <= row.high:
            return row.result
    raise ValueError(roll)


def _step(em: Emitter, c: Fig, hx: float, hy: float, dist: float, stop_at: Fig | None) -> None:
    g = geo_of(em.s)
    d = math.hypot(hx, hy) or 1.0
    ux, uy = hx / d, hy / d
    if dist > T.move_mm and g.in_hindering(c.x, c.y):
        dist = T.move_mm  # Hindering Terrain: no advance from contact with it
    # Hindering Terrain: the move ends where the base first touches it
    dist = min(dist, g.hinder_stop(c.x, c.y, c.x + ux * dist, c.y + uy * dist))
    best = None
    steps = [4.0 * k for k in range(1, int(dist // 4) + 1)]
    if dist - (steps[-1] if steps else 0.0) > 1e-6:
        steps.append(dist)
    for L in steps:
        x, y = c.x + ux * L, c.y + uy * L
        if stop_at is not None and math.hypot(x - stop_at.x, y - stop_at.y) < 2 * R:
            break
        if not g.point_free(x, y) or not g.path_clear(c.x, c.y, x, y):
            break
        best = (x, y)
    if best:
        em.emit(Placed(unit=c.id, x=best[0], y=best[1], z=c.z, on=c.on))


def react(em: Emitter, soldier: Fig) -> None:
    """Roll on the reaction chart for each civilian seeing ``soldier`` unobscured for the first time."""
    for c in list(em.s.figs.values()):
        if c.kind != "civilian" or c.status != "ok" or c.reacted:
            continue
        soldier = em.s.figs[soldier.id]
        if soldier.status != "ok":
            return
        sg = sight(em.s, c, soldier)
        if not sg.visible or sg.cover != "none":
            continue
        em.emit(Changed(unit=c.id, changes={"reacted": True}))
        r = em.roll("d20", f"{nm(c)} reacts to {nm(soldier)}")
        res = chart(r.natural)
        em.log(f"{nm(c)}: {REACTION_WORDS.get(res, res)}")
        if res == "hostile":
            em.emit(Changed(unit=c.id, changes={"side": "enemy", "kind": "enemy", "card": "fighter", "group": None}))
        elif res == "scream":
            _step(em, c, c.x - soldier.x, c.y - soldier.y, T.move_mm, None)
            en = em.s.enemies()
            if en:
                e = min(en, key=lambda e: (math.hypot(e.x - soldier.x, e.y - soldier.y), e.id))
                move_toward(em, e, soldier)
        elif res == "approach":
            _step(em, c, soldier.x - c.x, soldier.y - c.y, T.advance_mm, soldier)
        elif res == "friendly":
            if ensure_deck(em):
                em.emit(CardDrawn(card=em.s.deck[0], applies=False))
            em.emit(Removed(unit=c.id, status="gone"))

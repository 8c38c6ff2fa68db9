"""Shared helpers: the event emitter (a scratch copy kept in step), wounds, modifiers."""

from __future__ import annotations

import math

from shapely.geometry import Point

from game.core.emitter import Emitter as CoreEmitter
from game.core.event import Event
from game.geometry.contact import disc_meets_polygon
from game.geometry.shapes import lane_template, rectangle_template

from ..data import data
from ..events import Changed, Placed, Wounded
from ..geo import R, geo_of, overlapping
from ..names import annotate
from ..state import BSState, Fig

#: models a soldier carries or leads for the whole mission (not dragged): the Mission 1
#: survivor, the Mission 2 prisoner
CARRIED = ("survivor", "prisoner")


class Emitter(CoreEmitter[BSState]):
    """Collects the events of one ``resolve`` and applies each to a scratch copy
    of the state (:class:`game.core.emitter.Emitter`); each event is first
    annotated with the names the log needs."""

    def prepare(self, ev: Event) -> Event:
        return annotate(self.s, ev)


def has_gear(f: Fig, kind: str) -> str | None:
    """The id of a gear card of ``kind`` in the loadout with uses left, or None."""
    for gid, q in f.gear.items():
        if data().gear[gid].kind == kind and q != 0:
            return gid
    return None


def wound_penalty(f: Fig) -> int:
    """Battlespace: Hit Points: from the 3rd wound on, -1 to all rolls, for the rest of
    the mission even once medical aid has removed wounds (``third_wound``)."""
    wt = data().tables.wound_track
    return wt.penalty if f.kind == "soldier" and (f.wounds >= wt.penalty_at or f.third_wound) else 0


def night_penalty(s: BSState, f: Fig, initiative: bool = False) -> int:
    """Battlespace: Night Combat: -1 to initiative, -2 to every other roll (NVG negate)."""
    if not s.night or has_gear(f, "nvg"):
        return 0
    return data().tables.modifiers["night_initiative"] if initiative else data().tables.modifiers["night_other"]


def suppression_zones(s: BSState):
    """(shooter id, AoE polygon, lane polygon) of every active suppression fire (mm):
    the card centred on the target, pointing back at the shooter, and the 63 mm lane
    from the shooter to the target (Battlespace: Suppression Fire)."""
    out = []
    for f in s.figs.values():
        if f.suppress and f.status == "ok":
            sx, sy, tx, ty = f.suppress
            h = math.degrees(math.atan2(ty - sy, tx - sx))
            card = rectangle_template(tx, ty, data().tables.card.short_mm, data().tables.card.long_mm, h).polygon
            lane = lane_template((sx, sy), (tx, ty), data().tables.suppression_lane_mm).polygon if (sx, sy) != (tx, ty) else card
            out.append((f.id, card, lane))
    return out


def suppressed(s: BSState, f: Fig, zones=None) -> bool:
    """Battlespace: Suppression Fire: the base lies in a suppression AoE or its lane of
    fire (any part of the round base touching the card or the lane, measured exactly:
    ``contact.disc_meets_polygon``). Every model there is under it, whoever fires (the
    text's "all models in the AoE", "any model entering the lane"): an enemy, a
    civilian, and the shooter's own teammates too (one beside him inside the 63 mm
    lane included); never the shooter himself, nor those riding in his vehicle (ours:
    they are with him, not between him and the target)."""
    zs = suppression_zones(s) if zones is None else zones
    return any(shooter != f.id and not (f.vehicle and s.figs[shooter].vehicle == f.vehicle)
               and (disc_meets_polygon(f.x, f.y, R, card) or disc_meets_polygon(f.x, f.y, R, lane))
               for shooter, card, lane in zs)


def soldier_roll_mods(s: BSState, f: Fig, initiative: bool = False) -> list[tuple[str, int]]:
    """Modifiers every roll of soldier ``f`` carries: wounds, suppression, night."""
    mods = []
    if wound_penalty(f):
        mods.append(("3rd wound", -wound_penalty(f)))
    if f.kind == "soldier" and suppressed(s, f):
        mods.append(("under suppression fire", -data().tables.modifiers["suppressed_soldier"]))
    n = night_penalty(s, f, initiative)
    if n:
        mods.append(("night", -n))
    return mods


def status_after(f: Fig, total: int) -> str:
    """The status a model has with ``total`` wounds (Battlespace: Hit Points; Enemy KIA)."""
    if f.kind == "soldier":
        wt = data().tables.wound_track
        return "kia" if total >= wt.kia_at else "down" if total >= wt.down_at else "ok"
    card = data().enemies.get(f.card) or data().others.get(f.card)
    return "kia" if total >= card.wounds else "ok"


def wound(em: Emitter, f: Fig, n: int, why: str, extra: tuple[tuple[str, int], ...] = ()) -> None:
    """Deal ``n`` wounds for ``why`` (the weapon or cause) plus the labelled
    ``extra`` wounds (point blank, a natural 20) to ``f``; the event itemises
    them (emits :class:`Wounded`; downed enemies die at once)."""
    n_all = n + sum(v for _, v in extra)
    if n_all <= 0 or not f.on_table:
        return
    total = f.wounds + n_all
    st = status_after(f, total)
    em.emit(Wounded(unit=f.id, amount=n_all, total=total, status=st, parts=((why, n),) + tuple(extra)))
    if st == "down":
        em.emit(Changed(unit=f.id, changes={"down_turn": em.s.turn}))


def lift_suppression(em: Emitter, f: Fig) -> None:
    if f.suppress:
        em.emit(Changed(unit=f.id, changes={"suppress": None}))


def release_dragged(em: Emitter, f: Fig) -> None:
    """Battlespace: Man Down: a dragged downed soldier is put back on the ground
    beside the dragger (at the end of the dragger's activation, or when he enters
    hand to hand). A carried survivor or a led prisoner stays with him."""
    f = em.s.figs[f.id]
    if not f.carrying or em.s.figs[f.carrying].kind in CARRIED:
        return
    d = em.s.figs[f.carrying]
    em.emit(Changed(unit=f.id, changes={"carrying": None}))
    em.emit(Changed(unit=d.id, changes={"carried_by": None}))
    g = geo_of(em.s)
    for ang in range(0, 360, 45):
        x = f.x + math.cos(math.radians(ang)) * (2 * R + 0.5)
        y = f.y + math.sin(math.radians(ang)) * (2 * R + 0.5)
        if (g.point_free(x, y) if f.on is None else g.roof_of(f.on).covers(Point(x, y))) and overlapping(em.s, d, x, y, {f.id}) is None:
            em.emit(Placed(unit=d.id, x=x, y=y, z=f.z, on=f.on))
            return

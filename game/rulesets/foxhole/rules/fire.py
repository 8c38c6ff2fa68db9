"""Combat: who fires at an element, with what modifiers, and what happens
(Foxhole, Combat; Weapon Ranges; Ranged Attacks on infantry).

**Who fires** (Combat): when an element has been used, every enemy element
capable of attacking it does, as one attack. An enemy is capable when it

1. had a line of sight to it where its move began, or
2. has one where it ended, or
3. had one for at least half of the route it moved (measured along the
   path, :func:`.sight.route_seen`), and
4. is not under close assault,

and the element was within its weapons' long range there: 400 yards for
infantry weapons, 600 for fire support, 100-800 for indirect support; the
ranges of infantry weapons and fire support are halved (ours: distances
doubled) on a line into, out of or through dense terrain. The range is taken
at the position in sight nearest the firer (ours). Indirect support fires
where any friendly element sees the target (ours: the observer), the range
measured from the weapon. Non-combatants never fire; an unrevealed element
fires only by its standing order (ambush: at close range only; hold: never)
and is revealed when it does.

**Modifiers** (Ranged Attacks - Modifiers): per attacking element its
quality at long range, its quality +1 at close range (ours: the reading of
the garbled base line; an element counts one or the other); +1 if a fire
support element attacks; +1 if the target moved, +1 more if non-tactically;
+1 if it is in open ground; -1 if no attacker is at full strength; -1 if it
is in dense terrain; -2 if it is emplaced. The total is at most +6.

**Results**: 1D6 + the modifiers against the target's quality: +5
suppressed, +6 reduced strength (and suppressed, ours), +7 destroyed. A
reduced element reduced again is destroyed (ours).
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Point
from shapely.ops import nearest_points

from game.core.event import Target

from .. import events as E
from ..geo import emplaced, geo_of, height
from ..sight import dense_between, route_seen, sees_point
from ..state import Element, FoxState
from ..tables import TABLES
from .common import Emitter, dist, public_name, quality_word

R = TABLES.ranges
F = TABLES.fire


@dataclass(frozen=True)
class Shot:
    """One element's part in an attack: at close or long range, from where it
    saw the target (``how``: start, end, route or observer), at ``distance`` mm."""

    firer: str
    name: str
    quality: int
    close: bool
    fire_support: bool
    reduced: bool
    distance: float
    dense: bool
    how: str
    point: tuple[float, float]

    @property
    def value(self) -> int:
        """Its base modifier (Ranged Attacks - Base Modifiers)."""
        if self.close:
            return self.quality * F.close_per_quality + F.close_bonus
        return self.quality * F.long_per_quality


def band_of(e: Element):
    """The element's weapon ranges (Weapon Ranges), or None if it does not fire."""
    if e.kind == "infantry":
        return R.infantry
    if e.kind == "fire_support":
        return R.fire_support
    if e.kind == "indirect":
        return R.indirect
    if e.kind == "vehicle" and e.vehicle and TABLES.vehicles.armed[e.vehicle]:
        return R.fire_support
    return None


def is_fire_support(e: Element) -> bool:
    """A fire support element (machine guns; armed vehicles, ours)."""
    return e.kind == "fire_support" or (e.kind == "vehicle" and band_of(e) is not None)


def under_assault(s: FoxState, e: Element) -> bool:
    """The element is the target of a close assault not yet fought (Combat, condition 4)."""
    return any(a.target == e.id and a.attackers and not a.resolved for a in s.assaults)


def can_fire(s: FoxState, e: Element) -> bool:
    """On the table, a combatant with weapons, not under close assault."""
    return e.on_table and e.combatant and band_of(e) is not None and not under_assault(s, e)


def sight_points(s: FoxState, viewer: Element, target: Element, start, route, end) -> list[tuple[str, tuple[float, float]]]:
    """Where ``viewer`` saw ``target`` by conditions 1-3: ``("start", p)``,
    ``("end", p)`` and, when it saw neither but at least half the route,
    ``("route", p)`` for the point of the route in sight nearest the viewer
    (ours: the range is taken where it was seen at the start or the end, else
    at that point)."""
    z = height(target)
    out = []
    if sees_point(s, viewer, start[0], start[1], z):
        out.append(("start", tuple(start)))
    if (end[0], end[1]) != tuple(start) and sees_point(s, viewer, end[0], end[1], z):
        out.append(("end", tuple(end)))
    if len(route) >= 2 and not out:
        frac, geom = route_seen(s, viewer, route, z)
        if frac >= 0.5 and not geom.is_empty:
            p = nearest_points(geom, Point(viewer.x, viewer.y))[0]
            out.append(("route", (p.x, p.y)))
    return out


def _shot(s: FoxState, f: Element, how: str, p, band) -> Shot | None:
    d = dist(f.x, f.y, p[0], p[1])
    if band is R.indirect:
        if not (TABLES.yards(band.min) - 1e-9 <= d <= TABLES.yards(band.long) + 1e-9):
            return None
        return Shot(f.id, public_name(f), f.quality, False, False, f.reduced, d, False, how, p)
    dense = dense_between(s, (f.x, f.y), p)
    eff = d / R.dense_factor if dense else d
    if eff > TABLES.yards(band.long) + 1e-9:
        return None
    close = eff <= TABLES.yards(band.close) + 1e-9
    return Shot(f.id, public_name(f), f.quality, close, is_fire_support(f), f.reduced, d, dense, how, p)


def _best(shots: list[Shot]) -> Shot | None:
    shots = [x for x in shots if x is not None]
    if not shots:
        return None
    return min(shots, key=lambda x: (not x.close, x.distance / (R.dense_factor if x.dense else 1.0)))


def reach_of(band) -> float:
    """The farthest a weapon band reaches (mm, not halved)."""
    return TABLES.yards(band.long)


def near_route(f: Element, route, reach: float) -> bool:
    """Some point of the route (a polyline) is within ``reach`` of ``f``'s centre."""
    from .contact_math import point_polyline_distance
    return point_polyline_distance((f.x, f.y), route) <= reach + 1e-9


def shot_of(s: FoxState, f: Element, target: Element, start, route, end) -> Shot | None:
    """``f``'s part in the attack on ``target`` (None: it cannot attack), by
    the conditions and ranges in the module notes, its standing order aside."""
    band = band_of(f)
    if band is None or not can_fire(s, f):
        return None
    if band is not R.indirect and not near_route(f, list(route) + [tuple(end)], reach_of(band)):
        return None
    if band is R.indirect:
        observers = [o for o in s.elements.values() if o.side == f.side and o.on_table and o.combatant]
        pts = [p for o in observers for _, p in sight_points(s, o, target, start, route, end)]
        return _best([_shot(s, f, "observer", p, band) for p in pts])
    return _best([_shot(s, f, how, p, band) for how, p in sight_points(s, f, target, start, route, end)])


def attackers(s: FoxState, target: Element, start, route, end, exclude: set[str] = frozenset()) -> list[Shot]:
    """Every enemy element capable of attacking ``target`` (see the module notes),
    unrevealed ones by their standing orders, in element order."""
    if not target.on_table or target.unrevealed or not target.combatant and target.kind != "vehicle":
        return []
    out = []
    for f in s.elements.values():
        if f.side == target.side or f.id in exclude or not f.on_table:
            continue
        if abs(f.x - target.x) > 320 and abs(f.x - start[0]) > 320:
            continue  # beyond every weapon's reach (800 yards is 293 mm)
        sh = shot_of(s, f, target, start, route, end)
        if sh is None:
            continue
        if f.unrevealed and (f.fire_order == "hold" or (f.fire_order == "ambush" and not sh.close)):
            continue
        out.append(sh)
    return out


def modifiers(s: FoxState, target: Element, shots: list[Shot], moved: bool, non_tactical: bool,
              at: tuple[float, float] | None = None) -> list[tuple[str, int]]:
    """The labelled modifiers of an attack, the +6 cap applied as its own
    labelled modifier (Ranged Attacks - Modifiers). ``at``: where the target is
    (default its centre; an interrupt fires at it mid-move)."""
    g = geo_of(s)
    x, y = at if at is not None else (target.x, target.y)
    kind = g.kind_at(x, y)
    mods = [(f"{sh.name}, {'close' if sh.close else 'long'} range, {quality_word(sh.quality)}", sh.value) for sh in shots]
    if any(sh.fire_support for sh in shots):
        mods.append(("fire support", F.fire_support))
    if moved:
        mods.append(("target moved", F.moved))
    if non_tactical:
        mods.append(("non-tactically", F.non_tactical))
    if kind == "open":
        mods.append(("in open ground", F.open))
    if shots and all(sh.reduced for sh in shots):
        mods.append(("no attacker at full strength", F.none_full_strength))
    if kind == "dense":
        mods.append(("in dense terrain", F.dense))
    if target.dug_in or kind in ("buildings", "trenches"):
        mods.append(("emplaced", F.emplaced))
    total = sum(v for _, v in mods)
    if total > F.cap:
        mods.append((f"at most +{F.cap}", F.cap - total))
    return mods


def result_of(total: int, quality: int, at: tuple[int, int, int] = (F.suppressed, F.reduced, F.destroyed)) -> str:
    """none, suppressed, reduced or destroyed: the total against the defender's
    quality + 5 / + 6 / + 7 (Ranged Attacks - Results; Close Assaults - Results)."""
    if total >= quality + at[2]:
        return "destroyed"
    if total >= quality + at[1]:
        return "reduced"
    if total >= quality + at[0]:
        return "suppressed"
    return "none"


def odds(total_mod: int, quality: int) -> dict[str, float]:
    """Chance of each result for a D6 plus ``total_mod`` (AI and previews)."""
    out = {"none": 0.0, "suppressed": 0.0, "reduced": 0.0, "destroyed": 0.0}
    for face in range(1, 7):
        out[result_of(face + total_mod, quality)] += 1 / 6
    return out


def target_quality(e: Element) -> int:
    """The quality an attack is rolled against: a vehicle's class quality (ours)."""
    if e.kind == "vehicle" and e.vehicle:
        return TABLES.vehicles.quality[e.vehicle]
    return e.quality


def apply_result(em: Emitter, target: Element, result: str) -> None:
    """The effects of a result: suppressed; reduced (and suppressed; a second
    reduction destroys); destroyed (a vehicle's passengers get off where it
    was, suppressed: ours)."""
    s = em.s
    n = public_name(target)
    if result == "suppressed":
        if not target.suppressed:
            em.emit(E.StatusSet(element=target.id, name=n, suppressed=True))
    elif result == "reduced":
        if target.reduced:
            result = "destroyed"
        else:
            em.emit(E.StatusSet(element=target.id, name=n, reduced=True, suppressed=True))
    if result == "destroyed":
        em.emit(E.StatusSet(element=target.id, name=n, where="destroyed"))
        for c in list(s.elements.values()):
            if c.carried_by == target.id:
                em.emit(E.StatusSet(element=c.id, name=public_name(c), where="table", suppressed=True,
                                    x=target.x, y=target.y))


def reveal(em: Emitter, e: Element, how: str) -> None:
    """Reveal an unrevealed element (Hidden Units: spotted or firing)."""
    if e.unrevealed:
        em.emit(E.Revealed(element=e.id, name=e.name, marker=e.marker, hidden=e.hidden or "", how=how))


def resolve_attack(em: Emitter, target_id: str, shots: list[Shot], moved: bool, non_tactical: bool, what: str,
                   at: tuple[float, float] | None = None) -> str:
    """Roll one attack on ``target_id`` by ``shots``: reveal unrevealed firers,
    roll 1D6 + the modifiers, apply the result. Returns the result.

    An unrevealed target (only an off-board strike reaches one) is attacked
    in secret: a hit reveals it first; non-combatants are revealed by a hit
    and take no harm (ours)."""
    s = em.s
    for sh in shots:
        if sh.firer in s.elements:
            reveal(em, s.elements[sh.firer], "it opened fire")
    target = s.elements[target_id]
    secret = target.unrevealed
    shots = [Shot(sh.firer, public_name(s.elements[sh.firer]) if sh.firer in s.elements else sh.name, sh.quality,
                  sh.close, sh.fire_support, sh.reduced, sh.distance, sh.dense, sh.how, sh.point) for sh in shots]
    mods = modifiers(s, target, shots, moved, non_tactical, at)
    q = target_quality(target)
    tgt = Target(label=f"{quality_word(q)} quality", base=q, mods=(("to suppress", F.suppressed),),
                 words=("hit", "no effect"))
    name = target.name if secret else public_name(target)
    r = em.roll("d6", f"{what} at {name}", mods, side=target.side if secret else s.enemy_of(target.side),
                target=tgt, secret=secret)
    result = result_of(r.total, q)
    if result == "reduced" and target.reduced:
        result = "destroyed"
    if secret:
        if result == "none":
            em.emit(E.Attacked(target=target.id, name=name, result="none", total=r.total, quality=q, what=what,
                               private=target.side))
            return "none"
        reveal(em, target, f"hit by {what}")
        if target.kind == "non_combatant":
            em.emit(E.Attacked(target=target.id, name=target.name, result="none", total=r.total, quality=q,
                               what=what))
            return "none"
    em.emit(E.Attacked(target=target.id, name=target.name if secret else public_name(target), result=result,
                       total=r.total, quality=q, what=what))
    apply_result(em, s.elements[target_id], result)
    return result


def end_of_use_fire(em: Emitter, element_id: str, exclude: set[str] = frozenset()) -> str | None:
    """Every capable enemy fires at the element just used (Combat): from the
    activation's start, route and end. Returns the result, or None without fire."""
    s = em.s
    e = s.elements.get(element_id)
    a = s.current
    if e is None or not e.on_table or a is None:
        return None
    start = a.start
    route = a.route if len(a.route) >= 2 else [a.start]
    shots = attackers(s, e, start, route, (e.x, e.y), exclude)
    if not shots:
        return None
    return resolve_attack(em, e.id, shots, a.moved, a.non_tactical, "fire")


def fire_geometry_note(s: FoxState, sh: Shot) -> str:
    """Where a shot was seen from, in words (previews)."""
    return {"start": "saw it start", "end": "sees it now", "route": "saw half its route",
            "observer": "an observer sees it"}.get(sh.how, sh.how)


__all__ = ["Shot", "attackers", "modifiers", "result_of", "odds", "resolve_attack", "end_of_use_fire", "band_of",
           "can_fire", "under_assault", "shot_of", "target_quality", "apply_result", "reveal", "geo_of"]

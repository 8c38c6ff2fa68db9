"""Close Assaults (Foxhole, Close Assaults).

* At the beginning of its turn a side may move elements into close assault
  with an enemy element they can reach base to base; each makes its
  motivation roll first (the -2 when its path crosses open ground) and must
  get "may advance" or better to go in (ours: the roll is its command roll
  for the turn, so it is then used).
* Elements in extended formation cannot close assault; at most 8 elements
  assault one enemy element; the first in contact is the primary attacker,
  the others support it. Only revealed enemy combat elements can be
  assaulted (spotting is required to target), and only infantry and fire
  support elements assault (ours).
* When every assault move is made, each assaulting element takes fire as
  normal (enemies under close assault do not fire). A primary attacker
  suppressed or destroyed by that fire is replaced by the next element in
  contact that is not suppressed (ours: in the order they made contact).
* The assault: 1D6 + the primary attacker's quality + 1 per supporting
  element (ours: a supporting element still suppressed does not count) + 1
  if the defender is in open ground + 2 if it is suppressed - 1 if the
  primary is at reduced strength - 1 if the defender is in dense terrain - 2
  if it is emplaced, against the defender's quality +5 / +6 / +7 (suppressed,
  reduced, destroyed). The text sets no cap for assaults (ours: none).
"""

from __future__ import annotations

import math

from game.core.event import Target

from .. import events as E
from ..geo import footprint, footprint_at, geo_of, gap as base_gap_of
from ..state import Element, FoxState
from ..tables import TABLES
from .common import Emitter, dist, public_name, quality_word, yards_of
from .fire import apply_result, attackers, resolve_attack, result_of, target_quality
from .motivation import resolve_roll
from .movement import allowance_mm, path_fraction, path_problem

A = TABLES.assault
ASSAULTERS = ("infantry", "fire_support")


def slots(s: FoxState, target: Element) -> list[tuple[float, float]]:
    """Centres where a 30 mm square base touches ``target``'s base, on the
    eight compass bearings from its centre (north first, clockwise): the up
    to eight places assaulting elements take. Exact: the bearing's ray out
    of the Minkowski sum of the two bases."""
    from shapely.geometry import LineString, MultiPoint
    tb = footprint(target).footprint
    h = TABLES.bases.square_mm / 2
    pts = [(x + dx, y + dy) for x, y in list(tb.exterior.coords)[:-1] for dx in (-h, h) for dy in (-h, h)]
    hull = MultiPoint(pts).convex_hull
    out = []
    for k in range(8):
        ang = math.radians(-90 + 45 * k)
        far = (target.x + math.cos(ang) * 500, target.y + math.sin(ang) * 500)
        hit = LineString([(target.x, target.y), far]).intersection(hull.exterior)
        p = hit if hit.geom_type == "Point" else min(getattr(hit, "geoms", [hit]), key=lambda q: q.distance(tb))
        x, y = p.coords[0]
        out.append((round(x, 2), round(y, 2)))
    return out


def attackers_on(s: FoxState, target_id: str) -> list[str]:
    """Elements already in close assault with ``target_id`` this turn."""
    rec = next((a for a in s.assaults if a.target == target_id), None)
    return list(rec.attackers) if rec else []


def can_assault(s: FoxState, e: Element) -> bool:
    """``e`` may try a close assault now: unused, on the table, infantry or fire
    support, not extended."""
    return e.on_table and not e.used and e.kind in ASSAULTERS and e.formation == "normal"


def assault_problem(s: FoxState, e: Element, target: Element | None, x: float, y: float, cp: int) -> str:
    """Why ``e`` may not assault ``target`` with its centre ending at (x, y), or ""."""
    if not can_assault(s, e):
        if e.formation == "extended":
            return "elements in extended formation cannot close assault"
        return f"{e.name} cannot close assault now"
    if target is None or target.side == e.side or not target.on_table:
        return "the target is not an enemy element on the table"
    if target.unrevealed:
        return "an unidentified element must be spotted before it can be assaulted"
    if not target.combatant:
        return "only enemy combat elements can be assaulted"
    if len(attackers_on(s, target.id)) >= A.max_elements:
        return f"at most {A.max_elements} elements close assault one enemy element"
    if cp < 0 or cp > s.cp.get(e.side, 0):
        return f"{cp} command points are not available"
    from ..geo import base_gap_fast
    if base_gap_fast(footprint_at(e, x, y, "normal", 0.0), footprint(target)) > TABLES.bases.contact_mm + 1e-6:
        return "the assault ends in base-to-base contact with the target"
    pts = [(e.x, e.y), (x, y)]
    frac, why = path_fraction(s, e, pts, False)
    if why:
        return why
    if frac > 1.0 + 1e-9:
        return f"the target is out of reach ({frac:.0%} of its move)"
    why = path_problem(s, e, pts, "normal", 0.0, ignore={target.id})
    return why


def crosses_open(s: FoxState, pts) -> bool:
    """The path meets open ground (the assault roll takes the -2)."""
    return bool(geo_of(s).open_intervals(list(pts)))


def resolve_assault_move(em: Emitter, e_id: str, target_id: str, x: float, y: float, cp: int) -> None:
    """One assault move: the roll, then into contact (Close Assaults)."""
    s = em.s
    e = s.elements[e_id]
    start = (e.x, e.y)
    em.emit(E.ActivationBegan(element=e.id, name=public_name(e), x=e.x, y=e.y, assault=target_id))
    into_open = crosses_open(s, [start, (x, y)])
    result = resolve_roll(em, e, cp, into_open, assault=True)
    e = s.elements[e_id]
    if result == "fade":
        em.emit(E.ActivationEnded(element=e.id, name=public_name(e)))
        return
    if result == "defensive":
        from .fire import end_of_use_fire
        end_of_use_fire(em, e.id)
        em.emit(E.ActivationEnded(element=e.id, name=public_name(s.elements[e_id])))
        return
    t = s.elements[target_id]
    first = not attackers_on(s, target_id)
    from ..geo import grid_ref
    em.emit(E.Moved(element=e.id, name=public_name(e), path=((x, y),), yards=yards_of(dist(*start, x, y)),
                    fraction=0.0, grid=grid_ref(x, y, s.table)))
    em.emit(E.AssaultContact(element=e.id, name=public_name(e), target=t.id, target_name=public_name(t), x=x, y=y,
                             primary=first, start=start, yards=yards_of(dist(*start, x, y))))
    if e.unrevealed:
        from .fire import reveal
        reveal(em, s.elements[e_id], "it closed to assault")
    em.emit(E.ActivationEnded(element=e.id, name=public_name(s.elements[e_id])))


def assault_modifiers(s: FoxState, primary: Element, supports: list[Element], target: Element) -> list[tuple[str, int]]:
    """The labelled modifiers of a close assault (Close Assaults - Modifiers)."""
    kind = geo_of(s).kind_at(target.x, target.y)
    mods = [(f"{primary.name}, primary, {quality_word(primary.quality)}", primary.quality * A.per_quality)]
    if supports:
        n = len(supports)
        mods.append((f"{n} supporting element{'s' if n != 1 else ''}", n * A.per_support))
    if kind == "open":
        mods.append(("defender in open ground", A.open))
    if target.suppressed:
        mods.append(("defender suppressed", A.suppressed))
    if primary.reduced:
        mods.append(("primary at reduced strength", A.primary_reduced))
    if kind == "dense":
        mods.append(("defender in dense terrain", A.dense))
    if target.dug_in or kind in ("buildings", "trenches"):
        mods.append(("defender emplaced", A.emplaced))
    return mods


def resolve_assaults(em: Emitter) -> None:
    """After the last assault move: fire at every assaulting element, the
    primary re-designated where it was hit, then each assault fought."""
    s = em.s
    for rec in list(s.assaults):
        for aid in list(rec.attackers):
            a = s.elements[aid]
            if not a.on_table:
                continue
            start = rec.starts.get(aid, (a.x, a.y))
            shots = attackers(s, a, start, [start, (a.x, a.y)], (a.x, a.y))
            if shots:
                resolve_attack(em, aid, shots, True, False, "fire")
    for rec in list(s.assaults):
        t = s.elements[rec.target]
        if not t.on_table:
            continue
        present = [s.elements[a] for a in rec.attackers if s.elements[a].on_table]
        original = rec.attackers[0] if rec.attackers else None
        primary = next((a for a in present if not a.suppressed), None)
        if original is not None and (primary is None or primary.id != original):
            em.emit(E.PrimaryDesignated(target=t.id, target_name=public_name(t), element=primary.id if primary else None,
                                        name=primary.name if primary else ""))
        if primary is None:
            continue
        supports = [a for a in present if a.id != primary.id and not a.suppressed]
        mods = assault_modifiers(s, primary, supports, t)
        q = target_quality(t)
        tgt = Target(label=f"{quality_word(q)} quality", base=q, mods=(("to suppress", A.suppressed_at),),
                     words=("hit", "no effect"))
        r = em.roll("d6", f"close assault on {public_name(t)}", mods, side=primary.side, target=tgt)
        result = result_of(r.total, q, (A.suppressed_at, A.reduced_at, A.destroyed_at))
        if result == "reduced" and t.reduced:
            result = "destroyed"
        em.emit(E.Attacked(target=t.id, name=public_name(t), result=result, total=r.total, quality=q,
                           what="close assault"))
        apply_result(em, s.elements[t.id], result)
    em.emit(E.AssaultsOver())


def assault_reachable(s: FoxState, e: Element, target: Element) -> list[tuple[float, float]]:
    """The contact slots ``e`` could assault ``target`` from (before its roll)."""
    out = []
    if dist(e.x, e.y, target.x, target.y) > allowance_mm(e, "normal") + 45.0:
        return out
    for x, y in slots(s, target):
        if not assault_problem(s, e, target, x, y, 0):
            out.append((x, y))
    return out


def any_assault(s: FoxState, side: str) -> bool:
    """Some unused element of ``side`` could make a close assault now."""
    foes = [t for t in s.elements.values() if t.side != side and t.on_table and not t.unrevealed and t.combatant]
    if not foes:
        return False
    for e in s.elements.values():
        if e.side == side and can_assault(s, e):
            for t in foes:
                if assault_reachable(s, e, t):
                    return True
    return False


def enter_assault_phase(em: Emitter, side: str) -> None:
    em.emit(E.Phase(turn=em.s.turn, phase="assault", side=side, who=em.s.side_name(side)))


__all__ = ["slots", "assault_problem", "resolve_assault_move", "resolve_assaults", "assault_modifiers",
           "any_assault", "assault_reachable", "base_gap_of"]

"""Off-board Support (Foxhole, Off-board Support).

A side with off-board assets designates a target point and gives it an
action number above 10; no player may use a number twice in a game. At the
start of each of its turns the side rolls one die for each target waiting
(ours: one die per target) and adds it to that target's total; once the
total reaches the action number the fire comes down. The strike (ours: the
text gives no effect) attacks every element whose centre is within the
asset's radius of the point, of either side, as one attacker of the asset's
quality at long range, with the target's situation modifiers and the +6
cap. The waiting targets and their totals are secret to their side.
"""

from __future__ import annotations

from .. import events as E
from ..geo import grid_ref
from ..state import FoxState, Strike
from ..tables import TABLES
from .common import Emitter, dist
from .fire import Shot, resolve_attack

OF = TABLES.offboard
MAX_NUMBER = 99  #: ours: the highest action number a player may give


def asset_name(kind: str) -> str:
    return OF.assets[kind].name


def asset_of(s: FoxState, asset: str):
    """The off-board asset record called ``asset`` (None: no such asset)."""
    return next((a for a in s.assets if a.id == asset), None)


def strike_radius(s: FoxState, asset: str) -> float:
    """The radius (mm) a strike of ``asset`` attacks within (0 for no such asset)."""
    rec = asset_of(s, asset)
    return OF.assets[rec.kind].radius_mm if rec is not None else 0.0


def designate_problem(s: FoxState, side: str, asset: str, x: float, y: float, number: int) -> str:
    """Why ``side`` may not designate this target now, or ""."""
    a = asset_of(s, asset)
    if a is None or a.side != side:
        return f"{side} has no off-board asset {asset!r}"
    if a.missions <= 0:
        return f"the {asset_name(a.kind)} has no fire missions left"
    if any(st.asset == asset and not st.fired for st in s.strikes):
        return f"the {asset_name(a.kind)} already has a target waiting"
    if number < OF.min_action_number or number > MAX_NUMBER:
        return f"action numbers run from {OF.min_action_number} to {MAX_NUMBER}"
    if number in s.numbers.get(side, []):
        return f"action number {number} has been used this game"
    w, h = s.table
    if not (0 <= x <= w and 0 <= y <= h):
        return "the target is off the table"
    return ""


def lowest_free(s: FoxState, side: str) -> int:
    """The lowest action number ``side`` has not used."""
    n = OF.min_action_number
    used = set(s.numbers.get(side, []))
    while n in used:
        n += 1
    return n


def designate(em: Emitter, side: str, asset: str, x: float, y: float, number: int) -> None:
    s = em.s
    a = next(a for a in s.assets if a.id == asset)
    st = Strike(id=f"strike{len(s.strikes) + 1}", side=side, asset=asset, x=x, y=y, number=number)
    em.emit(E.StrikeDesignated(strike=st, name=asset_name(a.kind), grid=grid_ref(x, y, s.table), private=side))


def turn_start(em: Emitter, side: str) -> None:
    """Roll for each waiting target of ``side``; strike those that reach their number."""
    s = em.s
    for st in list(s.strikes):
        if st.side != side or st.fired:
            continue
        kind = next(a.kind for a in s.assets if a.id == st.asset)
        r = em.roll(OF.die, f"{asset_name(kind)}: dice towards action number {st.number}", side=side, secret=True)
        total = st.total + r.total
        em.emit(E.StrikeTotal(strike=st.id, name=asset_name(kind), total=total, number=st.number, private=side))
        if total >= st.number:
            strike(em, st.id)


def strike(em: Emitter, strike_id: str) -> None:
    """The fire comes down: an attack on every element within the radius."""
    s = em.s
    st = next(x for x in s.strikes if x.id == strike_id)
    kind = next(a.kind for a in s.assets if a.id == st.asset)
    asset = OF.assets[kind]
    em.emit(E.StrikeFired(strike=st.id, name=asset.name, x=st.x, y=st.y, grid=grid_ref(st.x, st.y, s.table)))
    shot = Shot("", asset.name, asset.quality, False, False, False, 0.0, False, "off-board", (st.x, st.y))
    for e in list(s.elements.values()):
        e = s.elements[e.id]
        if not e.on_table or dist(e.x, e.y, st.x, st.y) > asset.radius_mm + 1e-9:
            continue
        if e.kind == "non_combatant" and not e.unrevealed:
            continue
        resolve_attack(em, e.id, [shot], False, False, asset.name)

"""Base-to-base contact between units and individuals, figure by figure ([7.8], [8.1]).

Two figures are in contact when their bases touch (exact separating-axis test on the
rectangular bases, :func:`game.geometry.contact.convex_touching`). :func:`engagements` lists
every pair of opposing units in contact with the figures of each that touch; :func:`face_of`
says which side of a unit an enemy touches (front, flank or rear, [8.3], Table 4, [11.6]).
Results are cached by the positions of everything on the table (never by ids alone).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from game.geometry.contact import CONVEX_EPS, convex_touching
from game.geometry.formation import Block

from ..formation import block_of, individual_corners
from ..state import BSState, Individual, Unit


@dataclass(frozen=True)
class Engagement:
    """Two opposing units in contact: the figures of each that touch the other."""

    a: str
    b: str
    a_figs: tuple[int, ...]
    b_figs: tuple[int, ...]


def unit_key(u: Unit) -> tuple:
    return (u.id, u.profile, u.x, u.y, u.heading, u.files, u.figures, u.formation, u.wrap, u.status, u.altitude)


def _corners(u: Unit) -> np.ndarray:
    return block_of(u).corners


def touching(a: Unit, b: Unit) -> np.ndarray:
    """(figures of a, figures of b) True where the two bases are in base-to-base contact: they
    touch along part of an edge, or a corner of one presses on the other's edge (bases set at an
    angle). Two square-set bases meeting only corner to corner are not in contact (ours)."""
    ba, bb = block_of(a), block_of(b)
    if ba.count == 0 or bb.count == 0 or ((a.altitude or b.altitude) and not _levels_meet(a, b)):
        return np.zeros((ba.count, bb.count), dtype=bool)
    return _blocks_touching(ba, bb)


@lru_cache(maxsize=4096)
def _blocks_touching(ba: Block, bb: Block) -> np.ndarray:
    """:func:`touching` of two blocks (a pure function of them: memoised by value; read-only)."""
    oa, ob = ba.outline, bb.outline
    if not convex_touching(oa[None], ob[None])[0, 0]:
        return np.zeros((ba.count, bb.count), dtype=bool)
    m = convex_touching(ba.corners, bb.corners)
    turn = (ba.heading - bb.heading) % 90.0
    if m.any() and min(turn, 90.0 - turn) < 1e-9:
        m &= ~_corner_only(ba, bb)
    m.setflags(write=False)
    return m


def _levels_meet(a: Unit, b: Unit) -> bool:
    from .flight import levels_meet
    return levels_meet(a, b)


def _corner_only(ba, bb) -> np.ndarray:
    """(N, M) True where two square-set blocks' bases meet only at a corner (both gaps ~0)."""
    la = ba.to_local(ba.corners)
    lb = ba.to_local(bb.corners)
    lo_a, hi_a = la.min(1), la.max(1)
    lo_b, hi_b = lb.min(1), lb.max(1)
    gap = np.maximum(lo_b[None] - hi_a[:, None], lo_a[:, None] - hi_b[None])  # (N, M, 2)
    return (np.abs(gap) <= CONVEX_EPS).all(-1)


_CACHE: dict = {}


def engagements(s: BSState) -> list[Engagement]:
    """Every pair of opposing units on the table in base contact (ordered by unit id)."""
    live = sorted((u for u in s.units.values() if u.on_table and u.figures > 0), key=lambda u: u.id)
    key = tuple(unit_key(u) + (u.side,) for u in live)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    out = []
    outs = np.array([block_of(u).outline for u in live]).reshape(-1, 4, 2)
    near = convex_touching(outs, outs)  # the outlines of every pair at once
    for i, a in enumerate(live):
        for k, b in enumerate(live[i + 1:], i + 1):
            if a.side == b.side or not near[i, k]:
                continue
            m = touching(a, b)
            if m.any():
                out.append(Engagement(a.id, b.id, tuple(np.nonzero(m.any(1))[0].tolist()),
                                      tuple(np.nonzero(m.any(0))[0].tolist())))
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = out
    return out


def enemies_in_contact(s: BSState, u: Unit) -> list[str]:
    """Ids of the enemy units touching ``u``."""
    out = []
    for e in engagements(s):
        if e.a == u.id:
            out.append(e.b)
        elif e.b == u.id:
            out.append(e.a)
    return out


def in_contact(s: BSState, u: Unit) -> bool:
    return bool(enemies_in_contact(s, u)) or bool(individuals_touching(s, u))


def contact_figs(s: BSState, u: Unit, enemy: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(u's figures touching ``enemy``, ``enemy``'s figures touching u)."""
    for e in engagements(s):
        if e.a == u.id and e.b == enemy:
            return e.a_figs, e.b_figs
        if e.b == u.id and e.a == enemy:
            return e.b_figs, e.a_figs
    return (), ()


def face_of(defender: Unit, attacker: Unit) -> str:
    """[8.3] which side of ``defender`` the ``attacker`` touches: the attacker's centre seen
    in the defender's frame - ahead of the front edge: "front"; behind the rear edge: "rear";
    else "flank"."""
    b = block_of(defender)
    c = np.array(block_of(attacker).centre)
    along = float(b.to_local(c)[0])
    if along >= 0.0:
        return "front"
    if along <= -b.depth:
        return "rear"
    return "flank"


def individuals_touching(s: BSState, u: Unit) -> list[str]:
    """Enemy individuals (standing apart from units) whose bases touch unit ``u``."""
    if u.altitude > 1 or not any(c.side != u.side and c.active and not c.with_unit for c in s.chars.values()):
        return []  # individuals stand on the ground; medium and high flyers pass over them ([15.1])
    key = ("ind", unit_key(u), tuple((c.id, c.side, c.x, c.y, c.heading, c.status, c.with_unit) for c in s.chars.values()))
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    out = _individuals_touching(s, u)
    _CACHE[key] = out
    return out


def _individuals_touching(s: BSState, u: Unit) -> list[str]:
    out = []
    corners = None
    for c in s.chars.values():
        if c.side == u.side or not c.active or c.with_unit:
            continue
        if corners is None:
            corners = block_of(u).corners
            if len(corners) == 0:
                return []
        if convex_touching(individual_corners(c), corners).any():
            out.append(c.id)
    return out


def individuals_in_contact(s: BSState, c: Individual) -> tuple[list[str], list[str]]:
    """(enemy individuals, enemy units) touching individual ``c``."""
    me = individual_corners(c)
    chars = [o.id for o in s.chars.values() if o.side != c.side and o.active and not o.with_unit
             and convex_touching(me, individual_corners(o)).any()]
    units = [u.id for u in s.units.values() if u.side != c.side and u.on_table and u.figures
             and convex_touching(me, block_of(u).corners).any()]
    return chars, units

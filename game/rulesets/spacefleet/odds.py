"""The rules' own odds, shared by the app's previews (``display/previews.py``) and the
``default`` agent (``ai/ai_eval.py``, ``ai/ai_ordnance.py``): a volley's dice and
expected hits, what a hulk's next catastrophic roll would do, boarding
margins and teleport-attack odds (spacefleet_core 1.7-1.10). Distances are
table mm; no dice are rolled."""

from __future__ import annotations

import math
from functools import lru_cache

from game.core.dice import Notation

from . import actions as A
from .data import tables
from .rules.boarding import boarding_modifiers, boarding_value
from .rules.common import prof, remaining, shield_capacity, weapon_strength
from .rules.gunnery import gunnery, lance_armour
from .rules.shooting import battery_left, pooled_firepower
from .rules.targets import find_ordnance
from .state import SFState, Ship


def fire_numbers(s: SFState, a: A.Fire) -> dict:
    """Dice, the score needed, per-die chance, expected hits and the gunnery
    reading of one weapon (a pooled volley: its squadron's firepower; a split
    one: its share) at a ship or ordnance marker (the rules' own numbers)."""
    sh = s.ships[a.ship]
    w = prof(sh).weapons[a.weapon]
    if a.pool:  # a squadron's pooled volley: its whole firepower (spacefleet_core 1.11)
        fp = pooled_firepower(s, sh, w, a.pool)
    elif w.kind == "battery" and (a.fp or sh.split_fp.get(a.weapon)):  # a split volley (core 1.7)
        fp = a.fp or battery_left(sh, a.weapon)
    else:
        fp = weapon_strength(sh, w)
    lock = sh.order == "lock_on"
    o = find_ordnance(s, a.target)
    fire_p = 1.0
    shifts: list[str] = []
    if w.kind == "lance" and sh.zone == "low_orbit":
        need_fire = tables().low_orbit.lance_fire_needs
        fire_p = (7 - need_fire) / 6
    if o is not None:
        dice = tables().gunnery.dice(fp, 4) if w.kind == "battery" else fp
        need, reading = 6, "against ordnance, 6s"
    else:
        tgt = s.ships[a.target]
        if w.kind == "battery":
            g = gunnery(s, sh, w, fp, tgt)
            dice, need = g.dice, g.armour
            shifts = list(g.shifts)
            reading = f"column {'ABCDE'[g.column]} ({g.aspect}{', ' + ', '.join(g.shifts) if g.shifts else ''})"
        else:
            dice, need, reading = fp, lance_armour(tgt), "lances hit on 4+"
    p = (7 - need) / 6
    if lock:
        p = 1 - (1 - p) ** 2
    exp = fire_p * dice * p
    odds = fire_p * (1 - (1 - p) ** dice) if dice else 0.0
    return {"fp": fp, "dice": dice, "need": need, "p": p, "expected": exp, "odds": odds, "reading": reading,
            "shifts": shifts, "lock": lock, "fire_p": fire_p}


@lru_cache(maxsize=16)
def _dice_total(notation: str) -> dict[int, float]:
    """The chance of each total of ``notation`` (e.g. ``3D6``)."""
    n = Notation.parse(notation)
    dist = {n.bonus: 1.0}
    for _ in range(n.count):
        nxt: dict[int, float] = {}
        for tot, p in dist.items():
            for f in range(1, n.sides + 1):
                v = (f + 1) // 2 if n.halved else f
                nxt[tot + v] = nxt.get(tot + v, 0.0) + p / n.sides
        dist = nxt
    return dist


def catastrophe_numbers(s: SFState, hulk: Ship) -> dict:
    """What one more catastrophic roll of ``hulk`` would do, in expectation
    (spacefleet_core 1.8; a hit on a hulk makes one): ``p_blast`` the chance
    of a plasma drive overload or warp drive implosion, ``hits`` the expected
    hull damage to each active ship on its table (lance shots at 4+ within the
    rolled radius of the hulk's stem to the base, shields first, halved when
    braced). The blast markers the explosion places are left out."""
    t = tables()
    p = prof(hulk)
    count = {"1": 1, "half_hits": math.ceil(p.hits / 2), "hits": p.hits}  # the table's counts, as damage.catastrophe reads them
    hits: dict[str, float] = {}
    p_blast = 0.0
    for roll in range(2, 13):
        p_roll = (6 - abs(roll - 7)) / 36
        row = t.catastrophe(roll)
        if row.blast_radius is None:
            continue
        p_blast += p_roll
        shots = count[row.lance_shots]
        radius = _dice_total(row.blast_radius)
        for v in s.ships.values():
            if v.status != "active" or v.zone != hulk.zone:
                continue
            need = math.hypot(v.x - hulk.x, v.y - hulk.y) - v.radius
            reach = sum(q for cm, q in radius.items() if cm * 10.0 >= need)
            if reach <= 0:
                continue
            cap = shield_capacity(s, v)
            hull = sum(math.comb(shots, k) / 2 ** shots * max(0, k - cap) for k in range(shots + 1))
            hull = min(hull * (0.5 if v.braced else 1.0), remaining(v))
            if hull > 0:
                hits[v.id] = hits.get(v.id, 0.0) + p_roll * reach * hull
    return {"p_blast": p_blast, "hits": hits}


def boarding_numbers(s: SFState, me: Ship, t: Ship) -> dict:
    """A boarding action of ``me`` on ``t`` (spacefleet_core 1.10): both
    boarding values (``value``, ``enemy_value``), the summed modifiers
    (``mod``, ``enemy_mod``) and ``margins``, the chance of each signed margin
    (boarder's score minus the defender's) over the 36 throws."""

    va, vd = boarding_value(me, False), boarding_value(t, True)
    ma = sum(v for _, v in boarding_modifiers(s, me, t, va, vd))
    md = sum(v for _, v in boarding_modifiers(s, t, me, vd, va))
    margins: dict[int, float] = {}
    for x in range(1, 7):
        for y in range(1, 7):
            m = x + ma - (y + md)
            margins[m] = margins.get(m, 0.0) + 1 / 36
    return {"value": va, "enemy_value": vd, "mod": ma, "enemy_mod": md, "margins": margins}


def teleport_odds(t: Ship) -> float:
    """The chance a teleport attack's Hit-and-Run does its harm to ``t``
    (spacefleet_core 1.10: a critical on 2+, an escort destroyed on 4+;
    1.4: a braced ship saves it on 4+)."""
    return (5 / 6 if prof(t).capital else 3 / 6) * (0.5 if t.braced else 1.0)

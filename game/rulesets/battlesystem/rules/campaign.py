"""Battlesystem [16.1] recovering casualties, [16.2] experience points, and the carry-over of a
campaign battle's survivors and experience into the next battle.

All counts are figures unless named creatures (a figure is Table 1's creatures, [2.2]);
experience is AD&D XP, the kill value of a creature its base XP value (``data/points.toml``,
the value [16.3] prices it at).

* **The ground held** (ours, the text leaves it open): a point of the table is held by the
  side whose nearest unit in good order (not routed) is nearer than any enemy's; a unit's
  dead lie where the unit stood at the end (or where it was destroyed).
* **[16.1]**: a side recovers 2/3 (rounded down) of its dead that lie on ground it holds,
  and 2/3 of its figures routed off the table; it takes prisoner 1/3 of the enemy's dead on
  its ground. A unit still routing on the table at the end counts as routed off (the text
  counts routed and fleeing troops among the "kills"). A flyer that left upward ([15.1])
  escaped whole.
* **[16.2] soldiers**: men and demihumans earn experience (monsters do not, ours); each
  soldier of a unit earns the kill value of the enemies it killed or routed off the table,
  divided by the soldiers who survived (the figures on the table at the end). A unit's
  soldiers rise a level together when each has the experience the fighter's table asks
  for the next level (0-level men reach 1st level at the fighter's 2nd-level start: ours).
* **[16.2] commanders**: a unit commander gets 25% of his unit's kill value less 25% of the
  value of his unit's figures removed (killed or routed off; wounds and recoveries do not
  count); a brigade commander 25% of each of his unit commanders' awards (what they would
  earn) and of the experience of his skirmish and mob units; an army commander 50% of each
  brigade commander's, or, with none, what a brigade commander of the whole army would get.
  No command award is below 0. Only classed characters (not monsters) earn it.
* **Who killed whom** (ours): each loss is shared among the units that damaged the loser
  since its previous loss, by the hit dice each dealt; figures routed off the table or
  destroyed when surrounded are shared by all the damage dealt to the unit in the battle.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon

from game.core.logtext import plural

from ..formation import block_of
from ..profiles import DATA
from ..state import BSState, Unit
from .points import points_data
from .ratings import unit_ratio

RECOVER = 2 / 3  # [16.1]
PRISONERS = 1 / 3  # [16.1]
UNIT_COMMANDER = 0.25  # [16.2]
BRIGADE = 0.25
ARMY = 0.5


def creatures_per_figure(u: Unit) -> int:
    p = DATA.units[u.profile]
    return unit_ratio(p) * (p.passengers if p.chariot else 1)


def figure_value(u: Unit) -> float:
    """Kill value (XP) of one figure of ``u``: its creatures' (and mounts') base XP values."""
    p = DATA.units[u.profile]
    mons = points_data().monsters
    per = mons[p.creature].xp if p.creature in mons else 0
    if p.mount and p.mount in mons:
        per += mons[p.mount].xp * (p.pullers / p.passengers if p.chariot else 1)
    return per * creatures_per_figure(u)


def earns_xp(u: Unit) -> bool:
    """[16.2] soldiers who earn experience: men and demihumans (ours)."""
    c = DATA.creatures[DATA.units[u.profile].creature]
    return bool(c.zero_level or c.demihuman or c.thac0 is not None)


def holder(s: BSState, x: float, y: float) -> str | None:
    """The side holding the point (x, y) mm at the end: the side of the nearest unit in good
    order, None if no such unit is left or two sides are equally near."""
    best: dict[str, float] = {}
    p = Point(x, y)
    for u in s.units.values():
        if u.status != "ok" or u.figures == 0:
            continue
        d = Polygon(block_of(u).outline).distance(p)
        best[u.side] = min(best.get(u.side, math.inf), d)
    if not best:
        return None
    ranked = sorted(best.items(), key=lambda kv: kv[1])
    if len(ranked) > 1 and math.isclose(ranked[0][1], ranked[1][1], abs_tol=1e-6):
        return None
    return ranked[0][0]


def kills_by_unit(s: BSState, events) -> dict[str, dict[str, float]]:
    """attacker id -> {enemy unit id: figures it killed or routed off} (fractions: shared
    losses, see the module notes)."""
    since: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    total: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    out: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for ev in events:
        t = getattr(ev, "type", "")
        if t == "bts_attack" and ev.damage > 0 and ev.attacker in s.units and ev.defender in s.units:
            since[ev.defender][ev.attacker] += ev.damage
            total[ev.defender][ev.attacker] += ev.damage
        elif t == "bts_casualties" and ev.killed > 0:
            _share(out, ev.unit, ev.killed, since.get(ev.unit) or total.get(ev.unit) or {})
            since.pop(ev.unit, None)
    for u in s.units.values():
        gone = routed_off(u) + (u.figures if u.status == "destroyed" else 0)
        if gone:
            _share(out, u.id, gone, total.get(u.id) or {})
    return {k: dict(v) for k, v in out.items()}


def _share(out, loser: str, n: float, dealt: dict[str, float]) -> None:
    tot = sum(dealt.values())
    if tot <= 0:
        return
    for att, dmg in dealt.items():
        out[att][loser] += n * dmg / tot


def routed_off(u: Unit) -> int:
    """Figures of ``u`` routed off the table (or routing on it at the end), [16.1]."""
    if u.flown_off:
        return 0
    if u.status == "off_table" or u.status == "routed":
        return u.figures
    return 0


def dead(u: Unit) -> int:
    """Figures of ``u`` killed (removed by losses or destroyed with the unit)."""
    if u.status == "destroyed":
        return u.original
    return u.original - u.figures


@dataclass
class UnitAftermath:
    """One unit after the battle (figures)."""

    id: str
    name: str
    side: str
    start: int
    on_table: int  #: in good order on the table at the end (the soldiers who survived, [16.2])
    dead: int
    routed_off: int
    dead_held_by: str | None
    recovered_dead: int
    recovered_routed: int
    survivors: int  #: who march on: on_table + recovered_dead + recovered_routed
    kill_value: float  #: XP value of the enemies it killed or routed off
    lost_value: float  #: XP value of its own figures removed
    xp_each: float  #: each soldier's share (0 for units that earn none)


@dataclass
class Aftermath:
    """[16.1], [16.2] the result of a campaign battle."""

    units: dict[str, UnitAftermath] = field(default_factory=dict)
    prisoners: dict[str, int] = field(default_factory=dict)  #: side -> enemy figures taken
    prisoner_creatures: dict[str, int] = field(default_factory=dict)
    command_xp: dict[str, float] = field(default_factory=dict)  #: individual id -> award
    fallen: list[str] = field(default_factory=list)  #: individuals dead or lost


def aftermath(s: BSState, events) -> Aftermath:
    """The campaign results of the battle that ended in ``s`` with ``events`` (its log)."""
    kills = kills_by_unit(s, events)
    out = Aftermath()
    out.prisoners = {x: 0 for x in s.sides}
    out.prisoner_creatures = {x: 0 for x in s.sides}
    for u in sorted(s.units.values(), key=lambda u: u.id):
        d, r = dead(u), routed_off(u)
        b = block_of(u)
        where = holder(s, *b.centre) if d else None
        rec_d = math.floor(d * RECOVER + 1e-9) if where == u.side else 0
        if where is not None and where != u.side:
            took = math.floor(d * PRISONERS + 1e-9)
            out.prisoners[where] += took
            out.prisoner_creatures[where] += took * creatures_per_figure(u)
        rec_r = math.floor(r * RECOVER + 1e-9)
        on = u.figures if (u.status == "ok" or u.flown_off) else 0
        kv = sum(n * figure_value(s.units[e]) for e, n in kills.get(u.id, {}).items())
        lost = (d + r) * figure_value(u)
        soldiers = on * creatures_per_figure(u)
        each = kv / soldiers if (soldiers and earns_xp(u)) else 0.0
        out.units[u.id] = UnitAftermath(u.id, u.name, u.side, u.original, on, d, r, where, rec_d, rec_r,
                                        on + rec_d + rec_r, kv, lost, each)
    out.command_xp = command_awards(s, out)
    out.fallen = sorted(c.id for c in s.chars.values() if c.status in ("dead", "lost"))
    return out


def unit_command_award(a: UnitAftermath) -> float:
    """[16.2] what a unit's commander earns (or would earn): 25% of the kill value less 25%
    of the value lost, never below 0."""
    return max(0.0, UNIT_COMMANDER * a.kill_value - UNIT_COMMANDER * a.lost_value)


def _brigade_award(s: BSState, am: Aftermath, units: list[Unit]) -> float:
    tot = 0.0
    for u in units:
        a = am.units[u.id]
        if u.kind in ("skirmish", "mob"):
            tot += BRIGADE * a.kill_value
        else:
            tot += BRIGADE * unit_command_award(a)
    return max(0.0, tot)


def capable(s: BSState, cid: str) -> bool:
    return DATA.characters[s.chars[cid].profile].race != "monster"


def command_awards(s: BSState, am: Aftermath) -> dict[str, float]:
    """[16.2] the command awards of every classed commander (individual id -> XP)."""
    out: dict[str, float] = {}
    for c in sorted(s.chars.values(), key=lambda c: c.id):
        if not capable(s, c.id) or c.status in ("dead", "lost"):
            continue
        if c.role == "unit_commander" and c.unit in am.units:
            out[c.id] = unit_command_award(am.units[c.unit])
        elif c.role == "brigade":
            out[c.id] = _brigade_award(s, am, [u for u in s.units.values() if u.brigade == c.id])
        elif c.role == "army":
            brigades = [b for b in s.chars.values() if b.side == c.side and b.role == "brigade"]
            if brigades:
                out[c.id] = max(0.0, sum(ARMY * _brigade_award(s, am, [u for u in s.units.values() if u.brigade == b.id])
                                         for b in brigades))
            else:
                out[c.id] = _brigade_award(s, am, [u for u in s.units.values() if u.side == c.side])
    return out


def troop_level(xp_each: float, zero_level: bool) -> int:
    """[16.2] the level a unit's soldiers reach with ``xp_each`` (the fighter's table; 0-level
    men reach 1st level at its 2nd-level start, ours)."""
    starts = points_data().classes["fighter"].starts
    lv = max(k + 1 for k, st in enumerate(starts) if xp_each >= st)
    if zero_level:
        return 0 if lv < 2 else lv - 1
    return lv


def carry_over(prev: BSState, am: Aftermath, nxt_forces: dict, carried_xp: dict[str, float] | None = None) -> tuple[dict, list[str]]:
    """The next battle's forces (``Scenario.forces`` as plain dicts) with the survivors and
    experience of ``prev`` carried in: a unit of the same id, side and profile takes the
    field with its survivors in place of its placement's figures (at most its type's size
    limit) and each soldier's experience (``params.xp``); one with fewer survivors than
    its type's minimum stays behind; fallen individuals stay behind and a commander whose
    unit stays behind fights as a hero. ``carried_xp``: experience from earlier battles
    (unit or individual id -> XP). Returns (forces, notes for the player)."""
    carried_xp = dict(carried_xp or {})
    notes: list[str] = []
    out: dict = {}
    gone: set[str] = set()
    for side, placed in nxt_forces.items():
        keep = []
        for pl in placed:
            pl = {**pl, "params": dict(pl.get("params", {}))}
            uid, prof = pl["id"], pl["profile"]
            old = prev.units.get(uid)
            if old is not None and old.side == side and old.profile == prof and uid in am.units:
                a = am.units[uid]
                p = DATA.units[prof]
                kind = "regular" if p.type in ("elite", "berserker") else p.type
                lo, hi = DATA.tables.unit_limits[kind]
                n = min(a.survivors, hi)
                if n < lo:
                    notes.append(f"{a.name}: {plural(a.survivors, 'figure')} left, fewer than a {p.type} unit's {lo}: it stays behind")
                    gone.add(uid)
                    continue
                pl["params"]["figures"] = n
                files = pl["params"].get("files")
                if files is not None:
                    pl["params"]["files"] = max(1, min(int(files), n))
                xp = carried_xp.get(uid, 0.0) + a.xp_each
                if xp >= 1:
                    pl["params"]["xp"] = int(round(xp))
                parts = [f"{a.on_table} stood"]
                if a.dead:
                    parts.append(f"{a.recovered_dead} of {a.dead} dead recovered")
                if a.routed_off:
                    parts.append(f"{a.recovered_routed} of {a.routed_off} routed off recovered")
                notes.append(f"{a.name}: {n} figures take the field ({', '.join(parts)})")
            elif prof in DATA.characters and uid in prev.chars:
                c = prev.chars[uid]
                if c.id in am.fallen:
                    notes.append(f"{c.name} fell in the last battle")
                    gone.add(uid)
                    continue
                xp = carried_xp.get(uid, 0.0) + am.command_xp.get(uid, 0.0)
                if xp >= 1:
                    pl["params"]["xp"] = int(round(xp))
            keep.append(pl)
        out[side] = keep
    for side, placed in out.items():
        for pl in placed:
            par = pl["params"]
            if par.get("unit") in gone:
                par.pop("unit", None)
                par["role"] = "hero"
                par.pop("with_unit", None)
            if par.get("deputy_of") in gone:
                par.pop("deputy_of", None)
            if par.get("brigade") in gone:
                par.pop("brigade", None)
    return out, notes


def summary_lines(s: BSState, am: Aftermath) -> list[str]:
    """The aftermath in words (names, figures, XP), one line each."""
    lines = []
    for side in s.sides:
        name = s.side_names.get(side, side)
        units = [a for a in am.units.values() if a.side == side]
        rec = sum(a.recovered_dead + a.recovered_routed for a in units)
        lines.append(f"{name}: {sum(a.survivors for a in units)} figures march on ({rec} recovered, [16.1]); "
                     f"{am.prisoners.get(side, 0)} enemy figures ({am.prisoner_creatures.get(side, 0)} creatures) taken prisoner")
        for a in units:
            if a.xp_each:
                lines.append(f"  {a.name}: {a.kill_value:,.0f} XP of kills, {a.xp_each:,.1f} XP each soldier ([16.2])")
        for cid, xp in am.command_xp.items():
            c = s.chars[cid]
            if c.side == side:
                who = f"{c.name} of {s.units[c.unit].name}" if c.role == "unit_commander" and c.unit in s.units else c.name
                lines.append(f"  {who}: {xp:,.0f} XP for command ([16.2])")
    return lines


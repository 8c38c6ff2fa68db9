"""Battlesystem [15.1]-[15.4] flying: the data and the facts the other rules read (altitudes,
flying rates, who meets whom, turning limits, forced landings, bombing targets). The flying
actions themselves (rising and coming down, bombing runs) are in :mod:`.flying`, which
carries the clause notes; this module imports no other rule module, so the movement, sight,
contact and combat rules can read it."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from ..state import BSState, Unit
from .words import says, their

from game.data.filemodel import FrozenFileModel

HERE = Path(__file__).resolve().parent.parent / "data"
CLAUSE_MOVE = "Battlesystem [15.1]"


class _M(FrozenFileModel):
    """A file model (game/data/filemodel.py: strict types)."""


class Flyer(_M):
    """A flying creature: its flying rate (inches), AD&D manoeuvrability class, and how it
    flies (``wings``; ``magic``: spells, items, innate magic such as an air elemental's)."""

    source: str
    fly_mv: float = Field(gt=0)
    mc: Literal["A", "B", "C", "D", "E"]
    flight: Literal["wings", "magic"] = "wings"


class FlyingFile(_M):
    altitudes_in: list[float] = Field(min_length=1)
    altitude_names: list[str]
    climb_share: float = Field(gt=0, le=1)
    turn_limits: list[float] = Field(min_length=1)
    size_category: dict[str, int]
    ground_ac_penalty: int
    bomb_ac: list[int]
    bomb_damage: str
    flyers: dict[str, Flyer]


@lru_cache(maxsize=1)
@lru_cache(maxsize=1)
def flying_data() -> FlyingFile:
    from ..profiles import _load
    return _load(HERE / "flyers.toml", FlyingFile)


def flyer(creature: str) -> Flyer | None:
    """The creature's flight, or None if it does not fly."""
    return flying_data().flyers.get(creature)


def unit_flyer(u: Unit) -> Flyer | None:
    """The flight of a unit's creatures (the mount's for riders: [11.0] flying mounts)."""
    from ..profiles import DATA
    p = DATA.units[u.profile]
    return flyer(p.mount or p.creature)


def can_fly(s: BSState, u: Unit) -> bool:
    """The unit's creatures fly and the scenario plays the Advanced game."""
    return s.game == "advanced" and unit_flyer(u) is not None


def altitude_mm(level: int) -> float:
    """Height of altitude ``level`` above the ground, mm (0: on the ground; [15.1] 1", 4", 8")."""
    if level <= 0:
        return 0.0
    from ..profiles import DATA
    alts = flying_data().altitudes_in
    return DATA.inches(alts[min(level, len(alts)) - 1])


def altitude_name(level: int) -> str:
    return "on the ground" if level <= 0 else f"{flying_data().altitude_names[min(level, 3) - 1]} altitude"


def top_level() -> int:
    return len(flying_data().altitudes_in)


def fly_rate_mm(u: Unit) -> float | None:
    """The flying rate (mm) of a unit in the air, None for a unit on the ground."""
    if u.altitude <= 0:
        return None
    f = unit_flyer(u)
    if f is None:
        return None
    from ..profiles import DATA
    return DATA.inches(f.fly_mv)


def levels_meet(a: Unit, b: Unit) -> bool:
    """Whether two units can touch: the same level, or one on the ground and one at low
    altitude (ours: a low flyer swoops on ground troops)."""
    la, lb = max(0, a.altitude), max(0, b.altitude)
    return la == lb or {la, lb} == {0, 1}


# -- turning ([15.1]) ------------------------------------------------------------------------------

def turned_this_round(s: BSState, u: Unit) -> float:
    return u.flight_turned if u.flight_round == s.turn else 0.0


def turn_category(u: Unit, *, slow: bool) -> int:
    """Index into ``turn_limits``: by size (magical flight: the best), one worse when mounted
    or carrying bombs ([15.4]), one better when ``slow`` (at most half the flying rate used)."""
    from ..profiles import DATA
    d = flying_data()
    f = unit_flyer(u)
    p = DATA.units[u.profile]
    if f is not None and f.flight == "magic":
        cat = 0
    else:
        size = DATA.creatures[p.mount or p.creature].size
        cat = d.size_category.get(size, len(d.turn_limits) - 1)
    worst = len(d.turn_limits) - 1
    if p.mount:
        cat = min(cat + 1, worst)
    if u.bombs > 0:
        cat = min(cat + 1, worst)
    if slow:
        cat -= 1
    return max(0, min(cat, worst))


def turn_limit(s: BSState, u: Unit, moved_after: float | None = None) -> float:
    """Degrees the unit may turn in the air this round ([15.1]); ``moved_after``: the movement
    (mm) it will have used, for the half-rate bonus."""
    rate = fly_rate_mm(u) or 0.0
    used = u.moved if moved_after is None else moved_after
    slow = rate > 0 and used <= rate / 2.0 + 1e-6
    return flying_data().turn_limits[turn_category(u, slow=slow)]


def heading_change(a: float, b: float) -> float:
    """Smallest angle between two headings, degrees."""
    return abs((b - a + 180.0) % 360.0 - 180.0)


def turn_changes(s: BSState, before: Unit, after: Unit) -> dict:
    """The round's turning record after a manoeuvre in the air (empty on the ground)."""
    if after.altitude <= 0 or before.altitude <= 0:
        return {}
    turn = heading_change(before.heading, after.heading)
    if turn < 1e-9:
        return {}
    return {"flight_turned": turned_this_round(s, before) + turn, "flight_round": s.turn}


# -- climbing and descending ([15.1], [15.2]) --------------------------------------------------------

def overlapped(s: BSState, u: Unit, block, level: int) -> str | None:
    """The name of a unit (or individual) that ``u``'s ``block`` would overlap at altitude
    ``level``, or None."""
    from shapely.geometry import Polygon
    from ..formation import individual_corners
    me = Polygon(block.outline)
    probe = u.model_copy(update={"altitude": level})
    for o in sorted(s.units.values(), key=lambda o: o.id):
        if o.id == u.id or not o.on_table or o.figures == 0 or not levels_meet(probe, o):
            continue
        if me.intersection(Polygon(block_of_unit(o).outline)).area > 1e-6:
            return o.name
    if level <= 1:
        for c in s.chars.values():
            if c.active and not c.with_unit and me.intersection(Polygon(individual_corners(c).reshape(-1, 2))).area > 1e-6:
                return c.name
    return None


def block_of_unit(o: Unit):
    from ..formation import block_of
    return block_of(o)


def forced_landing(em, u: Unit, hd: float) -> None:
    """[15.3] a winged unit in the air that takes any damage lands at once (where it is)."""
    u = em.unit(u.id)
    if hd <= 0 or u.altitude <= 0 or not u.on_table or u.figures == 0:
        return
    f = unit_flyer(u)
    if f is None or f.flight != "wings":
        return
    b = landing_place(em.s, u)
    em.change(u, f"{u.name} {says(u, 'is')} hurt in the air and must land ({hd:g} HD of damage, [15.3])", altitude=0,
              landed_round=em.s.turn, x=b.x, y=b.y)


def landing_place(s: BSState, u: Unit):
    """Where a unit forced down lands ([15.3]): where it is if the ground there is clear, else
    the nearest clear place within 1/3 of its flying rate, tried 1" at a time straight back,
    then 45 and 90 degrees either side of back, then ahead (ours); where it is if none is."""
    from ..formation import block_of
    from ..profiles import DATA
    from ..geo import geo_of
    b0 = block_of(u)
    if overlapped(s, u, b0, 0) is None:
        return b0
    reach = DATA.inches(unit_flyer(u).fly_mv) * flying_data().climb_share
    g = geo_of(s)
    w, h = s.table
    step = DATA.tables.inch_mm
    k = 1
    while k * step <= reach + 1e-6:
        for turn in (180.0, 135.0, -135.0, 90.0, -90.0, 0.0):
            a = math.radians(u.heading + turn)
            b = b0.translated(k * step * math.cos(a), k * step * math.sin(a))
            inside = all(0 <= x <= w and 0 <= y <= h for x, y in b.outline)
            if inside and overlapped(s, u, b, 0) is None and not _blocked(g, b):
                return b
        k += 1
    return b0


def _blocked(g, b) -> bool:
    from shapely.geometry import Polygon
    poly = Polygon(b.outline)
    return any(g.poly[i].intersects(poly) for i in g.blocked)


def air_attack_mods(att: Unit, defn: Unit) -> list[tuple[str, int]]:
    """[15.3] the ground unit's AC worsens by 2 when a unit in flight attacks it."""
    if att.altitude > 0 and defn.altitude <= 0:
        return [("attacked from the air", flying_data().ground_ac_penalty)]
    return []


def shifted_band(u: Unit, band: str) -> str:
    """[15.3] missiles shot from the air: short range counts as medium, medium as long (no
    penalty for magical flight)."""
    if u.altitude <= 0:
        return band
    f = unit_flyer(u)
    if f is not None and f.flight == "magic":
        return band
    return {"short": "medium", "medium": "long"}.get(band, band)


def bomb_ac(level: int) -> int:
    """[15.4] the AC a bomb hits as, by the bomber's altitude level."""
    acs = flying_data().bomb_ac
    return acs[min(max(level, 1), len(acs)) - 1]


def beneath(s: BSState, u: Unit, t: Unit) -> bool:
    """The target's outline and the bomber's overlap in plan (exact polygons)."""
    from shapely.geometry import Polygon
    from ..formation import block_of
    a, b = Polygon(block_of(u).outline), Polygon(block_of(t).outline)
    return a.intersection(b).area > 1e-6


def why_not_bomb(s: BSState, a) -> str | None:
    st = s.step
    if st is None or st.phase not in ("missile",):
        return "bombs are dropped in the missile phase ([15.4])"
    u, t = s.units.get(a.unit), s.units.get(a.target)
    if u is None or u.side != a.side or not u.on_table or u.status != "ok":
        return f"{a.side} has no unit {a.unit!r} able to bomb"
    if t is None or t.side == a.side or not t.on_table or t.figures == 0:
        return f"{a.target!r} is not an enemy unit on the table"
    if u.altitude <= 0:
        return f"{u.name} {says(u, 'is')} on the ground: bombs are dropped from the air ([15.4])"
    if u.bombs <= 0:
        return f"{u.name} {says(u, 'carries')} no bombs ([15.4])"
    if t.altitude > 0:
        return f"{t.name} {says(t, 'is')} in the air: bombs fall on units on the ground"
    if u.fired:
        return f"{u.name} {says(u, 'has')} already used {their(u)} missiles this round"
    if not beneath(s, u, t):
        return f"{t.name} {says(t, 'is')} not beneath {u.name} ([15.4])"
    return None


def bomb_options(s: BSState, side: str) -> list[tuple[str, str]]:
    out = []
    for u in sorted(s.living(side), key=lambda x: x.id):
        if u.altitude <= 0 or u.bombs <= 0 or u.status != "ok" or u.fired:
            continue
        for t in sorted(s.enemies_of(side), key=lambda x: x.id):
            if t.altitude <= 0 and t.figures and beneath(s, u, t):
                out.append((u.id, t.id))
    return out


def climb_options(s: BSState, side: str) -> list[tuple[str, int]]:
    """(unit, levels) worth offering: one level up or down, down to the ground."""
    out = []
    for u in sorted(s.living(side), key=lambda x: x.id):
        if u.status != "ok" or u.move_done or not can_fly(s, u):
            continue
        ways = [1] if u.altitude < top_level() else []
        if u.altitude > 0:
            ways += [-1] if u.altitude > 1 else []
            ways += [-u.altitude]
        for lv in ways:
            out.append((u.id, lv))
    return out

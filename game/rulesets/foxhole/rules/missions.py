"""Missions and objectives (Foxhole, Mission Design; End Game).

* The defender places six possible objectives, numbered one to six, in its
  control area (ours: at least 40 mm apart, off impassable terrain, and at
  least half a base, 15 mm, inside the table edge: an element's centre must
  come within 15 mm of the point to achieve it, and its base stays on the
  table, so an objective in a corner could never be achieved).
* The attacker makes an intel roll (1D6): the defender tells it where that
  many objectives are (the defender chooses which).
* The attacker chooses its mission's objectives by number: a normal mission
  is one primary and two secondary objectives, a priority mission two
  primaries (the scenario says which kind).
* The defender makes an intel roll: equal to or above the attacker's, the
  attacker must tell it its primary objective(s).
* The attacker learns where another objective is when one of its elements
  sees the point within 200 yards (ours; halved through dense terrain).
* An attacking element achieves an objective when it ends its use within
  15 mm of it, not suppressed, with no enemy combat element within 30 mm
  of the point (ours). Achieving every objective of the mission wins at once.
"""

from __future__ import annotations

from shapely.geometry import Point, Polygon

from game.core.event import Target
from game.core.logtext import plural

from .. import events as E
from ..geo import geo_of, grid_ref
from ..sight import dense_between, sees_point
from ..state import FoxState
from ..tables import TABLES
from .common import Emitter, dist

OB = TABLES.objectives


def needed(kind: str) -> tuple[int, int]:
    """(primaries, secondaries) of a mission kind (Mission Design)."""
    return (1, 2) if kind == "normal" else (2, 0)


def control_area(s: FoxState) -> Polygon | None:
    """The defender's control area at the chosen location."""
    loc = s.location_rec()
    return Polygon(loc.control) if loc else None


def start_area(s: FoxState) -> Polygon | None:
    """The attacker's start area at the chosen location."""
    loc = s.location_rec()
    return Polygon(loc.start) if loc else None


def place_problem(s: FoxState, x: float, y: float) -> str:
    """Why an objective may not go at (x, y), or ""."""
    area = control_area(s)
    if area is None or not area.covers(Point(x, y)):
        return "objectives go in the defender's control area"
    if geo_of(s).kind_at(x, y) == "impassable":
        return "an objective may not be on impassable terrain"
    half = TABLES.bases.square_mm / 2
    if not geo_of(s).in_table(x, y, half):
        return f"an objective stands at least {half:g} mm (half a base) inside the table edge, where an element can stand on it"
    for o in s.objectives:
        if dist(o.x, o.y, x, y) < OB.min_apart_mm - 1e-9:
            return f"objective {o.number} is within {OB.min_apart_mm:g} mm"
    return ""


def after_placed(em: Emitter) -> None:
    """After the sixth objective: the attacker's intel roll, and the reveal
    (automatic when it covers every objective)."""
    s = em.s
    r = em.roll(OB.intel_die, "attacker's intel roll (objectives the defender must show)", side=s.attacker)
    em.emit(E.IntelSet(side=s.attacker, total=r.total, reveal=min(r.total, OB.count)))
    if s.reveal >= len(s.objectives):
        reveal_objectives(em, [o.number for o in s.objectives])
        em.emit(E.Phase(turn=0, phase="mission", side=s.attacker, who=em.s.side_name(s.attacker)))
    else:
        em.emit(E.Phase(turn=0, phase="reveal", side=s.defender, who=em.s.side_name(s.defender)))


def reveal_objectives(em: Emitter, numbers: list[int]) -> None:
    s = em.s
    obs = [s.objective(n) for n in sorted(numbers)]
    em.emit(E.ObjectivesRevealed(numbers=tuple(o.number for o in obs), points=tuple((o.x, o.y) for o in obs),
                                 grids=tuple(grid_ref(o.x, o.y, s.table) for o in obs)))


def mission_problem(s: FoxState, primary: tuple[int, ...], secondary: tuple[int, ...]) -> str:
    """Why the attacker may not choose these objectives, or ""."""
    p, q = needed(s.mission.kind)
    if len(primary) != p or len(secondary) != q:
        return f"a {s.mission.kind} mission has {p} primary and {plural(q, 'secondary objective')}"
    allv = list(primary) + list(secondary)
    if len(set(allv)) != len(allv):
        return "each objective counts once"
    numbers = set(range(1, OB.count + 1))  # the numbers are public; where they are may not be
    bad = [n for n in allv if n not in numbers]
    if bad:
        return f"there is no objective {bad[0]}"
    return ""


def after_mission(em: Emitter) -> None:
    """The defender's intel roll: at least the attacker's, and the attacker
    confirms its primary objective(s) (Mission Design - Objectives)."""
    s = em.s
    need = s.intel.get(s.attacker, 0)
    t = Target(label="the attacker's intel roll", base=need, words=("primary confirmed", "primary not confirmed"))
    r = em.roll(OB.intel_die, "defender's intel roll", side=s.defender, target=t)
    if r.passed:  # the roll's line says it all: no second line with its total (no rule reads it again)
        em.emit(E.PrimaryConfirmed(numbers=tuple(s.mission.primary)))


def discover(em: Emitter) -> None:
    """The attacker finds objectives its elements now see within reach (module notes)."""
    s = em.s
    reach = TABLES.yards(OB.discover_yards)
    for o in s.objectives:
        if o.known:
            continue
        for e in s.elements.values():
            if e.side != s.attacker or not e.on_table or not e.combatant:
                continue
            d = dist(e.x, e.y, o.x, o.y)
            if d > reach or (d > reach * TABLES.ranges.dense_factor and dense_between(s, (e.x, e.y), (o.x, o.y))):
                continue
            if sees_point(s, e, o.x, o.y):
                em.emit(E.ObjectiveFound(number=o.number, x=o.x, y=o.y, by=e.name, grid=grid_ref(o.x, o.y, s.table)))
                break


def achieve(em: Emitter, element_id: str) -> None:
    """An attacking element ending its use on an objective takes it (module notes)."""
    s = em.s
    e = s.elements.get(element_id)
    if e is None or e.side != s.attacker or not e.on_table or e.suppressed or not e.combatant:
        return
    for o in s.objectives:
        if o.achieved or dist(e.x, e.y, o.x, o.y) > OB.radius_mm + 1e-9:
            continue
        held = any(f.side == s.defender and f.on_table and f.kind != "non_combatant"
                   and dist(f.x, f.y, o.x, o.y) <= OB.hold_mm + 1e-9 for f in s.elements.values())
        if not held:
            em.emit(E.ObjectiveAchieved(number=o.number, element=e.id, name=e.name, grid=grid_ref(o.x, o.y, s.table)))


def mission_numbers(s: FoxState) -> list[int]:
    """Every objective number of the attacker's mission."""
    return list(s.mission.primary) + list(s.mission.secondary)


def mission_done(s: FoxState) -> bool:
    """Every objective of the mission achieved (End Game: an instant win)."""
    nums = mission_numbers(s)
    if not s.mission.chosen or not nums:
        return False
    got = {o.number for o in s.objectives if o.achieved}
    return all(n in got for n in nums)

"""Set-up (ww2_skirmish.txt: Pre-Battle; Setup Phase; Battlefield Conditions).

1. The state is built from the scenario: the army (profiles, loadouts,
   perks, silver values), the map's terrain, and each side's mission cards:
   the scenario's featured mission and one card drawn from the rest of a
   shuffled deck (ours; the shuffle is made at set-up so no roll in the log
   shows a hidden card).
2. The rules roll priority (a D6 each, ties rolled again) and the
   battlefield conditions; the winner chooses offence or defence.
3. Each side keeps one of its two missions; the other is its backup.
4. The offence sets up one unit, then the defence one unit and, alongside
   it, may set up a barricade from its stock in its deployment zone; they
   alternate until every unit stands (a side with none left to set up lets
   the other go on). Units the scenario places are already set up.
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon

from game.core.dice import Dice
from game.data.maps import MapFile
from game.data.scenario import Scenario
from game.geometry.shapes import oriented_rectangle

from ..army import loadout_of, unit_cost
from ..catalogue import DATA, T, inches
from ..events import BarricadeAdded, HandSet, StateSet, UnitMoved, UnitSet
from ..geo import geo_of
from ..state import Feat, Hand, Model, Objective, Unit, WWState
from ..places import setup_words
from game.core.logtext import agree

from .common import Emitter, side_noun, side_says
from .conditions import roll_condition
from .missions import ask_target, mission_name
from .movement import deploy_positions

MISSION_ORDER = ("overtake", "hold_the_line", "bite_and_hold", "demolition", "assassination")


def setup_state(sc: Scenario, m: MapFile, dice: Dice, sides: list[str]) -> WWState:
    """The state at the start of the battle (stage ``start``)."""
    feats = []
    for f in m.features:
        owner = f.properties.get("side")
        depth = f.properties.get("depth_mm")
        feats.append(Feat(id=f.id, kind=f.kind, name=f.name, exterior=[tuple(p) for p in f.exterior],
                          holes=[[tuple(p) for p in h] for h in f.holes], height=f.height,
                          owner=str(owner) if owner else None, depth=float(depth) if depth is not None else None))
    zones = {z.side: [tuple(p) for p in z.polygon] for z in m.deployment_zones}
    objs = [Objective(id=o.id, label=o.label or o.id, x=o.x, y=o.y) for o in m.objectives if o.kind == "demolition"]
    units: dict[str, Unit] = {}
    models: dict[str, Model] = {}
    for side, placed in sc.forces.items():
        for pl in placed:
            p = DATA.units[pl.profile]
            lo = loadout_of(p, pl.params.get("loadout"))
            perks = list(dict.fromkeys(list(p.perks) + list(pl.params.get("perks", []))))
            cost = unit_cost(pl.profile, lo, perks).total
            name = pl.params.get("name") or p.name
            mids = [f"{pl.id}.{i + 1}" if p.models > 1 else pl.id for i in range(p.models)]
            u = Unit(id=pl.id, side=side, profile=pl.profile, name=name, cls=p.cls, rank=p.rank, models=mids,
                     heading=pl.heading, weapons={w: k for w, k in lo.items() if not DATA.weapons[w].consumable},
                     consumables={w: k for w, k in lo.items() if DATA.weapons[w].consumable}, perks=perks,
                     start_models=p.models, cost=cost)
            units[u.id] = u
            for i, mid in enumerate(mids):
                models[mid] = Model(id=mid, unit=u.id, name=f"{name} #{i + 1}" if p.models > 1 else name)
    # units of one profile without names of their own are numbered, so the log tells them apart
    by_name: dict[tuple[str, str], list[Unit]] = {}
    for u in units.values():
        by_name.setdefault((u.side, u.name), []).append(u)
    for (side, name), same in by_name.items():
        if len(same) > 1:
            for i, u in enumerate(same):
                u.name = f"{name} {i + 1}"
                for k, mid in enumerate(u.models):
                    models[mid].name = f"{u.name} #{k + 1}" if len(u.models) > 1 else u.name
    featured = sc.params.get("featured")
    hands = {}
    for side in sides:
        rest = [k for k in MISSION_ORDER if k != featured]
        order = dice.shuffle(len(rest), f"{side}'s mission deck").faces
        deck = [rest[i - 1] for i in order]
        if featured:
            drawn, deck = [featured, deck[0]], deck[1:]
        else:
            drawn, deck = deck[:2], deck[2:]
        hands[side] = Hand(drawn=drawn, deck=deck)
    s = WWState(ruleset="ww2_skirmish", sides=sides, table=(m.table.width_mm, m.table.height_mm), map_sha=m.sha256(),
                features=feats, zones=zones, objectives=objs, units=units, models=models,
                turn_limit=sc.turn_limit or 8, stage="start", phase="set-up", featured=featured,
                barricade_stock=list(sc.params.get("barricades", T.setup.barricades)), hands=hands,
                cache={sd: 0 for sd in sides}, carried={sd: 0 for sd in sides}, destroyed={sd: 0 for sd in sides},
                side_names={sd: sc.side_name(sd) for sd in sides})
    for side, placed in sc.forces.items():
        for pl in placed:
            if pl.x is None or pl.y is None:
                continue
            u = s.units[pl.id]
            from ..bodies import formation, radius
            for mid, (x, y) in zip(u.models, formation(pl.x, pl.y, pl.heading, len(u.models), radius(u))):
                s.models[mid].x, s.models[mid].y = x, y
            u.deployed = True
    from ..turn import active_side
    s.active = active_side(s)
    return s


def resolve_start(em: Emitter) -> None:
    """Priority (a D6 each, ties again) and the battlefield conditions."""
    s = em.s
    a, b = s.sides
    for _ in range(20):
        ra = em.roll("d6", side_says(s, a, "rolls", "for priority"), side=a)
        rb = em.roll("d6", side_says(s, b, "rolls", "for priority"), side=b)
        if ra.total != rb.total:
            break
        em.note("a tie: priority is rolled again")
    win = a if ra.total > rb.total else b
    em.emit(StateSet(fields={"priority": win, "stage": "role", "phase": "set-up"},
                     text=side_says(s, win, "wins", "priority") + " and " + agree("chooses", side_noun(s, win)[1]) + " offence or defence"))
    roll_condition(em, "the start of the battle")


def resolve_role(em: Emitter, side: str, role: str) -> None:
    """The priority winner takes the offence or the defence."""
    other = em.s.enemy_of(side)
    off, dfn = (side, other) if role == "offence" else (other, side)
    em.emit(StateSet(fields={"offence": off, "defence": dfn, "stage": "missions"},
                     text=side_says(em.s, off, "takes", "the offence") + f", {side_noun(em.s, dfn)[0]} the defence"))


def resolve_keep(em: Emitter, side: str, mission: str) -> None:
    """Keep one mission; the other becomes the backup (the log names neither)."""
    h = em.s.hands[side]
    other = [m for m in h.drawn if m != mission]
    backup = other[0] if other else None
    em.emit(HandSet(side=side, fields={"kept": mission, "backup": backup, "drawn": [], "active_since": 1},
                    text=side_says(em.s, side, "keeps", "one of its two missions, hidden, and") + " " + agree("holds", side_noun(em.s, side)[1]) + " the other back"))
    if mission == "assassination":
        ask_target(em, side)
    after_keep(em)


def after_keep(em: Emitter) -> None:
    """Both missions kept (and no decision awaited): the set-up of the armies begins."""
    s = em.s
    if s.stage != "missions" or s.pending or any(h.kept is None and h.drawn for h in s.hands.values()):
        return
    em.emit(StateSet(fields={"stage": "deploy", "phase": "set-up"}, text="the armies set up"))
    next_deployer(em, None)


def undeployed(s: WWState, side: str) -> list[Unit]:
    """The side's units still to set up."""
    return [u for u in s.units.values() if u.side == side and not u.deployed]


def next_deployer(em: Emitter, last: str | None) -> None:
    """Alternate set-up, the offence first; when every unit stands, turn 1 begins."""
    s = em.s
    order = [s.offence, s.defence] if last is None else [s.enemy_of(last), last]
    for side in order:
        if undeployed(s, side):
            em.emit(StateSet(fields={"deploy_next": side, "barricade_due": False}, text=side_says(s, side, "sets", "up a unit")))
            return
    em.emit(StateSet(fields={"deploy_next": None, "barricade_due": False, "stage": "battle", "phase": "activation"},
                     text="every unit stands: the battle begins"))
    from ..turn import begin_turn
    begin_turn(em, 1)


def check_deploy(s: WWState, side: str, unit: str, x: float, y: float, heading: float) -> str:
    """Why the unit may not be set up there, or ''."""
    if s.stage != "deploy" or s.deploy_next != side or s.barricade_due:
        return f"it is not the {side} side's turn to set up a unit"
    u = s.units.get(unit)
    if u is None or u.side != side:
        return f"{side} has no unit {unit!r}"
    if u.deployed:
        return f"{u.name} is already set up"
    _, why = deploy_positions(s, u, x, y, heading)
    return why


def resolve_deploy(em: Emitter, side: str, unit: str, x: float, y: float, heading: float) -> None:
    s = em.s
    u = s.units[unit]
    pos, _ = deploy_positions(s, u, x, y, heading)
    em.emit(UnitMoved(unit=u.id, positions=pos, heading=heading % 360.0,
                      text=side_says(s, side, "sets", f"up {u.name} {setup_words(s, x, y, heading % 360.0, u.id)}")))
    em.emit(UnitSet(unit=u.id, fields={"deployed": True}, text=f"{u.name} stands ready"))
    if side == em.s.defence and em.s.barricade_stock:
        em.emit(StateSet(fields={"barricade_due": True},
                         text=side_says(em.s, side, "may", f"set up a barricade alongside ({len(em.s.barricade_stock)} left)")))
        return
    next_deployer(em, side)


def barricade_outline(kind: str, x: float, y: float, heading: float) -> list[tuple[float, float]]:
    """The footprint of a barricade of ``kind`` at (x, y), its long side across ``heading``."""
    w, d = DATA.kinds[kind].footprint_in
    poly = oriented_rectangle(x, y, inches(w), inches(d), heading)
    return [(round(px, 2), round(py, 2)) for px, py in list(poly.exterior.coords)[:-1]]


def check_barricade(s: WWState, side: str, kind: str, x: float, y: float, heading: float) -> str:
    """Why the barricade may not be set up there, or ''."""
    if s.stage != "deploy" or not s.barricade_due or side != s.defence:
        return "only the defence sets up a barricade, alongside a unit it has just set up"
    if kind not in s.barricade_stock:
        return f"no {kind.replace('_', ' ')} left in the defence's stock"
    poly = Polygon(barricade_outline(kind, x, y, heading))
    zone = s.zones.get(side)
    if zone and not Polygon(zone).buffer(1e-6).covers(poly):
        return "a barricade stands in the defence's deployment zone"
    W, H = s.table
    x0, y0, x1, y1 = poly.bounds
    if x0 < 0 or y0 < 0 or x1 > W or y1 > H:
        return "the barricade would leave the table"
    g = geo_of(s)
    if not g.imp_union.is_empty and g.imp_union.intersects(poly):
        return "the barricade would stand in impassable terrain"
    for f in s.features:
        if f.id.startswith("barricade") and Polygon(f.exterior).intersects(poly):
            return "the barricade would overlap another"
    for mdl in s.models.values():
        u = s.units[mdl.unit]
        if mdl.alive and u.deployed and poly.distance(Point(mdl.x, mdl.y)) < DATA.units[u.profile].base_mm / 2:
            return f"the barricade would stand on {mdl.name}"
    return ""


def resolve_barricade(em: Emitter, side: str, kind: str, x: float, y: float, heading: float) -> None:
    s = em.s
    k = DATA.kinds[kind]
    em.emit(BarricadeAdded(id=f"barricade{s.barricades_placed + 1}", kind=kind,
                           exterior=barricade_outline(kind, x, y, heading), height=k.default_height_mm,
                           text=side_says(s, side, "sets", f"up {k.name} {setup_words(s, x, y)}")))
    next_deployer(em, side)


def resolve_skip(em: Emitter, side: str) -> None:
    em.emit(StateSet(fields={"barricade_due": False}, text=side_says(em.s, side, "sets", "up no barricade this time")))
    next_deployer(em, side)


__all__ = ["setup_state", "resolve_start", "resolve_role", "resolve_keep", "check_deploy", "resolve_deploy",
           "check_barricade", "resolve_barricade", "resolve_skip", "mission_name", "math"]

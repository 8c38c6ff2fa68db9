"""Set-up ([3.0]-[3.5]): the scenario's units and individuals on the table, and the checks of
scenario and map files (one line naming the field and the reason).

Scenario format (see ``maps/battlesystem/*.scenario.json``):

- ``params``: ``game`` ("basic" or "intermediate": the Basic game's shorter sequence, no
  individual combat), ``initiative_d20`` (the optional d20 of [5.1]), ``premeasure`` (the
  clearly marked option of showing measurements before committing, [3.5], [7.9]).
- each unit placement: ``profile`` a roster entry (``data/rosters.toml``), ``x``/``y`` the
  centre of its front edge (mm), ``heading``; ``params``: ``figures``, ``files`` (frontage),
  ``formation``, ``brigade`` (its brigade commander's id).
- each individual: ``profile`` a character (``data/characters.toml``), ``x``/``y`` where he
  stands apart from units; ``params``: ``role`` (unit_commander, brigade, army, hero,
  member), ``unit`` (the unit he commands or belongs to), ``deputy_of``, ``with_unit``.
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np
from pydantic import Field, StrictBool, StrictInt, StrictStr

from game.core.dice import Dice
from game.core.ruleset import RULES_SIDE
from game.data.maps import MapFile
from game.data.params import Params, params_problem, parsed
from game.data.scenario import Scenario
from game.geometry.contact import convex_overlapping

from .formation import block_of, individual_corners, mob_files
from .profiles import DATA
from .rules.ratings import unit_ratio
from .spells import SPELLS
from .state import BSState, Feat, Individual, Step, Unit


class ScenarioParams(Params):
    game: Literal["basic", "intermediate", "advanced"] = Field("intermediate", description="Basic, Intermediate or Advanced game")
    night: StrictBool = Field(False, description="[12.5] a night battle")
    weather: StrictStr = Field(None, description="[12.1] the scenario's weather (a Table 16 condition)")
    bulk_saves: StrictBool = Field(False, description="[14.3] optional rule: bulk saving throws")
    initiative_d20: StrictBool = Field(False, description="[5.1] optional rule: initiative on a d20")
    premeasure: StrictBool = Field(False, description="optional: show measurements before committing ([3.5])")
    points: StrictInt = Field(None, ge=1, le=100_000_000, description="[16.3] B points each side may spend")
    power_level: Literal["basic", "intermediate", "low_magic", "medium_magic", "high_magic", "anything_goes"] = Field(
        None, description="[16.3] A the power level")


class UnitParams(Params):
    figures: StrictInt = Field(None, ge=1, le=96, description="figures at the start")
    files: StrictInt = Field(None, ge=1, le=96, description="figures in the front rank")
    formation: Literal["closed", "open", "skirmish", "mob"] = Field(None, description="formation at the start")
    brigade: StrictStr = Field(None, description="the brigade commander's id")
    altitude: StrictInt = Field(None, ge=0, le=3, description="[15.1] flying level at the start (Advanced game)")
    xp: StrictInt = Field(None, ge=0, description="[16.2] experience each soldier carries from earlier battles")


class IndividualParams(Params):
    role: Literal["unit_commander", "brigade", "army", "hero", "member"] = Field(description="[9.0] role")
    xp: StrictInt = Field(None, ge=0, description="[16.2] experience from earlier battles")
    unit: StrictStr = Field(None, description="the unit commanded or joined")
    deputy_of: StrictStr = Field(None, description="[9.3] the commander he deputises for")
    with_unit: StrictBool = Field(None, description="a unit commander fighting in his unit (default true)")


class FeatureProps(Params):
    level: StrictInt = Field(None, ge=0, le=20, description="elevation levels of 10 feet ([11.8])")
    fordable: StrictBool = Field(None, description="the water may be crossed ([11.8] special note)")


FORMATION_OF = {"regular": "closed", "elite": "closed", "berserker": "open", "skirmish": "skirmish", "mob": "mob",
                "artillery": "skirmish"}


def validate_map(m: MapFile):
    """Feature kinds ([11.8]) and the properties the rules read."""
    for f in m.features:
        if f.kind not in DATA.terrain and f.kind not in ("field", "clear"):
            return f"feature {f.id} kind", f"unknown terrain kind {f.kind!r} (known: {', '.join(sorted(DATA.terrain))}, field)"
        prob = params_problem(FeatureProps, dict(f.properties), f"feature {f.id} properties")
        if prob:
            return prob
    return None


def validate(sc: Scenario, m: MapFile):
    """Sides, roster entries, unit sizes ([2.8]-[2.10]), roles ([9.0]), placement ([3.4])."""
    sides = [x.id for x in sc.sides if x.playable]
    if len(sides) < 2:
        return "sides", "Battlesystem needs at least two playable sides ([1.1])"
    if "draw" in sides:
        return "sides.draw", "'draw' is not a usable side id"
    prob = params_problem(ScenarioParams, sc.params, "params")
    if prob:
        return prob
    ids = {u.id for us in sc.forces.values() for u in us}
    units = {}
    for side, placed in sc.forces.items():
        for u in placed:
            where = f"forces.{side}.{u.id}"
            if u.x is None or u.y is None:
                return where, "every unit and individual needs x and y"
            if u.profile in DATA.units:
                prob = params_problem(UnitParams, u.params, where + ".params")
                if prob:
                    return prob
                p = DATA.units[u.profile]
                up = parsed(UnitParams, u.params)
                n = up.figures or 0
                kind = "regular" if p.type in ("elite", "berserker") else p.type
                lo, hi = DATA.tables.unit_limits[kind]
                if not n:
                    return where + ".params.figures", "missing field"
                if not lo <= n <= hi:
                    return where + ".params.figures", f"a {p.type} unit starts with {lo} to {hi} figures, not {n} ([2.8]-[2.10])"
                if p.type in ("elite", "berserker") and p.type not in sc.special_rules:
                    return where + ".profile", f"{p.type} units need the scenario's special rule {p.type!r} ([2.11])"
                if unit_ratio(p) == 1:
                    return where + ".profile", "units cannot be made of 1:1 figures ([2.8])"
                if up.brigade is not None and up.brigade not in ids:
                    return where + ".params.brigade", f"no individual {up.brigade!r}"
                if up.formation is not None:
                    allowed = {"regular": ("closed", "open"), "elite": ("closed", "open", "skirmish"),
                               "berserker": ("open",), "skirmish": ("skirmish",), "mob": ("mob",),
                               "artillery": ("skirmish",)}[p.type]
                    if up.formation not in allowed:
                        return where + ".params.formation", f"a {p.type} unit may be {', '.join(allowed)}, not {up.formation} ([7.1])"
                if up.altitude:
                    from .rules.flight import flyer
                    if flyer(p.mount or p.creature) is None:
                        return where + ".params.altitude", f"{p.name} cannot fly ([15.1])"
                    if parsed(ScenarioParams, sc.params).game != "advanced":
                        return where + ".params.altitude", "flying is an Advanced-game rule: set params.game to \"advanced\" ([15.0])"
                    if (up.formation or FORMATION_OF[p.type]) == "closed":
                        return where + ".params.formation", "a unit in the air is in open or skirmish order ([15.2])"
                units[u.id] = side
            elif u.profile in DATA.characters:
                prob = params_problem(IndividualParams, u.params, where + ".params")
                if prob:
                    return prob
            else:
                return where + ".profile", f"unknown roster entry or character {u.profile!r}"
    for side, placed in sc.forces.items():
        for u in placed:
            if u.profile in DATA.characters:
                ip = parsed(IndividualParams, u.params)
                where = f"forces.{side}.{u.id}.params"
                if ip.unit is not None and units.get(ip.unit) != side:
                    return where + ".unit", f"{ip.unit!r} is not a unit of {side}"
                if ip.role in ("unit_commander", "member") and ip.unit is None:
                    return where + ".unit", f"a {ip.role.replace('_', ' ')} needs a unit"
                if ip.deputy_of is not None and ip.deputy_of not in ids:
                    return where + ".deputy_of", f"no individual {ip.deputy_of!r}"
    try:
        state = build(sc, m, sides)
    except ValueError as e:
        return "forces", str(e)
    return _placement(state)


def _placement(s: BSState):
    """Units on the table, not overlapping ([3.4])."""
    w, h = s.table
    items = [(u.id, u.side, block_of(u).corners) for u in s.units.values()]
    items += [(c.id, c.side, individual_corners(c)) for c in s.chars.values() if not c.with_unit]
    for uid, side, c in items:
        if len(c) and (c[..., 0].min() < -1e-6 or c[..., 1].min() < -1e-6 or c[..., 0].max() > w + 1e-6
                       or c[..., 1].max() > h + 1e-6):
            return f"forces.{side}.{uid}", f"a figure stands off the {w:g} x {h:g} mm table"
    for i, (a, sa, ca) in enumerate(items):
        for b, sb, cb in items[i + 1:]:
            if len(ca) and len(cb) and convex_overlapping(ca, cb).any():
                return f"forces.{sb}.{b}", f"overlaps {a} at the start"
    return None


def build(sc: Scenario, m: MapFile, sides: list[str]) -> BSState:
    sp = parsed(ScenarioParams, sc.params)
    units: dict[str, Unit] = {}
    chars: dict[str, Individual] = {}
    for side, placed in sc.forces.items():
        for pl in placed:
            if pl.profile in DATA.units:
                p = DATA.units[pl.profile]
                up = parsed(UnitParams, pl.params)
                form = up.formation or FORMATION_OF[p.type]
                n = up.figures
                files = up.files or (mob_files(n) if form == "mob" else n)
                piece = DATA.tables.artillery.get(p.piece) if p.piece else None
                ammo = -1
                if p.missile and not DATA.missiles[p.missile].unlimited:
                    ammo = p.ammunition
                units[pl.id] = Unit(id=pl.id, side=side, profile=pl.profile, name=p.name, kind=p.type, formation=form,
                                    x=float(pl.x), y=float(pl.y), heading=float(pl.heading), files=min(files, n),
                                    figures=n, original=n, brigade=up.brigade, ammo=ammo, weapon=p.weapon,
                                    reload=0 if piece else 0, altitude=up.altitude or 0, bombs=p.bombs)
    for side, placed in sc.forces.items():
        for pl in placed:
            if pl.profile in DATA.characters:
                cp = DATA.characters[pl.profile]
                ip = parsed(IndividualParams, pl.params)
                with_unit = ip.role in ("unit_commander", "member") if ip.with_unit is None else ip.with_unit
                name = cp.name
                chars[pl.id] = Individual(id=pl.id, side=side, profile=pl.profile, name=name, role=ip.role, unit=ip.unit,
                                          with_unit=with_unit, deputy_of=ip.deputy_of, x=float(pl.x), y=float(pl.y),
                                          heading=float(pl.heading), hp=cp.hp, spells=list(cp.spells) + [i for i in cp.items if i in SPELLS])
                if ip.role == "unit_commander" and ip.unit in units:
                    units[ip.unit].commander = pl.id
    feats = []
    for f in m.features:
        fp = parsed(FeatureProps, dict(f.properties)) if f.properties else FeatureProps()
        level = fp.level if fp.level is not None else (1 if DATA.terrain.get(f.kind) and DATA.terrain[f.kind].elevation else 0)
        feats.append(Feat(id=f.id, kind=f.kind, name=f.name, exterior=list(f.exterior), holes=[list(h) for h in f.holes],
                          height=f.height, level=level, fordable=bool(fp.fordable)))
    objectives = {o.id: (o.x, o.y, o.radius) for o in m.objectives}
    names = {o.id: (o.label or o.id) for o in m.objectives}
    W, H = m.table.width_mm, m.table.height_mm
    home = {}
    for z in m.deployment_zones:
        if z.side in sides:
            cx = float(np.mean([p[0] for p in z.polygon]))
            cy = float(np.mean([p[1] for p in z.polygon]))
            home[z.side] = math.degrees(math.atan2(cy - H / 2, cx - W / 2)) % 360
    for side in sides:
        if side not in home:
            own = [u for u in units.values() if u.side == side]
            if own:
                home[side] = (float(np.mean([u.heading for u in own])) + 180.0) % 360
    return BSState(ruleset="battlesystem", sides=sides, game=sp.game, units=units, chars=chars, table=(W, H),
                   map_sha=m.sha256(), terrain=feats, objectives=objectives, objective_names=names, home=home,
                   side_names={x.id: (x.name or x.id) for x in sc.sides}, turn_limit=sc.turn_limit or 12,
                   options={"initiative_d20": sp.initiative_d20, "premeasure": sp.premeasure, "bulk_saves": sp.bulk_saves,
                            **({"power_level": sp.power_level} if sp.power_level else {}),
                            **({"points": sp.points} if sp.points else {})},
                   night=sp.night, weather=sp.weather or "",
                   queue=[Step(phase="initiative", side=RULES_SIDE)], phase="initiative", active=RULES_SIDE)


def setup_state(sc: Scenario, m: MapFile, dice: Dice, sides: list[str]) -> BSState:
    from .rules.weather import initial_weather
    return initial_weather(build(sc, m, sides), dice)

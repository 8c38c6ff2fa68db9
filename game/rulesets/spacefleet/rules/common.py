"""Shared helpers: effective ship values, blast-marker contact, and
the scratch context ``resolve`` uses to emit events (it applies each event to
a private copy of the state so later rolls see earlier results)."""

from __future__ import annotations

import math

from game.core.dice import Dice
from game.core.event import DiceRolled, Event, Target

from .. import geom
from ..data import Profile, Weapon, profile, tables
from ..events import RerollUsed
from ..names import annotate, on_base, ordnance_name, ship_name
from ..state import Feature, SFState, Ship

HULKS = ("drifting_hulk", "blazing_hulk")


class Ctx:
    """A scratch copy of the state plus the events emitted so far."""

    def __init__(self, ruleset, state: SFState, dice: Dice) -> None:
        self.rs = ruleset
        self.s: SFState = state.clone()
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, ev: Event) -> None:
        """Record ``ev`` (with the names of the ships and markers it refers
        to, ``names.annotate``) and apply it to the scratch state."""
        ev = annotate(self.s, ev)
        self.rs.apply(self.s, ev)
        self.events.append(ev)

    def roll(self, notation: str, purpose: str, mods=(), side: str | None = None,
             target: Target | None = None) -> DiceRolled:
        """Roll and record (spacefleet dice are D6s); ``target`` is the number
        the roll is compared with, itemised."""
        ev = self.dice.roll(notation, purpose, mods, side=side, target=target)
        self.events.append(ev)
        return ev

    def name(self, sid: str) -> str:
        """The log's name of ship ``sid`` (``names.ship_name``)."""
        return ship_name(self.s, sid)

    def oname(self, oid: int) -> str:
        """The log's name of ordnance marker ``oid`` (``names.ordnance_name``)."""
        o = next((x for x in self.s.ordnance if x.id == oid), None)
        return ordnance_name(self.s, o) if o is not None else f"ordnance marker {oid}"

    def pool(self, n: int, purpose: str, target: Target, side: str | None = None) -> DiceRolled | None:
        """Roll ``n`` D6 at once, each die against ``target`` (a pool counting
        successes; ``target.each`` is set here). No roll for ``n`` <= 0: the
        caller logs that no dice were rolled. Returns the roll or None."""
        if n <= 0:
            return None
        return self.roll(f"{n}d6", purpose, side=side, target=target.model_copy(update={"each": True}))


def pool_faces(r: DiceRolled | None) -> tuple[int, ...]:
    """The faces of a :meth:`Ctx.pool` roll (none when no dice were rolled)."""
    return () if r is None else r.faces


def pool_hits(r: DiceRolled | None) -> int:
    """The successes of a :meth:`Ctx.pool` roll (0 when no dice were rolled)."""
    return 0 if r is None else r.successes


def ceil_half(n: int) -> int:
    """Half, rounded up (spacefleet_core 1.4, ambiguity 1)."""
    return (int(n) + 1) // 2


def prof(ship: Ship) -> Profile:
    return profile(ship.profile)


def crippled(ship: Ship) -> bool:
    """Lost at least half its starting hits (spacefleet_core 1.8)."""
    p = prof(ship)
    return p.capital and ship.damage * 2 >= p.hits


def remaining(ship: Ship) -> int:
    return max(0, prof(ship).hits - ship.damage)


def current_side(state: SFState) -> str:
    """The side whose player turn it is (spacefleet_core 1.5: players alternate in seating order)."""
    return state.order[state.player]


def on_table(ship: Ship) -> bool:
    return ship.status == "active"


def bm_touching(state: SFState, ship: Ship) -> int:
    """Blast markers touching the ship's base."""
    return sum(1 for b in state.blast_markers if on_base(ship, b.x, b.y, b.zone))


def cloud_contact(state: SFState, ship: Ship) -> int:
    """Gas/dust clouds touching the base, whatever the ship's own tests."""
    if ship.zone != "main":
        return 0
    return sum(1 for f in state.features if f.kind == "gas_cloud" and geom.disc_touches(f, ship.x, ship.y, ship.radius))


def ignores_clouds(state: SFState, ship: Ship) -> bool:
    """An Eldar ship that passed its cloud test in this game turn: clouds do
    not count for it (celestial phenomena: gas and dust clouds)."""
    return ship.eldar and ship.cloud_passed and ship.cloud_turn == state.turn


def clouds_touching(state: SFState, ship: Ship) -> int:
    """Gas/dust clouds touching the base (each counts as a blast marker), as
    the ship itself feels them: none for an Eldar ship that passed its cloud
    test this game turn (celestial phenomena: gas and dust clouds)."""
    return 0 if ignores_clouds(state, ship) else cloud_contact(state, ship)


def under_fire(state: SFState, ship: Ship) -> bool:
    """A blast marker (or gas cloud) touches the base."""
    return bm_touching(state, ship) + clouds_touching(state, ship) > 0


def base_shields(ship: Ship) -> int:
    """Shields after Shields Collapse and crippling (halved, rounded up). An
    Eldar ship has none: holofields take their place and it counts as
    0-shield for blast markers (spacefleet_core 1.12; ours)."""
    if "shields_collapse" in ship.crits or ship.eldar:
        return 0
    s = prof(ship).shields
    return ceil_half(s) if crippled(ship) else s


def shield_capacity(state: SFState, ship: Ship) -> int:
    """Shields minus blast markers (and clouds) touching the base (spacefleet_core 1.8)."""
    return max(0, base_shields(ship) - bm_touching(state, ship) - clouds_touching(state, ship))


def turrets(ship: Ship) -> int:
    if ship.status in HULKS:
        return 0
    t = prof(ship).turrets
    return ceil_half(t) if crippled(ship) else t


def speed_mm(ship: Ship) -> float:
    """Speed after crippling and Thrusters (spacefleet_core 1.6), mm."""
    c = tables().constants
    v = prof(ship).speed_cm * 10.0
    if crippled(ship):
        v -= c.crippled_speed_loss_mm
    if "thrusters" in ship.crits:
        v -= c.thrusters_speed_loss_mm
    return max(0.0, v)


def leadership(state: SFState, ship: Ship) -> int:
    """Ld after Bridge Smashed and radiation interference (not capped below)."""
    ld = ship.ld - 3 * ship.crits.count("bridge_smashed") - state.radiation
    return min(ld, tables().constants.max_leadership)


def squadron_ld(state: SFState, ship: Ship) -> int:
    """A squadron tests on its best surviving Ld (spacefleet_core 1.11)."""
    return max(leadership(state, s) for s in squadron(state, ship))


def squadron(state: SFState, ship: Ship) -> list[Ship]:
    """The ship and its squadron-mates still on the table."""
    if not ship.squadron:
        return [ship]
    return [s for s in state.ships.values() if s.squadron == ship.squadron and s.side == ship.side and on_table(s)] or [ship]


#: weapons that launch ordnance rather than fire directly (spacefleet_core 1.9)
ORDNANCE_WEAPONS = ("torpedo", "launch_bay")


def shooting_unit(ship: Ship) -> str:
    """Who shoots as one in the shooting phase: the ship's squadron (it pools
    its fire, spacefleet_core 1.11), else the ship (spacefleet_core 1.5: ship
    by ship)."""
    return ship.squadron or ship.id


def unit_launched(state: SFState, unit: str) -> bool:
    """A ship of the shooting ``unit`` has launched ordnance this turn: its
    direct fire is over (spacefleet_core 1.5: ordnance is launched last)."""
    return any(shooting_unit(s) == unit and any(prof(s).weapons[i].kind in ORDNANCE_WEAPONS for i in s.fired)
               for s in state.ships.values())


def attacker_key(state: SFState, attacker: str) -> str:
    """Who a failed Brace for Impact! holds against until it has finished
    attacking (spacefleet_core 1.4: the attacking ship, squadron or wave): a
    ship's shooting unit, an ordnance marker's wave (``"o<lead id>"``)."""
    sh = state.ships.get(attacker)
    if sh is not None:
        return shooting_unit(sh)
    if attacker.startswith("o") and attacker[1:].isdigit():
        o = next((x for x in state.ordnance if x.id == int(attacker[1:])), None)
        if o is not None and o.wave:
            return f"o{o.wave}"
    return attacker


def enemy_contacts(state: SFState, side: str) -> bool:
    """Enemy Contacts (+1 on command checks, spacefleet_core 1.3): an enemy
    ship on the table is on a special order; Brace for Impact! is one of the
    orders (core 1.4), so a braced enemy counts (ours, for command checks to
    take an order and to brace alike)."""
    return any(e.order or e.braced for e in state.ships.values() if e.side != side and on_table(e))


def halve_for_order(ship: Ship) -> bool:
    spec = tables().orders.get(ship.order or "")
    return bool(spec and spec.halve_fire) or ship.braced


def weapon_strength(ship: Ship, w: Weapon) -> int:
    """Firepower or strength after orders, Brace and crippling, each halving
    rounded up (spacefleet_core 1.4, 1.7, 1.8)."""
    n = w.strength
    if w.kind in ("battery", "lance"):
        if halve_for_order(ship):
            n = ceil_half(n)
    elif ship.braced:
        n = ceil_half(n)
    if crippled(ship):
        n = ceil_half(n)
    return n


def weapon_disabled(ship: Ship, w: Weapon) -> bool:
    """An armament critical knocks out everything on that location (spacefleet_core 1.8)."""
    return f"{w.location}_armament" in ship.crits


def enemies(state: SFState, side: str) -> list[Ship]:
    return [s for s in state.ships.values() if s.side != side and on_table(s)]


def friends(state: SFState, side: str) -> list[Ship]:
    return [s for s in state.ships.values() if s.side == side and on_table(s)]


def inside_asteroids(state: SFState, x: float, y: float) -> Feature | None:
    """The asteroid field the table point (x, y) mm lies on (a point: where a
    nova cannon aims), or None."""
    for f in state.features:
        if f.kind == "asteroid_field" and geom.point_in(f, x, y):
            return f
    return None


def field_touching(state: SFState, x: float, y: float, r: float) -> Feature | None:
    """The asteroid field a disc of radius ``r`` mm at (x, y) touches (exact
    contact, ``geom.disc_touches``), or None."""
    for f in state.features:
        if f.kind == "asteroid_field" and geom.disc_touches(f, x, y, r):
            return f
    return None


def in_field(state: SFState, ship: Ship) -> Feature | None:
    """The asteroid field the ship is in: its base touches the field
    (celestial phenomena: a phenomenon acts on a ship as soon as it touches
    the base; ours for "inside" in the shooting rules: fire into and out of
    it, the 10 cm range, no close-range shift, braced or crippled ships and
    torpedoes), or None. Only on the main table."""
    return field_touching(state, ship.x, ship.y, ship.radius) if ship.zone == "main" else None


def features_near(state: SFState, x: float, y: float, r: float) -> bool:
    """Any celestial phenomenon within ``r`` mm of (x, y)."""
    return any(geom.disc_touches(f, x, y, r) for f in state.features)


def in_wells(state: SFState, x: float, y: float) -> list[Feature]:
    """Planets and moons whose gravity well holds the point (x, y) (celestial
    phenomena: gravity wells; depth by planet size, moons count as small)."""
    out = []
    wells = tables().gravity_wells
    for f in state.features:
        if f.kind in ("planet", "moon"):
            size = "small" if f.kind == "moon" else (f.size or "small")
            depth = wells[size].well_cm * 10.0
            if math.hypot(x - f.cx, y - f.cy) <= f.radius + depth + 1e-6:
                out.append(f)
    return out


def gravity_turns(state: SFState, x: float, y: float, heading: float) -> list[tuple[Feature, float]]:
    """Each well holding (x, y) mm with the largest free turn (degrees, signed:
    + clockwise) a ship heading ``heading`` may take there toward the planet's
    centre, never past it (celestial phenomena: gravity wells); wells that
    allow no turn are left out."""
    max_turn = tables().free_gravity_turn_deg
    out = []
    for f in in_wells(state, x, y):
        g = geom.gravity_turn_limit(heading, x, y, f.cx, f.cy, max_turn)
        if g:
            out.append((f, g))
    return out


def may_reroll(state: SFState, ship: Ship, command: bool) -> bool:
    """A fleet commander's re-roll is left for this failed test (spacefleet_core
    1.1; during a radiation burst only for Command checks of the commander's
    own ship or squadron, celestial phenomena)."""
    if state.rerolls.get(ship.side, 0) <= 0:
        return False
    if state.radiation:
        flag = state.flagship.get(ship.side)
        return command and any(m.id == flag for m in squadron(state, ship))
    return True


def ld_target(state: SFState, ship: Ship, mods=(), notation: str = "2d6", cap_mods: bool = True,
              words=("passed", "failed")) -> Target:
    """The Leadership test of ``ship`` itemised: its Ld, Bridge Smashed -3
    each, the radiation burst's interference, the cap at the table's maximum
    Ld (10), then ``mods`` (under fire, enemy contacts...) and, with
    ``cap_mods``, the cap again; passed on ``notation`` at most that (11-12
    on 2D6 always fail; spacefleet_core 1.1, 1.3, 1.8; celestial phenomena:
    radiation bursts). A cap is itself a labelled modifier, so the parts
    always add up to the number."""
    cap = tables().constants.max_leadership
    parts: list[tuple[str, int]] = []
    n = ship.crits.count("bridge_smashed")
    if n:
        parts.append(("bridge smashed", -3 * n))
    if state.radiation:
        parts.append(("radiation burst", -state.radiation))
    steps = [True] + ([cap_mods] if mods else [])
    for i, capped in enumerate(steps):
        if i:
            parts += list(mods)
        raw = ship.ld + sum(v for _, v in parts)
        if capped and raw > cap:
            parts.append((f"Leadership at most {cap}", cap - raw))
    return Target(label="Leadership", base=ship.ld, mods=tuple(parts), at_most=True,
                  fail_on=(11, 12) if notation.lower() == "2d6" else (), words=tuple(words))


def squadron_ld_target(state: SFState, ship: Ship, mods=()) -> tuple[Ship, Target]:
    """The squadron member whose Leadership the squadron tests on (the best,
    spacefleet_core 1.11; the first of equals) and its :func:`ld_target`."""
    best = max(squadron(state, ship), key=lambda m: leadership(state, m))
    return best, ld_target(state, best, mods)


def ld_test(ctx: "Ctx", ship: Ship, notation: str, target: Target, purpose: str, command: bool = False,
            rerolled: bool = False) -> bool:
    """Roll ``notation`` against ``target`` (an at-most Leadership target,
    :func:`ld_target`); a failure spends a fleet re-roll when one may be
    used, never more than one per test (``rerolled``: the test was already
    re-rolled, e.g. an escort's free one)."""
    ok = ctx.roll(notation, purpose, side=ship.side, target=target).passed
    if not ok and not rerolled and may_reroll(ctx.s, ship, command):
        ctx.emit(RerollUsed(side=ship.side, ship=ship.id))
        ok = ctx.roll(notation, f"{purpose}: fleet commander re-roll", side=ship.side, target=target).passed
    return ok

"""The space-fleet ruleset object: set-up, turn flow, check/resolve/apply,
outcome and the AI hooks (spacefleet_core 1.5 turn sequence)."""

from __future__ import annotations

import math
import random
from typing import Any, Literal

from pydantic import Field, StrictInt, StrictStr, TypeAdapter

from game.core.action import Action
from game.core.dice import Dice
from game.core.event import CORE_EVENTS, DiceRolled, Event, Logged, PhaseBegan
from game.core.model import make_codec
from game.core.ruleset import RULES_SIDE, Accepted, Illegal, Legal, Outcome, Rejected
from game.data.maps import MapFile
from game.data.params import Params, params_problem, parsed
from game.data.scenario import Scenario

from . import geom
from .actions import (ACTIONS, Board, Brace, DeclareOrder, Disengage, EndPhase, EnterLowOrbit, Fire, Launch, MoveShip,
                      RulesStep, TakeIt)
from .common import Ctx, crippled, ld_target, on_table, prof, squadron, under_fire
from .endphase import assault_reason, boarding_actions, damage_control, lapse_braces, remove_blast_markers, remove_field_markers
from .events import (SF_EVENTS, AttackCleared, AttackDeclared, BlastMarkerPlaced, BlastMarkerRemoved, Braced,
                     BraceEnded, CriticalHit, CriticalRepaired, DisengageTried, FlareOccurred, GameFinished,
                     OrdersEnded, OrderTaken, OrdnanceChanged, OrdnanceLaunched, OrdnanceMoved, OrdnanceRemoved,
                     PhaseChanged, PriorityTest, RadiationBurst, Reloaded, ShipDamaged, ShipMoved, ShipPlaced,
                     ShipStatus, TurnBegan, WeaponFired, RerollUsed, BoardingFought, AssaultDeclared,
                     TeleportAttack, TurretsEngaged, OrdnanceAttackDeclared, KinTested)
from .movement import (aaf_stop, check_disengage, check_low_orbit, check_order, move_limits, plan_move, resolve_disengage,
                       resolve_low_orbit, resolve_move, resolve_order)
from .ordnance import check_launch, ordnance_phase, resolve_launch, resume_ordnance_attack
from .phenomena import KINDS, cloud_tests, drift_hulks, features_from_map, low_orbit_pull, start_of_game_turn
from .shooting import check_fire, needs_priority_test, priority_test, resolve_attack
from .state import BlastMarker, Ordnance, Pending, SFState, Ship
from .tables import profile, ships, tables

BATTLEZONES = ("flare_region", "mercurial_zone", "inner_biosphere", "primary_biosphere", "outer_reaches", "deep_space")
KINS = ("eldar",)   #: values of a unit's ``params.kin`` (spacefleet_core 1.12: Eldar and Eldar-kin ships)
EDGES = ("north", "south", "east", "west")
#: Ld a scenario may give a ship or a fleet commander: at most the cap of
#: spacefleet_core 1.3 (10); at 1 or less a ship may no longer shoot (core 1.3), so 2 is the least (ours)
LD_RANGE = (2, 10)
#: feature properties the rules read, by feature kind (phenomena.features_from_map)
FEATURE_PROPERTIES = {"planet": ("cx", "cy", "radius", "size", "low_orbit"), "moon": ("cx", "cy", "radius", "size")}
SIZES = ("small", "medium", "large")
#: the generators' areas (phenomena: one phenomenon per 60 cm area at most)
AREA_MM = 600.0


class Commander(Params):
    """An embarked fleet commander (core rulings): his Ld replaces the ship's."""

    ld: StrictInt = Field(None, ge=LD_RANGE[0], le=LD_RANGE[1], description="the commander's Ld (default: the ship's)")
    rerolls: StrictInt = Field(0, ge=0, description="fleet re-rolls he brings")


class ShipParams(Params):
    """What a space-fleet unit's ``params`` may hold."""

    ld: StrictInt = Field(None, ge=LD_RANGE[0], le=LD_RANGE[1], description="starting Ld instead of the D6 roll")
    kin: StrictStr = Field(None, description='"eldar" for an Eldar or Eldar-kin ship')
    name: StrictStr = Field(None, description="the ship's name")
    commander: Commander = Field(None, description="the fleet commander aboard (flagship)")


class FleetScenarioParams(Params):
    """What a space-fleet scenario's ``params`` may hold."""

    battlezone: Literal[BATTLEZONES] = Field("deep_space", description="battlezone (sunward range doubling)")
    sunward: Literal[EDGES] = Field("north", description="the sunward table edge")
    solar_flares: StrictInt = Field(0, ge=0, description="solar flares generated")
    radiation_bursts: StrictInt = Field(0, ge=0, description="radiation bursts generated")
    setup: dict[str, Any] = Field(None, description="record of the set-up method and its rolls (not read by the rules)")


def kin_reason(side: str, u) -> tuple[str, str] | None:
    """Why a unit's ``params.kin`` is refused (field path, message), or None.
    Only ``"eldar"`` is known: it marks an Eldar or Eldar-kin ship
    (spacefleet_core 1.12)."""
    if "kin" not in u.params or u.params["kin"] in KINS:
        return None
    return (f"forces.{side}.{u.id}.params.kin",
            f"unit {u.id}: params.kin {u.params['kin']!r} is not a known kin (use \"eldar\" for an Eldar or "
            "Eldar-kin ship, or leave it out)")


def map_reason(m: MapFile) -> tuple[str, str] | None:
    """What the space-fleet rules cannot use in a map: a feature kind they
    do not know (it would be dropped silently), a property they do not read
    or a bad one, a second low-orbit planet."""
    low_orbit = None
    for f in m.features:
        where = f"feature {f.id}"
        if f.kind not in KINDS:
            return (f"{where} kind", f"unknown feature kind {f.kind!r} for spacefleet (known: {', '.join(sorted(KINDS))})")
        known = FEATURE_PROPERTIES.get(f.kind, ())
        for key, value in f.properties.items():
            if key not in known:
                return (f"{where} properties.{key}", f"unknown property {key!r} for a {f.kind} "
                                                     f"(known: {', '.join(known) if known else 'none'})")
            if key == "size" and value not in SIZES:
                return (f"{where} properties.size", f"must be one of {', '.join(SIZES)}, not {value!r}")
            if key == "low_orbit" and not isinstance(value, bool):
                return (f"{where} properties.low_orbit", f"must be true or false, not {value!r}")
            if key in ("cx", "cy", "radius") and (isinstance(value, bool) or not isinstance(value, (int, float))):
                return (f"{where} properties.{key}", f"must be a number (mm), not {value!r}")
            if key == "radius" and value <= 0:
                return (f"{where} properties.radius", f"must be more than 0 mm, not {value!r}")
        if f.properties.get("low_orbit") is True:
            if low_orbit is not None:
                return (f"{where} properties.low_orbit", f"only one planet has a low-orbit table; {low_orbit} already has it")
            low_orbit = f.id
    return None


def _areas(m: MapFile) -> int:
    """The 60 cm areas of the table the generators roll for (at least 1)."""
    return max(1, int(m.table.width_mm // AREA_MM) * int(m.table.height_mm // AREA_MM))


class SpaceFleet:
    """The ``spacefleet`` ruleset (see README.md in this package)."""

    id = "spacefleet"
    version = 7
    title = "Space fleet (Battlefleet-style cruiser clashes with celestial phenomena)"
    #: the desktop app draws this ruleset's tables as space
    table_style = "space"

    def __init__(self) -> None:
        self._actions = make_codec(ACTIONS)
        self._events = make_codec(CORE_EVENTS + SF_EVENTS)
        self._state = TypeAdapter(SFState)

    # -- set-up ------------------------------------------------------------------
    def sides(self, scenario: Scenario) -> list[str]:
        return [s.id for s in scenario.sides if s.playable]

    def validate_map(self, m: MapFile):
        """Feature kinds and properties the rules read (see :func:`map_reason`)."""
        return map_reason(m)

    def validate_scenario(self, sc: Scenario, m: MapFile):
        """Two fleets with ships each; profiles exist; ships placed on the
        table, bases apart; unit, commander and scenario params known, typed
        and in range; squadrons of at most 6 escorts of one type; no
        objectives or special rules (victory points decide); the map's
        features known. Returns (field path, reason) or None."""
        ids = sc.side_ids()
        if len(ids) != 2:
            return ("sides", f"a spacefleet battle is fought by two fleets, not {len(ids)} ({', '.join(ids)})")
        for s in sc.sides:
            if not s.playable:
                return (f"sides.{s.id}.playable", "every spacefleet side commands a fleet: playable must be true")
        for side in ids:
            if not sc.forces.get(side):
                return (f"forces.{side}", f"side {side} has no ships; each of the two fleets needs at least one")
        known = ships()
        placed: list[tuple[str, Any, float]] = []
        commanders: dict[str, str] = {}
        for side, units in sc.forces.items():
            for u in units:
                at = f"forces.{side}.{u.id}"
                if u.profile not in known:
                    return (f"{at}.profile", f"unknown ship profile {u.profile!r} (known: {', '.join(sorted(known))})")
                if u.x is None or u.y is None:
                    return (at, "ships need x and y (mm)")
                if not (0 <= u.x <= m.table.width_mm and 0 <= u.y <= m.table.height_mm):
                    return (at, "the ship stands off the table")
                why = params_problem(ShipParams, u.params, f"{at}.params") or kin_reason(side, u)
                if why:
                    return why
                if "commander" in u.params:
                    if side in commanders:
                        return (f"{at}.params.commander", f"a fleet has one commander, and {commanders[side]} already carries {side}'s")
                    commanders[side] = u.id
                r = profile(u.profile).base_radius_mm
                for other, o, ro in placed:
                    gap = math.hypot(u.x - o.x, u.y - o.y)
                    if gap < r + ro - 1e-6:
                        return (at, f"its base overlaps {other}'s ({gap:g} mm between stems, the two bases need "
                                    f"{r + ro:g} mm): ships are set up with bases apart or touching")
                placed.append((u.id, u, r))
        for side, units in sc.forces.items():  # at most 6 escorts per squadron, one type (spacefleet_core 1.11)
            groups: dict[str, list] = {}
            for u in units:
                if u.group and not profile(u.profile).capital:
                    groups.setdefault(u.group, []).append(u)
            for g, us in groups.items():
                if len(us) > 6:
                    return (f"forces.{side}", f"escort squadron {g!r} has {len(us)} ships; a squadron holds at most 6 escorts")
                if len({u.profile for u in us}) > 1:
                    return (f"forces.{side}", f"escort squadron {g!r} mixes {', '.join(sorted({u.profile for u in us}))}; "
                                              "its escorts must all be of one type")
        why = params_problem(FleetScenarioParams, sc.params, "params")
        if why:
            return why
        p = parsed(FleetScenarioParams, sc.params)
        areas = _areas(m)
        if p.solar_flares > areas:
            return ("params.solar_flares", f"{p.solar_flares} solar flares are more than this table's {areas} 60 cm "
                                           "areas can generate (one phenomenon per area)")
        if p.solar_flares + p.radiation_bursts > areas:
            return ("params.radiation_bursts", f"{p.solar_flares} solar flares and {p.radiation_bursts} radiation bursts "
                                               f"are more than this table's {areas} 60 cm areas can generate (one phenomenon per area)")
        for o in sc.objectives:
            return (f"objectives.{o.id}.kind", f"unknown objective kind {o.kind!r}: spacefleet has no objectives "
                                               "(victory points decide the battle)")
        for rule in sc.special_rules:
            return ("special_rules", f"unknown special rule {rule!r} (spacefleet has none)")
        return None

    def setup(self, scenario: Scenario, map_file: MapFile, dice: Dice) -> SFState:
        """Ships from the scenario (Ld: a D6 per capital ship, one per escort
        squadron, unless ``params.ld`` is given; Eldar ships, ``params.kin =
        "eldar"``, add 1 to the rolled Ld, at most 10, spacefleet_core 1.3),
        phenomena from the map."""
        t = tables()
        ships_: dict[str, Ship] = {}
        sq_ld: dict[str, int] = {}
        rerolls: dict[str, int] = {}
        flagship: dict[str, str] = {}
        for side, placed in scenario.forces.items():
            for u in placed:
                p = profile(u.profile)
                if "ld" in u.params:
                    ld = int(u.params["ld"])
                elif not p.capital and u.group and u.group in sq_ld:
                    ld = sq_ld[u.group]
                else:
                    ld = t.start_ld(dice.roll("d6", f"leadership of {u.id}").total)
                if not p.capital and u.group:
                    sq_ld.setdefault(u.group, ld)
                eldar = u.params.get("kin") == "eldar"
                if eldar and "ld" not in u.params:
                    ld = t.eldar_start_ld(ld)
                cmd = u.params.get("commander")
                if isinstance(cmd, dict):  # an embarked fleet commander's Ld replaces the ship's (core rulings)
                    ld = int(cmd.get("ld", ld))
                    rerolls[side] = int(cmd.get("rerolls", 0))
                    flagship[side] = u.id
                ships_[u.id] = Ship(id=u.id, side=side, profile=u.profile, name=str(u.params.get("name", "")),
                                    squadron=u.group, x=u.x, y=u.y, heading=geom.norm(u.heading), radius=p.base_radius_mm,
                                    ld=ld, eldar=eldar)
        sides = self.sides(scenario)
        feats = features_from_map(map_file)
        lo = next((f.id for f in feats if f.kind == "planet" and f.low_orbit), None)
        prm = scenario.params
        lot = t.low_orbit
        return SFState(ruleset=self.id, sides=sides, ships=ships_, order=sides, turn_limit=scenario.turn_limit or 6,
                       phase="start", active=RULES_SIDE, table=(map_file.table.width_mm, map_file.table.height_mm),
                       features=feats, battlezone=prm.get("battlezone", "deep_space"), sunward=prm.get("sunward", "north"),
                       solar_flares=int(prm.get("solar_flares", 0)), radiation_bursts=int(prm.get("radiation_bursts", 0)),
                       low_orbit_planet=lo, low_orbit_size=(lot.length_cm * 10.0, lot.width_cm * 10.0),
                       vp={s: 0.0 for s in sides}, rerolls=rerolls, flagship=flagship)

    # -- queries -------------------------------------------------------------------
    def active_side(self, state: SFState) -> str | None:
        return None if state.over else state.active

    def phase(self, state: SFState) -> str:
        return state.phase

    def current_side(self, state: SFState) -> str:
        return state.order[state.player]

    # -- legality ------------------------------------------------------------------
    def check(self, state: SFState, action: Action) -> Legal | Illegal:
        why = self._why(state, action)
        return Legal() if why is None else Illegal(why)

    def _why(self, s: SFState, a: Action) -> str | None:
        if s.over:
            return "the battle is over"
        if a.side != s.active:
            return f"it is not {a.side}'s turn to act"
        ph = s.phase
        if isinstance(a, RulesStep):
            return None if a.side == RULES_SIDE and ph in ("start", "ordnance", "end") else "only the rules take this step"
        if a.side == RULES_SIDE:
            return "the rules side only takes rules steps"
        if isinstance(a, (Brace, TakeIt)):
            if ph != "brace" or s.pending is None:
                return "no attack is waiting for a Brace decision"
            if isinstance(a, Brace):
                if a.ship != s.pending.target:
                    return f"only the attacked ship {s.pending.target} may brace now"
                return self._brace_why(s, s.ships[a.ship], s.pending.ship)
            return None
        if isinstance(a, EndPhase):
            return None if ph in ("movement", "shooting") else f"nothing to end in the {ph} phase"
        if isinstance(a, (DeclareOrder, MoveShip, EnterLowOrbit, Disengage)):
            if ph != "movement":
                return f"{a.type} belongs to the movement phase (now: {ph})"
            if isinstance(a, DeclareOrder):
                return check_order(s, a)
            if isinstance(a, MoveShip):
                p = plan_move(s, a)
                return None if p.ok else p.reason
            if isinstance(a, EnterLowOrbit):
                return check_low_orbit(s, a)
            return check_disengage(s, a)
        if isinstance(a, Board):
            if ph != "shooting":
                return f"boarding and teleport attacks are declared in the shooting phase (now: {ph})"
            ship = s.ships.get(a.ship)
            if ship is None or ship.side != a.side:
                return f"{a.side} has no ship {a.ship!r}"
            return assault_reason(s, ship, a.target, a.teleport)
        if isinstance(a, (Fire, Launch)):
            if ph != "shooting":
                return f"{a.type} belongs to the shooting phase (now: {ph})"
            return check_fire(s, a) if isinstance(a, Fire) else check_launch(s, a)
        return f"unknown action {a.type}"

    def _brace_why(self, s: SFState, ship: Ship, attacker: str) -> str | None:
        """Why ``ship`` may not brace against ``attacker`` now (None: it may):
        spacefleet_core 1.4, a failed test holds against the same attacker."""
        if ship.status != "active":
            return f"{ship.id} is not an active ship"
        if ship.braced:
            return f"{ship.id} is already braced"
        if ship.brace_failed_vs == attacker:
            return f"{ship.id} failed to brace against this attacker already"
        if not on_table(ship):
            return f"{ship.id} is not on the table"
        return None

    # -- resolution ------------------------------------------------------------------
    def resolve(self, state: SFState, action: Action, dice: Dice) -> Accepted | Rejected:
        why = self._why(state, action)
        if why:
            return Rejected(why)
        ctx = Ctx(self, state, dice)
        a = action
        s = ctx.s
        if isinstance(a, RulesStep):
            self._rules_step(ctx)
        elif isinstance(a, DeclareOrder):
            resolve_order(ctx, a)
        elif isinstance(a, MoveShip):
            resolve_move(ctx, a, plan_move(s, a))
        elif isinstance(a, EnterLowOrbit):
            resolve_low_orbit(ctx, a)
        elif isinstance(a, Disengage):
            resolve_disengage(ctx, a)
        elif isinstance(a, Fire):
            self._fire(ctx, a)
        elif isinstance(a, Launch):
            resolve_launch(ctx, a)
        elif isinstance(a, Board):
            ctx.emit(AssaultDeclared(ship=a.ship, target=a.target, teleport=a.teleport))
        elif isinstance(a, Brace):
            self._brace(ctx, a)
        elif isinstance(a, TakeIt):
            self._release(ctx)
        elif isinstance(a, EndPhase):
            if s.phase == "movement":
                self._auto_moves(ctx)
                ctx.emit(PhaseChanged(phase="shooting", active=a.side))
            else:
                ctx.emit(PhaseChanged(phase="ordnance", active=RULES_SIDE))
        self._check_end(ctx)
        return Accepted(tuple(ctx.events))

    def _fire(self, ctx: Ctx, a: Fire) -> None:
        s = ctx.s
        ship = s.ships[a.ship]
        if needs_priority_test(s, ship, a):
            if not priority_test(ctx, a.ship):
                return
        tgt = s.ships.get(a.target)
        if tgt is not None and self._brace_why(s, tgt, a.ship) is None:
            ctx.emit(AttackDeclared(ship=a.ship, weapon=a.weapon, target=a.target, defender=tgt.side, pool=a.pool,
                                    weapon_name=prof(ship).weapons[a.weapon].name))
            return
        resolve_attack(ctx, a.ship, a.weapon, a.target, a.pool)

    def _brace(self, ctx: Ctx, a: Brace) -> None:
        """Command check to brace (allowed after a failed check ends orders)."""
        s = ctx.s
        ship = s.ships[a.ship]
        mods = []
        if under_fire(s, ship):
            mods.append(("under fire", -1))
        if any(e.order and e.order != "brace_for_impact" for e in s.ships.values() if e.side != ship.side and on_table(e)):
            mods.append(("enemy contacts", 1))
        against = f" against the {ctx.name(s.pending.ship)}" if s.pending and s.pending.ship in s.ships else ""
        ok = ctx.roll("2d6", f"the {ctx.name(ship.id)}: command check to brace for impact{against}", side=ship.side,
                      target=ld_target(s, ship, mods)).passed
        for m in squadron(s, ship):
            if ok or m.id == ship.id:
                ctx.emit(Braced(ship=m.id, passed=ok, attacker=s.pending.ship if s.pending else ""))
        self._release(ctx)

    def _release(self, ctx: Ctx) -> None:
        s = ctx.s
        p = s.pending
        ctx.emit(AttackCleared())
        if p.ordnance is not None:
            resume_ordnance_attack(ctx, p)
            return
        attacker = s.ships[p.ship]
        if attacker.status == "active" and s.ships[p.target].status == "active":
            resolve_attack(ctx, p.ship, p.weapon, p.target, p.pool)
        else:
            ctx.emit(WeaponFired(ship=p.ship, weapon=p.weapon, target=p.target, note="the target is gone",
                                 weapon_name=prof(attacker).weapons[p.weapon].name))

    def _auto_moves(self, ctx: Ctx) -> None:
        """Ships not moved when the phase ends go straight ahead their minimum
        distance (ours: the rules move every ship)."""
        s = ctx.s
        side = self.current_side(s)
        for sid in sorted(s.ships):
            sh = s.ships[sid]
            if sh.side != side or sh.status != "active" or sh.moved:
                continue
            dists = [move_limits(s, sh, loss)[0] for loss in (False, True)]
            if sh.order == "all_ahead_full":  # halted by a blast marker in the last 5 cm (core 1.6)
                full = move_limits(s, sh, False)[1]
                stop = aaf_stop(s, sh, [(sh.x, sh.y), geom.step(sh.x, sh.y, sh.heading, full)])
                if stop is not None:
                    dists.insert(0, stop)
            for vmin in dists:
                m = MoveShip(side=side, ship=sid, legs=((0.0, vmin),) if vmin > 0 else ())
                p = plan_move(s, m)
                if p.ok:
                    resolve_move(ctx, m, p, why="not moved this phase: the rules move it straight ahead its least distance")
                    break
            else:
                ctx.emit(ShipMoved(ship=sid, x=sh.x, y=sh.y, heading=sh.heading, distance=0.0, from_heading=sh.heading,
                                   why="not moved this phase and no legal straight move: it stays"))

    def _rules_step(self, ctx: Ctx) -> None:
        s = ctx.s
        side = self.current_side(s)
        if s.phase == "start":
            if s.player == 0:
                start_of_game_turn(ctx)
            low_orbit_pull(ctx)
            drift_hulks(ctx, side)
            cloud_tests(ctx)
            ctx.emit(PhaseChanged(phase="movement", active=side))
        elif s.phase == "ordnance":
            ordnance_phase(ctx, side)
            if s.phase == "ordnance":  # not paused for a Brace decision against ordnance (core 1.4)
                ctx.emit(PhaseChanged(phase="end", active=RULES_SIDE))
        elif s.phase == "end":
            boarding_actions(ctx, side)
            damage_control(ctx)
            remove_blast_markers(ctx, side)
            remove_field_markers(ctx)
            lapse_braces(ctx, side)
            if s.player + 1 < len(s.order):
                ctx.emit(TurnBegan(turn=s.turn, side=s.order[s.player + 1], player=s.player + 1))
            elif s.turn >= s.turn_limit:
                ctx.emit(GameFinished(reason=f"turn limit ({s.turn_limit}) reached"))
            else:
                ctx.emit(TurnBegan(turn=s.turn + 1, side=s.order[0], player=0))

    def _check_end(self, ctx: Ctx) -> None:
        s = ctx.s
        if s.finished:
            return
        alive = [side for side in s.order if any(sh.side == side and sh.status == "active" for sh in s.ships.values())]
        if len(alive) < len(s.order):
            ctx.emit(GameFinished(reason="a fleet has no ships left in the fight"))

    # -- mutation ------------------------------------------------------------------------
    def apply(self, state: SFState, ev: Event) -> None:
        s = state
        if isinstance(ev, DiceRolled | Logged):
            return
        if isinstance(ev, TurnBegan):
            s.turn, s.player, s.phase, s.active = ev.turn, ev.player, "start", RULES_SIDE
            s.player_turns += 1
            s.orders_failed = False
            s.boarded = []
            s.teleported = []
            s.assaults = {}
            s.teleports = {}
            for sh in s.ships.values():
                sh.brace_failed_vs = None
                if sh.side == ev.side:
                    sh.moved = False
                    sh.fired = []
                    sh.priority = "none"
                    sh.disengage_failed = False
                    sh.aaf_extra_mm = 0.0
                    if not sh.braced:
                        sh.order = None
            for o in s.ordnance:
                o.moved_this_turn = False
        elif isinstance(ev, PhaseChanged):
            s.phase, s.active = ev.phase, ev.active
            for sh in s.ships.values():
                sh.turrets_vs = ""
            if ev.phase == "end":
                for o in s.ordnance:
                    o.phases += 1
        elif isinstance(ev, OrderTaken):
            sh = s.ships[ev.ship]
            if ev.passed:
                sh.order = ev.order
                sh.aaf_extra_mm = ev.aaf_extra_mm
                if ev.order == "brace_for_impact":
                    sh.braced, sh.brace_turn = True, s.player_turns
        elif isinstance(ev, OrdersEnded):
            s.orders_failed = True
        elif isinstance(ev, ShipMoved):
            sh = s.ships[ev.ship]
            sh.x, sh.y, sh.heading = ev.x, ev.y, ev.heading
            sh.moved, sh.moved_mm = True, ev.distance
            sh.stationary = ev.distance < tables().constants.stationary_below_mm
        elif isinstance(ev, ShipPlaced):
            sh = s.ships[ev.ship]
            if ev.zone != sh.zone and ev.zone == "low_orbit":
                sh.entered_low_orbit_turn = s.player_turns
            sh.x, sh.y, sh.heading, sh.zone = ev.x, ev.y, ev.heading, ev.zone
        elif isinstance(ev, ShipStatus):
            sh = s.ships[ev.ship]
            sh.status = ev.status  # type: ignore[assignment]
            sh.lost_forever = ev.lost_forever
            if ev.status != "active":
                sh.order, sh.braced = None, False
        elif isinstance(ev, ShipDamaged):
            sh = s.ships[ev.ship]
            sh.damage += ev.amount
            if crippled(sh):
                sh.ever_crippled = True
        elif isinstance(ev, CriticalHit):
            s.ships[ev.ship].crits.append(ev.crit)
            side = s.ships[ev.ship].side
            if ev.crit == "bridge_smashed" and s.flagship.get(side) == ev.ship:
                s.rerolls[side] = 0  # a flagship's smashed bridge costs the fleet its re-rolls (core 1.8)
        elif isinstance(ev, RerollUsed):
            s.rerolls[ev.side] = max(0, s.rerolls.get(ev.side, 0) - 1)
        elif isinstance(ev, BoardingFought):
            s.boarded.append(ev.attacker)
        elif isinstance(ev, AssaultDeclared):
            (s.teleports if ev.teleport else s.assaults)[ev.ship] = ev.target
        elif isinstance(ev, TeleportAttack):
            s.teleported.append(ev.ship)
        elif isinstance(ev, CriticalRepaired):
            s.ships[ev.ship].crits.remove(ev.crit)
        elif isinstance(ev, BlastMarkerPlaced):
            s.blast_markers.append(BlastMarker(id=ev.id, x=ev.x, y=ev.y, zone=ev.zone, field=ev.field))
            s.next_id = max(s.next_id, ev.id + 1)
        elif isinstance(ev, BlastMarkerRemoved):
            s.blast_markers = [b for b in s.blast_markers if b.id != ev.id]
        elif isinstance(ev, WeaponFired):
            sh = s.ships[ev.ship]
            if ev.weapon not in sh.fired:
                sh.fired.append(ev.weapon)
        elif isinstance(ev, PriorityTest):
            s.ships[ev.ship].priority = "passed" if ev.passed else "failed"
        elif isinstance(ev, AttackDeclared):
            s.pending = Pending(ship=ev.ship, weapon=ev.weapon, target=ev.target, pool=ev.pool)
            s.phase, s.active = "brace", ev.defender
        elif isinstance(ev, TurretsEngaged):
            s.ships[ev.ship].turrets_vs = "torpedo" if ev.against == "torpedo" else "craft"
        elif isinstance(ev, OrdnanceAttackDeclared):
            s.pending = Pending(ship=f"o{ev.ordnance}", weapon=-1, target=ev.target, ordnance=ev.ordnance,
                                resume=ev.resume, end=ev.end, origin=ev.origin, bm_rolled=ev.bm_rolled)
            s.phase, s.active = "brace", ev.defender
        elif isinstance(ev, AttackCleared):
            resume = s.pending.resume if s.pending is not None else "shooting"
            s.pending = None
            s.phase, s.active = resume, (RULES_SIDE if resume == "ordnance" else self.current_side(s))
        elif isinstance(ev, Braced):
            sh = s.ships[ev.ship]
            if ev.passed:
                sh.braced, sh.order, sh.brace_turn = True, "brace_for_impact", s.player_turns
            else:
                sh.brace_failed_vs = ev.attacker
        elif isinstance(ev, BraceEnded):
            sh = s.ships[ev.ship]
            sh.braced = False
            if sh.order == "brace_for_impact":
                sh.order = None
        elif isinstance(ev, OrdnanceLaunched):
            s.ordnance.append(Ordnance(id=ev.id, side=ev.side, kind=ev.kind, x=ev.x, y=ev.y, heading=ev.heading,  # type: ignore[arg-type]
                                       strength=ev.strength, launcher=ev.launcher, target=ev.target, wave=ev.wave, zone=ev.zone))
            s.next_id = max(s.next_id, ev.id + 1)
            sh = s.ships[ev.launcher]
            if ev.weapon >= 0 and ev.weapon not in sh.fired:
                sh.fired.append(ev.weapon)
        elif isinstance(ev, OrdnanceMoved):
            for o in s.ordnance:
                if o.id == ev.id:
                    o.x, o.y, o.heading = ev.x, ev.y, ev.heading
                    o.moved_this_turn = True
        elif isinstance(ev, OrdnanceChanged):
            for o in s.ordnance:
                if o.id == ev.id:
                    o.strength = ev.strength
                    if ev.attacked:
                        o.attacked.append(ev.attacked)
        elif isinstance(ev, OrdnanceRemoved):
            s.ordnance = [o for o in s.ordnance if o.id != ev.id]
        elif isinstance(ev, Reloaded):
            sh = s.ships[ev.ship]
            if ev.torpedoes is not None:
                sh.torpedoes_loaded = ev.torpedoes
            if ev.bays is not None:
                sh.bays_loaded = ev.bays
        elif isinstance(ev, DisengageTried):
            sh = s.ships[ev.ship]
            if not ev.passed:
                sh.disengage_failed = True
                if sh.order != "brace_for_impact":
                    sh.order = None
        elif isinstance(ev, FlareOccurred):
            s.flare_done = True
        elif isinstance(ev, KinTested):
            if ev.phenomenon == "gas_cloud":
                sh = s.ships[ev.ship]
                sh.cloud_turn, sh.cloud_passed = s.turn, ev.passed
        elif isinstance(ev, RadiationBurst):
            s.radiation = ev.level
        elif isinstance(ev, GameFinished):
            s.finished = True
            s.vp = self.victory_points(s)
        elif isinstance(ev, PhaseBegan):
            s.phase = ev.phase

    # -- outcome ------------------------------------------------------------------------
    def victory_points(self, s: SFState) -> dict[str, float]:
        """Victory points each side earned from the other's ships (spacefleet_core 1.6;
        ours: destroyed, hulked or lost forever 100%, crippled 25%, disengaged or
        lost in the warp 10% (25% if crippled), landed 0)."""
        v = tables().victory
        out = {side: 0.0 for side in s.order}
        for sh in s.ships.values():
            pts = profile(sh.profile).points
            if sh.status in ("destroyed", "drifting_hulk", "blazing_hulk") or (sh.status == "lost_in_warp" and sh.lost_forever):
                frac = v["destroyed"]
            elif sh.status in ("disengaged", "lost_in_warp"):
                frac = v["disengaged_crippled"] if sh.ever_crippled else v["disengaged"]
            elif sh.status == "active" and crippled(sh):
                frac = v["crippled"]
            else:
                frac = 0.0
            for side in s.order:
                if side != sh.side:
                    out[side] += pts * frac
        return out

    def outcome(self, state: SFState) -> Outcome:
        vp = self.victory_points(state)
        if not state.finished:
            return Outcome(False, score=vp)
        ranked = sorted(vp.items(), key=lambda kv: -kv[1])
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return Outcome(True, None, "victory points tied", vp)
        return Outcome(True, ranked[0][0], f"victory points {', '.join(f'{k} {v:g}' for k, v in ranked)}", vp)

    def view(self, state: SFState, side: str | None) -> SFState:
        return state.clone()

    def parse_action(self, data: dict[str, Any]) -> Action:
        return self._actions.validate_python(data)

    def parse_event(self, data: dict[str, Any]) -> Event:
        return self._events.validate_python(data)

    def load_state(self, text: str) -> SFState:
        return self._state.validate_json(text)

    def describe(self, ev: Event) -> str:
        """Plain words for every event (display.describe_event)."""
        from . import display
        return display.describe_event(ev)

    # -- display hooks (display.py) ------------------------------------------------------
    def figures(self, state: SFState) -> list:
        from . import display
        return display.figures(state)

    def markers(self, state: SFState) -> list:
        from . import display
        return display.markers(state)

    def point_actions(self, state: SFState, side: str, figure_id: str, x: float, y: float) -> list[Action]:
        from . import display
        return display.point_actions(self, state, side, figure_id, x, y)

    def figure_actions(self, state: SFState, side: str, figure_id: str, target_id: str | None) -> list[Action]:
        from . import display
        return display.figure_actions(self, state, side, figure_id, target_id)

    def preview(self, state: SFState, action: Action) -> dict:
        from . import display
        return display.preview(self, state, action)

    def describe_action(self, action: Action) -> str:
        from . import display
        return display.describe_action(action)

    def describe_action_in(self, state: SFState, action: Action) -> str:
        """The button label with the weapon named (``describe_action`` sees no state: "weapon 0")."""
        from . import display
        text = display.describe_action(action)
        sh, wi = state.ships.get(getattr(action, "ship", "")), getattr(action, "weapon", None)
        if sh is not None and isinstance(wi, int) and 0 <= wi < len(prof(sh).weapons):
            text = text.replace(f"weapon {wi}", prof(sh).weapons[wi].name)
        return text

    def figure_overlays(self, state: SFState, figure_id: str) -> dict:
        from . import display
        return display.figure_overlays(state, figure_id)

    def sight(self, state: SFState, viewer_id: str, target_id: str):
        """The one sight adjudication (:func:`.sight.adjudicate`) for the overlay;
        None unless both are ships on the same table."""
        from . import sight as S
        a, b = state.ships.get(viewer_id), state.ships.get(target_id)
        if a is None or b is None or not (on_table(a) and on_table(b)) or a.zone != b.zone:
            return None
        return S.adjudicate(state, a, b, detail=True)

    def sight_region(self, state: SFState, viewer_id: str):
        """Where the ship's lines of fire do not reach (:func:`.sight.region`)."""
        from . import sight as S
        a = state.ships.get(viewer_id)
        return S.region(state, a) if a is not None and on_table(a) else None

    def enemies_of(self, state: SFState, side: str) -> set[str]:
        from . import display
        return display.enemies_of(state, side)

    def side_style(self, side: str) -> str:
        from . import display
        return display.side_style(side)

    # -- AI hooks -----------------------------------------------------------------------
    def legal_actions(self, state: SFState, side: str) -> list[Action]:
        from .candidates import enumerate_actions
        return enumerate_actions(self, state, side, None)

    def candidates(self, state: SFState, side: str, rng: random.Random) -> list[Action]:
        from .candidates import enumerate_actions
        return enumerate_actions(self, state, side, rng)

    def score(self, state: SFState, side: str) -> float:
        from .ai import evaluate
        return evaluate(state, side)

    def data_tables(self) -> dict:
        """The tables and ship profiles for validated data overrides (game/core/overrides.py)."""
        from .tables import ships, tables
        return {"tables": tables(), "ships": ships()}

    def agents(self) -> dict:
        from .ai import FleetAgent
        return {"default": FleetAgent, "fleet": FleetAgent, "previous": FleetAgent}  # previous: the default of the last release (keep it when the default changes)

    def illegal_examples(self, state: SFState, side: str) -> list[Action]:
        """Deliberately illegal actions for the conformance suite."""
        out: list[Action] = [Fire(side=side, ship="nobody", weapon=0, target="nobody"),
                             MoveShip(side=side, ship="nobody", legs=((0.0, 10.0),))]
        mine = [sh for sh in state.ships.values() if sh.side == side and sh.status == "active"]
        if mine:
            sh = mine[0]
            out.append(MoveShip(side=side, ship=sh.id, legs=((0.0, 5000.0),)))
            out.append(MoveShip(side=side, ship=sh.id, pre_turn=170.0, legs=((0.0, 100.0),)))
            out.append(Fire(side=side, ship=sh.id, weapon=99, target=sh.id))
        return out

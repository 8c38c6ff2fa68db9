"""The one mutation of the space-fleet state: ``apply(state, event)``
(every change of a battle goes through an event; game/rulesets/README.md)."""

from __future__ import annotations

from game.core.event import DiceRolled, Event, Logged, PhaseBegan
from game.core.ruleset import RULES_SIDE

from .data import tables
from .events import (AssaultDeclared, AttackCleared, AttackDeclared, BlastMarkerPlaced, BlastMarkerRemoved,
                     BoardingFought, Braced, BraceEnded, CriticalHit, CriticalRepaired, DisengageTried,
                     FieldDamageShared, FieldTested, FlareAttackDeclared, FlareHit, FlareOccurred, GameFinished,
                     KinTested, OrdersEnded, OrderTaken, OrdnanceAttackDeclared, OrdnanceChanged, OrdnanceLaunched,
                     OrdnanceMoved, OrdnanceRemoved, PhaseChanged, PriorityTest, RadiationBurst, Reloaded, RerollUsed,
                     ShipDamaged, ShipMoved, ShipPlaced, ShipStatus, ShootingBegan, TeleportAttack, TurnBegan,
                     TurretsEngaged, WeaponFired)
from .rules.common import HULKS, crippled, current_side, prof, shooting_unit, weapon_strength
from .rules.victory import victory_points
from .state import BlastMarker, Ordnance, Pending, SFState



# -- mutation ------------------------------------------------------------------------
def apply(state: SFState, ev: Event) -> None:
    s = state
    if isinstance(ev, DiceRolled | Logged):
        return
    if isinstance(ev, TurnBegan):
        s.turn, s.player, s.phase, s.active = ev.turn, ev.player, "start", RULES_SIDE
        s.player_turns += 1
        s.orders_failed = False
        s.field_tests, s.field_pool = {}, {}
        s.boarded = []
        s.teleported = []
        s.assaults = {}
        s.teleports = {}
        s.shooter, s.done_shooting, s.hulks_struck = None, [], []
        for sh in s.ships.values():
            sh.brace_failed_vs = []
            if sh.side == ev.side:
                sh.moved = False
                sh.fired = []
                sh.split_fp, sh.split_at = {}, {}
                sh.priority = "none"
                sh.disengage_failed = False
                sh.aaf_extra_mm = 0.0
                sh.ram_target = None
                if not sh.braced:
                    sh.order = None
        for o in s.ordnance:
            o.moved_this_turn = False
            if ev.player == 0:  # a salvo attacks a ship once in a full (game) turn (spacefleet_core 1.9)
                o.attacked = []
    elif isinstance(ev, PhaseChanged):
        s.phase, s.active = ev.phase, ev.active
        s.shooter, s.done_shooting, s.hulks_struck = None, [], []
        for sh in s.ships.values():
            sh.turrets_vs = ""
            sh.brace_failed_vs = []
        if ev.phase == "end":
            for o in s.ordnance:
                o.phases += 1
    elif isinstance(ev, OrderTaken):
        sh = s.ships[ev.ship]
        if ev.passed:
            sh.order = ev.order
            sh.aaf_extra_mm = ev.aaf_extra_mm
            sh.ram_target = ev.ram
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
        for _ in range(ev.count):
            s.ships[ev.ship].crits.remove(ev.crit)
    elif isinstance(ev, BlastMarkerPlaced):
        for k, (x, y) in enumerate(((ev.x, ev.y), *ev.more)):
            s.blast_markers.append(BlastMarker(id=ev.id + k, x=x, y=y, zone=ev.zone, field=ev.field))
        s.next_id = max(s.next_id, ev.id + 1 + len(ev.more))
    elif isinstance(ev, BlastMarkerRemoved):
        gone = {ev.id, *ev.more}
        s.blast_markers = [b for b in s.blast_markers if b.id not in gone]
    elif isinstance(ev, WeaponFired):
        sh = s.ships[ev.ship]
        if ev.fp:  # a split volley: the battery is used up when all its firepower has fired (core 1.7)
            sh.split_fp[ev.weapon] = sh.split_fp.get(ev.weapon, 0) + ev.fp
            sh.split_at.setdefault(ev.weapon, []).append(ev.target)
        if ev.weapon not in sh.fired and (not ev.fp or sh.split_fp[ev.weapon] >= weapon_strength(sh, prof(sh).weapons[ev.weapon])):
            sh.fired.append(ev.weapon)
        tgt = s.ships.get(ev.target)
        if ev.hits and tgt is not None and tgt.status in HULKS:
            s.hulks_struck.append(f"{shooting_unit(sh)}>{tgt.id}")
    elif isinstance(ev, FieldTested):
        if ev.squadron:
            s.field_tests[ev.squadron] = ev.passed
            s.field_pool[ev.squadron] = ev.shared
    elif isinstance(ev, FieldDamageShared):
        s.field_pool[ev.squadron] = ev.left
    elif isinstance(ev, ShootingBegan):
        if s.shooter is not None and s.shooter != ev.unit and s.shooter not in s.done_shooting:
            s.done_shooting.append(s.shooter)
        s.shooter = ev.unit
        for sh in s.ships.values():
            sh.brace_failed_vs = []
    elif isinstance(ev, PriorityTest):
        s.ships[ev.ship].priority = "passed" if ev.passed else "failed"
    elif isinstance(ev, AttackDeclared):
        s.pending = Pending(ship=ev.ship, weapon=ev.weapon, target=ev.target, pool=ev.pool, fp=ev.fp)
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
        s.phase, s.active = resume, (RULES_SIDE if resume in ("ordnance", "flare") else current_side(s))
    elif isinstance(ev, Braced):
        sh = s.ships[ev.ship]
        if ev.passed:
            sh.braced, sh.order, sh.brace_turn = True, "brace_for_impact", s.player_turns
        else:
            if ev.attacker and ev.attacker not in sh.brace_failed_vs:
                sh.brace_failed_vs.append(ev.attacker)
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
        s.flares_occurred += 1
        s.flare_hits += list(ev.bare)
    elif isinstance(ev, FlareHit):
        if ev.ship in s.flare_hits:
            s.flare_hits.remove(ev.ship)
    elif isinstance(ev, FlareAttackDeclared):
        s.pending = Pending(ship="flare", weapon=-1, target=ev.target, resume="flare", flare=True)
        s.phase, s.active = "brace", ev.defender
    elif isinstance(ev, KinTested):
        if ev.phenomenon == "gas_cloud":
            sh = s.ships[ev.ship]
            sh.cloud_turn, sh.cloud_passed = s.turn, ev.passed
    elif isinstance(ev, RadiationBurst):
        s.radiation = ev.level
    elif isinstance(ev, GameFinished):
        s.finished = True
        s.vp = victory_points(s)
    elif isinstance(ev, PhaseBegan):
        s.phase = ev.phase

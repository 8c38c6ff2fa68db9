"""The ``default`` space-fleet agent: a heuristic fleet commander.

Movement: for each ship in turn it weighs special orders (All Ahead Full to
close, Lock On when guns bear, Reload when empty, Come to New Heading when the
enemy is astern) and scores every sampled move (gravity-well turns included)
by the expected damage its broadsides can deal from the end position, less the
damage the enemy can answer with, less hazards (asteroid fields, rifts, table
edges, blast markers, shields stripped when a solar flare may still come;
1-hit escorts count an enemy's full move into its reach). Crippled ships that are worth more away than on the
table head for the nearest edge and disengage. Shooting: batteries before
lances, each weapon at the target where it does most harm per point; torpedoes
(never down a lane a friendly ship blocks); bombers at the nearest enemy when
they can reach it before running out, with the carrier's fighters joining
their wave as escorts when that is worth more than any other use of them;
fighters on CAP with a friendly capital ship that enemy torpedoes or bombers
are heading for; a shot at a hulk when the blast of its new catastrophic roll
is expected to hurt the enemy more than us and no better shot uses the gun;
an assault declared when it picks a better boarding or teleport target than
the nearest. Brace when the next hits could cripple or destroy the ship. No
dice are consumed; deterministic per view.
"""

from __future__ import annotations

import math
import random

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from . import geom
from .actions import Board, Brace, DeclareOrder, Disengage, EndPhase, Fire, Launch, MoveShip, RulesStep, TakeIt
from .candidates import cap_reach_mm, move_options, shooting_options
from .common import (HULKS, base_shields, bm_touching, crippled, inside_asteroids, leadership, prof, remaining, sight, squadron,
                     turrets, weapon_strength)
from .display import boarding_numbers, catastrophe_numbers, fire_numbers, teleport_odds
from .movement import plan_move
from .ordnance import _craft_goal, launch_strength, speed_of, wave_of
from .shooting import SUNWARD_HEADING, find_ordnance, needs_priority_test, pooled_firepower
from .state import SFState, Ship
from .tables import tables

P_HIT = {2: 5 / 6, 3: 4 / 6, 4: 3 / 6, 5: 2 / 6, 6: 1 / 6}


def evaluate(state: SFState, side: str) -> float:
    """Victory points for ``side`` minus the enemy's, plus partial credit for
    damage dealt (used by the generic scoring agent too)."""
    from .rules import SpaceFleet  # noqa: F401  (avoid cycle at import)
    from . import RULESET
    vp = RULESET.victory_points(state)
    score = vp.get(side, 0.0) - sum(v for k, v in vp.items() if k != side)
    for s in state.ships.values():
        if s.status == "active":
            p = prof(s)
            frac = min(1.0, s.damage / p.hits) * 0.5 * p.points
            score += -frac if s.side == side else frac
    return score


def _expected_hits(state: SFState, ship: Ship, x: float, y: float, h: float, target: Ship, w, fp: int) -> float:
    """Rough expected hits of one weapon fired from (x, y, h) at ``target``."""
    d = math.hypot(target.x - x, target.y - y)
    if d > w.range_cm * 10.0:
        return 0.0
    if not set(geom.quadrants(h, x, y, target.x, target.y)) & set(w.arcs):
        return 0.0
    tp = prof(target)
    if w.kind == "lance":
        return fp * 0.5
    if w.kind == "nova_cannon":
        return 1.2 if d - tables().nova.template_radius_mm >= w.min_range_cm * 10.0 else 0.0
    q = geom.quadrants(target.heading, target.x, target.y, x, y)
    asp = {"front": "closing", "rear": "away"}.get(q[0], "abeam")
    cols = tables().gunnery.base_column
    col = cols[("capital:" if tp.capital else "escort:") + asp]
    if d <= 150:
        col -= 1
    elif d > 300 and not w.no_long_range_shift:
        col += 1
    arm = tp.armour.front if q == ("front",) else tp.armour.other
    return tables().gunnery.dice(fp, max(0, min(4, col))) * P_HIT.get(arm, 1 / 6)


def _p_over(n: int, ld: int) -> float:
    """Probability that nD6 (n = 2 or 3) rolls more than ``ld``."""
    import itertools
    outs = list(itertools.product(range(1, 7), repeat=n))
    return sum(1 for o in outs if sum(o) > ld) / len(outs)


def _asteroid_risk(state: SFState, ship: Ship, order: str | None) -> float:
    """Expected cost of crossing an asteroid field: failure odds of the
    Leadership test times the expected hull damage, in points."""
    from .common import leadership, shield_capacity
    p = prof(ship)
    pf = _p_over(3 if order == "all_ahead_full" else 2, leadership(state, ship))
    cap = shield_capacity(state, ship)
    if not p.capital:
        return pf * pf * (6 - min(cap, 5)) / 6 * p.points * 1.5 + 5
    hull = sum(max(0, d - cap) for d in range(1, 7)) / 6
    return pf * (hull + 0.3) * _value(ship) * 1.5 + 10


def _value(target: Ship) -> float:
    p = prof(target)
    left = max(1, p.hits - target.damage)
    bonus = 1.5 if crippled(target) else 1.0
    return p.points / p.hits * bonus * (1.0 + 1.0 / left)


def _flare_risk(state: SFState, ship: Ship, x: float, y: float) -> float:
    """Expected cost of a solar flare still to come catching the ship at
    (x, y) with its shields down: blast markers and gas clouds touching the
    base, plus the flare's own blast markers of ships placed before it (the
    flare resolves ship by ship in id order, so a neighbour's sunward marker
    can strip the shields first). An unshielded escort is lost outright."""
    if not state.solar_flares or state.flare_done or ship.zone != "main":
        return 0.0
    shields = base_shields(ship)
    p_flare = 1.0 - (5 / 6) ** state.solar_flares
    c = tables().constants
    reach = ship.radius + c.blast_marker_radius_mm + 1.0
    touching = sum(1 for b in state.blast_markers if b.zone == "main" and math.hypot(b.x - x, b.y - y) <= reach)
    touching += sum(1 for f in state.features if f.kind == "gas_cloud" and geom.disc_touches(f, x, y, ship.radius))
    h = SUNWARD_HEADING[state.sunward]
    cost = 0.0
    for o in state.ships.values():
        if o.id == ship.id or o.status != "active" or o.zone != "main":
            continue
        if o.id < ship.id:  # its flare marker lands before our shields are checked
            bx, by = geom.step(o.x, o.y, h, o.radius + c.blast_marker_radius_mm * 0.9)
            if math.hypot(bx - x, by - y) <= reach:
                touching += 1
        elif o.side == ship.side:  # our flare marker may strip a later friend's shields
            bx, by = geom.step(x, y, h, ship.radius + c.blast_marker_radius_mm * 0.9)
            if (math.hypot(bx - o.x, by - o.y) <= o.radius + c.blast_marker_radius_mm + 1.0
                    and base_shields(o) - bm_touching(state, o) <= 1):
                cost += _flare_loss(o)
    if touching >= shields:
        cost += _flare_loss(ship)
    elif touching == shields - 1:
        # one hit the shields soak up in the enemy's turn leaves a marker on
        # the base, and the flare then finds the ship bare
        lam = 0.0
        for e in state.ships.values():
            if e.side == ship.side or e.status != "active" or e.zone != ship.zone:
                continue
            ep = prof(e)
            d = math.hypot(e.x - x, e.y - y)
            for w in ep.weapons:
                if w.kind in ("battery", "lance") and d <= w.range_cm * 10.0 + ep.speed_cm * 5.0:
                    lam += w.strength * (0.5 if w.kind == "lance" else 0.15)
        cost += lam * math.exp(-lam) * 0.6 * _flare_loss(ship)
    return p_flare * cost


def _flare_loss(ship: Ship) -> float:
    """Points at stake when a flare hits the ship unshielded (1 hit, and a
    critical on 4+ for capital ships)."""
    p = prof(ship)
    if p.hits - ship.damage <= 1:
        return p.points * 1.2
    return _value(ship) * 1.6


class FleetAgent:
    """Heuristic fleet commander for either fleet (the ``default`` agent)."""

    name = "fleet"

    def __init__(self, rng: random.Random, budget=None, **_: object) -> None:
        self.rng = rng
        self.tried_orders: set[tuple[int, str]] = set()

    # ------------------------------------------------------------------ helpers
    def _pos_value(self, state: SFState, ship: Ship, x: float, y: float, h: float, path, order: str | None) -> float:
        foes = [e for e in state.ships.values() if e.side != ship.side and e.status == "active" and e.zone == ship.zone]
        if not foes:
            return 0.0
        p = prof(ship)
        saved = (ship.x, ship.y, ship.heading, ship.order)
        ship.x, ship.y, ship.heading, ship.order = x, y, h, order
        try:
            gain = 0.0
            for w in p.weapons:
                if w.kind not in ("battery", "lance"):
                    continue
                fp = weapon_strength(ship, w)
                best = 0.0
                for e in foes:
                    eh = _expected_hits(state, ship, x, y, h, e, w, fp)
                    if eh > 0 and sight(state, ship, e.x, e.y, e) is None:
                        best = max(best, eh * _value(e))
                gain += best
            if order == "lock_on":
                gain *= 1.35
            threat = 0.0
            for e in foes:
                ep = prof(e)
                for w in ep.weapons:
                    if w.kind not in ("battery", "lance"):
                        continue
                    d = math.hypot(e.x - x, e.y - y)
                    reach = w.range_cm * 10.0 + ep.speed_cm * 10.0 * (1.0 if not p.capital else 0.5)
                    if d <= reach:
                        threat += (w.strength * 0.35 if w.kind == "battery" else w.strength * 0.5) * 0.35
            threat *= _value(ship)
            nearest = min(math.hypot(e.x - x, e.y - y) for e in foes)
            maxr = max((w.range_cm * 10.0 for w in p.weapons), default=300.0)
            closing = -max(0.0, nearest - maxr * 0.8) * 0.02 * p.points / 100.0
            hazard = 0.0
            W, H = state.table
            margin = min(x, y, W - x, H - y)
            if margin < 80:
                hazard += (80 - margin) * 0.3
            for f in state.features:
                if f.kind == "asteroid_field" and geom.path_touches(f, path, ship.radius):
                    hazard += _asteroid_risk(state, ship, order)
                elif f.kind == "warp_rift" and geom.path_touches(f, path, ship.radius):
                    hazard += 200
                elif f.kind == "gas_cloud" and geom.disc_touches(f, x, y, ship.radius):
                    hazard += 4
            # look ahead: would next turn's straight minimum run drag us into a field?
            ahead = [(x, y), geom.step(x, y, h, p.speed_cm * 10.0 * 0.5 + tables().constants.straight_run_mm[p.type] * 0.5)]
            for f in state.features:
                if f.kind == "asteroid_field" and not geom.point_in(f, x, y) and geom.path_touches(f, ahead, ship.radius):
                    hazard += 0.7 * _asteroid_risk(state, ship, None)
                    break
            if order != "all_ahead_full":
                hazard += 3 * sum(1 for b in state.blast_markers if math.hypot(b.x - x, b.y - y) < ship.radius + 15)
            hazard += _flare_risk(state, ship, x, y)
            return gain - threat * 0.4 + closing - hazard
        finally:
            ship.x, ship.y, ship.heading, ship.order = saved

    def _best_move(self, state: SFState, ship: Ship, order: str | None) -> tuple[float, MoveShip | None]:
        best, best_m = -math.inf, None
        saved = (ship.order, ship.aaf_extra_mm)
        hypo = order != saved[0]
        extra = 140.0 if (hypo and order == "all_ahead_full") else saved[1]
        ship.order, ship.aaf_extra_mm = order, extra
        try:
            opts = move_options(state, ship, None, rich=True)
        finally:
            ship.order, ship.aaf_extra_mm = saved
        for m in opts:
            # plan as if the order were in force (checked again once it is)
            ship.order, ship.aaf_extra_mm = order, extra
            try:
                pl = plan_move(state, m)
            finally:
                ship.order, ship.aaf_extra_mm = saved
            if not pl.ok:
                continue
            x, y = pl.path[-1]
            v = self._pos_value(state, ship, x, y, pl.heading, pl.path, order)
            if pl.off_table:
                v -= 500
            if v > best:
                best, best_m = v, m
        return best, best_m

    def _wants_out(self, state: SFState, ship: Ship) -> bool:
        """Disengage when badly hurt: VP for a crippled disengaged ship (25%) is
        less than the 100% the enemy gets for killing it."""
        p = prof(ship)
        if not p.capital:
            return False
        left = p.hits - ship.damage
        foes = [e for e in state.ships.values() if e.side != ship.side and e.status == "active"]
        near = any(math.hypot(e.x - ship.x, e.y - ship.y) < 450 for e in foes)
        return left <= 2 and near and state.turn < state.turn_limit

    # ------------------------------------------------------------------ choose
    def choose(self, ruleset, view: SFState, side: str) -> Action:
        s = view
        if side == RULES_SIDE:
            return RulesStep(side=RULES_SIDE)
        if s.phase == "brace":
            return self._brace(ruleset, s, side)
        if s.phase == "movement":
            return self._movement(ruleset, s, side)
        if s.phase == "shooting":
            return self._shooting(ruleset, s, side)
        return EndPhase(side=side)

    def _brace(self, rs, s: SFState, side: str) -> Action:
        t = s.ships[s.pending.target]
        b = Brace(side=side, ship=t.id)
        if s.pending.ordnance is not None:  # ordnance reached the ship (core 1.4): strong salvos and bombers
            o = next((x for x in s.ordnance if x.id == s.pending.ordnance), None)
            big = o is not None and (o.kind == "bomber" or (o.kind == "torpedo" and o.strength >= 4))
        else:
            attacker = s.ships[s.pending.ship]
            w = prof(attacker).weapons[s.pending.weapon]
            big = weapon_strength(attacker, w) >= (6 if w.kind == "battery" else 2)
        if prof(t).capital and (remaining(t) <= 4 or (big and remaining(t) <= 6)) and rs.check(s, b).ok:
            return b
        return TakeIt(side=side)

    def _movement(self, rs, s: SFState, side: str) -> Action:
        mine = sorted((x for x in s.ships.values() if x.side == side and x.status == "active"), key=lambda x: x.id)
        for ship in mine:
            if ship.moved:
                d = Disengage(side=side, ship=ship.id)
                if self._wants_out(s, ship) and rs.check(s, d).ok:
                    return d
        todo = [x for x in mine if not x.moved]
        if not todo:
            return EndPhase(side=side)
        foes = [e for e in s.ships.values() if e.side != side and e.status == "active"]
        # move the ship nearest the enemy last: it sees the others' positions
        todo.sort(key=lambda x: -min((math.hypot(e.x - x.x, e.y - x.y) for e in foes), default=0))
        ship = todo[0]
        if self._wants_out(s, ship):
            m = self._run_for_edge(rs, s, ship)
            if m is not None:
                return m
        key = (s.player_turns, ship.squadron or ship.id)
        if ship.order is None and key not in self.tried_orders and not s.orders_failed and not ship.braced:
            self.tried_orders.add(key)
            order = self._pick_order(s, ship)
            if order:
                a = DeclareOrder(side=side, ship=ship.id, order=order)
                if rs.check(s, a).ok:
                    return a
        _, m = self._best_move(s, ship, ship.order)
        if m is not None and rs.check(s, m).ok:
            return m
        for m in move_options(s, ship, None):
            return m
        return EndPhase(side=side)

    def _pick_order(self, s: SFState, ship: Ship) -> str | None:
        """Choose a special order for the ship and its squadron: every member's
        best move under the order is weighed against its best move without."""
        p = prof(ship)
        members = [m for m in squadron(s, ship) if not m.moved]
        if (not ship.torpedoes_loaded or not ship.bays_loaded) and any(w.kind in ("torpedo", "launch_bay") for w in p.weapons):
            return "reload_ordnance"
        foes = [e for e in s.ships.values() if e.side != ship.side and e.status == "active" and e.zone == ship.zone]
        if not foes:
            return None

        def total(order):
            return sum(self._best_move(s, m, order)[0] for m in members)

        base = total(None)
        nearest = min(math.hypot(e.x - ship.x, e.y - ship.y) for e in foes)
        maxr = max((w.range_cm * 10.0 for w in p.weapons if w.kind in ("battery", "lance")), default=300.0)
        if nearest > maxr + p.speed_cm * 10 + 100 and not inside_asteroids(s, ship.x, ship.y):
            if total("all_ahead_full") >= base - 1.0:
                return "all_ahead_full"
        lock = total("lock_on")
        if lock > base + 0.5 and lock > 0:
            return "lock_on"
        if total("come_to_new_heading") > base + 8 * len(members):
            return "come_to_new_heading"
        return None

    def _run_for_edge(self, rs, s: SFState, ship: Ship) -> MoveShip | None:
        W, H = s.table
        best, best_m = math.inf, None
        for m in move_options(s, ship, None, rich=True):
            pl = plan_move(s, m)
            if not pl.ok:
                continue
            x, y = pl.path[-1]
            d = 0 if pl.off_table == "main" else min(x, y, W - x, H - y)
            if d < best:
                best, best_m = d, m
        return best_m

    def _shooting(self, rs, s: SFState, side: str) -> Action:
        mine = sorted((x for x in s.ships.values() if x.side == side and x.status == "active"), key=lambda x: x.id)
        best, best_a = 0.0, None
        for ship in mine:
            opts = shooting_options(s, ship, rs)
            for a in opts:
                v = self._fire_value(s, ship, a, opts)
                if v > best:
                    best, best_a = v, a
        return best_a if best_a is not None else EndPhase(side=side)

    def _fire_value(self, s: SFState, ship: Ship, a: Action, opts=()) -> float:
        """The worth of one shooting-phase option of ``ship`` (points-like
        units: expected hits times ``_value``), ``opts`` being all of the
        ship's options now; 0 or less is never taken."""
        if isinstance(a, Board):
            return _board_gain(s, ship, a, opts)
        if isinstance(a, Launch):
            return self._launch_value(s, ship, a, opts)
        if not isinstance(a, Fire):
            return 0.0
        p = prof(ship)
        w = p.weapons[a.weapon]
        o = find_ordnance(s, a.target)
        if a.target not in s.ships and o is None:
            return 0.0  # an asteroid field: no damage to anyone
        if o is not None:
            return 0.5 * (1.0 if o.strength >= 3 or o.kind == "bomber" else 0.2)
        t = s.ships[a.target]
        if t.status in HULKS:
            return _hulk_shot_value(s, ship, a, t)
        fp = pooled_firepower(s, ship, w, a.pool) if a.pool else weapon_strength(ship, w)
        eh = _expected_hits(s, ship, ship.x, ship.y, ship.heading, t, w, fp)
        v = eh * _value(t)
        if w.kind == "nova_cannon":
            friends_near = any(f.side == ship.side and f.status == "active" and math.hypot(f.x - t.x, f.y - t.y) < 120
                               for f in s.ships.values())
            v = 0.0 if friends_near else v
        if a.pool:
            v *= 1.1  # pooling beats separate volleys on the same column
        if w.kind == "battery":
            v *= 1.05  # batteries before lances (blast markers hurt later batteries, not lances)
        if ship.priority == "none" and a.target != self._nearest(s, ship, a.weapon):
            v *= 0.6
        return v + 0.01

    def _launch_value(self, s: SFState, ship: Ship, a: Launch, opts) -> float:
        """Torpedoes down a clear lane; attack craft at a target they can
        reach; fighters into a bomber wave, on CAP or free, whichever is worth
        more; fighters wait while a wave they would escort is still to launch."""
        if a.craft == "torpedo":
            return self._torpedo_value(s, ship, a)
        if a.wave is not None:
            return _join_value(s, ship, a)
        if a.craft != "fighter":
            t = s.ships.get(a.target or "")
            return 2.0 if t is not None and _in_reach(a.craft, ship, t) else 0.0
        friend = s.ships.get(a.target or "")
        v = _cap_value(s, ship, friend) if friend is not None else (0.3 if any(o.side != ship.side for o in s.ordnance) else 0.0)
        if _escort_to_come(s, ship, a, opts) >= v:
            return 0.0  # the bombers go first; these fighters join their wave
        return v

    def _torpedo_value(self, s: SFState, ship: Ship, a: Launch) -> float:
        """The salvo attacks the first ship it meets, friend or foe."""
        end = geom.step(ship.x, ship.y, a.heading, 600.0)
        first, first_t = None, math.inf
        for e in s.ships.values():
            if e.id == ship.id or e.status != "active" or e.zone != ship.zone:
                continue
            d, t = geom.seg_point_dist(ship.x, ship.y, *end, e.x, e.y)
            pad = 30 if e.side != ship.side else tables().constants.ordnance_radius_mm + 15
            if d < e.radius + pad and t < first_t:
                first, first_t = e, t
        if first is None or first.side == ship.side or math.hypot(first.x - ship.x, first.y - ship.y) >= 550:
            return 0.0
        return _value(first) * 2.0

    def _nearest(self, s: SFState, ship: Ship, wi: int) -> str | None:
        from .shooting import nearest_targets
        n = sorted(nearest_targets(s, ship, wi))
        return n[0] if n else None


# ---------------------------------------------------------------------- ordnance and assault options
def _in_reach(kind: str, src, target: Ship, moves: int | None = None) -> bool:
    """Whether attack craft of ``kind`` at ``src`` (a ship or marker) can
    reach ``target`` in ``moves`` moves (default: the launch move and the
    ordnance phases before they run out)."""
    t = tables()
    n = t.constants.craft_endurance_phases if moves is None else moves
    reach = t.ordnance[kind]["speed_cm"] * 10.0 * n + target.radius + t.constants.ordnance_radius_mm
    return math.hypot(target.x - src.x, target.y - src.y) <= reach


def _wave_hits(bombers: float, fighters: float, target: Ship) -> float:
    """Expected hits of a wave of ``bombers`` squadrons and ``fighters`` on
    ``target`` (core 1.9): turret kills (4+ each) fall on fighters first; each
    bomber left makes D6 - turrets attacks at the lowest armour, plus one per
    fighter left (at most one each)."""
    tur = turrets(target)
    kills = tur * 0.5
    f_left = max(0.0, fighters - kills)
    b_left = max(0.0, bombers - max(0.0, kills - fighters))
    per_bomber = sum(max(0, d - tur) for d in range(1, 7)) / 6
    armour = min(prof(target).armour.front, prof(target).armour.other)
    return (b_left * per_bomber + min(f_left, b_left)) * (7 - armour) / 6


def _craft_count(markers, kind: str) -> int:
    return sum(o.strength for o in markers if o.kind == kind)


def _join_value(s: SFState, ship: Ship, a: Launch) -> float:
    """What fighters launched into bomber wave ``a.wave`` add to its attack
    on the lead's target as escorts, if the wave can still reach it after its
    launch move. The agent's waves are bombers escorted by fighters: other
    joins are worth nothing to it (a second bomber marker would add a little
    against 2-turret ships, but leaves the bombers without fighter cover)."""
    if a.craft != "fighter":
        return 0.0
    lead = next((o for o in s.ordnance if o.id == a.wave), None)
    t = s.ships.get(lead.target or "") if lead is not None else None
    if t is None or t.status != "active" or not _in_reach(lead.kind, lead, t, tables().constants.craft_endurance_phases - 1):
        return 0.0
    wave = wave_of(s, lead)
    b, f = _craft_count(wave, "bomber"), _craft_count(wave, "fighter")
    n = launch_strength(ship, prof(ship).weapons[a.weapon])
    return (_wave_hits(b, f + n, t) - _wave_hits(b, f, t)) * _value(t)


def _escort_to_come(s: SFState, ship: Ship, a: Launch, opts) -> float:
    """The escort value of fighter launch ``a`` in a wave not launched yet:
    another bay of the ship may launch bombers at a target in reach now."""
    if any(o.launcher == ship.id and o.kind == "bomber" and o.phases == 0 for o in s.ordnance):
        return 0.0  # the wave is out: joining it is its own option
    best = 0.0
    for b in opts:
        if not (isinstance(b, Launch) and b.craft == "bomber" and b.wave is None and b.weapon != a.weapon):
            continue
        t = s.ships.get(b.target or "")
        if t is None or not _in_reach("bomber", ship, t):
            continue
        nb = launch_strength(ship, prof(ship).weapons[b.weapon])
        nf = launch_strength(ship, prof(ship).weapons[a.weapon])
        best = max(best, (_wave_hits(nb, nf, t) - _wave_hits(nb, 0, t)) * _value(t))
    return best


def _inbound_threat(s: SFState, friend: Ship, marker) -> float:
    """Expected hits enemy torpedoes or attack craft ``marker`` will score on
    ``friend`` if nothing stops it in the next two ordnance moves (ours and
    the enemy's); 0 when it is not heading for it."""
    if marker.side == friend.side or marker.zone != friend.zone or marker.kind == "fighter":
        return 0.0
    p = prof(friend)
    reach = 2 * speed_of(marker) + friend.radius + tables().constants.ordnance_radius_mm
    if marker.kind == "torpedo":
        end = geom.step(marker.x, marker.y, marker.heading, 2 * speed_of(marker))
        d, _ = geom.seg_point_dist(marker.x, marker.y, *end, friend.x, friend.y)
        if d > friend.radius + tables().constants.ordnance_radius_mm:
            return 0.0
        left = max(0.0, marker.strength - turrets(friend) * 0.5)
        return left * (7 - p.armour.front) / 6
    kind, goal = _craft_goal(s, marker)
    if kind != "ship" or goal.id != friend.id or math.hypot(friend.x - marker.x, friend.y - marker.y) > reach:
        return 0.0
    if marker.kind == "bomber":
        return _wave_hits(_craft_count(wave_of(s, marker), "bomber"), _craft_count(wave_of(s, marker), "fighter"), friend)
    return marker.strength * 5 / 6  # assault boats: a critical on 2+ each, about a hit's worth


def _cap_value(s: SFState, ship: Ship, friend: Ship) -> float:
    """Fighters on CAP with a friendly capital ship they reach now stop the
    worst enemy marker (or wave) inbound on it (core 1.9, ours)."""
    if friend.side != ship.side or not prof(friend).capital or math.hypot(friend.x - ship.x, friend.y - ship.y) > cap_reach_mm(friend):
        return 0.0
    worst = max((_inbound_threat(s, friend, o) for o in s.ordnance), default=0.0)
    return 0.9 * worst * _value(friend)


def _hulk_shot_value(s: SFState, ship: Ship, a: Fire, hulk: Ship) -> float:
    """Fire at a hulk (core 1.8) for the blast of its new catastrophic roll:
    the chance of a hit (and of passing the target-priority test) times the
    expected damage it would do, enemies counting for and friends (more)
    against; never positive unless enemies stand in the blast's reach."""
    ev = 0.0
    for sid, hits in catastrophe_numbers(s, hulk)["hits"].items():
        t = s.ships[sid]
        ev += hits * _value(t) * (1.0 if t.side != ship.side else -1.5)
    if ev <= 0:
        return 0.0
    p = fire_numbers(s, a)["odds"]
    if needs_priority_test(s, ship, a):
        p *= 1.0 - _p_over(2, min(leadership(s, ship), 10))
    return p * ev


def _assault_worth(s: SFState, ship: Ship, a: Board) -> float:
    """Expected points swing of the end-phase assault ``a`` (core 1.10):
    boarding by the margins' damage and criticals both ways (a critical taken
    as a hit), a teleport attack by its Hit-and-Run odds."""
    t = s.ships[a.target]
    if a.teleport:
        return teleport_odds(t) * _value(t)
    ev = 0.0
    for m, p in boarding_numbers(s, ship, t)["margins"].items():
        row = tables().boarding.result(abs(m))
        if row is None:
            continue
        loser, winner = (t, ship) if m > 0 else (ship, t)
        swing = ((min(abs(m), remaining(loser)) + _p_score(row.loser_crit_on)) * _value(loser)
                 - _p_score(row.winner_crit_on) * _value(winner))
        ev += p * (swing if loser is t else -swing)
    return ev


def _p_score(need: int) -> float:
    """The chance of ``need`` or more on a D6 (1 or less: automatic; 7 or more: never)."""
    return 0.0 if need > 6 else (7 - max(1, need)) / 6


def _board_gain(s: SFState, ship: Ship, a: Board, opts) -> float:
    """Declaring an assault pays only when it picks a better target than the
    one the end phase would take undeclared (the nearest)."""
    if a.teleport and any(isinstance(b, Board) and not b.teleport for b in opts):
        return 0.0  # a ship that boards makes no teleport attack
    same = [b for b in opts if isinstance(b, Board) and b.teleport == a.teleport] or [a]
    auto = min(same, key=lambda b: (math.hypot(s.ships[b.target].x - ship.x, s.ships[b.target].y - ship.y), b.target))
    if auto.target == a.target:
        return 0.0
    return _assault_worth(s, ship, a) - _assault_worth(s, ship, auto)

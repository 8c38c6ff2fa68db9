"""The ``default`` space-fleet agent: a heuristic fleet commander.

Movement: for each ship in turn it weighs special orders (All Ahead Full to
close while nothing is in reach, Lock On when guns bear, Reload when empty,
Come to New Heading when a sharp turn pays, Burn Retros when holding the
range pays; a hurt ship losing the exchange enters low orbit) and scores every sampled move
(gravity-well turns included) by an exchange model in victory-point units:
the damage its guns can deal from the end position now, plus part of what
they could deal next turn, less the enemy's reply in its coming turn (each
enemy ship's guns shared out over the ships it could shoot, shields and blast
markers counted), less hazards (asteroid fields, rifts, enemy torpedo lanes,
boarding contact, being forced off the table, blast markers, shields
stripped when a solar flare may still come). Crippled ships that are worth
more away than on the table head for the nearest edge and disengage.
Shooting: batteries before lances, each weapon at the target where it does
most harm (shields, target priority and Lock On counted); torpedoes down a
lane traced with the ordnance rules (planets, moons, asteroid fields, rifts,
other salvos and friendly ships stop or take them) at an enemy the salvo
reaches on launch or after the enemy's next move, aimed at it or where it
is heading; bombers at the nearest enemy when they can reach it before
running out, with the carrier's fighters joining their wave as escorts when
that is worth more than any other use of them; fighters on CAP with a
friendly capital ship that enemy torpedoes or bombers are heading for; a
shot at a hulk when the blast of its new catastrophic roll is expected to
hurt the enemy more than us and no better shot uses the gun; an assault
declared when it picks a better boarding or teleport target than the
nearest. Brace when the next hits could cripple or destroy the ship. No dice
are consumed; deterministic per view.
"""

from __future__ import annotations

import math
import random

from game.ai.agent import Reason, action_label, ranked_reason
from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from ..actions import (Board, Brace, DeclareOrder, Disengage, EndPhase, EnterLowOrbit, Fire, Launch, MoveShip, RulesStep,
                       TakeIt)
from ..data import tables
from ..rules.common import (HULKS, crippled, in_field, leadership, prof, remaining, shooting_unit, speed_mm, squadron,
                            weapon_strength)
from ..rules.movement import plan_move
from ..rules.shooting import nearest_targets, needs_priority_test
from ..rules.targets import find_ordnance
from ..rules.victory import victory_points
from ..state import SFState, Ship
from .ai_eval import (NEXT_TURN_WEIGHT, REPLY_WEIGHT, SALVO_MIN_SHARE, _aaf_extra_mm, _contact_value, _edge_risk,
                      _fire_next, _fire_now, _flare_risk, _leave_cost, _move_rank, _p_pass, _pull_risk, _reply_value, _scene,
                      _Scene, _terrain_risk, _torpedo_danger)
from .ai_ordnance import (_aimed_salvos, _board_gain, _cap_value, _escort_to_come, _hulk_shot_value, _in_reach,
                          _join_value, _salvo_kept, _salvo_lane, _shot_value)
from .candidates import move_options, shooting_options



def evaluate(state: SFState, side: str) -> float:
    """Victory points for ``side`` minus the enemy's, plus partial credit for
    damage dealt (used by the generic scoring agent too)."""
    vp = victory_points(state)
    score = vp.get(side, 0.0) - sum(v for k, v in vp.items() if k != side)
    for s in state.ships.values():
        if s.status == "active":
            p = prof(s)
            frac = min(1.0, s.damage / p.hits) * 0.5 * p.points
            score += -frac if s.side == side else frac
    return score


def _pursuit_gap(state: SFState, ship: Ship, x: float, y: float) -> float:
    """How far (mm) the point (x, y) lies outside the low-orbit planet's
    gravity well when ``ship`` is on the main table and every active enemy
    ship is in low orbit (celestial phenomena: low orbit is entered from the
    well, and only ships there can shoot at ships there); 0 inside the well,
    ``-1`` when the pursuit does not apply (so no pull toward the planet)."""
    if state.low_orbit_planet is None or ship.zone != "main":
        return -1.0
    foes = [e for e in state.ships.values() if e.side != ship.side and e.status == "active"]
    if not foes or any(e.zone == "main" for e in foes):
        return -1.0
    planet = next(f for f in state.features if f.id == state.low_orbit_planet)
    edge = planet.radius + tables().gravity_wells[planet.size or "small"].well_cm * 10.0
    return max(0.0, math.hypot(x - planet.cx, y - planet.cy) - edge)


class FleetAgent:
    """Heuristic fleet commander for either fleet (the ``default`` agent)."""

    name = "fleet"

    def __init__(self, rng: random.Random, budget=None, **_: object) -> None:
        self.rng = rng
        self.tried_orders: set[tuple[int, str]] = set()
        self._scenes: dict[tuple[int, int, str], tuple[SFState, _Scene]] = {}

    # ------------------------------------------------------------------ helpers
    def _scene_for(self, state: SFState, ship: Ship) -> _Scene:
        """The scene of ``ship`` in ``state``, made once per choice. The cache
        keeps the state it was made for: a scratch copy freed since may leave
        its id to a new copy, whose scene must not be the old one's (that made
        the agent's choices depend on memory reuse, not only on the view)."""
        key = (id(state), state.seq, ship.id)
        hit = self._scenes.get(key)
        if hit is None or hit[0] is not state:
            hit = self._scenes[key] = (state, _scene(state, ship))
        return hit[1]

    def _pos_value(self, state: SFState, ship: Ship, x: float, y: float, h: float, path, order: str | None,
                   moved: float | None = None) -> float:
        """Score of ``ship`` ending its move at (x, y) facing ``h`` (mm,
        degrees) along ``path`` under ``order``, ``moved`` mm (default: the
        path's length): fire now, plus part of next turn's, less the enemy's
        reply and hazards (points-like units)."""
        sc = self._scene_for(state, ship)
        if not sc.foes:
            return -_terrain_risk(state, ship, x, y, h, path, order) - _pull_risk(state, ship, y) \
                - max(0.0, _pursuit_gap(state, ship, x, y)) * 0.01 * prof(ship).points / 100.0
        saved = (ship.x, ship.y, ship.heading, ship.order)
        ship.x, ship.y, ship.heading, ship.order = x, y, h, order
        try:
            gain = _fire_now(state, ship, sc)
        finally:
            ship.x, ship.y, ship.heading, ship.order = saved
        if sc.own_turn:
            gain += NEXT_TURN_WEIGHT * _fire_next(state, ship, x, y, h, sc)
        if moved is None:
            moved = sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:]))
        still = moved < tables().constants.stationary_below_mm
        loss = REPLY_WEIGHT * _reply_value(state, ship, x, y, h, sc, still)
        loss += _torpedo_danger(state, ship, x, y, h, 2 if sc.enemy_turn else 1)
        nearest = min(math.hypot(e.x - x, e.y - y) for e in sc.foes)
        p = prof(ship)
        maxr = max((w.range_cm * 10.0 for w in p.weapons), default=300.0)
        closing = -max(0.0, nearest - maxr - speed_mm(ship)) * 0.01 * p.points / 100.0
        hazard = _terrain_risk(state, ship, x, y, h, path, order) + _flare_risk(state, ship, x, y)
        if ship.zone == "main":
            hazard += _edge_risk(state, ship, x, y, h)
        else:
            hazard += _pull_risk(state, ship, y)
        return gain - loss + closing - hazard + _contact_value(state, ship, x, y, sc.foes)

    def _best_move(self, state: SFState, ship: Ship, order: str | None) -> tuple[float, MoveShip | None]:
        """The best-scoring sampled move of ``ship`` under ``order`` and its score."""
        v, m, _ = self._best_plan(state, ship, order)
        return v, m

    def _best_plan(self, state: SFState, ship: Ship, order: str | None, rich: bool = True):
        """(score, move, plan) of the best sampled move under ``order`` (a
        hypothetical order is planned as if in force, with the mean All Ahead
        Full distance); a move off the table scores below any other. ``rich``:
        the finer sample of distances and turns (``move_options``)."""
        best, best_m, best_pl = -math.inf, None, None
        saved = (ship.order, ship.aaf_extra_mm)
        hypo = order != saved[0]
        extra = _aaf_extra_mm(ship) if (hypo and order == "all_ahead_full") else saved[1]
        plans: list = []
        ship.order, ship.aaf_extra_mm = order, extra
        try:
            move_options(state, ship, None, rich=rich, plans=plans)
        finally:
            ship.order, ship.aaf_extra_mm = saved
        for m, pl in plans:
            x, y = pl.path[-1]
            if pl.off_table:
                v = -_leave_cost(ship) - 1000.0
            else:
                v = self._pos_value(state, ship, x, y, pl.heading, pl.path, order, pl.distance)
            if v > best:
                best, best_m, best_pl = v, m, pl
        return best, best_m, best_pl

    def _order_value(self, s: SFState, members: list[Ship], order: str | None) -> float:
        """Summed best-move scores of a squadron's unmoved ships under
        ``order``, moved one after another on a scratch copy in the order the
        agent moves them, so each keeps formation with the mates before it
        (spacefleet_core 1.11): an order that forbids turns can leave the
        later ships no useful move. Weighed on the coarser move sample."""
        if len(members) == 1:
            return self._best_plan(s, members[0], order, rich=False)[0]
        st = s.model_copy(update={"ships": {k: x.model_copy() for k, x in s.ships.items()}})  # only ships move here
        total = 0.0
        for m0 in sorted(members, key=_move_rank(st)):
            m = st.ships[m0.id]
            v, _, pl = self._best_plan(st, m, order, rich=False)
            total += v
            if pl is not None and not pl.off_table:
                (m.x, m.y), m.heading, m.moved = pl.path[-1], pl.heading, True
        return total

    def _wants_out(self, state: SFState, ship: Ship) -> bool:
        """Disengage when badly hurt: VP for a crippled disengaged ship (25%) is
        less than the 100% the enemy gets for killing it."""
        p = prof(ship)
        if not p.capital:
            return False
        left = p.hits - ship.damage
        foes = [e for e in state.ships.values() if e.side != ship.side and e.status == "active" and e.zone == ship.zone]
        near = any(math.hypot(e.x - ship.x, e.y - ship.y) < 450 for e in foes)
        return left <= 2 and near and state.turn < state.turn_limit

    def _leaves_from_low_orbit(self, state: SFState, ship: Ship) -> bool:
        """A crippled ship that took refuge in low orbit disengages from there
        (spacefleet_core 1.6: an Ld test after the move, +3 with a celestial
        phenomenon near; celestial phenomena: low orbit): a crippled ship
        gives the enemy the same 25% whether it stays or disengages
        (``victory_points``), and enemy ships may follow it into low orbit.
        Not in the game turn it entered (a ship may not enter low orbit and
        leave it in the same turn; ours, read for disengaging too), nor in the
        battle's last turn (nothing is left to lose)."""
        return (ship.zone == "low_orbit" and crippled(ship) and ship.entered_low_orbit_turn < state.player_turns - 1
                and state.turn < state.turn_limit)

    # ------------------------------------------------------------------ choose
    def choose(self, ruleset, view: SFState, side: str) -> Action:
        s = view
        self._scenes = {}
        self.reason = None
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
        if s.pending.flare:  # one hit and a critical on 4+: brace when it could cripple or finish the ship
            crippling = prof(t).capital and (remaining(t) <= 1 or 2 * (t.damage + 1) == prof(t).hits)
            return b if crippling and rs.check(s, b).ok else TakeIt(side=side)
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
                if (self._wants_out(s, ship) or self._leaves_from_low_orbit(s, ship)) and rs.check(s, d).ok:
                    self.reason = Reason("disengage: crippled in low orbit, where the planet is a phenomenon near it (+3)"
                                         if ship.zone == "low_orbit" else "disengage: badly hurt with the enemy near")
                    return d
        todo = [x for x in mine if not x.moved]
        if not todo:
            return EndPhase(side=side)
        todo.sort(key=_move_rank(s))
        ship = todo[0]
        if self._wants_out(s, ship):
            m = self._run_for_edge(rs, s, ship)
            if m is not None:
                return m
        lo = EnterLowOrbit(side=side, ship=ship.id)
        if self._wants_low_orbit(s, ship) and rs.check(s, lo).ok:
            self.reason = Reason("into low orbit: every enemy left is there" if _pursuit_gap(s, ship, ship.x, ship.y) == 0.0
                                 else "into low orbit: hurt and losing the exchange here, and only ships in low orbit can fire at it")
            return lo
        key = (s.player_turns, ship.squadron or ship.id)
        if ship.order is None and key not in self.tried_orders and not s.orders_failed and not ship.braced:
            self.tried_orders.add(key)
            order = self._pick_order(s, ship)
            if order:
                a = DeclareOrder(side=side, ship=ship.id, order=order)
                if rs.check(s, a).ok:
                    return a
        v, m = self._best_move(s, ship, ship.order)
        if m is not None and rs.check(s, m).ok:
            self.reason = Reason(f"best sampled move: {v:.3g} (fire now and next turn, less the enemy's reply and hazards)")
            return m
        for m in move_options(s, ship, None):
            return m
        return EndPhase(side=side)

    def _wants_low_orbit(self, s: SFState, ship: Ship) -> bool:
        """Take a hurt ship out of the main table's fight into low orbit
        (celestial phenomena: low orbit; only ships there can shoot it, and it
        may disengage from there with the phenomenon's +3): when it may (in
        the planet's well at the start of its move), it has lost half its
        hits or more, and its best move on the main table loses more than it
        deals (the exchange model's score below zero); or, whole or hurt,
        to follow the enemy when every enemy ship still in play is in low
        orbit (``_pursuit_gap``). A Brace for Impact!
        carried over from the enemy's turn does not keep it out (no rule
        does); an order taken this turn does (it was chosen for a move on
        the main table)."""
        if s.low_orbit_planet is None or ship.zone != "main" or ship.moved:
            return False
        if ship.order is not None and not (ship.order == "brace_for_impact" and ship.braced):
            return False
        if _pursuit_gap(s, ship, ship.x, ship.y) == 0.0:
            return True  # every enemy left on the table is in low orbit: follow it there
        p = prof(ship)
        if 2 * ship.damage < p.hits:
            return False
        return self._best_move(s, ship, ship.order)[0] < 0.0

    def _pick_order(self, s: SFState, ship: Ship) -> str | None:
        """Choose a special order for the ship and its squadron: every member's
        best move under the order is weighed against its best move without.
        All Ahead Full is weighed while no enemy is within the ship's gun
        range plus its move (nothing to lose by halving its fire); Reload
        Ordnance comes next when torpedoes or launch bays are spent; Lock On
        and Come to New Heading only when an enemy is within that reach."""
        p = prof(ship)
        members = [m for m in squadron(s, ship) if not m.moved]
        foes = [e for e in s.ships.values() if e.side != ship.side and e.status == "active" and e.zone == ship.zone]
        spent = (not ship.torpedoes_loaded or not ship.bays_loaded) and any(w.kind in ("torpedo", "launch_bay") for w in p.weapons)
        if not foes:
            return "reload_ordnance" if spent else None

        totals: dict[str | None, float] = {}

        def total(order):  # each order weighed once per choice
            if order not in totals:
                totals[order] = self._order_value(s, members, order)
            return totals[order]

        nearest = min(math.hypot(e.x - ship.x, e.y - ship.y) for e in foes)
        maxr = max((w.range_cm * 10.0 for w in p.weapons if w.kind in ("battery", "lance")), default=300.0)
        far = nearest > maxr + speed_mm(ship)
        if far and not in_field(s, ship):
            if total("all_ahead_full") >= total(None) - 1.0:
                return "all_ahead_full"
        if spent:
            return "reload_ordnance"
        if far:
            return None  # Lock On and Come to New Heading pay through this turn's fire: none can bear
        base = total(None)
        lock = total("lock_on")
        if lock > base + 0.5 and lock > 0:
            return "lock_on"
        if total("come_to_new_heading") > base + 3 * len(members):
            return "come_to_new_heading"
        # Burn Retros (spacefleet_core 1.4): hold the range or turn on the spot at half fire, when the
        # exchange model says that is worth clearly more than the best ordinary move
        if total("burn_retros") > base + 2 * len(members):
            return "burn_retros"
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
        """The best shooting-phase option, in the order the rules allow
        (spacefleet_core 1.5): boarding declarations whenever they pay; then
        the ship (or squadron) already shooting goes on - its guns first, its
        ordnance last - until nothing it has left is worth using; only then
        does the next one begin, the one with the best single option."""
        mine = sorted((x for x in s.ships.values() if x.side == side and x.status == "active"), key=lambda x: x.id)
        by_unit: dict[str, list[tuple[float, Action]]] = {}
        scored: list[tuple[float, Action]] = []
        for ship in mine:
            opts = shooting_options(s, ship, rs)
            opts += _aimed_salvos(s, ship, rs, opts)
            for a in opts:
                v = self._fire_value(s, ship, a, opts)
                scored.append((v, a))
                if v <= 0.0 or (isinstance(a, Launch) and a.craft == "torpedo" and v < _salvo_kept(s, ship, a)):
                    continue
                if isinstance(a, Board):
                    self.reason = Reason(f"{action_label(rs, a, s)}: boarding pays ({v:.3g} victory points expected)")
                    return a  # a declaration: it ends no ship's shooting
                by_unit.setdefault(shooting_unit(ship), []).append((v, a))

        def pick(opts: list[tuple[float, Action]]) -> Action:
            guns = [o for o in opts if not isinstance(o[1], Launch)]
            return max(guns or opts, key=lambda o: o[0])[1]

        if s.shooter in by_unit:
            self.reason = ranked_reason(rs, scored, "the ship already shooting goes on: its best gun first, ordnance last", state=s)
            return pick(by_unit[s.shooter])
        if not by_unit:
            self.reason = ranked_reason(rs, scored, "no shot is worth taking", state=s)
            return EndPhase(side=side)
        unit = max(by_unit, key=lambda u: (max(v for v, _ in by_unit[u]), u))
        self.reason = ranked_reason(rs, scored, "the most expected harm, in victory points, through shields and blast markers", state=s)
        return pick(by_unit[unit])

    def _fire_value(self, s: SFState, ship: Ship, a: Action, opts=()) -> float:
        """The worth of one shooting-phase option of ``ship`` (points-like
        units: expected hits through the target's shields times
        ``_hit_value``), ``opts`` being all of the ship's options now; 0 or
        less is never taken."""
        if isinstance(a, Board):
            return _board_gain(s, ship, a, opts)
        if isinstance(a, Launch):
            return self._launch_value(s, ship, a, opts)
        if not isinstance(a, Fire):
            return 0.0
        w = prof(ship).weapons[a.weapon]
        o = find_ordnance(s, a.target)
        if a.target not in s.ships and o is None:
            return 0.0  # an asteroid field: no damage to anyone
        if o is not None:
            return 0.5 * (1.0 if o.strength >= 3 or o.kind == "bomber" else 0.2)
        t = s.ships[a.target]
        if t.status in HULKS:
            return _hulk_shot_value(s, ship, a, t)
        v = _shot_value(s, ship, a, t)
        if w.kind == "nova_cannon":
            friends_near = any(f.side == ship.side and f.status == "active" and math.hypot(f.x - t.x, f.y - t.y) < 120
                               for f in s.ships.values())
            v = 0.0 if friends_near else v
        if a.pool:
            v *= 1.1  # pooling beats separate volleys on the same column
        if w.kind == "battery":
            v *= 1.05  # batteries before lances (blast markers hurt later batteries, not lances)
        if needs_priority_test(s, ship, a):
            near = self._nearest(s, ship, a.weapon)
            fallback = _shot_value(s, ship, Fire(side=ship.side, ship=ship.id, weapon=a.weapon, target=near),
                                   s.ships[near]) if near else 0.0
            p = _p_pass(leadership(s, ship))
            v = p * v + (1.0 - p) * fallback
        return v + 0.01

    def _launch_value(self, s: SFState, ship: Ship, a: Launch, opts) -> float:
        """Torpedoes down a lane they can travel; attack craft at a target they
        can reach; fighters into a bomber wave, on CAP or free, whichever is
        worth more; fighters wait while a wave they would escort is still to launch."""
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
        """The salvo's expected worth along its lane (``_salvo_lane``); 0 when
        a friendly ship is in the way or the expected hits fall short of
        ``SALVO_MIN_SHARE`` of a sure hit on the best target."""
        w = prof(ship).weapons[a.weapon]
        v, sure = _salvo_lane(s, ship, w, a.heading)
        if v <= 0.0 or v < SALVO_MIN_SHARE * sure:
            return 0.0
        return v

    def _nearest(self, s: SFState, ship: Ship, wi: int) -> str | None:
        n = sorted(nearest_targets(s, ship, wi))
        return n[0] if n else None

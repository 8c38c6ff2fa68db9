"""The default agent, a commander for either side.

It reads only its side's view (the controller gives it ``ruleset.view``), so
it knows its own missions and what the enemy has revealed. Each choice keeps
a short reason (:attr:`CommanderAgent.reason`).

* **Missions**: keeps the card pair worth most by its own odds (a mission
  done mid-battle lets the backup score too: Demolition or Assassination
  with Hold the Line behind it is the best pair), and gives every unit a
  role from the active mission: hold the trench, bite forward band by band,
  carry charges to the target points, hunt the marked officer, or go over
  the top in the last turns. Against the enemy's Hold the Line, once that
  card is revealed (never before: the agent reads only its own view), it
  storms the enemy trench with its holding squads when the card scoring
  would leave it level or behind (five of its models there fail the card).
* **Set-up**: infantry into its trench, spread out; Rank units beside a
  squad (their composure bonus and their command actions); mechs behind the
  line; barricades in front of its units.
* **Activations**: each action is valued in silver - the expected silver of
  the enemy models it removes (hit, wound and direction odds from the rules'
  own plans, so flanks and rear shots count), suppression, mission progress,
  shedding composure tokens, moving into cover or towards the unit's goal
  facing the nearest threat - and divided by its cost from the cache. It
  takes the best while it is worth it and ends the activation otherwise,
  banking the rest of the cache (what would be lost above the limit of 5 is
  spent on anything useful).
* **Decisions**: loses the least useful weapon with a model; springs an
  ambush when it expects to hurt; marks the nearest enemy Rank unit.
"""

from __future__ import annotations

import math
import random

from shapely.geometry import Point

from game.core.logtext import plural
from game.core.action import Action

from .. import actions as A
from ..bodies import angle_diff, centroid, engaged, gap, radius, unit_gap
from ..catalogue import DATA, T, inches
from ..geo import geo_of
from ..rules.activation import can_act, cost, income, slots_left
from ..rules.attacks import expected_wounds, plan_fight, plan_shot
from ..rules.common import model_value, perk, prof, status_now
from ..rules.grenades import grenade_plan, in_blast
from ..rules.missions import band_of, charge_points_near, in_trench_count, last_band, mission_name
from ..rules.movement import base_allowance, in_cover_at, move_to
from ..rules.orders import group_sizes, main_weapon
from ..rules.setup import undeployed
from ..state import Unit, WWState
from .candidates import barricade_spots, deploy_spots, enemy_centre, facing_to
from .scoring import VP, cover_here, threat

#: how much the agent expects of each mission as the kept card, and whether
#: it ends before the battle does (letting the backup score) - ours
MISSION_ODDS = {"hold_the_line": (0.92, False, False), "demolition": (0.85, True, False),
                "assassination": (0.6, True, True), "bite_and_hold": (0.5, False, True), "overtake": (0.3, False, False)}
#: the missions that send units into the open (a small price against their odds)
EXPOSED = {"bite_and_hold": 0.1, "overtake": 0.15, "assassination": 0.05}
#: silver a model is worth to the agent when it steps into the enemy trench it is storming (ours)
ENTRY_BONUS = 10.0
#: the lead in silver destroyed that makes a level battle safe enough not to storm (ours)
STORM_LEAD = 40.0


def pair_value(kept: str, backup: str | None) -> float:
    """Expected victory points of keeping ``kept`` with ``backup`` behind it:
    the kept card's odds, plus the backup's when the kept card ends early
    (completed or failed before the last turn), less the exposure it costs."""
    p, done_early, fail_early = MISSION_ODDS.get(kept, (0.3, False, False))
    pb = MISSION_ODDS.get(backup, (0.0,))[0] if backup else 0.0
    if backup != "hold_the_line":
        pb *= 0.6  # less time left for any other backup
    return p + (p * pb if done_early else 0.0) + ((1 - p) * pb if fail_early else 0.0) - EXPOSED.get(kept, 0.0)


class CommanderAgent:
    """The default ww2_skirmish agent (see the module notes)."""

    name = "commander"

    def __init__(self, rng: random.Random, budget=None, **_: object) -> None:
        self.rng = rng
        self.reason = ""

    # -- entry --------------------------------------------------------------------------
    def choose(self, rs, s: WWState, side: str) -> Action:
        act = self._choose(rs, s, side)
        if not rs.check(s, act).ok:  # never submit what the rules refuse
            legal = rs.legal_actions(s, side)
            self.reason = f"fallback ({rs.check(s, act).reason})"
            act = next((a for a in legal if isinstance(a, A.EndActivation)), legal[0])
        return act

    def _choose(self, rs, s: WWState, side: str) -> Action:
        if s.pending:
            return self._decision(rs, s, side)
        if s.stage == "role":
            self.reason = "the offence acts first every turn"
            return A.ChooseRole(side=side, role="offence")
        if s.stage == "missions":
            return self._keep(s, side)
        if s.stage == "deploy":
            return self._deploy(rs, s, side)
        return self._activation(rs, s, side)

    # -- pre-battle -------------------------------------------------------------------------
    def _keep(self, s: WWState, side: str) -> Action:
        drawn = s.hands[side].drawn
        best, bv = drawn[0], -1.0
        for k in drawn:
            b = next((m for m in drawn if m != k), None)
            v = pair_value(k, b)
            if k == "assassination" and not any(u.rank for u in s.units.values() if u.side != side):
                v = 0.0
            if v > bv:
                best, bv = k, v
        self.reason = f"keeps {mission_name(best)} (expected {bv:.2f} victory points with its backup)"
        return A.KeepMission(side=side, mission=best)

    def _deploy(self, rs, s: WWState, side: str) -> Action:
        if s.barricade_due:
            spots = barricade_spots(s, side)
            sand = [sp for sp in spots if sp[0] != "barbed_wire"] or spots
            if sand:
                k, x, y, h = sand[0]
                self.reason = f"{DATA.kinds[k].name} in front of its line"
                return A.PlaceBarricade(side=side, kind=k, x=x, y=y, heading=h)
            return A.SkipBarricade(side=side)
        todo = undeployed(s, side)
        # squads first, then officers beside them, mechs last
        order = sorted(todo, key=lambda u: (DATA.units[u.profile].mech, u.rank, -len(u.models), u.id))
        u = order[0]
        spots = deploy_spots(s, u, n=12)
        if not spots:
            legal = rs.legal_actions(s, side)
            return legal[0]
        if DATA.units[u.profile].mech:
            g = geo_of(s)
            spots.sort(key=lambda p: (g.hole_at(p[0], p[1]) is not None, -_depth_behind(s, side, p[0], p[1])))
        elif u.rank:
            squads = [o for o in s.units_of(side) if len(o.models) > 1]
            if squads:
                spots.sort(key=lambda p: min(math.hypot(p[0] - centroid(s, o)[0], p[1] - centroid(s, o)[1]) for o in squads))
        else:
            # spread along the trench: blasts catch units set up side by side
            placed = [centroid(s, o) for o in s.units_of(side)]
            g = geo_of(s)
            if placed:
                spots.sort(key=lambda p: (g.hole_at(p[0], p[1]) is None,
                                          -min(6 * 25.4, min(math.hypot(p[0] - q[0], p[1] - q[1]) for q in placed))))
        goal = self._deploy_goal(s, side, u)
        if goal is not None:
            more = deploy_spots(s, u, n=24)
            spots = sorted(more or spots, key=lambda p: math.hypot(p[0] - goal[0], p[1] - goal[1]))
        x, y, h = spots[0]
        self.reason = f"sets up {u.name}" + (" in its trench" if geo_of(s).in_trench(x, y) else "")
        return A.Deploy(side=side, unit=u.id, x=x, y=y, heading=h)

    def _deploy_goal(self, s: WWState, side: str, u: Unit) -> tuple[float, float] | None:
        """Demolition: the runners set up nearest the target points they will take
        (one point a runner, the points nearest the trench first)."""
        h = s.hands[side]
        if h.kept != "demolition" or u.cls not in ("infantry", "elite") or u.rank:
            return None
        g = geo_of(s)
        tr = g.trenches.get(side)
        pts = sorted(s.objectives, key=lambda o: tr.distance(Point(o.x, o.y)) if tr is not None else 0.0)
        pts = pts[:int(T.missions.demolition_points)]
        taken = []
        for o in s.units_of(side):
            if o.cls in ("infantry", "elite") and not o.rank:
                c = centroid(s, o)
                near = min(pts, key=lambda p: math.hypot(p.x - c[0], p.y - c[1]), default=None)
                if near is not None:
                    taken.append(near.id)
        free = [p for p in pts if p.id not in taken]
        if not free:
            return None
        p = free[0]
        return (p.x, p.y)

    # -- decisions ------------------------------------------------------------------------
    def _decision(self, rs, s: WWState, side: str) -> Action:
        p = s.pending[0]
        if p.kind == "loss":
            u = s.units[p.unit]
            # lose the weapon least used: surplus first, then the least valuable
            def keep_score(w):
                k = u.weapons.get(w, 0)
                surplus = k > len(s.alive(u))
                wp = DATA.weapons[w]
                return (not surplus, wp.caliber * wp.attacks * (1 if wp.melee else 2))
            w = min(p.options, key=keep_score)
            self.reason = f"gives up the {DATA.weapons[w].name}, the least missed"
            return A.ChooseLoss(side=side, unit=p.unit, weapon=w)
        if p.kind == "ambush":
            u, e = s.units[p.unit], s.units[p.enemy]
            best = max(p.options, key=lambda w: expected_wounds(s, plan_shot(s, u, e, w)))
            if expected_wounds(s, plan_shot(s, u, e, best)) > 0.05:
                self.reason = "springs the ambush"
                return A.AmbushFire(side=side, unit=u.id, target=e.id, weapon=best)
            return A.AmbushHold(side=side, unit=u.id)
        opts = [s.units[o] for o in p.options]
        mine = s.units_of(side)
        t = min(opts, key=lambda o: (min((unit_gap(s, o, m) for m in mine), default=0.0) if o.deployed else 1e9, o.id))
        self.reason = f"marks {t.name}, the nearest enemy officer"
        return A.ChooseTarget(side=side, unit=t.id)

    # -- activations -------------------------------------------------------------------------
    def _activation(self, rs, s: WWState, side: str) -> Action:
        cache = s.cache.get(side, 0)
        inc, _ = income(s, side)
        waste = max(0, cache + inc - int(T.cache.max))  # what banking cannot keep
        if s.turn >= s.turn_limit and s.seq_count >= 2 or (s.turn >= s.turn_limit and side != s.offence):
            waste = cache  # the last activation of the battle: nothing to bank for
        options: list[tuple[float, float, Action, str]] = []
        roles = self._roles(s, side)
        for u in s.units_of(side):
            c, _ = cost(s, u)
            if c > cache:
                continue
            for v, a, why in self._unit_options(rs, s, u, roles.get(u.id, ("hold", None))):
                options.append((v / max(1, c), v, a, why))
        options += self._group_options(s, side)
        options = self._one_heavy(s, options)
        options.sort(key=lambda o: (-o[0], o[2].type))
        for per, v, a, why in options:
            if per < float(T.ai.bank_threshold) and not (waste > 0 and v > 0.2):
                break
            if rs.check(s, a).ok:
                self.reason = why
                return a
        self.reason = f"banks {plural(cache, 'action')}" if cache else "nothing left to do"
        return A.EndActivation(side=side)

    def _one_heavy(self, s: WWState, options: list) -> list:
        """Only one elite or mech unit acts an activation: keep the one whose
        best two options are worth most, drop the others' options."""
        heavy_done = [u for u in s.activated if s.units[u].cls in HEAVY]
        if heavy_done:
            return options
        per: dict[str, list[float]] = {}
        for per_cost, v, a, _ in options:
            for uid in _units_of(a):
                if s.units[uid].cls in HEAVY:
                    per.setdefault(uid, []).append(per_cost)
        if len(per) <= 1:
            return options
        best = max(per, key=lambda k: (sum(sorted(per[k], reverse=True)[:2]), k))
        return [o for o in options if all(uid == best or s.units[uid].cls not in HEAVY for uid in _units_of(o[2]))]

    def _roles(self, s: WWState, side: str) -> dict[str, tuple[str, tuple[float, float] | None]]:
        """Each unit's job and goal point from the active mission."""
        h = s.hands[side]
        k = h.kept
        g = geo_of(s)
        enemy = s.enemy_of(side)
        mine = sorted(s.units_of(side), key=lambda u: u.id)
        roles: dict[str, tuple[str, tuple[float, float] | None]] = {u.id: ("hold", None) for u in mine}
        infantry = [u for u in mine if u.cls in ("infantry", "elite") and not u.rank]
        if k == "demolition" and len(h.charges) < int(T.missions.demolition_points):
            pts = [o for o in s.objectives if o.id not in h.charges]
            tr = g.trenches.get(side)
            pts.sort(key=lambda o: tr.distance(Point(o.x, o.y)) if tr is not None else 0.0)
            need = int(T.missions.demolition_points) - len(h.charges)
            runners = sorted(infantry, key=lambda u: (u.cls != "infantry", -prof(u).m, -len(s.alive(u)), u.id))[:need + 1]
            free = list(pts)
            for u in runners:
                if not free:
                    break
                c = centroid(s, u)
                o = min(free, key=lambda o: math.hypot(o.x - c[0], o.y - c[1]))
                free.remove(o)
                roles[u.id] = ("charge", (o.x, o.y))
        elif k == "bite_and_hold":
            # the check is at the end of every second turn the card is active: as soon as a
            # check has passed, the biters head for the band the next one needs (two turns to
            # get there); a biter already as deep or deeper digs in (deeper bands count too)
            want = min(h.progress + 1, last_band(s, side))
            biters = sorted(infantry, key=lambda u: (-len(s.alive(u)), u.cls != "infantry", u.id))[:3 if len(mine) >= 6 else 2]
            for u in biters:
                if band_of(s, side, *centroid(s, u)) < want:
                    roles[u.id] = ("bite", self._band_point(s, side, u, want))
                else:
                    roles[u.id] = ("dig in", None)
        elif k == "overtake" and s.turn >= s.turn_limit - 3:
            self._storm(s, side, infantry, roles)
        elif k == "assassination" and h.target in s.units and s.on_table(s.units[h.target]):
            tu = s.units[h.target]
            tx, ty = centroid(s, tu)
            for u in mine:
                wid = main_weapon(u)
                if wid is None or u.rank or DATA.weapons[wid].long_in < 20 or plan_shot(s, u, tu, wid).ok:
                    continue
                reach = inches(max(2.0, DATA.weapons[wid].long_in - 3.0))
                cx, cy = centroid(s, u)
                d = math.hypot(cx - tx, cy - ty) or 1.0
                if d > reach:
                    roles[u.id] = ("hunt", (tx + (cx - tx) / d * reach, ty + (cy - ty) / d * reach))
        eh = s.hands.get(enemy)
        if eh is not None and eh.revealed and eh.kept == "hold_the_line" and self._behind_on_the_line(s, side):
            # the enemy's Hold the Line is known: five of our models in its trench make it fail
            free = [u for u in infantry if roles[u.id][0] == "hold"]
            need = int(T.missions.hold_enemies) - in_trench_count(s, side, enemy)
            if sum(len(s.alive(u)) for u in free) >= need:
                self._storm(s, side, free, roles)
        for u in mine:
            if roles[u.id][0] == "hold" and not g.in_trench(*centroid(s, u), side) and k != "bite_and_hold":
                tr = g.trenches.get(side)
                if tr is not None:
                    from shapely.ops import nearest_points
                    p = nearest_points(tr, Point(centroid(s, u)))[0]
                    roles[u.id] = ("return", (p.x, p.y))
        return roles

    def _behind_on_the_line(self, s: WWState, side: str) -> bool:
        """Against a revealed Hold the Line: would the battle end level or lost
        if that card scores? Our victory points and our active mission's likely
        point against theirs plus that one; level counts as behind unless our
        silver destroyed leads by :data:`STORM_LEAD` (the tie-break)."""
        enemy = s.enemy_of(side)
        h, eh = s.hands[side], s.hands[enemy]
        ours = h.vp + (1 if h.kept == "hold_the_line" or (h.kept == "bite_and_hold" and h.progress > 0) else 0)
        theirs = eh.vp + 1
        if ours != theirs:
            return ours < theirs
        return s.destroyed.get(side, 0) - s.destroyed.get(enemy, 0) < STORM_LEAD

    def _storm(self, s: WWState, side: str, units: list[Unit], roles: dict) -> None:
        """Send the units that can still get there by the last turn (two moves a
        turn) into the enemy trench: role "assault", goal a point inside it."""
        from shapely.ops import nearest_points
        tr = geo_of(s).trenches.get(s.enemy_of(side))
        if tr is None:
            return
        inner = tr.buffer(-inches(0.9))
        if inner.is_empty:
            inner = tr
        left = s.turn_limit - s.turn + 1
        for u in units:
            c = centroid(s, u)
            p = nearest_points(inner, Point(c))[0]
            if math.hypot(p.x - c[0], p.y - c[1]) <= left * 2 * inches(prof(u).m) * 0.9:
                roles[u.id] = ("assault", (p.x, p.y))

    def _band_point(self, s: WWState, side: str, u: Unit, band: int) -> tuple[float, float]:
        """A point in the wanted band ahead of the unit, a crater there if any."""
        g = geo_of(s)
        cx, cy = centroid(s, u)
        best, bd = None, 1e18
        for f, p, _ in g.holes:
            if f.kind == "crater":
                c = p.centroid
                if band_of(s, side, c.x, c.y) == band:
                    d = math.hypot(c.x - cx, c.y - cy)
                    if d < bd:
                        best, bd = (c.x, c.y), d
        if best is not None:
            return best
        ex, ey = enemy_centre(s, side)
        L = math.hypot(ex - cx, ey - cy) or 1.0
        step = inches(T.missions.bite_band_in) * (band - band_of(s, side, cx, cy) + 0.5)
        return cx + (ex - cx) / L * step, cy + (ey - cy) / L * step

    def _unit_options(self, rs, s: WWState, u: Unit, role) -> list[tuple[float, Action, str]]:
        side = u.side
        out: list[tuple[float, Action, str]] = []
        if u.cooldown:
            return [(6.0, A.Cooldown(side=side, unit=u.id), f"{u.name} must cool down")]
        left = slots_left(s, u)
        if left <= 0:
            return out
        st = status_now(s, u)
        job, goal = role
        h = s.hands[side]
        enemies = s.units_of(s.enemy_of(side))
        # attacks
        if st not in ("in_shock", "afraid"):
            for e in enemies:
                bonus = 3.0 if h.kept == "assassination" and h.target == e.id else 1.0
                val_model = model_value(e) * bonus
                for wid, k in u.weapons.items():
                    w = DATA.weapons[wid]
                    if k <= 0 or w.melee or w.consumable or wid in u.unloaded or u.grenade_turn == s.turn:
                        continue
                    plan = plan_shot(s, u, e, wid)
                    if not plan.ok:
                        continue
                    v = self._attack_value(s, plan, e, val_model)
                    if w.has("suppression"):
                        v += 2.0 + (6.0 if e.tokens == 2 else 0.0)
                    out.append((v, A.Shoot(side=side, unit=u.id, target=e.id, weapon=wid),
                                f"{u.name} fires {w.name} at {e.name} ({plan.direction} arc)"))
                    if left >= 2:
                        v2 = self._attack_value(s, plan, e, val_model, reroll_ones=True)
                        out.append((v2 * 1.05 - 3.0, A.HoldTheLine(side=side, unit=u.id, target=e.id, weapon=wid),
                                    f"{u.name} holds the line against {e.name}"))
                if unit_gap(s, u, e) <= inches(2.0) + 1e-6:
                    plan = plan_fight(s, u, e)
                    if plan.ok:
                        out.append((self._attack_value(s, plan, e, val_model),
                                    A.Fight(side=side, unit=u.id, target=e.id), f"{u.name} fights {e.name}"))
                if u.fired_turn != s.turn:
                    for gid, n in u.consumables.items():
                        if n <= 0:
                            continue
                        near = min(s.alive(e), key=lambda m: min(gap(s, m, f) for f in s.alive(u)))
                        thrower, _, mods = grenade_plan(s, u, near, gid)
                        if thrower is None:
                            continue
                        caught = in_blast(s, near.x, near.y, inches(DATA.weapons[gid].radius_in))
                        if any(s.units[m.unit].side == side for m in caught):
                            continue
                        foes = [m for m in caught if s.units[m.unit].side != side]
                        v = 0.45 * sum(model_value(s.units[m.unit]) * (0.8 if prof(s.units[m.unit]).w <= 3 else 0.3)
                                       for m in foes) * bonus
                        out.append((v, A.Throw(side=side, unit=u.id, target=near.id, weapon=gid),
                                    f"{u.name} throws a grenade at {e.name}"))
        # composure
        if u.tokens >= 1:
            out.append((2.0 + 5.0 * (u.tokens >= 2), A.Rally(side=side, unit=u.id),
                        f"{u.name} rallies ({plural(u.tokens, 'token')})"))
        for wid in u.unloaded:
            out.append((9.0, A.ShellUp(side=side, unit=u.id, weapon=wid), f"{u.name} reloads"))
        # demolition
        if h.kept == "demolition":
            if len(h.charges) >= int(T.missions.demolition_points):
                out.append((VP, A.Interact(side=side, unit=u.id, what="detonate"), "sets the charges off"))
            for pid in charge_points_near(s, side):
                out.append((45.0, A.Interact(side=side, unit=u.id, what=f"charge:{pid}"), f"{u.name} places a charge"))
        out += self._moves(s, u, job, goal, enemies, st)
        return out

    def _attack_value(self, s: WWState, plan, e: Unit, val_model: float, reroll_ones: bool = False) -> float:
        ew = expected_wounds(s, plan, reroll_ones=reroll_ones)
        w = DATA.weapons[plan.weapon]
        pw = prof(e).w
        per = min(1.0, w.damage / pw)
        alive = len(s.alive(e))
        kills = min(alive, ew * per)
        return kills * val_model * (1.0 + 0.02 * threat(s, e))

    def _moves(self, s: WWState, u: Unit, job: str, goal, enemies: list[Unit], st) -> list[tuple[float, Action, str]]:
        side = u.side
        g = geo_of(s)
        cx, cy = centroid(s, u)
        r = radius(u)
        ex, ey = enemy_centre(s, side)
        near_e = min(enemies, key=lambda e: math.hypot(*(a - b for a, b in zip(centroid(s, e), (cx, cy)))), default=None)
        face_x, face_y = centroid(s, near_e) if near_e is not None else (ex, ey)
        allow, _ = base_allowance(s, u)
        here = cover_here(s, cx, cy, r, (face_x, face_y))
        danger = self._danger(s, u, cx, cy)
        cands: list[tuple[float, float, str]] = []
        if goal is not None:
            d = math.hypot(goal[0] - cx, goal[1] - cy)
            if d > 1.0:
                way = self._waypoint(s, u, (cx, cy), goal, allow)
                base_ang = math.atan2(way[1] - cy, way[0] - cx)
                for turn_deg in (0.0, 25.0, -25.0, 50.0, -50.0):
                    for f in (1.0, 0.7, 0.45):
                        ang = base_ang + math.radians(turn_deg)
                        step = min(d, allow * 0.98 * f)
                        cands.append((cx + math.cos(ang) * step, cy + math.sin(ang) * step, JOB_WORDS.get(job, "towards its goal")))
        for x, y in self._cover_points(s, side, cx, cy, allow):
            cands.append((x, y, "into cover"))
        out = []
        heading_now = u.heading
        if st == "afraid":
            bx, by = cx - (face_x - cx), cy - (face_y - cy)
            L = math.hypot(bx - cx, by - cy) or 1.0
            x, y = cx + (bx - cx) / L * allow * 0.6, cy + (by - cy) / L * allow * 0.6
            p = move_to(s, u, x, y, heading_now)
            if p.ok:
                return [(8.0, A.Move(side=side, unit=u.id, x=x, y=y, heading=round(heading_now, 1)), f"{u.name} backs off, afraid")]
            return []
        if engaged(s, u):
            bx, by = cx - (face_x - cx), cy - (face_y - cy)
            L = math.hypot(bx - cx, by - cy) or 1.0
            x, y = cx + (bx - cx) / L * allow * 0.9, cy + (by - cy) / L * allow * 0.9
            h = facing_to(x, y, face_x, face_y)
            return [(5.0, A.Move(side=side, unit=u.id, x=x, y=y, heading=round(h, 1), fall_back=True),
                     f"{u.name} falls back")]
        scored = []
        for x, y, why in cands:
            h = facing_to(x, y, face_x, face_y)
            cov = cover_here(s, x, y, r, (face_x, face_y))
            v = (cov - here) * danger * (0.1 if job in ("charge", "bite", "assault") else 0.25)
            if goal is not None:
                v += (math.hypot(goal[0] - cx, goal[1] - cy) - math.hypot(goal[0] - x, goal[1] - y)) / inches(1) * \
                    {"charge": 4.0, "bite": 3.0, "assault": 2.0, "hunt": 1.5, "return": 1.0}.get(job, 0.3) * \
                    self._urgency(s, side, job) * (max(1.0, len(s.alive(u)) / 2) if job == "assault" else 1.0)
            if job == "hold" and g.in_trench(cx, cy, side) and not g.in_trench(x, y, side):
                v -= 5.0
            if job == "dig in" and band_of(s, side, x, y) != band_of(s, side, cx, cy):
                v -= 8.0
            if job == "assault" and g.in_trench(x, y, s.enemy_of(side)) and not g.in_trench(cx, cy, s.enemy_of(side)):
                v += ENTRY_BONUS * len(s.alive(u))  # the models count only once they stand in it
            scored.append((v, x, y, h, why))
        if near_e is not None and angle_diff(u.heading, facing_to(cx, cy, face_x, face_y)) > 50 and danger > 0:
            scored.append((1.0 + 0.15 * danger, cx, cy, facing_to(cx, cy, face_x, face_y), "turns to face the enemy"))
        scored.sort(key=lambda t: -t[0])
        if st == "shell_shocked":
            for v, x, y, h, why in scored[:4]:
                if why == "into cover" and not move_to(s, u, x, y, h, check_cost=False).reason:
                    p = move_to(s, u, x, y, h, check_cost=False)
                    if in_cover_at(s, u, p.positions):
                        out.append((v + 5.0, A.GetToCover(side=side, unit=u.id, x=x, y=y, heading=round(h, 1)),
                                    f"{u.name} dives for cover"))
                        break
        for v, x, y, h, why in scored[:8]:
            if v <= 0.5:
                break
            if move_to(s, u, x, y, h).ok:
                out.append((v, A.Move(side=side, unit=u.id, x=x, y=y, heading=round(h, 1)), f"{u.name} moves {why}"))
                break
        return out

    def _urgency(self, s: WWState, side: str, job: str) -> float:
        """How pressing a mission job is: more as the turns run out (x1 to x3)."""
        if job not in ("charge", "bite", "assault", "hunt"):
            return 1.0
        left = max(1, s.turn_limit - s.turn + 1)
        return 1.0 + 2.0 * (1.0 - left / s.turn_limit)

    def _waypoint(self, s: WWState, u: Unit, start, goal, allow: float) -> tuple[float, float]:
        """Where the shortest route round impassable terrain and wire (through the
        gaps) first turns, or the goal; straight on when there is no route."""
        try:
            res = geo_of(s).finder(radius(u)).shortest_path(start, goal)
        except Exception:  # noqa: BLE001 - a start or goal in wire: go straight
            return goal
        if not res.found or len(res.points) < 2:
            return goal
        return res.points[1]

    def _danger(self, s: WWState, u: Unit, x: float, y: float) -> float:
        """How much enemy fire can reach (x, y): the threat of enemy units in range."""
        t = 0.0
        for e in s.units_of(s.enemy_of(u.side)):
            ecx, ecy = centroid(s, e)
            d = math.hypot(ecx - x, ecy - y)
            rng = max((DATA.weapons[w].long_in for w, k in e.weapons.items() if k > 0 and not DATA.weapons[w].melee),
                      default=0.0)
            if d <= inches(rng) + inches(4):
                t += threat(s, e) * 0.4
        return min(20.0, t)

    def _cover_points(self, s: WWState, side: str, cx: float, cy: float, allow: float):
        """Points in holes (trench bays, craters) within the allowance."""
        g = geo_of(s)
        out = []
        for f, p, _ in g.holes:
            if p.distance(Point(cx, cy)) > allow:
                continue
            c = p.representative_point() if f.kind != "trench" else None
            if c is not None:
                out.append((c.x, c.y))
            else:
                from shapely.ops import nearest_points
                q = nearest_points(p, Point(cx, cy))[0]
                # step into the trench, not onto its lip
                bx, by = q.x, q.y
                inner = p.buffer(-inches(0.9))
                if not inner.is_empty:
                    q2 = nearest_points(inner, Point(cx, cy))[0]
                    bx, by = q2.x, q2.y
                if math.hypot(bx - cx, by - cy) <= allow:
                    out.append((bx, by))
        out.sort(key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
        return out[:5]

    def _group_options(self, s: WWState, side: str) -> list[tuple[float, float, Action, str]]:
        """Group Shoot for a squad that makes a group by itself (4 infantry, 2
        or 4 elites): the same fire as Shoot with a chance to re-roll 1s."""
        out = []
        cache = s.cache.get(side, 0)
        for u in s.units_of(side):
            if u.cls not in ("infantry", "elite") or len(s.alive(u)) not in group_sizes(u):
                continue
            if cost(s, u)[0] > cache or can_act(s, u, A.GroupShoot(side=side, units=(u.id,), target="")):
                continue
            wid = main_weapon(u)
            if wid is None or status_now(s, u) in ("in_shock", "afraid") or u.grenade_turn == s.turn:
                continue
            h = s.hands[side]
            for e in s.units_of(s.enemy_of(side)):
                plan = plan_shot(s, u, e, wid)
                if not plan.ok:
                    continue
                bonus = 3.0 if h.kept == "assassination" and h.target == e.id else 1.0
                ld = (7 - max(2, prof(u).ld - perk(u, "leadership_bonus"))) / 6.0
                v = self._attack_value(s, plan, e, model_value(e) * bonus) * (1 + 0.17 * ld)
                if DATA.weapons[wid].has("suppression"):
                    v += 2.0
                c = max(1, cost(s, u)[0])
                out.append((v / c + 0.01, v, A.GroupShoot(side=side, units=(u.id,), target=e.id),
                            f"{u.name} fires as a group at {e.name}"))
        return out


HEAVY = ("elite", "light_mech", "heavy_mech")
#: what a move towards a role's goal is for, in a reason's words
JOB_WORDS = {"charge": "towards a demolition target point", "bite": "forward to take the next band of no man's land",
             "assault": "towards the enemy trench", "hunt": "to get the marked officer in range",
             "return": "back to its trench"}


def _units_of(a) -> tuple[str, ...]:
    """The units an action names."""
    return tuple(getattr(a, "units", ())) or ((a.unit,) if hasattr(a, "unit") else ())


def _depth_behind(s: WWState, side: str, x: float, y: float) -> float:
    """How far (x, y) lies behind the side's trench, away from the enemy (mm)."""
    ex, ey = enemy_centre(s, side)
    return math.hypot(x - ex, y - ey)

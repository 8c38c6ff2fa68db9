# Frozen copy of game/rulesets/battlespace/ai/fireteam.py at bf0d31dd24aa, made by
# tools/freeze_agent.py: the ruleset's `previous` agent. Do not edit (see that tool for the one exception).
"""The ``default`` fireteam agent, a heuristic planner that presses the mission objective, fires at
the best odds, moves between covered spots, aids and drags the downed, suppresses
and throws grenades where it pays."""

from __future__ import annotations

import math
import random

from game.ai.agent import Reason, action_label
from game.core.action import Action
from game.geometry.paths import PathFinder

from ... import actions as A
from ...data import data
from ...names import name_of
from ...geo import R, geo_of
from ...sight import adjudicate, sees
from ...rules.missions import exfil_open, interactions
from ...rules.combat import fire_numbers, hit_chance, point_blank
from ...rules.common import suppressed, suppression_zones
from ...rules.orders import on_exit
from ...state import BSState, Fig
from ...turn import can_attempt

#: Mission 2: a soldier farther than this from Awad once he is found heads for the exfil edge
FAR_FROM_AWAD = 260.0


def _ai_finder(s: BSState):
    """Paths around impassable and hindering terrain (hindering ends a move on contact)."""
    g = geo_of(s)
    pf = g.cache.get("ai_finder")
    if pf is None:
        pf = g.cache["ai_finder"] = PathFinder(g.imp + [h.polygon.buffer(3.0, join_style=2) for h in g.hind], R, g.table)
    return pf


def _team_index(s: BSState, f: Fig) -> int:
    team = [o.id for o in s.figs.values() if o.side == f.side and o.kind == "soldier"]
    return team.index(f.id) if f.id in team else 0


def _door_spot(s: BSState, fid: str) -> tuple[float, float]:
    """Just outside the middle of the door of building ``fid`` (base touching the opening)."""
    g = geo_of(s)
    o = g.feats[fid].openings[0]
    mx, my = (o[0] + o[2]) / 2, (o[1] + o[3]) / 2
    nx, ny = -(o[3] - o[1]), o[2] - o[0]
    n = math.hypot(nx, ny) or 1.0
    nx, ny = nx / n, ny / n
    c = g.pieces[fid].polygon.centroid
    if (mx - c.x) * nx + (my - c.y) * ny < 0:
        nx, ny = -nx, -ny
    return (mx + nx * (R + 1.0), my + ny * (R + 1.0))


def _exit_pt(s: BSState, f: Fig) -> tuple[float, float]:
    w, h = s.table
    best = None
    for e in s.exits:
        end = e.end if e.end is not None else (w if e.edge in ("north", "south") else h)
        if e.edge in ("north", "south"):
            x = min(max(f.x, e.start + R), end - R)
            pt = (x, R if e.edge == "north" else h - R)
        else:
            y = min(max(f.y, e.start + R), end - R)
            pt = (R if e.edge == "west" else w - R, y)
        d = math.hypot(pt[0] - f.x, pt[1] - f.y)
        if best is None or d < best[0]:
            best = (d, pt)
    return best[1] if best else (f.x, f.y)


def _goal(s: BSState, f: Fig) -> tuple[float, float, float] | None:
    """Where this soldier should be heading for the mission objective, and how far
    short of that point he stops (x, y, stop)."""
    g = geo_of(s)
    p = s.params
    stop_model = 2 * R + 1.0

    def exit_goal():
        x, y = _exit_pt(s, f)
        return (x, y, 0.0)

    m = s.mission
    if m == "m1_survivors":
        if not s.obj.get("searched"):
            from shapely.geometry import Point
            from shapely.ops import nearest_points
            ring = g.pieces[p["search_feature"]].polygon.buffer(R + 1.0).exterior
            q = nearest_points(ring, Point(f.x, f.y))[0]
            return (q.x, q.y, 0.0)
        sv = s.obj.get("survivor")
        if sv and s.figs[sv].carried_by is None and s.figs[sv].on_table:
            return (s.figs[sv].x, s.figs[sv].y, stop_model)
        return exit_goal()
    if m == "m2_awad":
        awad = s.figs.get("awad")
        if awad is not None and awad.status == "kia":
            return exit_goal()
        if awad is not None and awad.kind == "prisoner":
            if awad.status == "ok" and awad.carried_by is None:
                return (awad.x, awad.y, stop_model)  # restrained where his captor fell: take him along
            return exit_goal()
        if awad is not None and awad.status == "ok":
            if math.hypot(awad.x - f.x, awad.y - f.y) > FAR_FROM_AWAD:
                return exit_goal()  # too far to help: wait hidden at the edge, out once Awad is dead
            return (awad.x, awad.y, 2 * R + 30.0)  # point blank, out of hand to hand
        left = [fid for fid in p["targets"] if fid not in s.obj.get("breached", [])]
        if not left:
            return exit_goal()
        fid = _pair_target(s, f, left)
        x, y = _door_spot(s, fid)
        return (x, y, 0.0)
    if m == "m4_hostages":
        aid = [a for a in s.figs.values() if a.kind == "hostage" and a.on_table]
        if aid and s.obj.get("smoke_turn") is None:
            cx = sum(a.x for a in aid) / len(aid)
            cy = max(a.y for a in aid)
            return (cx, cy + 2 * R + 4.0, 0.0)
        return None
    if m == "m5_retreat":
        if f.on is not None:
            return None
        return exit_goal()
    return None


def _pair_target(s: BSState, f: Fig, left: list[str]) -> str:
    """Mission 2: two pairs breach two buildings at once, each its own (the west-most doors
    first); a pair whose building is done takes the nearest one the other pair is not on."""
    order = sorted(s.params["targets"], key=lambda fid: (_door_spot(s, fid)[0], fid))
    pair = 0 if _team_index(s, f) < 2 else 1
    own = order[min(pair, len(order) - 1)]
    if own in left:
        return own
    other = order[min(1 - pair, len(order) - 1)]
    other_up = any(o.status == "ok" and (_team_index(s, o) < 2) == (pair == 1) for o in s.figs.values()
                   if o.side == f.side and o.kind == "soldier")
    free = [fid for fid in left if not (fid == other and other_up)] or left
    return min(free, key=lambda fid: (math.dist((f.x, f.y), _door_spot(s, fid)), fid))


def _priority(s: BSState, e: Fig) -> int:
    """Mission targets first: the Mission 4 guards, Awad."""
    if s.mission == "m4_hostages" and e.id in s.params.get("guards", []):
        return 1
    if s.mission == "m2_awad" and e.id == "awad":
        return 1
    return 0


class FireteamAgent:
    """The default fireteam agent (deterministic given its rng)."""

    name = "fireteam"

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng
        self.reason: Reason | None = None
        self._vis: list = []

    def choose(self, rs, view: BSState, side: str) -> Action:
        s = view
        self.reason = None
        if s.current is None:
            return self._pick_soldier(rs, s, side)
        f = s.figs[s.current]
        if s.mission == "m2_awad" and self._holding(s, f):
            self.reason = Reason("holds still: any order would lift his suppression fire on Awad's guards")
            return A.EndActivation(side=side, unit=f.id)
        self._vis = []
        for a in self._plan(rs, s, f, side):
            if rs.check(s, a).ok and not self._pins_a_friend(s, f, a):
                self.reason = self._why(rs, s, a)
                return a
        self.reason = Reason("nothing left worth doing this activation")
        return A.EndActivation(side=side, unit=f.id)

    def _why(self, rs, s: BSState, a: Action) -> Reason:
        """The reason for plan step ``a``: the enemies in sight with the
        expected wounds of a shot at each (hit chance times wounds, per
        wound left), and what made the step come first."""
        cands = tuple((name_of(s, e.id), round(v, 3)) for v, e, _ in self._vis[:3])
        target = getattr(a, "target", None)
        if target in s.figs and self._vis:
            v = next((v for v, e, _ in self._vis if e.id == target), None)
            text = action_label(rs, a, s) + (f": {v:.0%} of a kill expected" if v is not None else "")
            return Reason(text + (", a mission target" if _priority(s, s.figs[target]) else ", the best odds in sight"), cands)
        return Reason(f"{action_label(rs, a, s)}: the first step of its plan that is legal now (mission goal, aid, cover)")

    def _pick_soldier(self, rs, s: BSState, side: str) -> Action:
        """The next soldier to attempt initiative: every able soldier attempts each turn
        (Battlespace: Player Phase), a cover man whose suppression pins an enemy last."""
        cand = [f for f in s.figs.values() if f.side == side and can_attempt(s, f)]
        if not cand:
            return A.EndPlayerPhase(side=side)
        down = [f for f in s.figs.values() if f.side == side and f.status == "down"]

        awad = s.figs.get("awad") if s.mission == "m2_awad" else None
        awad = awad if awad is not None and awad.status == "ok" and awad.kind == "enemy" else None

        def key(f: Fig):
            helper = any(math.hypot(d.x - f.x, d.y - f.y) < 120 for d in down)
            # Mission 2: the breacher at his door first (Awad then faces the rest), then those who see Awad
            first = awad is None and any(w.startswith("breach:") for w in interactions(s, f))
            sees_awad = awad is not None and sees(s, f, awad)
            hold = s.mission == "m2_awad" and self._holding(s, f)
            return (hold, not helper, not first, not sees_awad, data().soldiers[f.card].initiative, f.id)

        return A.Activate(side=side, unit=min(cand, key=key).id)

    def _visible(self, s: BSState, f: Fig) -> list[tuple[float, Fig, bool]]:
        out = []
        for e in s.enemies():
            sg = adjudicate(s, f, e)
            if sg.sees:
                need, mods = fire_numbers(s, f, e)
                ch = hit_chance(need, mods)
                w = data().weapons["assault_rifle"].wounds + (1 if point_blank(f, e) else 0)
                left = data().enemies[e.card].wounds - e.wounds
                out.append((ch * min(w, left) / left, e, sg.cover != "none"))
        out.sort(key=lambda t: (-_priority(s, t[1]), -t[0], t[1].id))
        return out

    def _exposure(self, s: BSState, f: Fig, x: float, y: float) -> float:
        probe = f.model_copy(update={"x": x, "y": y})
        risk = 0.0
        far = 2000 if s.mission == "m2_awad" else 700  # Mission 2: no maximum range, every rifle on the table counts
        for e in s.enemies():
            if math.hypot(e.x - x, e.y - y) > far:
                continue
            sg = adjudicate(s, e, probe)
            if sg.sees:
                risk += {"none": 1.0, "obscured": 0.6, "solid": 0.35}[sg.cover]
        return risk

    def _move(self, rs, s: BSState, f: Fig, side: str, goal, advance: bool, drag: str | None) -> Action | None:
        """The best straight move this order: as far along the shortest path to the goal
        as a straight line allows (if there is a goal), less exposed to enemy sight and
        ending in solid cover when possible."""
        reach = data().tables.advance_mm if advance else data().tables.move_mm
        g = geo_of(s)
        cands: list[tuple[float, float, float]] = []  # (x, y, progress in mm)
        if goal:
            gx, gy, stop = goal
            pts = None
            if f.on is None:
                for finder in (_ai_finder(s), g.finder):
                    path = finder.shortest_path((f.x, f.y), (gx, gy))
                    if path.found and len(path.points) >= 2:
                        pts = [(f.x, f.y)] + list(path.points[1:])
                        break
            if pts is None:  # no path (on a roof, or the goal is not free): straight lines fanned toward it
                dg0 = math.hypot(gx - f.x, gy - f.y)
                base = math.atan2(gy - f.y, gx - f.x)
                for da in (0, 20, -20, 45, -45, 80, -80, 120, -120):
                    for frac in (1.0, 0.6, 0.3):
                        d = min(reach * frac, max(dg0 - stop, 3.0))
                        x, y = f.x + d * math.cos(base + math.radians(da)), f.y + d * math.sin(base + math.radians(da))
                        cands.append((x, y, dg0 - math.hypot(gx - x, gy - y)))
                pts = [(f.x, f.y)]
            total = sum(math.dist(p, q) for p, q in zip(pts, pts[1:]))
            end = max(total - stop, 0.0)
            for k in range(12 if len(pts) > 1 else 0, 0, -1):
                L = min(end, reach * 1.5 * k / 12)
                acc, x, y = 0.0, pts[-1][0], pts[-1][1]
                for p, q in zip(pts, pts[1:]):
                    seg = math.dist(p, q)
                    if acc + seg >= L and seg > 0:
                        t = (L - acc) / seg
                        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                        break
                    acc += seg
                if L < end and math.hypot(x - f.x, y - f.y) > reach:
                    continue
                cands.append((x, y, L))
                for off in (18.0, -18.0):
                    dx, dy = x - f.x, y - f.y
                    n = math.hypot(dx, dy) or 1.0
                    cands.append((x - dy / n * off, y + dx / n * off, L - 6.0))
        else:
            for ang in range(0, 360, 45):
                for frac in (1.0, 0.5):
                    cands.append((f.x + reach * frac * math.cos(math.radians(ang)), f.y + reach * frac * math.sin(math.radians(ang)), 0.0))
        best = None
        tried = 0
        for x, y, prog in sorted(cands, key=lambda c: -c[2]):
            if math.hypot(x - f.x, y - f.y) < 2.0:
                continue
            if best is not None and (prog * 0.1 + 1.0) < best[0]:
                break
            act = A.Move(side=side, unit=f.id, x=x, y=y, advance=advance, drag=drag)
            if not rs.check(s, act).ok:
                continue
            tried += 1
            score = prog * 0.1 - self._exposure(s, f, x, y)
            if g.touching(x, y, g.solid_cover):
                score += 0.8
            if best is None or score > best[0]:
                best = (score, act)
            if tried >= 6:
                break
        if best and (goal is not None or best[0] > -self._exposure(s, f, f.x, f.y)):
            return best[1]
        return None

    def _plan(self, rs, s: BSState, f: Fig, side: str):
        used = set(f.used)
        m = s.mission
        if f.midway:
            yield A.Climb(side=side, unit=f.id, feature=f.midway)
        goal = _goal(s, f)
        heals = data().soldiers[f.card].specialty == "medic" or any(data().gear[g].kind == "heal" for g in f.gear)
        downed = [o for o in s.figs.values() if o.side == f.side and o.kind == "soldier" and o.status == "down" and o.carried_by is None]
        if heals and downed and m not in ("m5_retreat",):
            d = min(downed, key=lambda o: (math.hypot(o.x - f.x, o.y - f.y), o.id))
            if math.hypot(d.x - f.x, d.y - f.y) < 250:
                goal = (d.x, d.y, 2 * R + 0.5) if math.hypot(d.x - f.x, d.y - f.y) > 2 * R + 2 else goal
        # objectives first
        if exfil_open(s) and on_exit(s, f) and self._wants_exfil(s, f):
            yield A.Exfil(side=side, unit=f.id)
        for w in interactions(s, f):
            if w.startswith("breach:") and f.orders < 2 and s.turn < s.turn_limit - 1:
                # Awad appears beside the breacher: breach with an order left to shoot him,
                # so a breacher arriving on his last order waits at the door (shooting from there)
                vis = self._visible(s, f)
                if vis and "fire" not in used:
                    yield A.Fire(side=side, unit=f.id, target=vis[0][1].id)
                return
            if w in ("search", "red_smoke") or w.startswith("breach:") or s.figs.get(w) is not None:
                yield A.Interact(side=side, unit=f.id, what=w)
        # the downed and the wounded
        for o in sorted(s.figs.values(), key=lambda o: (o.status != "down", -o.wounds, o.id)):
            if o.side == f.side and o.kind == "soldier" and o.on_table and o.wounds >= 3 and (o.id == f.id or math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + 2):
                yield A.Aid(side=side, unit=f.id, target=o.id)
                for g in f.gear:
                    if data().gear[g].kind == "heal":
                        yield A.Aid(side=side, unit=f.id, target=o.id, gear=g)
        if f.jammed:
            yield A.ClearJam(side=side, unit=f.id)
        if f.prone and m != "m3_ambush":
            yield A.Prone(side=side, unit=f.id, stand=True)
        # climb down from the roof first when the objective is elsewhere (the retreat)
        if f.on is not None and m == "m5_retreat":
            yield A.Climb(side=side, unit=f.id, feature=f.on)
        vis = self._vis = self._visible(s, f)
        down = [o for o in s.figs.values() if o.side == f.side and o.status == "down" and o.carried_by is None
                and math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + 1.5]
        drag = down[0].id if down and not f.carrying and m not in ("m3_ambush", "m2_awad", "m4_hostages") else None
        urgent = goal is not None and math.hypot(goal[0] - f.x, goal[1] - f.y) > goal[2] + 1.5
        best = vis[0] if vis else None
        key = best is not None and _priority(s, best[1]) > 0
        mobile = f.on is None and not f.vehicle
        # running missions: the retreat, and leaving once the job is done
        run = urgent and (m == "m5_retreat" or (m == "m2_awad" and self._breach_lead(s, f, goal)) or (m == "m2_awad" and s.figs.get("awad") is not None and (s.figs["awad"].status == "kia" or s.figs["awad"].kind == "prisoner"))
                          or (m == "m1_survivors" and s.obj.get("searched"))
                          or (m == "m4_hostages" and not any(s.figs[x].status == "ok" for x in s.params.get("guards", []) if x in s.figs)))
        if m == "m2_awad" and vis and not run and not key and mobile and self._overwatch(s, f, goal):
            yield from self._cover_fire(s, f, side, vis)
        if key and not run:
            if f.orders >= 2 and "fire" not in used and (not urgent or point_blank(f, best[1])):
                yield A.Fire(side=side, unit=f.id, target=best[1].id, aimed=True)
            for g in f.gear:
                if data().gear[g].kind == "throw_aoe" and math.hypot(best[1].x - f.x, best[1].y - f.y) <= R + data().tables.throw.reach_mm \
                        and best[0] < 0.4:
                    yield A.Throw(side=side, unit=f.id, gear=g, x=best[1].x, y=best[1].y)
            yield A.Fire(side=side, unit=f.id, target=best[1].id)
        good = best is not None and best[0] >= {"m2_awad": 0.6, "m4_hostages": 0.6}.get(m, 0.45)
        if urgent and mobile and f.orders >= 2 and not ({"move", "advance"} & used) and (run or not good):
            mv = self._move(rs, s, f, side, goal, True, drag)
            if mv:
                yield mv
        if best and (good or not urgent) and not run:
            for g in f.gear:
                if data().gear[g].kind == "throw_aoe" and math.hypot(best[1].x - f.x, best[1].y - f.y) <= R + data().tables.throw.reach_mm:
                    yield A.Throw(side=side, unit=f.id, gear=g, x=best[1].x, y=best[1].y)
                if data().gear[g].kind == "fire_aoe" and len(vis) >= 2:
                    yield A.FireGear(side=side, unit=f.id, gear=g, target=best[1].id)
            if f.orders >= 2 and not urgent and "fire" not in used and best[0] < 0.9:
                yield A.Fire(side=side, unit=f.id, target=best[1].id, aimed=True)
            yield A.Fire(side=side, unit=f.id, target=best[1].id)
        if urgent and mobile:
            mv = self._move(rs, s, f, side, goal, False, drag)
            if mv:
                yield mv
        elif not urgent and mobile and "move" not in used and m != "m4_hostages":
            if self._exposure(s, f, f.x, f.y) > 0.9:
                mv = self._move(rs, s, f, side, None, False, drag)
                if mv:
                    yield mv
        if best:
            yield A.Fire(side=side, unit=f.id, target=best[1].id)
            if len(vis) >= 2 or best[0] < 0.3:
                yield A.Suppress(side=side, unit=f.id, target=best[1].id)
        if m == "m3_ambush" and not f.prone and not vis and "prone" not in used and f.orders >= 1 and self._exposure(s, f, f.x, f.y) > 0:
            yield A.Prone(side=side, unit=f.id)

    def _overwatch(self, s: BSState, f: Fig, goal) -> bool:
        """Mission 2: the soldier of a pair who is not running for the door covers the runner."""
        return "awad" not in s.figs and goal is not None and goal[2] == 0.0 and not self._breach_lead(s, f, goal)

    def _cover_fire(self, s: BSState, f: Fig, side: str, vis):
        """Suppress the enemy whose card area holds the most visible enemies (2+), else shoot."""
        if f.orders >= 2 and "suppress" not in f.used:
            best = None
            for _, e, _ in vis:
                n = sum(1 for _, o, _ in vis if math.hypot(o.x - e.x, o.y - e.y) <= data().tables.card.long_mm * 0.6)
                if best is None or n > best[0]:
                    best = (n, e)
            if best and best[0] >= 2:
                yield A.Suppress(side=side, unit=f.id, target=best[1].id)
        if f.orders >= 2 and "fire" not in f.used and vis[0][0] < 0.9:
            yield A.Fire(side=side, unit=f.id, target=vis[0][1].id, aimed=True)
        yield A.Fire(side=side, unit=f.id, target=vis[0][1].id)

    def _pins_a_friend(self, s: BSState, f: Fig, a: Action) -> bool:
        """Suppression fire would put a teammate (or an aid worker) under it (Suppression
        Fire: every model in the card or the lane), or a move would end in a teammate's."""
        if isinstance(a, A.Suppress):
            t = s.figs[a.target]
            probe = f.model_copy(update={"suppress": [f.x, f.y, t.x, t.y]})
            s2 = s.model_copy(update={"figs": {**s.figs, f.id: probe}})
            zones = [z for z in suppression_zones(s2) if z[0] == f.id]
            return any(suppressed(s2, o, zones) for o in s.figs.values()
                       if o.id != f.id and o.side != "enemy" and o.kind in ("soldier", "hostage") and o.status == "ok"
                       and not o.vehicle and not o.carried_by)
        if isinstance(a, A.Move) and not f.vehicle:
            return suppressed(s, f.model_copy(update={"x": a.x, "y": a.y}))
        return False

    def _holding(self, s: BSState, f: Fig) -> bool:
        """Mission 2: a soldier whose suppression still pins an enemy gives no order, which
        would lift it (he still attempts initiative) while the breach goes on."""
        if not f.suppress or "awad" in s.figs or f.status != "ok":
            return False
        zones = [z for z in suppression_zones(s) if z[0] == f.id]
        return any(suppressed(s, e, zones) for e in s.enemies())

    def _breach_lead(self, s: BSState, f: Fig, goal) -> bool:
        """Mission 2: the soldier of a pair nearest to its door runs for it while the other covers."""
        if "awad" in s.figs or goal is None or goal[2] != 0.0:
            return False
        mate = [o for o in s.figs.values() if o.side == f.side and o.kind == "soldier" and o.status == "ok" and o.id != f.id
                and (_team_index(s, o) < 2) == (_team_index(s, f) < 2)]
        d = math.hypot(goal[0] - f.x, goal[1] - f.y)
        return not mate or d <= math.hypot(goal[0] - mate[0].x, goal[1] - mate[0].y)

    def _wants_exfil(self, s: BSState, f: Fig) -> bool:
        m = s.mission
        if m == "m1_survivors":
            sv = s.obj.get("survivor")
            if not s.obj.get("searched"):
                return False
            if sv and s.figs[sv].status not in ("exfil", "kia") and f.carrying != sv:
                return s.figs[sv].carried_by is not None
            return True
        if m == "m2_awad":
            awad = s.figs.get("awad")
            if awad is not None and awad.kind == "prisoner":
                return awad.status == "exfil" or awad.carried_by is not None  # led away: everyone may go
            return awad is not None and awad.status == "kia"
        return True

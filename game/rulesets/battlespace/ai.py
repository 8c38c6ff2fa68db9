"""Fireteam AI: candidate sampling for the generic agents, a state score, and the
``default`` agent, a heuristic planner that presses the mission objective, fires at
the best odds, moves between covered spots, aids and drags the downed, suppresses
and throws grenades where it pays."""

from __future__ import annotations

import math
import random

from game.core.action import Action
from game.core.ruleset import RULES_SIDE

from . import actions as A
from .cards import DATA
from .geo import R, geo_of, sight
from .missions import exfil_open, interactions
from .rules.combat import fire_numbers, hit_chance, point_blank
from .rules.orders import on_exit
from .state import BSState, Fig
from .turn import can_attempt

T = DATA.tables


def sample_candidates(rs, state: BSState, side: str, rng: random.Random) -> list[Action]:
    """Legal actions plus a few sampled moves and throws (all checked)."""
    out = rs.legal_actions(state, side)
    if side == RULES_SIDE or state.current is None:
        return out
    f = state.figs[state.current]
    extra: list[Action] = []
    for adv in (False, True):
        for _ in range(3):
            ang = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(20, T.advance_mm if adv else T.move_mm)
            extra.append(A.Move(side=side, unit=f.id, x=f.x + d * math.cos(ang), y=f.y + d * math.sin(ang), advance=adv))
    for g in f.gear:
        if DATA.gear[g].kind.startswith("throw"):
            for e in state.enemies():
                if math.hypot(e.x - f.x, e.y - f.y) <= R + T.throw.reach_mm:
                    extra.append(A.Throw(side=side, unit=f.id, gear=g, x=e.x, y=e.y))
    return out + [a for a in extra if rs.check(state, a).ok]


def evaluate(state: BSState, side: str) -> float:
    """Higher is better for the fireteam: mission result, exfil, wounds, enemies left."""
    if state.result == "success":
        return 1000.0
    if state.result == "failure":
        return -1000.0
    sc = 0.0
    for f in state.figs.values():
        if f.kind == "soldier":
            sc += {"exfil": 40, "ok": 10, "down": -10, "kia": -30}.get(f.status, 0) - 3 * f.wounds
        elif f.side == "enemy" and f.status == "ok":
            sc -= 6
    sc += 30 * len(state.obj.get("breached", [])) + (40 if state.obj.get("searched") else 0)
    return sc


def _goal(s: BSState, f: Fig) -> tuple[float, float] | None:
    """Where this soldier should be heading for the mission objective."""
    g = geo_of(s)
    p = s.params
    w, h = s.table

    def exit_pt() -> tuple[float, float]:
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

    m = s.mission
    if m == "m1_survivors":
        if not s.obj.get("searched"):
            c = g.pieces[p["search_feature"]].polygon.centroid
            return (c.x, c.y)
        sv = s.obj.get("survivor")
        if sv and s.figs[sv].carried_by is None and s.figs[sv].on_table:
            return (s.figs[sv].x, s.figs[sv].y)
        return exit_pt()
    if m == "m2_awad":
        awad = s.figs.get("awad")
        if awad is not None and awad.status == "kia":
            return exit_pt()
        if awad is not None and awad.status == "ok":
            return (awad.x, awad.y)
        for fid in p["targets"]:
            if fid not in s.obj.get("breached", []):
                o = g.feats[fid].openings[0]
                return ((o[0] + o[2]) / 2, (o[1] + o[3]) / 2)
        return exit_pt()
    if m == "m4_hostages":
        aid = [a for a in s.figs.values() if a.kind == "hostage" and a.on_table]
        guards = [s.figs[x] for x in p.get("guards", []) if x in s.figs and s.figs[x].status == "ok"]
        if guards:
            return (guards[0].x, guards[0].y)
        if aid and s.obj.get("smoke_turn") is None:
            return (sum(a.x for a in aid) / len(aid), sum(a.y for a in aid) / len(aid))
        return None
    if m == "m5_retreat":
        if f.on is not None:
            return None
        return exit_pt()
    return None


class FireteamAgent:
    """The default fireteam agent (deterministic given its rng)."""

    name = "fireteam"

    def __init__(self, rng: random.Random, **_: object) -> None:
        self.rng = rng

    def choose(self, rs, view: BSState, side: str) -> Action:
        s = view
        if s.current is None:
            return self._pick_soldier(rs, s, side)
        f = s.figs[s.current]
        for a in self._plan(rs, s, f, side):
            if rs.check(s, a).ok:
                return a
        return A.EndActivation(side=side, unit=f.id)

    def _pick_soldier(self, rs, s: BSState, side: str) -> Action:
        cand = [f for f in s.figs.values() if f.side == side and can_attempt(s, f)]
        if not cand:
            return A.EndPlayerPhase(side=side)
        down = [f for f in s.figs.values() if f.side == side and f.status == "down"]

        def key(f: Fig):
            helper = any(math.hypot(d.x - f.x, d.y - f.y) < 120 for d in down)
            return (not helper, DATA.soldiers[f.card].initiative, f.id)

        return A.Activate(side=side, unit=min(cand, key=key).id)

    def _visible(self, s: BSState, f: Fig) -> list[tuple[float, Fig, bool]]:
        out = []
        for e in s.enemies():
            sg = sight(s, f, e)
            if sg.visible:
                need, mods = fire_numbers(s, f, e)
                ch = hit_chance(need, mods)
                w = DATA.weapons["assault_rifle"].wounds + (1 if point_blank(f, e) else 0)
                left = DATA.enemies[e.card].wounds - e.wounds
                out.append((ch * min(w, left) / left, e, sg.cover != "none"))
        out.sort(key=lambda t: (-t[0], t[1].id))
        return out

    def _exposure(self, s: BSState, f: Fig, x: float, y: float) -> float:
        probe = f.model_copy(update={"x": x, "y": y})
        risk = 0.0
        for e in s.enemies():
            if math.hypot(e.x - x, e.y - y) > 700:
                continue
            sg = sight(s, e, probe)
            if sg.visible:
                risk += {"none": 1.0, "obscured": 0.6, "solid": 0.35}[sg.cover]
        return risk

    def _move(self, rs, s: BSState, f: Fig, side: str, goal, advance: bool, drag: str | None) -> Action | None:
        reach = T.advance_mm if advance else T.move_mm
        best = None
        dg0 = math.hypot(goal[0] - f.x, goal[1] - f.y) if goal else 0.0
        base = math.atan2(goal[1] - f.y, goal[0] - f.x) if goal else 0.0
        angs = [0, 25, -25, 50, -50, 80, -80, 120, -120] if goal else list(range(0, 360, 45))
        for da in angs:
            for frac in (1.0, 0.6, 0.3):
                d = reach * frac
                if goal:
                    w, h = s.table
                    edge = min(goal[0], goal[1], w - goal[0], h - goal[1]) <= R + 0.5
                    d = min(d, max(dg0 - (0.0 if edge else 2 * R + 1.0), 5.0))
                a = base + math.radians(da)
                x, y = f.x + d * math.cos(a), f.y + d * math.sin(a)
                act = A.Move(side=side, unit=f.id, x=x, y=y, advance=advance, drag=drag)
                if not rs.check(s, act).ok:
                    continue
                dg = math.hypot(goal[0] - x, goal[1] - y) if goal else 0.0
                score = (dg0 - dg) * (0.1 if goal else 0.0) - self._exposure(s, f, x, y)
                if geo_of(s).touching(x, y, geo_of(s).solid_cover):
                    score += 0.8
                if best is None or score > best[0]:
                    best = (score, act)
                break
        if best and (goal is None or best[0] > -6.0 or not s.enemies()):
            return best[1]
        return None

    def _plan(self, rs, s: BSState, f: Fig, side: str):
        used = set(f.used)
        if f.midway:
            yield A.Climb(side=side, unit=f.id, feature=f.midway)
        goal = _goal(s, f)
        heals = DATA.soldiers[f.card].specialty == "medic" or any(DATA.gear[g].kind == "heal" for g in f.gear)
        downed = [o for o in s.figs.values() if o.side == f.side and o.kind == "soldier" and o.status == "down" and o.carried_by is None]
        if heals and downed:
            d = min(downed, key=lambda o: (math.hypot(o.x - f.x, o.y - f.y), o.id))
            goal = (d.x, d.y) if math.hypot(d.x - f.x, d.y - f.y) > 2 * R + 2 else goal
        # objectives first
        if exfil_open(s) and on_exit(s, f) and self._wants_exfil(s, f):
            yield A.Exfil(side=side, unit=f.id)
        for w in interactions(s, f):
            if w in ("search", "red_smoke") or w.startswith("breach:") or s.figs.get(w) is not None:
                yield A.Interact(side=side, unit=f.id, what=w)
        # the downed and the wounded
        for o in sorted(s.figs.values(), key=lambda o: (o.status != "down", -o.wounds, o.id)):
            if o.side == f.side and o.kind == "soldier" and o.on_table and o.wounds >= (3 if o.id != f.id else 3) and (o.id == f.id or math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + 2):
                yield A.Aid(side=side, unit=f.id, target=o.id)
                for g in f.gear:
                    if DATA.gear[g].kind == "heal":
                        yield A.Aid(side=side, unit=f.id, target=o.id, gear=g)
        if f.jammed:
            yield A.ClearJam(side=side, unit=f.id)
        if f.prone:
            yield A.Prone(side=side, unit=f.id, stand=True)
        # climb down from a roof when the objective is elsewhere (retreat)
        if f.on is not None and s.mission == "m5_retreat":
            if not [1 for _ in self._visible(s, f)] or f.orders >= 2:
                yield A.Climb(side=side, unit=f.id, feature=f.on)
        vis = self._visible(s, f)
        down = [o for o in s.figs.values() if o.side == f.side and o.status == "down" and o.carried_by is None
                and math.hypot(o.x - f.x, o.y - f.y) <= 2 * R + 1.5]
        drag = down[0].id if down and not f.carrying and s.mission != "m3_ambush" else None
        urgent = goal is not None and math.hypot(goal[0] - f.x, goal[1] - f.y) > 30
        best = vis[0] if vis else None
        mobile = f.on is None and not f.vehicle
        if urgent and mobile and f.orders >= 2 and not ({"move", "advance"} & used) and not (best and best[0] >= 0.45):
            m = self._move(rs, s, f, side, goal, True, drag)
            if m:
                yield m
        if best and (best[0] >= 0.45 or not urgent):
            # grenades at close clusters
            for g in f.gear:
                if DATA.gear[g].kind == "throw_aoe" and math.hypot(best[1].x - f.x, best[1].y - f.y) <= R + T.throw.reach_mm:
                    yield A.Throw(side=side, unit=f.id, gear=g, x=best[1].x, y=best[1].y)
                if DATA.gear[g].kind == "fire_aoe" and len(vis) >= 2:
                    yield A.FireGear(side=side, unit=f.id, gear=g, target=best[1].id)
            if f.orders >= 2 and not urgent and "fire" not in used and best[0] < 0.9:
                yield A.Fire(side=side, unit=f.id, target=best[1].id, aimed=True)
            yield A.Fire(side=side, unit=f.id, target=best[1].id)
        if urgent and mobile:
            m = self._move(rs, s, f, side, goal, False, drag)
            if m:
                yield m
        elif not urgent and f.on is None and not f.vehicle and "move" not in used:
            if self._exposure(s, f, f.x, f.y) > 0.9:
                m = self._move(rs, s, f, side, None, False, drag)
                if m:
                    yield m
        if best:
            yield A.Fire(side=side, unit=f.id, target=best[1].id)
            if len(vis) >= 2 or best[0] < 0.3:
                yield A.Suppress(side=side, unit=f.id, target=best[1].id)
        if s.mission == "m3_ambush" and not f.prone and not vis and "prone" not in used and f.orders >= 1 and self._exposure(s, f, f.x, f.y) > 0:
            yield A.Prone(side=side, unit=f.id)

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
            return awad is not None and awad.status == "kia"
        return True

"""The commander: Foxhole's default agent, for the attacker and the defender.

It is given its side's view only (the turn controller hands every agent
``ruleset.view(state, side)``), so it knows what that side knows: enemy
elements spotted, unidentified markers, the objectives it placed or knows.
Its choices, each with a short reason naming its elements, the enemy's
and the terrain features by name (:attr:`FoxholeAgent.reason`, read by the
controller and shown under the action in the side's own log):

* **Cover and open ground**: it scores every place an element could go by
  its cover (buildings and trenches best, then dense terrain; open ground
  worst), the danger of the fire it would take there (:func:`.tactics.danger`),
  the open ground its path crosses, and its progress to its goal.
* **Command points where the roll matters**: each roll gets the fewest
  command points that lift its chance to advance to the level the move
  needs (more for the last chance to keep the initiative), none where the
  +4 cap or the die makes them useless.
* **Close assaults with support**: it goes in where the primary attacker
  and its supports make a reduction or better likely, primary first, the
  best quality, with command points on its roll.
* **Hidden units ambush**: the defender sets its concealed elements in
  dense terrain and buildings on the approaches to its objectives with the
  ambush order (fire only at close range), keeps them still and hidden,
  and interrupts moves only when the fire is likely to tell.
* **Off-board support** on the enemy elements it knows that stand together.
* **The mission** (attacker): the known objectives whose approach from the
  start area is shortest and stays longest out of the reach of the enemy it
  knows (:func:`.tactics.exposure`); its elements set up on that side.
"""

from __future__ import annotations

import math
import random

from shapely.geometry import Point, Polygon

from .. import actions as A
from ..geo import footprint, geo_of, grid_ref, place_words
from ..orders import area_of, deploy_problem, move_heading, problem, to_deploy, to_plan
from ..rules import assault as AS
from ..rules import fire as FI
from ..rules import missions as MI
from ..rules.common import dist, known_enemies, nearest_known
from ..rules.interrupt import interrupt_shot
from ..rules.motivation import chances
from ..rules.pioneers import debus_spots
from ..rules.movement import allowance_mm, on_foot, path_fraction, path_problem, route_ahead
from ..rules.support import lowest_free
from ..state import Element, FoxState
from ..tables import TABLES
from . import field as FD
from . import tactics as TC
from .candidates import candidates, grid_points

#: the agent's weights (ours)
W = {"progress": 1.0, "danger": 22.0, "later": 1.0, "cover": 8.0, "open": 1.0, "take": 200.0, "stay_bonus": 2.0}
#: how much more an attacker's millimetre of progress is worth on the last turn than on the first: the weight
#: rises in a straight line from 1 to 1 + this (ours, v5.3: every attacking game lost was lost on time, and the
#: danger of an approach does not fall by waiting; v5.2 weighed it 1 until half the turns, then up to 2)
URGENCY_RISE = 2.0
#: the chance to advance a roll should have: for the turn's last chance to keep the initiative (better
#: than a gung-ho element's 5 in 6), for a move that matters, for any other
NEED_LAST, NEED_KEY, NEED_ANY = 0.84, 2 / 3, 1 / 2
#: an attacking element whose move gains more than this over holding gets the command points that make its
#: advance certain, as far as the turn's points go (ours, v5.1: points left at the end of the turn are lost, and a
#: must-advance result asks only for a move that ends nearer the nearest known enemy; v5 spent points only
#: where a roll was less likely than 2 in 3, and about half of them went unspent)
SPEND_FROM = 5.0
#: an attacking element tries a non-tactical move only with no enemy element or marker this near its start, nor
#: this near its end (mm, ours, v5.1: beyond an infantry element's long range of 146 mm; v5 asked 260 and 200, as
#: the defender still does, and with the markers spread over the control area nearly every one was barred)
NT_CLEAR_START, NT_CLEAR_END = 170.0, 150.0
NT_CLEAR_DEFENDER = (260.0, 200.0)  #: the same for a defending element (mm, ours: v4's)
#: the worth of taking an objective only unidentified markers stand near, against one no one holds (ours)
MARKER_HOLDS = 0.5
#: what a millimetre of approach in reach of each known enemy element costs, in millimetres of going (ours)
EXPOSED = 1.0


def urgency(s: FoxState) -> float:
    """The weight of an attacking element's progress towards its goal on this
    turn: 1 on the first, 1 + :data:`URGENCY_RISE` on the last (Foxhole, End
    Game: a mission not achieved by the last turn is lost)."""
    return 1.0 + URGENCY_RISE * max(0, s.turn - 1) / max(1, s.turn_limit - 1)


def _names(names) -> str:
    """"A, B and C" (names in the order given)."""
    ns = list(names)
    return ns[0] if len(ns) == 1 else (", ".join(ns[:-1]) + f" and {ns[-1]}" if ns else "")


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _points(cp: int) -> str:
    return _count(cp, "command point")


class FoxholeAgent:
    """The default agent (see the module notes). ``rng`` is its own stream."""

    name = "commander"

    def __init__(self, rng: random.Random, budget=None, **_: object) -> None:
        self.rng = rng
        #: why it chose its last action, in words a player reads (names, never ids)
        self.reason = ""
        #: search points its elements have looked at (the attacker's memory of its sweep)
        self.explored: set[tuple[float, float]] = set()
        self._goals_key = None
        self._goals: dict = {}
        self._stays: dict = {}  #: stay scores by (state, element, place)

    # -----------------------------------------------------------------------------
    def goals(self, s: FoxState, side: str) -> dict:
        """Each element's goal (:func:`.tactics.goals_for`), the sweep remembered."""
        key = (s.seq, side)
        if key != self._goals_key:
            if side == s.attacker and TC.missing_numbers(s):
                self.explored |= TC.looked_at(s, side, [p for p in TC.search_grid(s) if p not in self.explored])
            self._goals = TC.goals_for(s, side, self.explored, self._goals if side == s.attacker else None)
            self._goals_key = key
        return self._goals

    def choose(self, ruleset, view: FoxState, side: str):
        s = view
        fn = {"location": self._location, "objectives": self._objective, "reveal": self._reveal,
              "mission": self._mission, "deploy": self._deploy, "assault": self._assault,
              "activation": self._activation, "interrupt": self._interrupt}.get(s.phase)
        a = fn(s, side) if fn else None
        if a is not None and not problem(s, a):
            return a
        legal = candidates(s, side, self.rng, legal_only=True)
        if not legal:
            raise RuntimeError(f"foxhole: side {side} has no legal action")
        # the element it meant to use, not another one's use spent in its place
        own = [b for b in legal if a is not None and getattr(b, "element", None) == getattr(a, "element", "")]
        self.reason = "no plan of its own fits: the first action the rules allow"
        return (own or legal)[0]

    def _say(self, a, why: str):
        self.reason = why
        return a

    # -- set-up ----------------------------------------------------------------
    def _location(self, s: FoxState, side: str):
        g = geo_of(s)
        best = None
        for loc in s.locations:
            area = Polygon(loc.control)
            value = 0.0
            for kind, w in (("buildings", 3.0), ("trenches", 3.0), ("dense", 1.5), ("open", -1.0)):
                u = g.unions.get(kind)
                if u is not None:
                    value += w * u.intersection(area).area
            if best is None or value > best[0]:
                best = (value, loc.name)
        return self._say(A.ChooseLocation(side=side, location=best[1]), f"the {best[1]} end of the table: the most cover in its control area")

    def _objective(self, s: FoxState, side: str):
        area = MI.control_area(s)
        start = MI.start_area(s)
        best = None
        for x, y in grid_points(area, 20.0):
            if MI.place_problem(s, x, y):
                continue
            depth = min(start.exterior.distance(Point(x, y)), 300.0) if start is not None else 0.0
            spread = min([dist(o.x, o.y, x, y) for o in s.objectives] + [200.0])
            v = depth * 0.5 + TC.cover_at(s, x, y) * 25 + min(spread, 120.0) * 0.3
            if best is None or v > best[0]:
                best = (v, x, y)
        if best is None:
            return None
        return self._say(A.PlaceObjective(side=side, x=best[1], y=best[2]),
                         f"possible objective {len(s.objectives) + 1} {place_words(s, best[1], best[2])}: deep, in cover, "
                         "apart from the others")

    def _reveal(self, s: FoxState, side: str):
        start = MI.start_area(s)
        obs = sorted(s.objectives, key=lambda o: -(start.exterior.distance(Point(o.x, o.y)) if start else 0))
        nums = tuple(sorted(o.number for o in obs[:s.reveal]))
        return self._say(A.RevealObjectives(side=side, numbers=nums), "show the deepest: " + ", ".join(
            f"objective {o.number} {place_words(s, o.x, o.y)}" for o in sorted(obs[:s.reveal], key=lambda o: o.number)))

    def _mission(self, s: FoxState, side: str):
        """The mission's objectives: every one must be taken, so the set of
        known objectives with the shortest, safest sweep from the start area
        (from the best place along it, nearest first, then one to the next):
        each leg costs its length, plus :data:`EXPOSED` times its length in
        reach of the enemy elements it knows (:func:`.tactics.exposure`), plus
        more for an enemy seen next to an objective; numbers it does not know
        fill what is left (Mission Design)."""
        from itertools import combinations, permutations
        start = MI.start_area(s)
        c = start.centroid if start is not None else Point(s.table[0] / 2, s.table[1] / 2)
        foes = known_enemies(s, side)
        p, q = MI.needed(s.mission.kind)
        known = sorted((o for o in s.objectives if o.known), key=lambda o: o.number)
        k = min(p + q, len(known))
        if start is not None:
            x0, _, x1, _ = start.bounds
            starts = [(x0 + (x1 - x0) * (i + 0.5) / 6, c.y) for i in range(6)]
            starts = [pt for pt in starts if start.contains(Point(pt))] or [(c.x, c.y)]
        else:
            starts = [(c.x, c.y)]

        def leg(a, o) -> float:
            return (dist(*a, o.x, o.y) + EXPOSED * TC.exposure(s, side, a, (o.x, o.y))
                    + 60.0 * sum(1 for f in foes if dist(f.x, f.y, o.x, o.y) < 80))

        def sweep(obs) -> float:
            best = math.inf
            for order in permutations(obs):
                for at in starts:
                    tot = 0.0
                    for o in order:
                        tot += leg(at, o)
                        at = (o.x, o.y)
                    best = min(best, tot)
            return best
        chosen = list(min(combinations(known, k), key=lambda obs: (sweep(obs), [o.number for o in obs]))) if k else []
        # the primary: the nearest of the set (the defender may learn it)
        chosen.sort(key=lambda o: (dist(c.x, c.y, o.x, o.y), o.number))
        nums = [o.number for o in chosen]
        nums += [n for n in range(1, TABLES.objectives.count + 1) if n not in nums][:p + q - len(nums)]
        names = ", ".join(f"objective {o.number} in {grid_ref(o.x, o.y, tuple(s.table))}" for o in chosen)
        blind = nums[len(chosen):]
        why = f"the known objectives with the shortest approach out of the enemy's reach ({names})" if chosen else ""
        if blind:
            why += ("; " if why else "") + f"objective{'s' if len(blind) > 1 else ''} {_names(map(str, blind))} " \
                   "chosen blind, to be searched for"
        return self._say(A.ChooseMission(side=side, primary=tuple(nums[:p]), secondary=tuple(nums[p:p + q])), why)

    def _deploy(self, s: FoxState, side: str):
        todo = to_deploy(s, side)
        if todo:
            e = todo[0]
            spot = self._deploy_spot(s, e)
            if spot is not None:
                why = ("waits in ambush" if e.unrevealed and e.side == s.defender and e.combatant else "sets up")
                return self._say(A.Deploy(side=side, element=e.id, x=spot[0], y=spot[1]),
                                 f"{e.name} {why} {place_words(s, *spot)}: the best cover in reach of its work")
            return None
        plans = to_plan(s, side)
        if plans:
            ins = next(i for i in s.insertions if i.id == plans[0])
            x, y = self._landing_point(s, side)
            turn = max(1, ins.earliest) + (1 if side == s.attacker else 0)
            who = _names(e.name for e in s.elements.values() if e.side == side and e.insertion == ins.id) or "the insertion"
            where = "by its own elements" if side == s.defender else "near the objectives, clear of the enemy"
            return self._say(A.PlanInsertion(side=side, insertion=ins.id, turn=min(turn, s.turn_limit), x=x, y=y),
                             f"{who} to land {place_words(s, x, y)} on turn {min(turn, s.turn_limit)}: {where}")
        return None

    def _deploy_spot(self, s: FoxState, e: Element):
        area = area_of(s, e.side)
        start = MI.start_area(s)
        objs = s.objectives
        mine = [o for o in s.elements.values() if o.side == e.side and o.deployed and o.on_table and o.id != e.id]
        targets = TC.target_objectives(s) if e.side == s.attacker else []
        best = None
        for x, y in grid_points(area, 16.0):
            kind = geo_of(s).kind_at(x, y)
            if kind == "impassable":
                continue
            v = TC.cover_at(s, x, y) * 10
            crowd = sum(1 for o in mine if dist(o.x, o.y, x, y) < 45)
            v -= crowd * 8
            if e.side == s.defender:
                front = start.exterior.distance(Point(x, y)) if start is not None else 200.0
                if front < 120:
                    v -= (120 - front) * 0.4
                if objs:
                    d = min(dist(o.x, o.y, x, y) for o in objs)
                    if e.unrevealed and e.kind != "non_combatant":
                        # concealed elements wait on the approaches, forward of the objectives
                        v -= abs(d - 70.0) * 0.15
                        v += 6 if kind == "dense" else 0
                    elif e.kind == "non_combatant":
                        v -= d * 0.02
                    else:
                        v -= max(0.0, d - 45.0) * 0.25
                covered = sum(1 for o in objs if dist(o.x, o.y, x, y) < 60 and
                              not any(dist(m.x, m.y, o.x, o.y) < 60 for m in mine))
                v += covered * 6
            else:
                ca = MI.control_area(s)
                if ca is not None:
                    v -= ca.exterior.distance(Point(x, y)) * 0.05 if not ca.contains(Point(x, y)) else 0
                v -= TC.danger(s, e, x, y, moved=False) * 20
                if targets:  # set up on the side of the table the mission's objectives lie on
                    v -= min(dist(o.x, o.y, x, y) for o in targets) * 0.1
            if best is None or v > best[0]:
                if not deploy_problem(s, e, x, y, "normal", 0.0):
                    best = (v, x, y)
        return None if best is None else (best[1], best[2])

    def _landing_point(self, s: FoxState, side: str):
        foes = [f for f in s.elements.values() if f.side != side and f.on_table]
        if side == s.defender:
            mine = [e for e in s.elements.values() if e.side == side and e.on_table and e.deployed]
            if mine:
                return (round(sum(e.x for e in mine) / len(mine), 2), round(sum(e.y for e in mine) / len(mine), 2))
        targets = TC.target_objectives(s) or s.objectives
        best = None
        for x, y in grid_points(geo_of(s).table_box, 25.0):
            if geo_of(s).kind_at(x, y) in ("impassable", "open"):
                continue
            near = min([dist(f.x, f.y, x, y) for f in foes] + [999.0])
            if near < 110:
                continue
            v = -min([dist(o.x, o.y, x, y) for o in targets] + [300.0]) + TC.cover_at(s, x, y) * 5
            if best is None or v > best[0]:
                best = (v, x, y)
        if best is None:
            return (s.table[0] / 2, s.table[1] / 2)
        return (best[1], best[2])

    # -- the turn --------------------------------------------------------------------
    def _assault(self, s: FoxState, side: str):
        going = next((a for a in s.assaults if a.attackers and not a.resolved), None)
        plan = self._assault_plan(s, side, going.target if going else None)
        if plan is not None:
            e, t, (x, y), cp, o, lead = plan
            role = "leads" if lead else "supports"
            return self._say(A.AssaultMove(side=side, element=e.id, target=t.id, x=x, y=y, cp=cp),
                             f"{e.name} {role} the close assault on {t.name} {place_words(s, t.x, t.y)}: "
                             f"{o['destroyed']:.0%} to destroy it, {o['reduced']:.0%} to reduce it"
                             + (f" ({_points(cp)} on its roll)" if cp else ""))
        return self._say(A.EndAssaults(side=side), "no close assault worth making: none with support enough to tell")

    def _assault_plan(self, s: FoxState, side: str, target_id: str | None):
        """(element, target, slot, cp) of the next assault move, or None."""
        foes = [t for t in known_enemies(s, side) if target_id in (None, t.id)]
        best = None
        for t in foes:
            taken = set(AS.attackers_on(s, t.id))
            free_slots = [p for p in AS.slots(s, t)]
            cands = []
            for e in s.elements.values():
                if e.side != side or not AS.can_assault(s, e) or e.id in taken:
                    continue
                slots = [p for p in AS.assault_reachable(s, e, t) if p in free_slots]
                if slots:
                    cands.append((e, slots))
            if not cands:
                continue
            cands.sort(key=lambda c: (-c[0].quality, c[0].reduced, c[0].id))
            present = [s.elements[x] for x in AS.attackers_on(s, t.id) if x in s.elements]
            primary = present[0] if present else cands[0][0]
            n_support = len(present) + len(cands) - 1
            mods = sum(v for _, v in AS.assault_modifiers(s, primary, [primary] * max(0, min(n_support, 7)), t))
            o = FI.odds(mods, FI.target_quality(t))
            value = o["destroyed"] * 3 + o["reduced"] * 1.5 + o["suppressed"] * 0.4
            if target_id is None and (len(cands) < 2 and o["destroyed"] < 0.5):
                continue  # with support, or not at all
            if target_id is not None and len(present) >= 4 and o["destroyed"] >= 0.99:
                continue  # enough already
            if value < 1.2 and target_id is None:
                continue
            e, slots = cands[0]
            slot = min(slots, key=lambda p: (dist(e.x, e.y, *p), p))
            cp = self._cp_for(s, e, AS.crosses_open(s, [(e.x, e.y), slot]), NEED_LAST if not present else NEED_KEY)
            key = (value, t.id)
            if best is None or key > best[0]:
                best = (key, (e, t, slot, cp, o, not present))
        return best[1] if best else None

    def _cp_for(self, s: FoxState, e: Element, into_open: bool, want: float) -> int:
        """The fewest command points that lift ``e``'s chance to advance to
        ``want`` (none if they cannot or the cap makes them useless)."""
        have = s.cp.get(e.side, 0)
        base = chances(e, 0, into_open)
        p0 = base["may"] + base["must"]
        if p0 >= want - 1e-9:
            return 0
        for cp in range(1, have + 1):
            c = chances(e, cp, into_open)
            p = c["may"] + c["must"]
            if p >= want - 1e-9:
                return cp
            if p <= p0 + 1e-9:
                return 0  # the +4 cap: more points add nothing
        c = chances(e, have, into_open)
        return have if c["may"] + c["must"] > p0 + 1e-9 else 0

    def _interrupt(self, s: FoxState, side: str):
        pend = s.pending
        m = s.elements.get(pend.element)
        best = None
        for fid in pend.eligible:
            f = s.elements.get(fid)
            if f is None:
                continue
            sh = interrupt_shot(s, f, m, [tuple(p) for p in pend.path])
            if sh is None:
                continue
            mod = sum(v for _, v in FI.modifiers(s, m, [sh], True, pend.non_tactical, sh.point))
            o = FI.odds(mod, FI.target_quality(m))
            p = 1 - o["none"]
            need = 0.66 if f.unrevealed else 0.5
            if p >= need and (best is None or p > best[0]):
                best = (p, fid)
        if best is not None and self._advancing(s, m, pend.path):
            f = s.elements[best[1]]
            return self._say(A.Interrupt(side=side, element=best[1]),
                             f"{f.name} interrupts {m.name}: {best[0]:.0%} to send it back")
        return self._say(A.LetPass(side=side), f"let {m.name} come on: no interrupt likely to send it back")

    def _advancing(self, s: FoxState, m: Element, path) -> bool:
        mine = [e for e in s.elements.values() if e.side != m.side and e.on_table]
        goals = [(o.x, o.y) for o in s.objectives] + [(e.x, e.y) for e in mine]
        if not goals:
            return True
        a, b = path[0], path[-1]
        return min(dist(*b, *g) for g in goals) < min(dist(*a, *g) for g in goals)

    def _activation(self, s: FoxState, side: str):
        cur = s.current
        if cur is not None:
            return self._continue(s, side)
        des = self._designate(s, side)
        if des is not None:
            return des
        order = self._use_order(s, side)
        if not order:
            return None
        goals = self.goals(s, side)
        last_chance = side == s.attacker and side not in s.advanced
        for k, e in enumerate(order):
            want = self._wants_move(s, e, goals.get(e.id))
            remaining_movers = [x for x in order[k + 1:]]
            if e.where == "carried":
                if self._should_debus(s, e, goals.get(e.id)):
                    cp = self._cp_for(s, e, False, NEED_KEY)
                    v = s.elements.get(e.carried_by or "")
                    return self._say(A.Roll(side=side, element=e.id, cp=cp),
                                     f"{e.name} rolls to debus from the {v.name if v else 'vehicle'} near "
                                     f"{self._goal_words(s, goals.get(e.id))}" + (f" ({_points(cp)})" if cp else ""))
                continue
            if want is None and last_chance and e.combatant and (e.suppressed or not remaining_movers):
                want = (0.0, False)  # someone must advance this turn (and rally while doing it)
            if want is None and side == s.attacker and e.combatant and e.on_table:
                c = chances(e, 0, False)
                if c["must"] == 0 and c["fade"] == 0:
                    # v5.2: the text has every element roll for command; a may-advance result keeps the
                    # initiative and rallies a suppressed element, and with neither must-advance nor fade-away
                    # possible the roll binds it to nothing (holding, the attacker once lost the initiative on turn 4)
                    return self._say(A.Roll(side=side, element=e.id, cp=0),
                                     f"{e.name} rolls, meaning to stay {place_words(s, e.x, e.y)}: "
                                     f"{c['may']:.0%} to keep the initiative" + (" and rally" if e.suppressed else ""))
            if want is None:
                return self._say(A.Hold(side=side, element=e.id), self._hold_words(s, e))
            gain, into_open = want
            need = NEED_LAST if last_chance else (NEED_KEY if gain > 40 else NEED_ANY)
            if side == s.attacker and gain > SPEND_FROM:
                need = 1.0  # points left at the end of the turn are lost: spend them on the moves that matter
            cp = self._cp_for(s, e, into_open, need) if e.kind != "non_combatant" else 0
            c = chances(e, cp, into_open) if e.kind != "non_combatant" else {"may": 1.0, "must": 0.0}
            return self._say(A.Roll(side=side, element=e.id, cp=cp, into_open=into_open),
                             f"{e.name} rolls to move towards {self._goal_words(s, goals.get(e.id))}"
                             + (" into open ground" if into_open else "")
                             + f": {c['may'] + c['must']:.0%} to advance" + (f" with {_points(cp)}" if cp else ""))
        carried = [e for e in order if e.where == "carried"]
        if carried:
            e = order[0]
            return self._say(A.Hold(side=side, element=e.id), f"{e.name} holds: the rest wait to debus") if e.on_table else None
        return None

    def _goal_words(self, s: FoxState, goal) -> str:
        """The goal point in words: "objective 4 (A6)", else the ground it is to search."""
        if goal is None:
            return "no goal of its own"
        for o in s.objectives:
            if dist(o.x, o.y, *goal) < 1e-6:
                return f"objective {o.number} ({grid_ref(o.x, o.y, tuple(s.table))})"
        return f"unsearched ground {place_words(s, *goal)}"

    def _hold_words(self, s: FoxState, e: Element) -> str:
        if e.unrevealed and e.side == s.defender and e.combatant:
            return f"{e.name} keeps still and hidden {place_words(s, e.x, e.y)}, in ambush"
        if e.kind == "non_combatant":
            return f"{e.name} stays {place_words(s, e.x, e.y)}: non-combatants keep out of the fight"
        return f"{e.name} holds {place_words(s, e.x, e.y)}: no move in reach beats staying"

    def _move_words(self, s: FoxState, e: Element, goal, pts) -> str:
        """What decided a move: an objective it takes, the cover it ends in, the fire it draws."""
        x, y = pts[-1]
        for o in TC.target_objectives(s) if e.side == s.attacker else []:
            if dist(x, y, o.x, o.y) <= TABLES.objectives.radius_mm:
                return f"it takes objective {o.number}"
        odds = TC.use_fire_odds(s, e, pts, moved=True)
        hurt = 0.0 if odds is None else 1.0 - odds["none"]
        cover = TC.cover_at(s, x, y)
        what = "in cover" if cover > 0 else ("in the open" if cover < 0 else "in normal going")
        if odds is None:
            return f"ends {what}, out of the sight of any enemy it knows"
        return f"ends {what}; {hurt:.0%} that the fire it draws hurts it"

    def _use_order(self, s: FoxState, side: str) -> list[Element]:
        mine = [e for e in s.elements.values() if e.side == side and not e.used and (e.on_table or e.where == "carried")]
        goals = self.goals(s, side)

        def key(e: Element):
            g = goals.get(e.id)
            d = dist(e.x, e.y, *g) if g else 999.0
            return (e.where == "carried", not e.combatant, d, e.id)
        on = sorted(mine, key=key)
        # carried elements are used only to debus; the turn ends once the rest are used
        return on

    def _should_debus(self, s: FoxState, e: Element, goal) -> bool:
        v = s.elements.get(e.carried_by or "")
        if v is None or e.bussed_turn == s.turn:
            return False
        near_enemy = min([dist(v.x, v.y, f.x, f.y) for f in known_enemies(s, e.side)] + [999.0])
        near_goal = dist(v.x, v.y, *goal) if goal else 999.0
        return near_enemy < 160 or near_goal < 90

    def _wants_move(self, s: FoxState, e: Element, goal):
        """(gain, into_open) when moving beats holding, else None."""
        if e.unrevealed and e.side == s.defender:
            return None  # stay hidden in ambush
        if e.kind == "non_combatant":
            return None
        if e.route:
            return (10.0, False)
        best = self._best_move(s, e, goal, assume="may")
        if best is None:
            return None
        score, pts, into_open = best
        stay = self._stay_score(s, e, goal)
        if e.side == s.defender:
            if e.suppressed and score <= stay + 5:
                return (1.0, False)  # roll to rally, then stay
            if score > stay + 15:
                return (score - stay, into_open)
            return None
        if score > stay + 3:
            return (score - stay, into_open)
        return None

    def _stay_score(self, s: FoxState, e: Element, goal) -> float:
        """The score of holding where ``e`` stands (once per state and element:
        :meth:`_score_path` weighs it into every move that may be sent back)."""
        key = (s.seq, e.id, e.x, e.y)  # the goal does not enter it
        got = self._stays.get(key)
        if got is None:
            if len(self._stays) > 256:
                self._stays.clear()
            got = self._stays[key] = self._stay_here(s, e)
        return got

    def _stay_here(self, s: FoxState, e: Element) -> float:
        now = TC.harm(TC.use_fire_odds(s, e, [(e.x, e.y)], moved=False))
        later = TC.danger(s, e, e.x, e.y, moved=False)
        v = -(now + W["later"] * later) * W["danger"] + TC.cover_at(s, e.x, e.y) * W["cover"]
        return v + W["stay_bonus"]

    def _destinations(self, s: FoxState, e: Element, goal, share: float) -> list[tuple[list, bool]]:
        """Candidate paths (with whether they are non-tactical): along the
        shortest path to the goal (cut at the allowance and at two shorter
        stops), non-tactically along it when no enemy is near and it keeps out
        of dense terrain, into nearby cover, round a ring."""
        reach = allowance_mm(e, "normal") * share
        out: list[tuple[list, bool]] = []
        from ..rules.movement import truncate
        if goal is not None:
            path = TC.path_to(s, (e.x, e.y), goal)
            down = FD.descend(s, goal, e.x, e.y, allowance_mm(e, "normal") * share * 1.3 + 20)
            for route in (down, path):
                full = TC.reach_along(s, e, route, share * 0.995)
                out.append((full, False))
                L = sum(math.dist(p, q) for p, q in zip(full[:-1], full[1:]))
                for f in (0.5, 0.75):
                    out.append(([(round(x, 2), round(y, 2)) for x, y in truncate(full, L * f)], False))
            far = FD.descend(s, goal, e.x, e.y, allowance_mm(e, "non_tactical") * 1.1)
            fast = self._non_tactical(s, e, far, share)
            if fast is not None:
                out.append((fast, True))
        for x, y in TC.cover_spots(s, e, reach):
            # straight into cover, only where the going leaves it in reach (dense terrain costs double)
            if path_fraction(s, e, [(e.x, e.y), (x, y)], False)[0] <= share * 0.995:
                out.append(([(e.x, e.y), (x, y)], False))
        if e.side == s.attacker:  # places that take an objective in reach
            r = TABLES.objectives.radius_mm
            for o in TC.target_objectives(s):
                if dist(e.x, e.y, o.x, o.y) > reach + r:
                    continue
                for k in range(8):
                    a = 2 * math.pi * k / 8
                    for f in (0.0, 0.5, 0.9):
                        x = min(max(o.x + math.cos(a) * r * f, 15.0), s.table[0] - 15.0)
                        y = min(max(o.y + math.sin(a) * r * f, 15.0), s.table[1] - 15.0)
                        if dist(x, y, o.x, o.y) <= r - 0.05:
                            p = TC.path_to(s, (e.x, e.y), (round(x, 2), round(y, 2)))
                            out.append((TC.reach_along(s, e, p, share * 0.995), False))
        for k in range(12):
            a = 2 * math.pi * k / 12
            for f in (0.5, 0.95):
                out.append(([(e.x, e.y), (round(e.x + math.cos(a) * reach * f, 2),
                                           round(e.y + math.sin(a) * reach * f, 2))], False))
        return [(p, nt) for p, nt in out if len(p) >= 2 and self._walkable(s, e, p, nt, share)]

    @staticmethod
    def _walkable(s: FoxState, e: Element, pts, nt: bool, share: float) -> bool:
        """The rules would let ``e`` walk ``pts`` after a roll that lets it go
        (Foxhole, Movement: within the ``share`` of its allowance left, the centre
        out of impassable terrain, the base on the table and clear of every other
        base). v5.2: v5.1 weighed moves the rules then refused (a ring point deep in
        the jungle at twice the going, an end on a friend's base), rolled for them
        and stayed where it was, its roll and command points spent for nothing."""
        frac, why = path_fraction(s, e, pts, nt)
        if why or frac > share + 1e-9:
            return False
        pts = [tuple(p) for p in pts]
        form = "extended" if nt else "normal"
        return not path_problem(s, e, pts, form, move_heading(e, pts, form))

    def _non_tactical(self, s: FoxState, e: Element, path: list, share: float):
        """The path cut at the non-tactical allowance and before dense terrain,
        when no enemy element or marker is within :data:`NT_CLEAR_START` of the
        start or :data:`NT_CLEAR_END` of the end (ours)."""
        if e.kind == "vehicle" or share < 0.999 or (s.current is not None and s.current.formation_changed):
            return None
        foes = [f for f in s.elements.values() if f.side != e.side and f.on_table and f.kind != "non_combatant"]
        clear_start, clear_end = (NT_CLEAR_START, NT_CLEAR_END) if e.side == s.attacker else NT_CLEAR_DEFENDER
        if any(dist(f.x, f.y, e.x, e.y) < clear_start for f in foes):
            return None
        from ..rules.movement import truncate
        g = geo_of(s)
        allow = allowance_mm(e, "non_tactical") * 0.99
        L = sum(math.dist(p, q) for p, q in zip(path[:-1], path[1:]))
        cut = truncate(path, min(L, allow))
        slow, total = g.lengths(cut)
        if slow > 0:
            lo, hi = 0.0, min(L, allow)
            while hi - lo > 0.2:
                mid = (lo + hi) / 2
                if g.lengths(truncate(path, mid))[0] > 0:
                    hi = mid
                else:
                    lo = mid
            cut = truncate(path, lo)
        cut = [(round(x, 2), round(y, 2)) for x, y in cut]
        if len(cut) < 2 or math.dist(cut[0], cut[-1]) < allowance_mm(e, "normal"):
            return None
        if any(dist(f.x, f.y, *cut[-1]) < clear_end for f in foes):
            return None
        return cut

    def _score_path(self, s: FoxState, e: Element, pts, goal, non_tactical: bool = False) -> float:
        x, y = pts[-1]
        odds = TC.use_fire_odds(s, e, pts, moved=True, non_tactical=non_tactical)
        later = TC.danger(s, e, x, y, moved=False)
        v = -(TC.harm(odds) + W["later"] * later) * W["danger"] + TC.cover_at(s, x, y) * W["cover"]
        v -= TC.open_length(s, pts) * W["open"]
        if goal is not None:
            d0, d1 = FD.cost_to(s, goal, e.x, e.y), FD.cost_to(s, goal, x, y)
            if not math.isfinite(d1):
                return -1e9
            if not math.isfinite(d0):
                d0 = d1 + 1.0
            if e.side == s.attacker:
                v += (d0 - d1) * W["progress"] * urgency(s)
                for o in TC.target_objectives(s):
                    d = dist(x, y, o.x, o.y)
                    if d <= TABLES.objectives.radius_mm:
                        # worth taking only where it can be taken: not held, and the fire there leaves it unhurt
                        held = TC.held_by_enemy(s, e.side, o.x, o.y)
                        if not held or not TC.held_by_enemy(s, e.side, o.x, o.y, markers=False):
                            # an unidentified marker may be a non-combatant, which holds nothing: worth a try
                            v += W["take"] * (1.0 if odds is None else odds["none"]) * (MARKER_HOLDS if held else 1.0)
                    elif d < 40 and any(m.side == e.side and m.id != e.id and m.on_table and
                                        dist(m.x, m.y, o.x, o.y) < d for m in s.elements.values()):
                        v -= 30  # leave room for the one taking it
            else:
                v -= max(0.0, d1 - 50.0) * 0.3
        if e.side == s.attacker and len(pts) >= 2:
            io = TC.interrupt_odds(s, e, pts, non_tactical)
            if io is not None:
                # v5.1: sent back on a suppressed-or-worse result, the use is spent where it began; and the harm
                back = 1.0 - io["none"]
                v = (1.0 - back) * v + back * self._stay_score(s, e, goal) - TC.harm(io) * W["danger"]
        return v

    def _best_move(self, s: FoxState, e: Element, goal, assume: str = "may"):
        """(score, path, into_open) of the move worth most, weighing each by the
        chance its roll lets it go: a path into open ground takes the -2."""
        share = 1.0 - (s.current.used_fraction if s.current is not None and s.current.element == e.id else 0.0)
        stay = self._stay_score(s, e, goal)
        have = s.cp.get(e.side, 0)
        odds = {}
        for op in (False, True):
            c = chances(e, min(have, 2), op)
            odds[op] = c["may"] + c["must"]
        best = None
        for pts, nt in self._destinations(s, e, goal, share):
            score = self._score_path(s, e, pts, goal, nt)
            # only elements on foot stop at open ground and take its -2 (v5.2: a vehicle's roll into open
            # ground is not one the rules accept, and the first legal action stood in for it)
            op = on_foot(e) and TC.open_length(s, pts) > 0.5
            key = odds[op] * (score - stay)
            if best is None or key > best[0]:
                best = (key, score, pts, op)
        if best is None:
            return None
        return best[1], best[2], best[3]

    def _continue(self, s: FoxState, side: str):
        cur = s.current
        e = s.elements[cur.element]
        goals = self.goals(s, side)
        goal = goals.get(e.id)
        if cur.result is None:
            return self._say(A.Stay(side=side, element=e.id), f"{e.name} stays {place_words(s, e.x, e.y)}")
        if e.where == "carried":
            spots = debus_spots(s, e)
            if spots and goal:
                x, y = min(spots, key=lambda p: (dist(*p, *goal), p))
                return self._say(A.Debus(side=side, element=e.id, x=x, y=y),
                                 f"{e.name} gets off {place_words(s, x, y)}, towards {self._goal_words(s, goal)}")
            return self._say(A.Stay(side=side, element=e.id), f"{e.name} stays aboard: nowhere near its goal to get off")
        if e.route:
            ahead = route_ahead(s, e, (1 - cur.used_fraction) * 0.999)
            if len(ahead) >= 2:
                a = A.Move(side=side, element=e.id, path=tuple(ahead[1:]))
                if not problem(s, a):
                    return self._say(a, f"{e.name} follows its programmed route {place_words(s, *ahead[-1], 'to')}")
            return self._say(A.Stay(side=side, element=e.id), f"{e.name}'s programmed route ends here")
        if cur.stopped_at_open and cur.rolls < 2:
            return self._say(A.Stay(side=side, element=e.id),
                             f"{e.name} stops at the edge of open ground {place_words(s, e.x, e.y)}")
        share = 1.0 - cur.used_fraction
        stay = self._stay_score(s, e, goal)
        scored = []
        for pts, nt in self._destinations(s, e, goal, share):
            scored.append((self._score_path(s, e, pts, goal, nt), nt, pts))
        scored.sort(key=lambda t: (-t[0], t[1], t[2]))
        for score, nt, pts in scored:
            if cur.result != "must" and e.side == s.defender and score <= stay + 5:
                break
            if cur.result != "must" and score <= stay:
                break
            if nt:
                a = A.Move(side=side, element=e.id, path=tuple(tuple(p) for p in pts[1:]), non_tactical=True,
                           formation="extended" if e.formation == "normal" else None)
            else:
                form = "normal" if (e.formation == "extended" and not cur.formation_changed) else None
                a = A.Move(side=side, element=e.id, path=tuple(tuple(p) for p in pts[1:]), formation=form)
            if not problem(s, a):
                x, y = pts[-1]
                why = "non-tactically while no enemy is near" if nt else self._move_words(s, e, goal, pts)
                return self._say(a, f"{e.name} moves {place_words(s, x, y, 'to')}, towards {self._goal_words(s, goal)}: {why}")
        a = A.Stay(side=side, element=e.id)
        if not problem(s, a):
            return self._say(a, f"{e.name} stays {place_words(s, e.x, e.y)}: nothing better in reach")
        f = nearest_known(s, e)
        if f is not None:
            for frac in (0.9, 0.6, 0.3, 0.1):
                tx, ty = e.x + (f.x - e.x) * frac, e.y + (f.y - e.y) * frac
                a = A.Move(side=side, element=e.id, path=((round(tx, 2), round(ty, 2)),))
                if not problem(s, a):
                    return self._say(a, f"{e.name} must advance: it closes on {f.name}")
        return None

    def _designate(self, s: FoxState, side: str):
        free = [a for a in s.assets if a.side == side and a.missions > 0
                and not any(st.asset == a.id and not st.fired for st in s.strikes)]
        if not free:
            return None
        foes = known_enemies(s, side)
        mine = [e for e in s.elements.values() if e.side == side and e.on_table]
        best = None
        asset = free[0]
        radius = TABLES.offboard.assets[asset.kind].radius_mm
        for f in foes:
            n = sum(1 for g in foes if dist(g.x, g.y, f.x, f.y) <= radius)
            own = sum(1 for g in mine if dist(g.x, g.y, f.x, f.y) <= radius + 90)
            v = n * 2 + (1 if f.dug_in else 0) - own * 5
            if v > 1 and (best is None or v > best[0]):
                best = (v, f, n)
        if best is None:
            return None
        f = best[1]
        return self._say(A.Designate(side=side, asset=asset.id, x=round(f.x, 2), y=round(f.y, 2),
                                     number=lowest_free(s, side)),
                         f"the {TABLES.offboard.assets[asset.kind].name} on {f.name} {place_words(s, f.x, f.y)}: "
                         f"{_count(best[2], 'known enemy element')} in its reach")

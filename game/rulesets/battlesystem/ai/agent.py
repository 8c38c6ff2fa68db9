"""The default agent ("general"): a general who keeps his units in formation and in command,
screens with skirmishers, shoots before the lines meet, charges when the odds are good,
rallies what runs, and holds the objectives.

It decides one unit at a time from the state alone (no memory between decisions, so a
battle is a pure function of its seed), checks each choice with the rules, and says why in
``reason`` (a :class:`game.ai.agent.Reason`: words naming the units by name, and for volleys
and charges the best candidates it weighed with their scores; every decision gets one):

- rally phase: every rally and mob order it can try ([6.0]);
- fire steps: the volley that should kill most ([10.0]);
- movement: Side A lets the enemy move first ([1.4]); each unit charges the enemy that gives
  the best exchange when it may ([7.14]), else closes with its target (wheeling when it must,
  through a ford when a river is in the way, opening its ranks for woods and water, closing
  them again when clear), bowmen and artillery stand and shoot, skirmishers keep out of charge
  range, the army commander stays behind the middle of the line; individuals join in;
- objectives: melee units are shared out among them, skirmishers without missiles hold the
  nearest one, a second holder goes where the enemy stands on another, a unit that would only
  crowd in behind two friends (or that friends block short of its objective) goes to another
  objective, and late in the battle holders charge only near an objective;
- answers ([14.11] B): a unit the enemy is bound to charge this round sets its spears before
  the charger moves (the side moves first to do it) and stands to receive it ([11.7]);
- flyers ([15.1]-[15.4], the Advanced game): take to the air, carry their bombs high over the
  nearest enemy and drop them, then come down to low altitude and fight like the rest; a
  move that would turn them past their limit in the air is not tried.
"""

from __future__ import annotations

import math
import random

import numpy as np
from shapely.geometry import LineString, Point, Polygon

from game.ai.agent import Reason

from .. import actions as A
from ..formation import block_of
from ..geo import geo_of
from ..profiles import DATA
from ..rules.command import in_command
from ..rules.common import INCH, angle_diff, mv_mm, norm, profile, rating
from ..rules.contact import in_contact
from ..rules.intent import declaration, intent_words
from ..rules.legality import why_not
from ..rules.movement import best_charge, plan_advance, plan_individual, plan_reform, plan_special, plan_wheel, remaining
from ..rules.steps import enemies_within_charge, rally_options
from ..state import BSState, Unit
from .odds import charge_value, strength
from ..rules.words import says, their

M = DATA.tables.movement


class GeneralAgent:
    """See the module notes."""

    name = "general"

    def __init__(self, rng: random.Random, budget=None, charge_threshold: float = 0.05, holders: int = 3,
                 **_: object) -> None:
        self.rng = rng
        self.threshold = float(charge_threshold)
        self.holders = int(holders)
        self.reason: Reason | None = None

    def _say(self, text: str, ranked: list[tuple[float, str]] | None = None) -> None:
        """Leave the reason for this decision: ``text`` says what decided it; ``ranked`` holds
        the candidates weighed as (score, words), listed best first (three at most)."""
        best = sorted(ranked or [], key=lambda t: -t[0])[:3]
        self.reason = Reason(text, tuple((words, float(v)) for v, words in best))

    # -- the decision --------------------------------------------------------------------------------
    def choose(self, ruleset, view: BSState, side: str):
        self.reason = None
        a = self._choose(view, side)
        if a is None or why_not(view, a) is not None:
            st = view.step
            step = f" in the {st.phase.replace('_', ' ')} step" if st is not None and view.pending is None else ""
            self._say(f"nothing more to do{step}")
            return A.EndStep(side=side)
        if self.reason is None:
            self._say(_words(view, a))
        return a

    def _choose(self, s: BSState, side: str):
        if s.pending is not None and s.pending.kind == "declare":
            return self._declare(s, side)
        if s.pending is not None:
            mine, theirs = s.units[s.pending.unit], s.units[s.pending.enemy]
            follow = strength(mine) >= strength(theirs)
            odds = f"strength {strength(mine):.0f} against {strength(theirs):.0f}"
            self._say(f"{mine.name} {says(mine, 'follows')} {theirs.name} as {_they(theirs)} {says(theirs, 'withdraws')} "
                      f"(as strong or stronger: {odds})" if follow else f"{mine.name} {says(mine, 'lets')} {theirs.name} go "
                      f"(weaker: {odds})")
            return A.Follow(side=side, unit=mine.id, follow=follow)
        st = s.step
        if st is None:
            return None
        if st.phase == "choose_first":
            braced = [u for u in s.living(side) if self._declared_chargers(s, u) and plan_special(s, u, "set_spears").legal]
            if braced:
                u = braced[0]
                e = self._declared_chargers(s, u)[0]
                self._say(f"move first: {e.name} {says(e, 'is')} bound to charge {u.name} ([14.11] B), who can set "
                          f"{their(u)} spears before {_they(e)} {says(e, 'comes')} ([11.7])")
                return A.ChooseFirst(side=side, first=side)
            other = next((x for x in s.order if x != side and s.living(x)), side)
            self._say("let the enemy move first and show its hand")
            return A.ChooseFirst(side=side, first=other)
        if st.phase == "rally":
            return self._rally(s, side)
        if st.phase == "missile":
            from .magic import best_cast
            got = best_cast(s, side)
            if got is not None:
                self._say(got[2])
                return got[0]
        if st.phase in ("initial_missile", "missile", "artillery", "pass_fire"):
            return self._fire(s, side, st.phase)
        if st.phase == "move":
            return self._move(s, side)
        return None

    # -- rally -----------------------------------------------------------------------------------------
    def _rally(self, s: BSState, side: str):
        for c, uid in rally_options(s, side):
            u = s.units[uid]
            if u.kind == "mob":
                # a mob is a liability in a fight: it holds unless a beaten enemy is in reach
                near = [e for e in enemies_within_charge(s, u) if s.units[e].routed
                        or charge_value(s, u, s.units[e]) > 0.2]
                order = "charge" if near else "halt"
                if (u.mob_order or "halt") == order and not u.routed:
                    continue
                self._say(f"order {u.name} to {order}: " + ("a routed enemy, or one it should beat, is in reach" if near
                          else "a mob is a liability in a fight"))
                return A.GiveOrder(side=side, commander=c, unit=uid, order=order)
            self._say(f"{_name(s, c)} {says(s.chars.get(c), 'tries')} to rally {u.name}")
            return A.Rally(side=side, commander=c, unit=uid)
        return None

    # -- missiles --------------------------------------------------------------------------------------
    def _fire(self, s: BSState, side: str, phase: str):
        from ..rules import crt
        from ..rules.missiles import fire_options, missile_ar, volley
        from ..rules.ratings import missile_damage
        best, score, ranked = None, -1.0, []
        for uid, tid in fire_options(s, side, phase):
            u, t = s.units[uid], s.units[tid]
            info = volley(s, u, t, phase)
            if info is None:
                continue
            base, mods = missile_ar(s, u, t, info)
            piece = info["piece"]
            ac = piece.target_ac if piece is not None else rating(t).ac
            roll = base + sum(v for _, v in mods) - ac + 7
            dice = [piece.damage] if piece is not None else missile_damage(profile(u), rating(t).size)
            per, _ = crt.hits(roll, dice)
            n = 1 if piece is not None else len(info["seers"])
            kills = min(per * n / rating(t).hd_per_figure, len(info["seen"]))
            value = kills + (0.5 if t.charged else 0.0)
            ranked.append((value, f"{u.name} at {t.name}"))
            if value > score:
                best, score = A.Fire(side=side, unit=uid, target=tid), value
        if phase == "missile" and s.game == "advanced":
            from ..rules.flying import bomb_options, bomb_roll, flying_data
            for uid, tid in bomb_options(s, side):
                u, t = s.units[uid], s.units[tid]
                ar, ac, _ = bomb_roll(s, u)
                per, _ = crt.hits(ar - ac + 7, [flying_data().bomb_damage] * u.bombs)
                value = min(per * u.figures / rating(t).hd_per_figure, t.figures)
                ranked.append((value, f"{u.name} bomb {t.name}"))
                if value > score:
                    best, score = A.Bomb(side=side, unit=uid, target=tid), value
        if best is not None:
            u, t = s.units[best.unit], s.units[best.target]
            verb = says(u, "bombs") if isinstance(best, A.Bomb) else f"{says(u, 'shoots')} at"
            charging = " (charging: shot before it strikes)" if t.charged and not isinstance(best, A.Bomb) else ""
            self._say(f"{u.name} {verb} {t.name}: about {score:.1f} figures should fall{charging}, "
                      f"the most of {len(ranked)} volley{'s' if len(ranked) != 1 else ''} in reach", ranked)
        return best

    # -- movement --------------------------------------------------------------------------------------
    def _move(self, s: BSState, side: str):
        units = sorted(s.living(side), key=lambda u: (not _is_skirmish(u), u.id))
        for u in units:
            if u.status != "ok" or u.move_done or u.kind == "mob" or u.uncontrolled or u.rallied:
                continue
            self.reason = None
            a = self._unit(s, u)
            if a is None:
                a = A.HoldStill(side=side, unit=u.id)  # decided: done for this phase
                if self.reason is None:
                    self._say(self._why_still(s, u))
            if declaration(u, s.turn) is not None and why_not(s, a) is not None:
                a = self._bound(s, u)
            return a
        for c in sorted(s.chars.values(), key=lambda c: c.id):
            if c.side == side and c.active and not c.with_unit and not c.move_done:
                self.reason = None
                a = self._individual(s, c)
                if a is None and self.reason is None:
                    self._say(f"{c.name} {says(c, 'stays')} put: already in place")
                return a if a is not None else A.HoldStill(side=side, unit=c.id)
        return None

    def _why_still(self, s: BSState, u: Unit) -> str:
        """Words for a unit that holds still without a reason given on the way."""
        if profile(u).piece:
            return f"{u.name} {says(u, 'stays')} in place: an artillery piece does not move in this step"
        if u.engaged_start or in_contact(s, u):
            return f"{u.name} {says(u, 'fights')} on where {_they(u)} {says(u, 'stands')}"
        if not any(e.figures and e.on_table for e in s.enemies_of(u.side)):
            return f"{u.name} {says(u, 'holds')}: no enemy on the table"
        if remaining(s, u) < INCH * 0.5:
            return f"{u.name} {says(u, 'has')} no move left"
        return f"{u.name} {says(u, 'holds')}: no move from here brings {'them' if _they(u) == 'they' else 'it'} closer"

    # -- [14.11] B declarations ---------------------------------------------------------------------
    def _declare(self, s: BSState, side: str):
        """[14.11] B the enemy asked what a unit will do next round: declare what this agent
        would have it do in a movement step from where it stands now (its round's records
        cleared): a charge it would make, a move, or holding its place."""
        from ..apply import ROUND_FIELDS
        u = s.units[s.pending.unit]
        t = s.clone()
        tu = t.units[u.id]
        for k, v in ROUND_FIELDS.items():
            setattr(tu, k, list(v) if isinstance(v, list) else v)
        tu.engaged_start = in_contact(t, tu)
        a = self._unit(t, tu)
        if isinstance(a, A.Charge):
            intent, target = "charge", a.target
        elif a is None or isinstance(a, (A.HoldStill, A.SpecialFormation, A.Reform, A.Frontage, A.Face)):
            intent, target = "hold", ""
        else:
            intent, target = "move", ""
        d = A.Declare(side=side, unit=u.id, intent=intent, target=target)
        if why_not(s, d) is not None:
            d = A.Declare(side=side, unit=u.id, intent="move")
        self._say(f"declare what {u.name} would do: {intent_words(s, d.intent, d.target, u)}")
        return d

    def _bound(self, s: BSState, u: Unit):
        """[14.11] B the unit's declaration forbids what the agent wanted: keep the word (charge
        the named enemy when it can, else stand; a unit bound to move closes with the enemy
        without charging, or stands)."""
        intent, target = declaration(u, s.turn)
        if intent == "charge" and target in s.units and not u.move_began:
            got = best_charge(s, u, target)
            if got is not None:
                (piv, wh, off), _ = got
                self._say(f"{u.name} {says(u, 'keeps')} {their(u)} word and {says(u, 'charges')} {s.units[target].name}")
                return A.Charge(side=u.side, unit=u.id, target=target, pivot=piv, wheel=wh, offset=off)
        if intent == "move":
            enemies = [e for e in s.enemies_of(u.side) if e.figures and e.on_table]
            a = self._close(s, u, enemies) if enemies and not (u.engaged_start or in_contact(s, u)) else None
            if a is not None and why_not(s, a) is None:
                return a
        self._say(f"{u.name} {says(u, 'is')} bound by {their(u)} declaration and {says(u, 'stands')}")
        return A.HoldStill(side=u.side, unit=u.id)

    @staticmethod
    def _declared_chargers(s: BSState, u: Unit) -> list[Unit]:
        """[14.11] B the enemy units whose answer to a question binds them to charge ``u`` this
        round and that have not moved yet (what the asking side was told), by id."""
        return [e for e in sorted(s.enemies_of(u.side), key=lambda e: e.id)
                if e.status == "ok" and e.figures and not e.move_began and not e.move_done
                and declaration(e, s.turn) == ("charge", u.id)]

    def _brace(self, s: BSState, u: Unit):
        """[14.11] B, [11.7] the answer to a question put to the enemy is used: a unit the
        enemy is bound to charge this round sets its spears before the charger moves, and then
        stands to receive it (the set spears strike first and double their damage). None when
        no declared charge is coming at ``u`` or it cannot set spears."""
        chargers = self._declared_chargers(s, u)
        if not chargers or u.engaged_start or in_contact(s, u):
            return None
        e = chargers[0]
        if u.set_spears:
            self._say(f"{u.name} {says(u, 'stands')} with spears set for {e.name}, who {says(e, 'is')} bound to charge")
            return A.HoldStill(side=u.side, unit=u.id)
        if plan_special(s, u, "set_spears").legal:
            self._say(f"{u.name} {says(u, 'sets')} {their(u)} spears: {e.name} {says(e, 'is')} bound to charge "
                      f"{'them' if _they(u) == 'they' else 'it'} this round ([14.11] B, [11.7])")
            return A.SpecialFormation(side=u.side, unit=u.id, formation="set_spears")
        return None

    def _unit(self, s: BSState, u: Unit):
        if profile(u).piece:
            return None
        braced = self._brace(s, u)
        if braced is not None:
            return braced
        if s.game == "advanced" and u.altitude >= 0:
            from ..rules.flying import can_fly
            if can_fly(s, u):
                a = self._flyer(s, u)
                if a is not False:
                    return a
                a = self._ground_unit(s, u)
                if a is not None and why_not(s, a) is not None:  # nothing past its turn limit
                    self._say(f"{u.name} {says(u, 'holds')} {their(u)} course: any turn now would pass "
                              f"{their(u)} limit in the air")
                    return None
                return a
        return self._ground_unit(s, u)

    def _flyer(self, s: BSState, u: Unit):
        """[15.1]-[15.4] what a flying unit does before it fights like the rest (False: fight)."""
        from ..rules.flying import beneath, plan_climb
        if u.engaged_start or in_contact(s, u):
            return False
        ground = [e for e in s.enemies_of(u.side) if e.figures and e.status == "ok" and e.altitude <= 0]
        want = 2 if (u.bombs and ground) else 1
        if u.altitude == 0:
            if not u.move_began and plan_climb(s, u, want).legal:
                self._say(f"{u.name} {says(u, 'takes')} to the air")
                return A.Climb(side=u.side, unit=u.id, levels=want)
            return False
        if u.bombs and ground and u.altitude >= 2:
            if any(beneath(s, u, e) for e in ground):
                self._say(f"{u.name} {says(u, 'circles')} over the enemy")
                return None
            c = block_of(u).centre
            e = min(ground, key=lambda e: (math.dist(c, block_of(e).centre), e.id))
            a = self._step_towards(s, u, block_of(e).centre)
            if a is not None and why_not(s, a) is None:
                self._say(f"{u.name} {says(u, 'flies')} over {e.name} to bomb it")
                return a
            return None
        if u.altitude >= 2:
            down = A.Climb(side=u.side, unit=u.id, levels=1 - u.altitude)
            if why_not(s, down) is None:
                self._say(f"{u.name} {says(u, 'swoops')} down to fight")
                return down
            b = block_of(u)
            clear = A.Advance(side=u.side, unit=u.id, distance=round(min(remaining(s, u), 2 * b.depth + INCH), 2))
            if not u.move_began and why_not(s, clear) is None:
                self._say(f"{u.name} {says(u, 'flies')} clear of the enemy below before it comes down")
                return clear
            return None
        return False

    def _ground_unit(self, s: BSState, u: Unit):
        if u.engaged_start or in_contact(s, u):
            return self._engaged(s, u)
        enemies = [e for e in s.enemies_of(u.side) if e.figures and e.on_table]
        if not enemies:
            return None
        obj = self._holding(s, u)
        if not u.move_began and u.kind != "skirmish":
            c = self._charge(s, u, obj)
            if c is not None:
                return c
        if obj is not None:
            ox, oy, r = obj
            c = block_of(u).centre
            foes_on = [e for e in enemies if e.status == "ok" and _on_objective(e, obj)]
            if foes_on and s.turn >= s.turn_limit - 3:
                # a contested objective late in the battle: close with the enemy on it
                e = min(foes_on, key=lambda e: (math.dist(c, block_of(e).centre), e.id))
                a = self._step_towards(s, u, block_of(e).centre, towards=e.name)
                if a is not None:
                    self._say(f"{u.name} {says(u, 'drives')} {e.name} off the objective")
                    return a
            if math.dist(c, (ox, oy)) <= r * 0.6:
                self._say(f"{u.name} {says(u, 'holds')} the objective")
                return None
            a = self._step_towards(s, u, _route(s, u, (ox, oy)), limit=max(0.0, math.dist(c, (ox, oy)) - r * 0.3),
                                   towards="the objective")
            if a is None and not _on_objective(u, obj):
                a = self._elsewhere(s, u, obj)
            return a
        if profile(u).missile and self._can_shoot(s, u, enemies):
            self._say(f"{u.name} {says(u, 'stands')} to shoot: an enemy is in reach of {their(u)} missiles")
            return None
        if u.kind == "skirmish":
            return self._skirmish(s, u, enemies)
        return self._close(s, u, enemies)

    def _engaged(self, s: BSState, u: Unit):
        from ..rules.contact import enemies_in_contact
        foes = [s.units[e] for e in enemies_in_contact(s, u) if e in s.units]
        if not foes or u.move_began:
            return None
        worst = max(charge_value(s, f, u) for f in foes)
        if worst > 0.6 and u.figures < 0.4 * u.original:
            a = A.Withdraw(side=u.side, unit=u.id)
            if why_not(s, a) is None:
                self._say(f"{u.name} {says(u, 'pulls')} back from a losing fight")
                return a
        return None

    def _holding(self, s: BSState, u: Unit):
        """The objective ``u`` is to take and hold (x, y, radius), or None. The side's melee units
        are shared out among the objectives, nearest first, turn about, up to ``holders`` an
        objective; skirmishers without missiles (they may not charge or touch formed troops,
        [7.4], [7.14], but an objective counts them) hold the objective nearest them. A unit
        that can charge, standing on its objective with a friend and no enemy there, is sent to
        the nearest objective an enemy stands on."""
        if not s.objectives:
            return None
        objs = sorted(s.objectives.items())
        if u.kind == "skirmish":
            if not _holder_kind(u):
                return None
            c = block_of(u).centre
            return min((o for _, o in objs), key=lambda o: math.dist(c, o[:2]))
        mine = [m for m in s.living(u.side) if m.status == "ok" and m.figures and _holder_kind(m) and m.kind != "skirmish"]
        taken: dict[str, str] = {}
        for _ in range(self.holders):
            for oid, (ox, oy, r) in objs:
                free = [m for m in mine if m.id not in taken]
                if not free:
                    break
                m = min(free, key=lambda m: (math.dist(block_of(m).centre, (ox, oy)), m.id))
                taken[m.id] = oid
        oid = taken.get(u.id)
        if oid is None:
            return None
        here = s.objectives[oid]
        spare = self._spare(s, u, oid, objs)
        if spare is not None:
            return spare
        if u.kind != "skirmish" and _on_objective(u, here):
            # held already: another friend stands on it and no enemy does; a unit that can
            # charge goes to help where the enemy stands on another objective
            friends = [m for m in s.living(u.side) if m is not u and m.status == "ok" and m.figures and _on_objective(m, here)]
            foes = [e for e in s.enemies_of(u.side) if e.status == "ok" and e.figures and e.on_table]
            if friends and not any(_on_objective(e, here) for e in foes):
                c = block_of(u).centre
                fought = [o for k, o in objs if k != oid and any(_on_objective(e, o) for e in foes)]
                if fought:
                    return min(fought, key=lambda o: math.dist(c, o[:2]))
        return here

    @staticmethod
    def _helped(s: BSState, u: Unit, oid: str, objs) -> list:
        """The other objectives, nearest ``u`` first, that need ``u`` more than objective
        ``oid``: one an enemy stands on, or one fewer friends stand on (``u`` not counted). []
        when ``oid`` itself has an enemy on it or no friend on it."""
        here = s.objectives[oid]
        foes = [e for e in s.enemies_of(u.side) if e.status == "ok" and e.figures and e.on_table]
        friends = _fellow_holders(s, u)
        held = sum(_on_objective(m, here) for m in friends)
        if held == 0 or any(_on_objective(e, here) for e in foes):
            return []
        c = block_of(u).centre
        out = [(not any(_on_objective(e, o) for e in foes), math.dist(c, o[:2]), k) for k, o in objs if k != oid
               and (any(_on_objective(e, o) for e in foes) or sum(_on_objective(m, o) for m in friends) < held)]
        return [s.objectives[k] for _, _, k in sorted(out)]

    def _spare(self, s: BSState, u: Unit, oid: str, objs):
        """Another objective for a melee unit not yet on its own objective ``oid`` when two
        friends already hold that one with no enemy there (it would only crowd in behind them):
        the one it already stands on if it holds that alone or against an enemy, else the
        nearest one an enemy stands on, else the nearest with fewer friends on it. None: keep
        ``oid``."""
        here = s.objectives[oid]
        if u.kind == "skirmish" or _on_objective(u, here):
            return None
        if sum(_on_objective(m, here) for m in _fellow_holders(s, u)) < 2:
            return None
        helped = self._helped(s, u, oid, objs)
        standing = [o for o in helped if _on_objective(u, o)]
        return (standing or helped or [None])[0]

    def _elsewhere(self, s: BSState, u: Unit, obj):
        """A unit that no move brings nearer its objective ``obj`` (friends in the way) and
        that is not on it goes towards another objective that needs it more (:meth:`_helped`);
        None when there is none or no move brings it nearer that one either."""
        oid = next((k for k, o in s.objectives.items() if tuple(o) == tuple(obj)), None)
        if oid is None:
            return None
        for o in self._helped(s, u, oid, sorted(s.objectives.items())):
            c = block_of(u).centre
            a = self._step_towards(s, u, _route(s, u, o[:2]), limit=max(0.0, math.dist(c, o[:2]) - o[2] * 0.3),
                                   towards="another objective")
            if a is not None:
                self._say(f"{u.name} cannot get nearer {_label(s, obj)} past {their(u)} friends: "
                          f"{'they go' if _they(u) == 'they' else 'it goes'} to {_label(s, o)}")
                return a
        return None

    def _charge(self, s: BSState, u: Unit, obj=None):
        ranked = []
        late = s.turn >= s.turn_limit - 3
        for e in enemies_within_charge(s, u)[:4]:
            v = charge_value(s, u, s.units[e])
            near_obj = any(_on_objective(s.units[e], (ox, oy, r + 4 * INCH)) for ox, oy, r in s.objectives.values())
            if late and obj is not None and not near_obj:
                continue  # late in the battle a holder does not leave its objective for a far fight
            if near_obj:
                v += 0.6 if late else (0.15 if obj is not None else 0.0)  # clear the objective
            ranked.append((v, e))
        ranked.sort(reverse=True)
        weighed = [(v, f"charge {s.units[e].name}") for v, e in ranked]
        blocked: list[str] = []
        for v, eid in ranked:
            if v <= self.threshold:
                break
            got = best_charge(s, u, eid)
            if got is None:
                blocked.append(s.units[eid].name)
                continue
            (piv, wh, off), _ = got
            self._say(f"{u.name} {says(u, 'charges')} {s.units[eid].name}: the best exchange of blows "
                      f"{'it can reach' if blocked else 'in reach'} ({v:+.2f})"
                      + (f"; no way to charge {' or '.join(blocked)}" if blocked else ""), weighed)
            return A.Charge(side=u.side, unit=u.id, target=eid, pivot=piv, wheel=wh, offset=off)
        return None

    def _can_shoot(self, s: BSState, u: Unit, enemies) -> bool:
        from ..rules.missiles import volley
        return any(volley(s, u, e, "missile") is not None for e in enemies)

    def _target(self, s: BSState, u: Unit, enemies) -> tuple[tuple[float, float], str]:
        """Where ``u`` heads, with words for it: the nearest enemy worth fighting, else the
        nearest objective."""
        c = block_of(u).centre
        live = [e for e in enemies if e.status == "ok"] or enemies
        e = min(live, key=lambda e: (math.dist(c, block_of(e).centre) - (40 * INCH if e.routed else 0), e.id))
        ed = math.dist(c, block_of(e).centre)
        if s.objectives:
            ox, oy, r = min(s.objectives.values(), key=lambda o: math.dist(c, o[:2]))
            late = s.turn >= s.turn_limit - 3
            if late:
                # late in the battle: the enemy contesting the objective, else the objective
                on = [x for x in live if _on_objective(x, (ox, oy, r + 3 * INCH))]
                if on:
                    x = min(on, key=lambda x: (math.dist(c, block_of(x).centre), x.id))
                    return block_of(x).centre, x.name
                return (ox, oy), "the objective"
            if ed > 3 * mv_mm(u) * M.charge:
                return (ox, oy), "the objective"
        return block_of(e).centre, e.name

    def _close(self, s: BSState, u: Unit, enemies):
        aim, words = self._target(s, u, enemies)
        return self._step_towards(s, u, _route(s, u, aim), towards=words)

    def _skirmish(self, s: BSState, u: Unit, enemies):
        c = block_of(u).centre
        danger = max((mv_mm(e) * M.charge for e in enemies if e.kind not in ("skirmish", "artillery")), default=0.0)
        e = min(enemies, key=lambda e: (math.dist(c, block_of(e).centre), e.id))
        ec = block_of(e).centre
        d = Polygon(block_of(u).outline).distance(Polygon(block_of(e).outline))
        keep = danger + INCH
        if d < keep:
            away = (c[0] + (c[0] - ec[0]), c[1] + (c[1] - ec[1]))
            a = self._step_towards(s, u, away, limit=keep - d, towards=f"away from {e.name}")
            if a is not None and isinstance(a, A.Advance):
                self._say(f"{u.name} {says(u, 'falls')} back from {e.name}: skirmishers keep out of charge reach")
            return a
        return self._step_towards(s, u, _route(s, u, ec), limit=max(0.0, d - keep), towards=e.name)

    def _step_towards(self, s: BSState, u: Unit, goal: tuple[float, float], limit: float | None = None,
                      towards: str | None = None):
        """A wheel, a face or an advance that brings ``u`` nearer ``goal`` (table mm), at most
        ``limit`` mm; None when none does. ``towards`` names the goal in the reason (a unit's
        name, "the objective"; None: "its goal")."""
        left = remaining(s, u)
        if left < INCH * 0.5:
            return None
        way = towards if towards and towards.startswith("away") else f"towards {towards or their(u) + ' goal'}"
        b = block_of(u)
        want = norm(math.degrees(math.atan2(goal[1] - b.y, goal[0] - b.x)))
        d = angle_diff(want, u.heading)
        dist = math.dist((b.x, b.y), goal)
        if u.formation != "skirmish" and abs(d) > M.oblique_max_deg + 1.0:
            if u.move_began and left < 2 * INCH:
                return None
            piv = "right" if d > 0 else "left"
            cap = math.degrees(left / max(b.width, 1e-9))
            ang = math.copysign(min(abs(d), cap, 120.0), d)
            if abs(ang) >= 5.0:
                p = plan_wheel(s, u, piv, ang)
                if p.legal and p.length > 1.0:
                    self._say(f"{u.name} {says(u, 'wheels')} {way}")
                    return A.Wheel(side=u.side, unit=u.id, pivot=piv, angle=round(ang, 2))
                other = "left" if piv == "right" else "right"
                p = plan_wheel(s, u, other, ang)
                if p.legal and p.length > 1.0:
                    self._say(f"{u.name} {says(u, 'wheels')} {way}")
                    return A.Wheel(side=u.side, unit=u.id, pivot=other, angle=round(ang, 2))
            turn = 90 if d > 0 else -90
            if abs(d) > 135:
                turn = 180
            a = A.Face(side=u.side, unit=u.id, turn=turn)
            if not u.move_began and why_not(s, a) is None:
                self._say(f"{u.name} {says(u, 'turns')} {way}")
                return a
            return None
        lim = 180.0 if u.formation == "skirmish" else M.oblique_max_deg
        off = max(-lim, min(lim, d))
        go = min(left, dist if limit is None else min(dist, limit))
        if go < INCH * 0.5:
            return None
        best = None
        # straight at the goal first; if a friend or the terrain is in the way, a few angles either side
        for k, dev in enumerate((0.0, 15.0, -15.0, 30.0, -30.0, 45.0, -45.0)):
            o = max(-lim, min(lim, off + dev))
            p = plan_advance(s, u, round(go, 2), o)
            if not p.legal and "closed formation" in p.reason and u.formation == "closed" and k == 0:
                r = plan_reform(s, u, "open")
                if r.legal:
                    self._say(f"{u.name} {says(u, 'opens')} {their(u)} ranks for the terrain ahead")
                    return A.Reform(side=u.side, unit=u.id, formation="open")
            if not p.legal or p.length <= 1.0:
                continue
            hit_friend = p.hit.hit and p.hit.side == u.side
            gain = dist - math.dist((p.block.x, p.block.y), goal)
            score = gain - (INCH if hit_friend else 0.0)
            if best is None or score > best[0] + 1e-9:
                best = (score, o, p.length)
            if not p.hit.hit and k == 0:
                break
        if best is None or best[0] <= 0.5:
            return None
        self._say(f"{u.name} {says(u, 'advances')} {way}" if not way.startswith("away") else f"{u.name} {says(u, 'moves')} {way}")
        return A.Advance(side=u.side, unit=u.id, distance=round(best[2], 2), offset=round(best[1], 2))

    def _individual(self, s: BSState, c):
        mine = [u for u in s.living(c.side) if u.status == "ok" and u.figures]
        if not mine:
            return None
        from ..rules.magic import known
        if known(s, c.id):  # a caster stays out of melee and still when it can cast ([14.1])
            from ..spells import SPELLS
            from ..rules.magic import caster_level, spell_range_mm
            reach = max(spell_range_mm(SPELLS[x], caster_level(c)) for x in known(s, c.id))
            if any(math.dist((c.x, c.y), block_of(e).centre) < reach for e in s.enemies_of(c.side) if e.figures):
                self._say(f"{c.name} {says(c, 'stands')} to cast")
                return None
        elif c.role == "hero":
            foes = [o for o in s.chars.values() if o.side != c.side and o.active and not o.with_unit]
            for o in sorted(foes, key=lambda o: math.dist((c.x, c.y), (o.x, o.y))):
                if math.dist((c.x, c.y), (o.x, o.y)) < 10 * INCH:
                    a = A.MoveIndividual(side=c.side, individual=c.id, x=round(o.x, 2), y=round(o.y, 2))
                    if why_not(s, a) is None:
                        self._say(f"{c.name} seeks out {o.name}")
                        return a
        pts = np.array([block_of(u).centre for u in mine])
        cx, cy = pts.mean(axis=0)
        home = s.home.get(c.side, 90.0)
        gx, gy = cx + 3 * INCH * math.cos(math.radians(home)), cy + 3 * INCH * math.sin(math.radians(home))
        if c.role in ("army", "brigade"):
            out = [u for u in mine if u.kind in ("regular", "elite", "berserker") and not in_command(s, u)]
            if out:
                gx, gy = block_of(out[0]).centre
                gx += 2 * INCH * math.cos(math.radians(home))
                gy += 2 * INCH * math.sin(math.radians(home))
        d = math.dist((c.x, c.y), (gx, gy))
        if d < INCH:
            return None
        from ..rules.ratings import character_mv
        mv = character_mv(DATA.characters[c.profile]) * INCH - c.moved
        if mv < INCH:
            return None
        f = min(1.0, mv / d)
        for k in (1.0, 0.6, 0.3):
            x, y = c.x + (gx - c.x) * f * k, c.y + (gy - c.y) * f * k
            W, H = s.table
            x, y = min(max(x, 10.0), W - 10.0), min(max(y, 10.0), H - 10.0)
            a = clear_move(s, c, x, y)
            if a is not None:
                self._say(f"{c.name} keeps behind the line")
                return a
        return None


def _they(f) -> str:
    """The pronoun for ``f`` in a reason, agreeing with its name like :func:`says`."""
    return "they" if says(f, "is") == "are" else "it"


def _name(s: BSState, fid: str | None) -> str:
    """A unit's or an individual's name ("the commander" when it is not in ``s``)."""
    f = s.units.get(fid) or s.chars.get(fid) if fid else None
    return getattr(f, "name", "") or "the commander"


def _words(s: BSState, a) -> str:
    """Words for an action chosen without a reason given on the way: who acts, and the
    action as its button names it (``describe_action_in``: names, never ids)."""
    from ..display.describe import describe_action_in
    who = next((getattr(a, k) for k in ("unit", "individual", "caster", "commander") if getattr(a, k, None)), None)
    what = describe_action_in(s, a)
    return f"{_name(s, who)}: {what[:1].lower()}{what[1:]}" if who else what


def clear_move(s: BSState, c, x: float, y: float):
    """The move of individual ``c`` towards (x, y) mm, rounded as the action carries it, when
    that very move goes more than 1 mm without meeting anything, else None. (A plan checked on
    the unrounded point could pass where the rounded one is stopped at once by a friend's base:
    a move of 0" that the agent would repeat for ever.)"""
    a = A.MoveIndividual(side=c.side, individual=c.id, x=round(x, 2), y=round(y, 2))
    p = plan_individual(s, c, a.x, a.y)
    return a if p.legal and p.length > 1.0 and p.contact is None else None


def _holder_kind(u: Unit) -> bool:
    """Whether ``u`` is one of the units sent to take and hold objectives: melee units (regular,
    elite, berserker) and skirmishers without missiles; not missile troops or artillery."""
    return (u.kind in ("regular", "elite", "berserker", "skirmish")) and not profile(u).missile and not profile(u).piece


def _fellow_holders(s: BSState, u: Unit) -> list[Unit]:
    """``u``'s friends in good order that take and hold objectives (:func:`_holder_kind`)."""
    return [m for m in s.living(u.side) if m is not u and m.status == "ok" and m.figures and _holder_kind(m)]


def _label(s: BSState, obj) -> str:
    """The objective at (x, y, radius) by its map label ("the barrow"), else "the objective"."""
    k = next((k for k, o in s.objectives.items() if tuple(o) == tuple(obj)), None)
    return s.objective_names.get(k, "the objective") if k is not None else "the objective"


def _on_objective(u: Unit, obj) -> bool:
    """A figure of ``u`` stands within the objective (x, y, radius)."""
    c = block_of(u).centres
    return bool(len(c)) and bool((np.hypot(c[:, 0] - obj[0], c[:, 1] - obj[1]) <= obj[2]).any())


def _is_skirmish(u: Unit) -> bool:
    return u.kind == "skirmish"


def _route(s: BSState, u: Unit, goal: tuple[float, float]) -> tuple[float, float]:
    """The goal, or the nearer side of the best ford when water lies between ([11.8])."""
    g = geo_of(s)
    c = block_of(u).centre
    if g.blocked_union.is_empty or not g.blocked_union.intersects(LineString([c, goal])):
        return goal
    fords = [i for i in g.feats if g.feats[i].fordable]
    if not fords:
        return goal
    best = min(fords, key=lambda i: math.dist(c, g.poly[i].centroid.coords[0]) + math.dist(g.poly[i].centroid.coords[0], goal))
    poly = g.poly[best]
    fx, fy = poly.centroid.coords[0]
    if poly.distance(Point(c)) < 2 * INCH or poly.intersects(Polygon(block_of(u).outline)):
        # in or at the ford: cross straight over
        return (fx + (fx - c[0]), fy + (fy - c[1]))
    # the ford's near edge, straight across from its middle
    minx, miny, maxx, maxy = poly.bounds
    if abs(c[1] - fy) > abs(c[0] - fx):
        return (fx, miny - 3 * INCH if c[1] < fy else maxy + 3 * INCH)
    return (minx - 3 * INCH if c[0] < fx else maxx + 3 * INCH, fy)

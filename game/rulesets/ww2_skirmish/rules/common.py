"""Shared by the rules modules: the event emitter, names, perks, the tests a
unit takes (agility, leadership, composure), composure tokens and the damage
a model takes (ww2_skirmish.txt: Characteristics, Composure, Squad Weapons).
"""

from __future__ import annotations

import re
from typing import Callable

from game.core.dice import Dice
from game.core.emitter import Emitter as CoreEmitter
from game.core.event import Event, Target
from game.core.logtext import agree, plural_name

from ..apply import apply as apply_event
from ..bodies import centroid, unit_gap
from ..catalogue import DATA, T, composure_result, inches
from ..events import ModelDamaged, Note, PendingAdded, UnitSet
from ..geo import geo_of
from ..state import Model, Unit, WWState

#: composure results that let a unit re-roll 1s on its combat rolls
REROLL_ONES = ("steady", "strong", "brave")
#: composure results in words
STATUS_WORDS = {"steady": "steady (passed)", "shell_shocked": "shell-shocked", "afraid": "afraid", "in_shock": "in shock",
                "struggling": "struggling", "strong": "strong", "brave": "brave"}


class Emitter(CoreEmitter[WWState]):
    """The core emitter (:class:`game.core.emitter.Emitter`: events applied to a
    scratch copy of the state) with the WW2 ruleset's apply by default and its
    own short-hands for notes and unit changes."""

    def __init__(self, state: WWState, dice: Dice, apply: Callable[[WWState, Event], None] = apply_event) -> None:
        super().__init__(state, dice, apply)

    def note(self, text: str, side: str | None = None) -> None:
        self.emit(Note(text=text, side=side))

    def set_unit(self, u: Unit, text: str = "", **fields) -> None:
        self.emit(UnitSet(unit=u.id, fields=fields, text=text))


# -- names --------------------------------------------------------------------------
def uname(s: WWState, u: Unit | str) -> str:
    """A unit's name as a player reads it."""
    u = s.units[u] if isinstance(u, str) else u
    return u.name


def mname(s: WWState, m: Model | str) -> str:
    """A model's name: its own for a squad member ("German Rifle Squad 2 #3";
    with its unit's where its own does not hold it), else its unit's."""
    m = s.models[m] if isinstance(m, str) else m
    u = s.units[m.unit]
    if len(u.models) <= 1:
        return u.name
    return m.name if m.name.startswith(u.name) else f"{m.name} of {u.name}"


def wname(wid: str) -> str:
    """A weapon's name."""
    return DATA.weapons[wid].name


def side_name(s: WWState, side: str) -> str:
    """A side's name (its id: the scenario names its sides)."""
    return side


#: a side's name as the scenarios give it, an adjective of nationality ("British"),
#: -> the side as the subject of a sentence, a plural noun ("the British win")
SIDE_NOUNS = {"British": "the British", "German": "the Germans", "American": "the Americans",
              "Soviet": "the Soviets", "Italian": "the Italians", "French": "the French"}


def side_noun(s: WWState, side: str) -> tuple[str, bool]:
    """The side as a sentence's subject and whether that is plural: ("the
    Germans", True) for a side the scenario names "German"; a name without a
    plural form of its own stands as it is (plural by its form,
    :func:`game.core.logtext.plural_name`), the id where the scenario names none."""
    name = s.side_names.get(side) or side
    if name in SIDE_NOUNS:
        return SIDE_NOUNS[name], True
    return name, plural_name(name)


def side_says(s: WWState, side: str, verb: str, rest: str = "") -> str:
    """``"the Germans win priority"``: the side (:func:`side_noun`), ``verb``
    (written in its singular, "wins", "has") agreeing with it, then ``rest``
    where "its" becomes "their" for a plural side."""
    noun, many = side_noun(s, side)
    if many:
        rest = re.sub(r"\bits\b", "their", rest)
    return f"{noun} {agree(verb, many)}" + (f" {rest}" if rest else "")


# -- perks and profiles ---------------------------------------------------------------
def perk(u: Unit, effect: str) -> int:
    """The value of the unit's perk with ``effect`` (0 when it has none) (Perks, ours)."""
    return sum(DATA.perks[p].value for p in u.perks if DATA.perks[p].effect == effect)


def prof(u: Unit):
    """The unit's profile (data/units.toml)."""
    return DATA.units[u.profile]


def status_now(s: WWState, u: Unit) -> str | None:
    """The composure result in force on the unit (None when none)."""
    return u.status if u.status and s.turn <= u.status_until else None


def in_trench(s: WWState, u: Unit) -> bool:
    """Most of the unit's living models stand in a trench (Trenches)."""
    g = geo_of(s)
    ms = s.alive(u)
    return bool(ms) and sum(1 for m in ms if g.in_trench(m.x, m.y)) * 2 > len(ms)


def rank_near(s: WWState, u: Unit) -> Unit | None:
    """A friendly Rank unit (not ``u``) within the rank range (ours: 2") of it."""
    reach = inches(T.composure.rank_range_in)
    for o in s.units_of(u.side):
        if o.rank and o.id != u.id and unit_gap(s, u, o) <= reach:
            return o
    return None


# -- tests ------------------------------------------------------------------------------
def agility_test(em: Emitter, u: Unit, why: str, shocked: bool = False) -> bool:
    """An agility test: D6 against the unit's AG (the number or more passes);
    -1 when shell-shocked (the target rises by 1), +1 for Nimble (Characteristics)."""
    mods = []
    if shocked:
        mods.append(("shell-shocked", 1))
    if perk(u, "agility_bonus"):
        mods.append(("Nimble", -perk(u, "agility_bonus")))
    t = Target(label="agility", base=prof(u).ag, mods=tuple(mods), words=("passed", "failed"))
    return em.roll("d6", f"{u.name} agility test ({why})", side=u.side, target=t).passed


def composure_target(s: WWState, u: Unit) -> Target:
    """The composure test's number, itemised: the unit's CP, -1 in a trench
    (+1 CP), -1 with a Rank unit near (ours), -1 for Old Hand (ours)."""
    mods = []
    if in_trench(s, u):
        mods.append(("in a trench", -int(T.composure.trench_bonus)))
    if rank_near(s, u) is not None:
        mods.append(("a Rank unit near", -int(T.composure.rank_bonus)))
    if perk(u, "composure_bonus"):
        mods.append(("Old Hand", -perk(u, "composure_bonus")))
    return Target(label="composure", base=prof(u).cp, mods=tuple(mods), words=("passed", "failed"))


def composure_test(em: Emitter, u: Unit, why: str) -> str:
    """A composure test (Composure): 2D6 against the unit's CP. A pass lets it
    re-roll 1s on its combat rolls; a failure rolls a D6 on the composure
    table. The result lasts to the end of the next turn (ours). Returns the
    status set ("steady" on a pass)."""
    s = em.s
    u = s.units[u.id]
    r = em.roll("2d6", f"{u.name} composure test ({why})", side=u.side, target=composure_target(s, u))
    until = s.turn + int(T.composure.status_turns)
    if r.passed:
        em.set_unit(u, f"{u.name} keeps its composure: it may re-roll 1s on combat rolls until the end of turn {until}",
                    status="steady", status_until=until)
        return "steady"
    t = em.roll("d6", f"{u.name} composure table", side=u.side)
    res = composure_result(t.natural)
    em.set_unit(u, f"{u.name} is {STATUS_WORDS[res]} until the end of turn {until} (composure table {t.natural})",
                status=res, status_until=until)
    return res


def add_tokens(em: Emitter, u: Unit, n: int, why: str) -> None:
    """Give the unit ``n`` composure tokens; at three or more it tests (Composure)."""
    s = em.s
    u = s.units[u.id]
    if n <= 0 or not s.on_table(u):
        return
    total = u.tokens + n
    em.set_unit(u, f"{u.name} gains {n} composure token{'s' if n > 1 else ''} ({why}): {total} in all", tokens=total)
    if total >= int(T.composure.tokens_for_test):
        composure_test(em, u, f"{total} composure tokens")


# -- damage ------------------------------------------------------------------------------
def model_value(u: Unit) -> int:
    """The silver a model of the unit is worth (the unit's cost shared out)."""
    return round(u.cost / max(1, len(u.models)))


def damage_model(em: Emitter, m: Model, dmg: int, by: str | None, how: str) -> bool:
    """Deal ``dmg`` to a model (Damage and Wounds). Returns True if it is removed.

    A removed squad member costs the squad one weapon of the owner's choice
    (Squad Weapons): asked as a decision when there is a choice. A squad
    reduced to half its models, or a single model to half its wounds, takes
    a composure test once."""
    s = em.s
    m = s.models[m.id]
    u = s.units[m.unit]
    w = prof(u).w
    left = w - m.damage
    removed = dmg >= left
    taken = min(dmg, left)
    text = (f"{mname(s, m)} takes {taken} damage ({how}): removed" if removed else
            f"{mname(s, m)} takes {taken} damage ({how}): {left - taken} of {w} wounds left")
    em.emit(ModelDamaged(model=m.id, damage=taken, removed=removed, by=by if removed else None,
                         value=model_value(u) if removed else 0, text=text))
    u = em.s.units[u.id]
    if removed and em.s.on_table(u) and len(u.models) > 1:
        lose_weapon(em, u)
    if em.s.on_table(u) and not u.half_tested:
        alive = em.s.alive(u)
        if len(u.models) > 1 and len(alive) * 2 <= u.start_models:
            em.set_unit(u, f"{u.name} has lost half its squad: a composure test", half_tested=True)
            composure_test(em, em.s.units[u.id], "half the squad lost")
        elif len(u.models) == 1 and w >= 2 and alive and alive[0].damage * 2 >= w:
            em.set_unit(u, f"{u.name} has lost half its wounds: a composure test", half_tested=True)
            composure_test(em, em.s.units[u.id], "half its wounds lost")
    return removed


def lose_weapon(em: Emitter, u: Unit) -> None:
    """A squad lost a model: one of its weapons goes (Squad Weapons). With one
    kind of weapon left it goes at once; else the owner chooses (a decision)."""
    u = em.s.units[u.id]
    kinds = [w for w, k in u.weapons.items() if k > 0]
    if not kinds:
        return
    if len(kinds) == 1:
        w = kinds[0]
        em.set_unit(u, f"{u.name} loses a {wname(w)} with the model", weapons={**u.weapons, w: u.weapons[w] - 1})
        return
    em.emit(PendingAdded(kind="loss", side=u.side, unit=u.id, options=kinds,
                         text=side_says(em.s, u.side, "chooses", f"which weapon {u.name} loses with the model")))


def weapons_usable(s: WWState, u: Unit, wid: str) -> int:
    """How many of the unit's models may use ``wid``: its count, at most one a living model."""
    return min(u.weapons.get(wid, 0), len(s.alive(u)))


def front_to_back(s: WWState, target: Unit, attacker: Unit, eligible: list[Model]) -> list[Model]:
    """The target's models in the order damage reaches them: nearest the
    attacking unit first (Attacking: damage goes from the front to the back)."""
    cx, cy = centroid(s, attacker)
    return sorted(eligible, key=lambda m: ((m.x - cx) ** 2 + (m.y - cy) ** 2, m.id))

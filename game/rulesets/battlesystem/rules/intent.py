"""[14.11] B questions about what the enemy will do next: augury, ESP (the spell and the
psionic power, [14.21]) about one enemy unit, and vision or a wish asking where one enemy
brigade will move (the text's option (b)).

The text lets a side learn only what enemy units will do in the following game round, and
binds a player who declares where his units will move to that declaration whatever happens.
We play every such question that way (ours, see the README): the questioned side declares, unit
by unit, what each unit will do in the next round's movement step (the action
:class:`~..actions.Declare`, a choice the rules wait for, like a fighting withdrawal's), the
asking side is told, and the declaration binds the unit's own moves in that step:

- ``hold``: it keeps its place (it may face, re-form, change its frontage, form a shield wall
  or set spears, and fights any enemy that reaches it);
- ``move``: it may move as it pleases but charges no one;
- ``charge``: it charges the named enemy unit, and when that charge is not possible it
  stands where it is.

Moves the rules make for a unit (routs, failed discipline checks, mobs following orders) are
not the player's and are not bound. Because the answer is the declaration and the declaration
binds, the answer is true for a human as for an AI side (the AI declares what its agent would
do now, :mod:`..ai.agent`). Augury may bring no meaningful answer (PHB: 70% + 1% a caster
level); the question is then spent and nothing is learnt ([14.11] B). A unit led by a commander
with magic resistance is not asked about, nor is a brigade whose commander has it (the
Special note); heroes are never bound (individuals declare nothing). A mob's moves follow its
standing order ([2.10]): asked about, the rules answer with that order and nothing is declared.
"""

from __future__ import annotations

from game.core.event import Target

from .. import actions as A
from ..events import PendingSet
from ..profiles import DATA
from ..state import BSState, Unit
from .common import Emitter, side_name
from .markers import effect, invisible, knows, with_effect
from .words import says, their

#: the moves a ``hold`` declaration forbids ([14.11] B: the unit keeps its place)
_HOLD_FORBIDS = (A.Advance, A.Wheel, A.Charge, A.ForcedMarch, A.Withdraw, A.Flee, A.WrapAround, A.Climb)


def answer_chance(sp, level: int) -> int:
    """[14.11] B the percent chance that the question brings an answer (augury: 70 + the
    caster's level, PHB; 100 for ESP and the others)."""
    return min(100, sp.answer_chance + sp.answer_chance_per_level * level)


def declaration(u: Unit, turn: int) -> tuple[str, str] | None:
    """(intent, target) that binds ``u``'s moves in round ``turn`` ([14.11] B), or None."""
    f = effect(u, "declared")
    if f is None or len(f) < 3 or int(f[2]) != turn:
        return None
    return f[0], f[1]


def intent_words(s: BSState, intent: str, target: str, u: Unit | None = None) -> str:
    """What a declaration says, in words ("charge Valmark spearmen", "hold their ground")."""
    if intent == "charge":
        t = s.units.get(target)
        return f"charge {t.name if t is not None else target}"
    return f"hold {their(u) if u is not None else 'its'} ground" if intent == "hold" else "move without charging"


def questioned_units(s: BSState, a: A.CastSpell, sp) -> list[Unit]:
    """The enemy units a question is about: the unit aimed at (augury, ESP), or the units of the
    brigade whose commander is aimed at (vision or a wish asking where it moves; aimed at the
    army commander, the units in no brigade). Units the asking side cannot see are left out
    ([14.8]; ours)."""
    if sp.reveals == "intent":
        return [s.units[a.target]]
    boss = s.chars[a.target]
    return [u for u in sorted(s.units.values(), key=lambda u: u.id)
            if u.side == boss.side and u.on_table and (u.brigade == boss.id if boss.role == "brigade" else not u.brigade)
            and not (invisible(u) and not knows(u, a.side))]


def ask(em: Emitter, a: A.CastSpell, caster, sp, level: int) -> None:
    """[14.11] B the question is put: the units it covers that may answer are queued for the
    questioned side's declaration (a pending choice), or the asking side learns nothing."""
    s = em.s
    asker = side_name(s, a.side)
    if sp.reveals != "intent":
        boss = s.chars[a.target]
        if DATA.characters[boss.profile].magic_resistance:
            em.log(f"{boss.name} is proof against information magic: {asker} learns nothing ([14.11] B)", a.side)
            return
    chance = answer_chance(sp, level)
    if chance < 100:
        r = em.roll("1d100", f"{caster.name}: {sp.name}, a meaningful answer", side=a.side,
                    target=Target(label="chance", base=chance, at_most=True, words=("answered", "no answer")))
        if not r.passed:
            em.log(f"{sp.name[:1].upper() + sp.name[1:]} brings no answer: the question is spent ([14.11] B)", a.side)
            return
    asked: list[str] = []
    for u in questioned_units(s, a, sp):
        c = s.chars.get(u.commander) if u.commander else None
        if c is not None and DATA.characters[c.profile].magic_resistance:
            em.log(f"{c.name} is proof against information magic: nothing is learnt of {u.name} ([14.11] B)", a.side)
        elif u.status != "ok":
            em.log(f"{u.name} {says(u, 'is')} routing: {their(u)} moves are the rules' ([6.4])", a.side)
        elif u.kind == "mob":
            em.log(f"{u.name} will follow {their(u)} standing order, {u.mob_order or 'halt'} ([2.10])", a.side)
        else:
            asked.append(u.id)
    if not asked:
        em.log(f"{asker} learns nothing new from {sp.name}", a.side)
        return
    _queue(em, asked, a.side, caster.id, s.turn + 1)


def _queue(em: Emitter, units: list[str], asker: str, caster: str, turn: int) -> None:
    s = em.s
    u = s.units[units[0]]
    em.emit(PendingSet(pending={"kind": "declare", "unit": u.id, "enemy": caster, "side": u.side,
                                "data": {"asker": asker, "rest": units[1:], "round": turn}},
                       text=f"{side_name(s, u.side)} must declare what {u.name} will do in round {turn} ([14.11] B)"))


def declare_options(s: BSState, side: str) -> list[A.Declare]:
    """The declarations the questioned side may make for the unit asked about: hold, move, or a
    charge on each enemy unit it can see, nearest first (at most four)."""
    from ..formation import block_of
    p = s.pending
    u = s.units[p.unit]
    import math
    c = block_of(u).centre
    foes = sorted((e for e in s.enemies_of(side) if e.figures and not (invisible(e) and not knows(e, side))),
                  key=lambda e: (math.dist(c, block_of(e).centre), e.id))[:4]
    return [A.Declare(side=side, unit=u.id, intent="hold"), A.Declare(side=side, unit=u.id, intent="move")] + \
        [A.Declare(side=side, unit=u.id, intent="charge", target=e.id) for e in foes]


def why_not_declare(s: BSState, a: A.Declare) -> str | None:
    p = s.pending
    if p is None or p.kind != "declare":
        return "no question about the next round to answer ([14.11] B)"
    if a.unit != p.unit:
        return f"declare for {s.units[p.unit].name} first ([14.11] B)"
    if a.intent == "charge":
        t = s.units.get(a.target)
        if t is None or not t.on_table or t.side == a.side:
            return f"{a.target!r} is not an enemy unit on the table"
        if invisible(t) and not knows(t, a.side):
            return f"{t.name} cannot be seen ([14.8])"
    elif a.target:
        return "only a charge names a target"
    return None


def do_declare(em: Emitter, a: A.Declare) -> None:
    """The declaration is recorded on the unit (binding in the round asked about) and told to
    the asking side; the next unit of the question is asked, or the waiting ends."""
    s = em.s
    p = s.pending
    turn = int(p.data["round"])
    u = em.unit(a.unit)
    em.change(u, f"{side_name(s, a.side)} declares that {u.name} will {intent_words(s, a.intent, a.target, u)} "
                 f"in round {turn} ([14.11] B)", effects=with_effect(u.effects, "declared", a.intent, a.target, turn))
    rest = list(p.data.get("rest", []))
    rest = [x for x in rest if x in s.units and s.units[x].on_table]
    if rest:
        _queue(em, rest, p.data["asker"], p.enemy, turn)
    else:
        em.emit(PendingSet(pending=None, text=""))


def why_bound(s: BSState, u: Unit, a) -> str | None:
    """[14.11] B why a unit's declaration for this round forbids manoeuvre ``a``, or None."""
    d = declaration(u, s.turn)
    if d is None:
        return None
    intent, target = d
    said = f"{u.name} {says(u, 'is')} bound to {intent_words(s, intent, target, u)} this round ([14.11] B)"
    if intent == "hold" and isinstance(a, _HOLD_FORBIDS):
        return said
    if intent == "move" and isinstance(a, A.Charge):
        return said
    if intent == "charge" and not (isinstance(a, A.HoldStill) or (isinstance(a, A.Charge) and a.target == target)):
        return said
    return None

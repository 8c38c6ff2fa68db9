"""Illusions on the table and disbelief ([14.14]), and what a side has learnt of an enemy unit's
true nature ([14.11]).

An illusion of troops is a unit in the state like any other (made by :func:`.magic.conjure`);
the rules, standing in for the referee, know it for what it is, the other sides do not: their
view (:func:`.markers.view_masks`, used by :func:`.markers.seen_by`) shows it as troops conjured by a
spell, exactly as a monster summoning's, until they learn better. The markers (strings on
``Unit.effects`` and ``Individual.effects``, read with :func:`.markers.effect`):

- ``illusion:<caster id>:<1|0>`` on an illusory unit: who keeps it up and whether it lacks a
  sense (sound), which eases the disbelief morale check ([14.14] A);
- ``known:<side>:...`` on a unit: the sides that know its true nature (a disbelief that
  succeeded, a detection, an information spell, [14.11]); an invisible unit known to a side
  shows in that side's view;
- ``unreal:<unit id>:...`` on a unit or individual: the illusions it has seen through;
- ``doubted:<round>:<side>:...`` on a unit: the sides that tried to disbelieve it this round;
- ``disbelief_next:<unit id>:...`` on a unit: illusions it will save against next round.

Decisions (README "Deviations and decisions"): the forces that try are the doubting side's
units and individuals within ``disbelief_range_in`` (12", ours) of the doubted unit; a unit
sees through when half or more of its figures save; an illusion does and suffers everything
a unit of its look would (its caster makes it react, [14.14] ours; the losses it deals are
cataleptic victims, [14.10], out of the battle); it vanishes when its caster casts again or is
out of the battle, when a unit that has seen through it touches it, or when its rounds end.
"""

from __future__ import annotations

from game.core.event import Target
from shapely.geometry import Point, Polygon

from .. import actions as A
from ..formation import block_of
from ..spells import MAGIC
from ..state import BSState, Individual, Unit
from .common import INCH, Emitter, rating
from .markers import effect, invisible, is_illusion, knows, with_effect, without  # noqa: F401 (re-exported)
from .words import says


# -- the markers ----------------------------------------------------------------------------------

def fields(x, name: str) -> list[str]:
    """The fields of list marker ``name`` on a unit or individual ([] when absent)."""
    return list(effect(x, name) or [])


def added(effects: list[str], name: str, *values: str) -> list[str]:
    """``effects`` with ``values`` added to list marker ``name`` (each once)."""
    old = next((e.split(":")[1:] for e in effects if e.split(":")[0] == name), [])
    return with_effect(effects, name, *(old + [v for v in values if v not in old]))


def sees_through(x, uid: str) -> bool:
    """[14.14] unit or individual ``x`` has seen through illusion ``uid``."""
    return uid in fields(x, "unreal")


# -- [14.14] B the illusion comes and goes -------------------------------------------------------------

def vanish(em: Emitter, u: Unit, why: str) -> None:
    """The illusion leaves the table (and the figures it stood for with it)."""
    em.change(u, f"{u.name} {says(u, 'vanishes')}: {why} ([14.14])", status="off_table")


def illusions_of(s: BSState, caster_id: str) -> list[Unit]:
    return [u for u in sorted(s.units.values(), key=lambda u: u.id)
            if u.on_table and (effect(u, "illusion") or [""])[0] == caster_id]


def break_concentration(em: Emitter, caster_id: str) -> None:
    """[14.14] ours: a caster who works other magic lets his illusions go."""
    for u in illusions_of(em.s, caster_id):
        vanish(em, u, f"{em.s.chars[caster_id].name} turns to other magic and lets it go"
               if caster_id in em.s.chars else "its maker turns to other magic")


def lapse(em: Emitter) -> None:
    """[14.14] ours: at a round's end the illusions of casters out of the battle (or held
    stunned) vanish."""
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        e = effect(u, "illusion")
        if not e or not u.on_table:
            continue
        c = em.s.chars.get(e[0])
        if c is None or not c.active or effect(c, "stunned") is not None:
            vanish(em, u, "nobody keeps it up any more")


def dispel_touched(em: Emitter) -> None:
    """[14.14] ours: an illusion touching a unit that has seen through it is gone (that unit
    walks through it)."""
    from .contact import enemies_in_contact
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        if not u.on_table or not is_illusion(u):
            continue
        for e in enemies_in_contact(em.s, u):
            o = em.s.units.get(e)
            if o is not None and sees_through(o, u.id):
                vanish(em, u, f"{o.name} walk through it")
                break


# -- [14.14] A disbelief --------------------------------------------------------------------------------

def _range_mm() -> float:
    return MAGIC.disbelief_range_in * INCH


def checking_forces(s: BSState, side: str, t: Unit) -> tuple[list[Unit], list[Individual]]:
    """The units (in good order) and individuals of ``side`` that try to disbelieve ``t``:
    those within ``disbelief_range_in`` of it (ours), less those that already see through it."""
    outline = Polygon(block_of(t).outline)
    rng = _range_mm()
    units = [u for u in sorted(s.living(side), key=lambda u: u.id)
             if u.status == "ok" and u.figures and not sees_through(u, t.id)
             and Polygon(block_of(u).outline).distance(outline) <= rng + 1e-6]
    from .command import position
    chars = [c for c in sorted(s.chars.values(), key=lambda c: c.id)
             if c.side == side and c.active and not sees_through(c, t.id)
             and outline.distance(Point(position(s, c))) <= rng + 1e-6]
    return units, chars


def disbelief_options(s: BSState, side: str) -> list[A.Disbelieve]:
    """The doubts the agent and the app offer: enemy units that came by magic (conjured troops
    look alike, real or not) that ``side`` does not know for what they are. Any enemy unit may
    be doubted (:func:`why_not_disbelieve`); these are the enumerated ones."""
    st = s.step
    if s.game == "basic" or st is None or st.phase != "missile" or st.side != side:
        return []
    out = []
    for u in sorted(s.enemies_of(side), key=lambda u: u.id):
        if effect(u, "summoned") is None or knows(u, side):
            continue
        a = A.Disbelieve(side=side, unit=u.id)
        if why_not_disbelieve(s, a) is None:
            out.append(a)
    return out


def why_not_disbelieve(s: BSState, a: A.Disbelieve) -> str | None:
    """[14.14] A a side declares that its forces try to disbelieve an enemy unit (ours: in its
    missile and magic step, once a round for each unit doubted)."""
    st = s.step
    if s.game == "basic":
        return "the Basic game has no magic"
    if st is None or st.phase != "missile" or st.side != a.side:
        return "forces try to disbelieve in their side's missile and magic step ([14.14], ours)"
    t = s.units.get(a.unit)
    if t is None or not t.on_table or t.side == a.side or (invisible(t) and not knows(t, a.side)):
        return f"{a.unit!r} is not an enemy unit {s.side_names.get(a.side, a.side)} can see"
    d = fields(t, "doubted")
    if d and d[0] == str(s.turn) and a.side in d[1:]:
        return f"{s.side_names.get(a.side, a.side)} has already doubted {t.name} this round"
    units, chars = checking_forces(s, a.side, t)
    if not units and not chars:
        return f"no force of {s.side_names.get(a.side, a.side)} within {MAGIC.disbelief_range_in:g}\" of {t.name} ([14.14], ours)"
    return None


def _saves(em: Emitter, u: Unit, t: Unit, real: bool) -> bool:
    """A saving throw for each figure; the unit sees through ``t`` when half or more save
    (ours). Against the real every save fails ([14.14] A). The dice are rolled all the same and
    logged without a verdict, so the log does not tell which it was."""
    from .saves import unit_save
    need = unit_save(u, "spell")
    ok = 0
    for k in range(u.figures):
        r = em.roll("d20", f"{u.name}, figure {k + 1}: saving throw to disbelieve {t.name} (needs {need})", side=u.side)
        ok += 0 if real else int(r.total >= need)
    return ok * 2 >= u.figures


def _individual_sees(em: Emitter, c: Individual, t: Unit, real: bool) -> bool:
    from .saves import individual_save
    need = individual_save(c, "spell")
    r = em.roll("d20", f"{c.name}: saving throw to disbelieve {t.name} (needs {need})", side=c.side)
    return not real and r.total >= need


def morale_to_try(em: Emitter, u: Unit, t: Unit) -> bool:
    """[14.14] A a figure of 2 or more creatures first checks morale to try at all, +1 when the
    illusion lacks a sense (:func:`.magic.disbelief_morale_bonus`)."""
    from .morale import current_morale
    base, mods = current_morale(em.s, u)
    e = effect(t, "illusion")
    bonus = disbelief_morale_bonus(bool(e and e[1] == "1"))
    if bonus:
        mods = list(mods) + [("the illusion is silent", bonus)]
    from ..profiles import DATA
    r = em.roll(DATA.tables.dice.morale, f"{u.name}: morale check to try to disbelieve {t.name} ([14.14] A)", side=u.side,
                target=Target(label="morale", base=base, mods=tuple(mods), at_most=True, words=("tries", "believes")))
    return bool(r.passed)


def disbelief(ratio: int, morale_passed: bool, real: bool = False) -> str:
    """[14.14] A what a figure does when its side tries to disbelieve: 1:1 figures save at
    once; 2:1 and larger save only if they passed the morale check to try, else they save next
    round (when others saw through); against the real every save fails. Returns "save",
    "save next round" or "fails"."""
    if real:
        return "fails"
    if ratio <= 1:
        return "save"
    return "save" if morale_passed else "save next round"


def disbelief_morale_bonus(missing_sense: bool, referee: int = 0) -> int:
    """[14.14] A: +1 to the disbelief morale check for an illusion lacking a sense; the
    referee's optional +-1."""
    return (1 if missing_sense else 0) + max(-1, min(1, referee))


def do_disbelieve(em: Emitter, a: A.Disbelieve) -> None:
    """[14.14] A the side's forces within reach try: 1:1 figures (individuals, units of single
    creatures) save at once; units of 2 or more creatures a figure check morale first (a
    silent illusion +1); if any force saw through, those that failed the morale check save
    next round. Trying to disbelieve something real fails every save."""
    s = em.s
    t = em.unit(a.unit)
    real = not is_illusion(t)
    d = fields(t, "doubted")
    seen = [a.side] if not d or d[0] != str(s.turn) else d[1:] + [a.side]
    em.change(t, "", effects=with_effect(t.effects, "doubted", s.turn, *seen))
    units, chars = checking_forces(s, a.side, t)
    em.log(f"{s.side_names.get(a.side, a.side)} doubt {t.name}: {len(units)} unit{'s' if len(units) != 1 else ''} and "
           f"{len(chars)} individual{'s' if len(chars) != 1 else ''} try to disbelieve ([14.14] A)", a.side)
    through: list = []
    later: list[Unit] = []
    for c in chars:
        if _individual_sees(em, c, t, real):
            through.append(c)
    for u in units:
        ratio = rating(u).ratio
        tries = True if ratio <= 1 else morale_to_try(em, u, t)
        if disbelief(ratio, tries) == "save":
            if _saves(em, u, t, real):
                through.append(u)
        else:
            later.append(u)
    see_through(em, t, through, a.side)
    if through:
        for u in later:
            em.change(em.unit(u.id), f"{u.name} will try again next round ([14.14] A)",
                      effects=added(em.unit(u.id).effects, "disbelief_next", t.id))
    if not through:
        em.log(f"Nobody of {s.side_names.get(a.side, a.side)} sees through {t.name}", a.side)


def see_through(em: Emitter, t: Unit, who: list, side: str) -> None:
    """Those in ``who`` (units, individuals) have seen through illusion ``t``; ``side`` knows."""
    if not who:
        return
    for x in who:
        if isinstance(x, Unit):
            em.change(em.unit(x.id), "", effects=added(em.unit(x.id).effects, "unreal", t.id))
        else:
            em.change_char(em.s.chars[x.id], "", effects=added(em.s.chars[x.id].effects, "unreal", t.id))
    t = em.unit(t.id)
    em.change(t, f"{', '.join(x.name for x in who)} see{'s' if len(who) == 1 else ''} through {t.name}: it is an illusion "
                 f"([14.14] A)", effects=added(t.effects, "known", side))


def owed_saves(em: Emitter) -> None:
    """[14.14] A as a round begins, units that failed their morale check while others of their
    side saw through an illusion make their saving throws."""
    for u in sorted(em.s.units.values(), key=lambda u: u.id):
        owed = fields(u, "disbelief_next")
        if not owed:
            continue
        em.change(u, "", effects=without(u.effects, "disbelief_next"))
        if not u.on_table or u.status != "ok":
            continue
        for tid in owed:
            t = em.s.units.get(tid)
            if t is not None and t.on_table and _saves(em, em.unit(u.id), t, not is_illusion(t)):
                see_through(em, t, [em.unit(u.id)], u.side)


# -- [14.11] what a side learns -----------------------------------------------------------------------

def learn(em: Emitter, u: Unit, side: str, why: str) -> None:
    """``side`` now knows the true nature of ``u`` (its own view shows it: an illusion as one,
    an invisible unit where it is); the other sides' views do not change ([14.11])."""
    if knows(u, side):
        return
    em.change(u, why, effects=added(u.effects, "known", side))

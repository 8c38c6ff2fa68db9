"""Hidden units and what each side may know (Foxhole, Hidden Units;
Observation / Spotting; Mission Design).

* Concealed and confused elements and non-combatants all stand on the table
  as identical numbered markers; the owner's list says which is which.
* Spotting (ours: the text names no distances): an unrevealed element is
  spotted, and revealed, when an enemy combat element sees it within 200
  yards (concealed) or 100 yards (confused elements and non-combatants,
  which look alike), halved into, out of or through dense terrain. An
  unrevealed element that fires is revealed (:func:`.fire.reveal`), as is
  one hit by an off-board strike.
* Only revealed elements may be targeted (spotting is required to target
  an enemy unit).

:func:`view` is the ruleset's ``view``: a copy of the state with what a side
may not know taken out (see its notes).
"""

from __future__ import annotations

from ..geo import height
from ..sight import dense_between, sees_point
from ..state import Element, FoxState, Mission
from ..tables import TABLES
from .common import Emitter, dist
from .fire import reveal

SP = TABLES.spotting


def spot_range_mm(e: Element) -> float:
    """How near an enemy must see ``e`` to spot it (mm, before halving)."""
    return TABLES.yards(getattr(SP, e.hidden or "concealed", SP.concealed))


def spotter(s: FoxState, e: Element) -> Element | None:
    """The first enemy combat element on the table that spots ``e`` (None)."""
    if not e.unrevealed or not e.on_table:
        return None
    reach = spot_range_mm(e)
    for o in s.elements.values():
        if o.side == e.side or not o.on_table or not o.combatant:
            continue
        d = dist(o.x, o.y, e.x, e.y)
        if d > reach:
            continue
        if dense_between(s, (o.x, o.y), (e.x, e.y)) and d > reach * TABLES.ranges.dense_factor:
            continue
        if sees_point(s, o, e.x, e.y, height(e)):
            return o
    return None


def sweep(em: Emitter) -> None:
    """Reveal every unrevealed element an enemy now spots (in element order)."""
    s = em.s
    for e in list(s.elements.values()):
        if e.unrevealed and e.on_table:
            o = spotter(s, e)
            if o is not None:
                reveal(em, e, f"spotted by {o.name if not o.unrevealed else 'an unidentified element'}")


def marker_id(e: Element) -> str:
    """The id an unrevealed element carries in the other side's view."""
    return f"marker-{e.marker}"


def _placeholder(e: Element) -> Element:
    """An unrevealed enemy element as the other side sees it: an unmarked
    numbered element, its position, base and whether it has been used."""
    return Element(id=marker_id(e), side=e.side, name=f"unidentified element #{e.marker}", profile="unknown",
                   kind="unknown", quality=0, motivation=0, x=e.x, y=e.y, formation=e.formation, heading=e.heading,
                   where=e.where, deployed=e.deployed, hidden="unknown", marker=e.marker, used=e.used)


def view(s: FoxState, side: str | None) -> FoxState:
    """What ``side`` may know (None: everything, for spectators):

    * the other side's unrevealed elements become identical unmarked
      markers (ids ``marker-N``, no profile, quality, motivation, state or
      orders) listed after every other element in marker order;
    * the other side's elements still to arrive by insertion, its plotted
      insertions, its off-board targets not yet fired and its list of used
      action numbers are left out;
    * for the attacker, only the objectives it knows (told by the intel roll,
      found, or taken); for the defender, the attacker's mission shows only
      the primary objectives the defender's intel roll made it confirm;
    * the element being used, a pending move and the close assaults name
      markers by their marker id, and an unrevealed element's motivation
      result is not shown.
    """
    v = s.clone()
    v.viewer = side
    if side is None or side not in (s.attacker, s.defender):
        return v
    enemy = s.enemy_of(side)
    ren: dict[str, str] = {}
    keep: dict[str, Element] = {}
    marks: list[Element] = []
    for eid, e in v.elements.items():
        if e.side == enemy and e.where == "reserve":
            continue
        if e.side == enemy and e.unrevealed:
            m = _placeholder(e)
            ren[eid] = m.id
            marks.append(m)
            continue
        keep[eid] = e
    marks.sort(key=lambda m: (len(m.marker), m.marker))
    for m in marks:
        keep[m.id] = m
    v.elements = keep

    def r(x: str | None) -> str | None:
        return ren.get(x, x) if x is not None else None

    if v.current is not None and v.current.element in ren:
        v.current.element = r(v.current.element)
        v.current.result = None
    if v.pending is not None:
        v.pending.element = r(v.pending.element)
        v.pending.eligible = [r(x) for x in v.pending.eligible]
    for a in v.assaults:
        a.target = r(a.target)
        a.attackers = [r(x) for x in a.attackers]
    for c in v.crossings:
        c.pioneer = r(c.pioneer)
    v.insertions = [i for i in v.insertions if i.side == side]
    v.strikes = [st for st in v.strikes if st.side == side or st.fired]
    v.numbers = {k: val for k, val in v.numbers.items() if k == side}
    if side == s.attacker:
        v.objectives = [o for o in v.objectives if o.known or o.achieved]
    else:
        m = v.mission
        v.mission = Mission(kind=m.kind, primary=list(m.primary) if m.confirmed else [], secondary=[],
                            chosen=m.chosen, confirmed=m.confirmed)
    return v


def secrets_of(s: FoxState, side: str) -> list[str]:
    """JSON tokens ``side``'s view must never hold (the test of hidden
    information): the real ids, names and profiles of the other side's
    unrevealed elements and of its elements still in reserve, except those a
    visible element shares (two sections of one profile, one revealed)."""
    enemy = s.enemy_of(side)
    secret: set[str] = set()
    seen: set[str] = set()
    for e in s.elements.values():
        toks = {f'"{e.id}"', f'"{e.name}"', f'"{e.profile}"'}
        if e.side == enemy and (e.unrevealed or e.where == "reserve"):
            secret |= toks
        else:
            seen |= toks
    return sorted(secret - seen)


def unknown_objectives(s: FoxState, side: str) -> list[tuple[int, float, float]]:
    """(number, x, y) of the objectives ``side`` may not know (the attacker's
    unknown ones; none for the defender, who placed them)."""
    if side != s.attacker:
        return []
    return [(o.number, o.x, o.y) for o in s.objectives if not (o.known or o.achieved)]

"""Words for events (the battle log) and actions (the action bar); no pygame."""

from __future__ import annotations

from game.core.event import Event

from .. import actions as A
from ..events import BTSEvent, Changed, IndividualChanged, PendingSet, RoundBegan
from ..rules.common import angle_words


def describe(ev: Event) -> str:
    """The log line of an event: the words the rules wrote into it."""
    if isinstance(ev, (BTSEvent, RoundBegan)) and ev.text:
        return ev.text
    return ""


def quiet(ev: Event) -> bool:
    """A change the rules wrote no words for (a marker for the round: a spell
    cast, a declaration held, an illusion doubted; a question answered) is
    bookkeeping: the log leaves it out rather than show its fields."""
    return isinstance(ev, (Changed, IndividualChanged, PendingSet)) and not ev.text


def _name(s, fid: str) -> str:
    """A unit's or an individual's name in ``s`` (its id when it is not there)."""
    f = s.units.get(fid) or s.chars.get(fid)
    return getattr(f, "name", "") or fid


def describe_action_in(s, a) -> str:
    """The button label of ``a`` in state ``s``: every figure it names by its
    name ("Charge Bloody Axe orcs", "Rally Valmark spearmen"), so the label
    needs no id rewriting (the app's namer would read a unit id that is a plain
    word, such as ``spears``, inside "Set spears" as that unit). Where the
    scenario does not allow measuring ahead ([3.5], [7.9]) an advance or a
    forced march names its way, not its distance ("Advance 30° left
    towards here")."""
    if isinstance(a, A.Charge):
        return f"Charge {_name(s, a.target)}"
    if isinstance(a, A.Fire):
        return f"Fire at {_name(s, a.target)}"
    if isinstance(a, A.Rally):
        return f"Rally {_name(s, a.unit)}"
    if isinstance(a, A.GiveOrder):
        return f"Order {_name(s, a.unit)}: {a.order.replace('_', ' ')}"
    if isinstance(a, A.Disbelieve):  # [14.14] A
        return f"Try to disbelieve {_name(s, a.unit)}"
    if isinstance(a, A.Declare):  # [14.11] B
        from ..rules.intent import intent_words
        return f"Declare: {_name(s, a.unit)} will {intent_words(s, a.intent, a.target, s.units.get(a.unit))} next round"
    if isinstance(a, (A.Advance, A.ForcedMarch)) and not s.options.get("premeasure"):
        # [3.5], [7.9]: no distance before the move is made: the way it goes, towards the point clicked
        what = "Advance" if isinstance(a, A.Advance) else "Forced march"
        way = "" if abs(a.offset) < 0.5 else f" {angle_words(a.offset)}"
        return f"{what}{way} towards here"
    return describe_action(a)


def describe_action(a) -> str:
    """A short button label (without the state: no figure named)."""
    if isinstance(a, A.EndStep):
        return "End step"
    if isinstance(a, A.ChooseFirst):
        return f"First to move: {a.first}"  # no verb to agree with a plural side name ("the Dead of the barrows")
    if isinstance(a, A.Advance):
        way = "" if not round(abs(a.offset)) else f" {angle_words(a.offset)}"
        return f"Advance {a.distance / 25.4:.1f}\"{way}"
    if isinstance(a, A.Wheel):
        return f"Wheel {angle_words(a.angle)}"
    if isinstance(a, A.Face):
        return {90: "Right face", -90: "Left face", 180: "About face"}[a.turn]
    if isinstance(a, A.Frontage):
        return f"Frontage {a.files}"
    if isinstance(a, A.Reform):
        return f"Form {a.formation} order"
    if isinstance(a, A.Charge):
        return "Charge"
    if isinstance(a, A.ForcedMarch):
        return f"Forced march {a.distance / 25.4:.1f}\""
    if isinstance(a, A.Withdraw):
        return "Fighting withdrawal"
    if isinstance(a, A.Flee):
        return "Flee"
    if isinstance(a, A.WrapAround):
        return f"Wrap around ({a.figures})"
    if isinstance(a, A.SpecialFormation):
        return "Shield wall" if a.formation == "shield_wall" else "Set spears"
    if isinstance(a, A.HoldStill):
        return "Hold"
    if isinstance(a, A.MoveIndividual):
        return "Move here"
    if isinstance(a, A.Fire):
        return "Fire"
    if isinstance(a, A.Rally):
        return "Rally"
    if isinstance(a, A.GiveOrder):
        return f"Order: {a.order.replace('_', ' ')}"
    if isinstance(a, (A.CastSpell, A.TurnUndead, A.Disbelieve)):
        from .magic import describe_cast
        return describe_cast(a)
    if isinstance(a, A.Follow):
        return "Follow" if a.follow else "Stay"
    if isinstance(a, A.Declare):  # [14.11] B
        return {"hold": "Declare: hold next round", "move": "Declare: move without charging next round"}.get(
            a.intent, "Declare: charge next round")
    if isinstance(a, A.Climb):  # [15.1]
        n = abs(a.levels)
        return f"Rise {n} level{'s' if n != 1 else ''}" if a.levels > 0 else f"Come down {n} level{'s' if n != 1 else ''}"
    if isinstance(a, A.Bomb):  # [15.4]
        return "Drop bombs"
    return a.type

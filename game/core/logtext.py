"""The battle log's one formatter: the line for an event, shared by the
desktop app's log panel (``game/ui/log.py``) and the terminal log (headless
play, ``battletable replay --headless``), so both print the same words.

Rolls are written by :meth:`DiceRolled.describe` (dice, every modifier, the
target number itemised and the outcome); every other event in the ruleset's
own words (``Ruleset.describe``), or a generic sentence when it has none.
Every line a player reads names the sides as the scenario does
(:func:`name_sides`: "Battle over: Fireteam Alpha wins", never "fireteam").
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from shapely.geometry import Point

from game.core.event import BattleEnded, DiceRolled, Event, Logged, PhaseBegan


def generic_text(event: Event) -> str:
    """Words for an event the ruleset does not describe: the core events
    plainly, any other as its type and fields."""
    if isinstance(event, PhaseBegan):
        return f"turn {event.turn}: {event.phase}" + (f" ({event.side})" if event.side else "")
    if isinstance(event, Logged):
        return event.text
    if isinstance(event, BattleEnded):
        return f"battle over: {event.winner or 'draw'} ({event.reason})"
    d = event.to_dict() if hasattr(event, "to_dict") else {}
    rest = ", ".join(f"{k} {v}" for k, v in d.items() if k != "type")
    return f"{event.type.replace('_', ' ')}" + (f": {rest}" if rest else "")


def first_upper(text: str) -> str:
    """``text`` with its first letter a capital, the rest as written: a line
    a player reads starts like a sentence ("the Horde: initiative" -> "The
    Horde: initiative", "hesperus well 15 cm" -> "Hesperus well 15 cm")."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def quiet(ruleset, event: Event) -> bool:
    """The ruleset's optional ``quiet(event)`` says ``event`` has no words for
    a player (bookkeeping: a marker set with no line of its own); the log
    leaves it out (:func:`event_line` gives "")."""
    hook = getattr(ruleset, "quiet", None)
    try:
        return bool(hook(event)) if hook is not None else False
    except Exception:  # noqa: BLE001 - a log line never stops a battle or the app
        return False


def event_line(ruleset, event: Event, sides=None) -> str:
    """The battle-log line for ``event`` under ``ruleset`` (never empty, but
    "" for an event the ruleset marks :func:`quiet`: no line), its
    side ids named as ``sides`` (a scenario or a side id -> name mapping,
    :func:`name_sides`) names them, starting with a capital (a side's name
    the ruleset wrote itself, "the Horde: ...", too: :func:`first_upper`).
    A roll reads as its own ``describe()``, or as the ruleset's optional
    ``describe_roll(event)`` when that gives a line (a purpose holding a
    marker only the ruleset reads)."""
    if quiet(ruleset, event):
        return ""
    if isinstance(event, DiceRolled):
        hook = getattr(ruleset, "describe_roll", None)  # a ruleset's own words for a roll's purpose
        text = (hook(event) if hook is not None else "") or event.describe()
    else:
        try:
            text = ruleset.describe(event) or ""
        except Exception:  # noqa: BLE001 - a log line never stops a battle or the app
            text = ""
    return first_upper(name_sides(text or generic_text(event), sides))


#: the battle log's names for the kinds every ruleset shares (``game/ui/log.py``: event_kind)
CORE_KINDS = {"roll": "dice rolls", "phase": "phases", "end": "battle over", "why": "reasons", "logged": "notes"}


def kind_label(ruleset, kind: str) -> str:
    """The short name a player reads for a kind of log line (the log's "Kind:"
    filter button): the ruleset's own (``log_kinds``, event type -> name,
    each ruleset's ``display/kinds.py``), else the shared one
    (:data:`CORE_KINDS`), else the kind in words ("fox_moved" -> "fox moved")."""
    names = getattr(ruleset, "log_kinds", None) or {}
    rid = getattr(ruleset, "id", "")
    return (names.get(kind) or names.get(f"{rid}_{kind}") or CORE_KINDS.get(kind)
            or kind.replace("_", " "))


# ----------------------------------------------------------------------------- sides by name
def side_names(scenario) -> dict[str, str]:
    """Side id -> the name a player reads, for every side the scenario seats
    (:meth:`Scenario.side_name`: the id where the file gives no name); {}
    for None."""
    return {sid: scenario.side_name(sid) for sid in scenario.side_ids()} if scenario is not None else {}


_ARTICLED = ("the ", "a ", "an ")


def _names_of(sides) -> dict[str, str]:
    """The id -> name pairs of ``sides`` (a scenario or a mapping) where the name differs from the id."""
    pairs = sides.items() if isinstance(sides, Mapping) else side_names(sides).items()
    return {str(k): str(v) for k, v in pairs if v and v != k}


#: where a sentence starts, just before a match: a new line, or ". ", "! ", "? " (a text's very start apart)
_SENTENCE_START = re.compile(r"(?:\n|[.!?] +)$")


@lru_cache(maxsize=64)
def _side_pattern(ids: tuple[str, ...]) -> re.Pattern:
    alt = "|".join(re.escape(k) for k in sorted(ids, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(?:(?P<art>[Tt]he) )?(?P<id>" + alt + r")(?P<pos>'s)?(?![\w-])(?=(?P<next> [A-Za-z]+)?)")


def name_sides(text: str, sides) -> str:
    """``text`` with every side id standing as a whole word (case as written:
    "enemy", not "Enemy") replaced by the name a player reads for that side.

    ``sides``: a scenario (:meth:`Scenario.side_name`) or a side id -> name
    mapping; None, or ids without a name of their own, leave the text as
    written. The article a text puts before an id fits the name: a name with
    its own ("the Horde") takes the text's place ("The enemy holds" -> "The
    Horde holds"); a proper name (capitalised) drops it where the id stands
    alone as the subject or owner ("the enemy acts" -> "Al Wahid acts", "the
    enemy's target" -> "Al Wahid's target": the id is followed by a verb in
    "-s", a possessive, punctuation or the end) and keeps it where the id
    qualifies a noun ("the us commander" -> "the US Army commander"). A
    possessive follows the name ("chaos's" -> "Chaos raiders'"). A name
    that starts a line or a sentence starts with a capital ("the horde
    attacks. the horde wins" -> "The Horde attacks. The Horde wins"). Naming
    a text twice changes nothing more."""
    if not text or sides is None:
        return text
    names = _names_of(sides)
    if not names:
        return text

    def sub(m: re.Match) -> str:
        sid, art, pos, nxt = m.group("id"), m.group("art"), m.group("pos"), m.group("next")
        name = names[sid]
        if text.startswith(name, m.start("id")) and name != sid:
            return m.group(0)  # already named (a name that holds its id)
        if art and name.lower().startswith(_ARTICLED):
            out = art + name[name.index(" "):]
        elif art and name[:1].isupper() and (pos or nxt is None or nxt.endswith("s")):
            out = name
        elif art:
            out = f"{art} {name}"
        else:
            out = name
        if m.start() == 0 or _SENTENCE_START.search(text, max(0, m.start() - 3), m.start()) is not None:
            out = out[:1].upper() + out[1:]  # "the horde attacks" -> "The Horde attacks"
        return out + (("'" if out.endswith("s") else "'s") if pos else "")

    return _side_pattern(tuple(names)).sub(sub, text)


def event_turns(events: Iterable[Event], turn: int) -> list[int]:
    """The turn each of one action's ``events`` happened in, ``turn`` being the turn
    before the action: an event that starts a turn (``STARTS_TURN``: a phase, a
    round, a player turn) carries its own, and every event after it that turn."""
    out = []
    for ev in events:
        if getattr(type(ev), "STARTS_TURN", False) and isinstance(getattr(ev, "turn", None), int):
            turn = ev.turn
        out.append(turn)
    return out


def unit_sides(scenario) -> dict[str, str]:
    """Unit id -> its side, for every unit the scenario's forces field ({}
    for None, or a mapping of side names)."""
    forces = getattr(scenario, "forces", None) or {}
    return {u.id: side for side, units in forces.items() for u in units}


def line_side(ruleset, event: Event, acting: str | None, units: Mapping[str, str] | None = None) -> str | None:
    """The side a log line of ``event`` belongs to (its colour, the log's
    Side filter): the event's own ``side``; else the ruleset's optional
    ``log_side(event, units)`` (an attack's result with its attacker); else
    the side of the unit the event is about (its ``element`` or ``unit``,
    ``units``: unit id -> side, :func:`unit_sides`: a move finished in the
    other side's action stays the mover's); else ``acting``, the side whose
    action it came from."""
    own = getattr(event, "side", None)
    if own:
        return own
    units = units or {}
    hook = getattr(ruleset, "log_side", None)
    if hook is not None:
        try:
            got = hook(event, units)
        except Exception:  # noqa: BLE001 - a log line never stops a battle or the app
            got = None
        if got:
            return got
    for field in ("element", "unit"):
        uid = getattr(event, field, None)
        if isinstance(uid, str) and uid in units:
            return units[uid]
    return acting


def why_after(events: list[Event], side: str, owner=None) -> int:
    """Where the "why" line of an action by ``side`` goes among its ``events``: the
    index of the side's own first event (not a turn or phase starting, not another
    side's), so the reason sits under what the side did, never under the next
    side's prompt; -1 (before every event) when the side has none. ``owner``:
    the side of an event's line (:func:`line_side`), default its ``side`` or ``side``."""
    for i, ev in enumerate(events):
        if getattr(type(ev), "STARTS_TURN", False):
            continue
        if (owner(ev) if owner is not None else (getattr(ev, "side", None) or side)) == side:
            return i
    return -1


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 turn"``, ``"2 turns"``: ``n`` and ``word`` in the right number (``many``: an
    irregular plural)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(n: int) -> str:
    """``n`` as an ordinal: "first" ... "tenth", then "11th", "21st", "22nd"."""
    if 1 <= n <= len(_ORDINALS):
        return _ORDINALS[n - 1]
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _pairs(reason: dict) -> list:
    """The recorded candidates of ``reason`` that are (label, score) pairs (a damaged entry is left out)."""
    cands = reason.get("candidates")
    return [c for c in (cands if isinstance(cands, list) else [])
            if isinstance(c, list) and len(c) == 2 and isinstance(c[1], (int, float)) and not isinstance(c[1], bool)]


def _has_text(reason: dict | None) -> bool:
    return isinstance(reason, dict) and isinstance(reason.get("text"), str) and bool(reason["text"])


def reason_tip(reason: dict | None, sides=None) -> list[str]:
    """The lines of the box the app shows when the mouse rests on an AI
    action in the log: what decided it, then each candidate weighed with its
    score (best first, at most three); [] when the agent gave no reason.
    Side ids are named as ``sides`` names them (:func:`name_sides`)."""
    if not _has_text(reason):
        return []
    out = [f"Why: {name_sides(reason['text'], sides)}"]
    pairs = _pairs(reason)[:3]
    if pairs:
        out.append("Weighed:")
        out += [f"- {name_sides(str(label), sides)}: {score:.3g}" for label, score in pairs]
    return out


def reason_line(reason: dict | None, sides=None, only: str | None = None) -> str:
    """The battle-log line under an AI action saying why the agent chose it
    (a replay's recorded ``reason``: its words and best candidates with their
    scores), or "" when the agent gave none; side ids named as ``sides``
    names them (:func:`name_sides`). ``only``: the one side that may read it
    (under hidden information, the side that gave it), marked as
    :func:`secret_mark` marks it ("  why (NVA only): ...")."""
    if not _has_text(reason):
        return ""
    best = "; ".join(f"{label} {score:.3g}" for label, score in _pairs(reason)[:3])
    mark = f" {secret_mark(only, sides).strip()}" if only else ""
    return name_sides(f"  why{mark}: {reason['text']}" + (f" (weighed: {best})" if best else ""), sides)


def secret_mark(side: str | None, sides=None) -> str:
    """The mark a log with no seated player (the umpire's: headless play,
    ``battletable replay --headless``) puts before a line only ``side`` may
    read, a secret event or a reason given under hidden information:
    ``"(US Army only) "``, the side by its name (``sides``: a scenario or a
    side id -> name mapping); "" for None (a line both sides read)."""
    if not side:
        return ""
    names = _names_of(sides) if sides is not None else {}
    return f"({names.get(side, side)} only) "


def line_owner(ruleset, event: Event) -> str | None:
    """The one side that may read ``event``'s log line (the ruleset's
    ``private_to`` hook, for hidden information), None: both sides."""
    private_to = getattr(ruleset, "private_to", None)
    return private_to(event) if private_to is not None else None


def reason_owner(ruleset, side: str) -> str | None:
    """The one side that may read the reason ``side``'s agent gave: under
    hidden information (a ruleset with ``private_to``) the reason was weighed
    on that side's view and names its hidden elements and secret objectives,
    so it is that side's only; the same for a ruleset that declares
    ``reasons_private`` (secret missions weigh in every choice, though no
    event line is private); None (both sides) otherwise."""
    hidden = getattr(ruleset, "private_to", None) is not None or getattr(ruleset, "reasons_private", False)
    return side if hidden else None


#: plural nouns that do not end in "s", as a name's last word ("spearmen" ends in "men")
_PLURAL_WORDS_EXACT = {"men", "folk", "people", "kin", "cavalry", "infantry", "militia"}
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def plural_name(name: str) -> bool:
    """Is ``name`` a grammatically plural noun phrase? Its last word decides:
    a word ending in "s" (but not "'s", "ss" or "us": "Yeenoghu's pack",
    "Gruumsh-ka", "the Horde" are one) or ending in "men" ("spearmen"), or one
    of a few plural nouns ("folk", "infantry")."""
    last = name.strip().split(" ")[-1].lower() if name.strip() else ""
    if last in _PLURAL_WORDS_EXACT or last.endswith("men"):
        return True
    return last.endswith("s") and not last.endswith(("'s", "ss", "us"))


def agree(verb: str, plural: bool) -> str:
    """The present-tense ``verb`` (its third-person singular, "moves", "has",
    "carries") in the form its subject takes: unchanged for a singular
    subject, "move", "have", "carry" for a plural one."""
    if not plural:
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


# ----------------------------------------------------------------------------- moves and places in words
#: the eight compass points, clockwise from east (the table's north is its top edge, y grows south)
COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")


@dataclass(frozen=True)
class LogUnits:
    """The unit a ruleset's text speaks in: its ``name`` ("in", "cm", "yd",
    or ``"`` for inches written as the rules write them, 3.9"), how many
    table mm one of it is (``mm``) and the side of the table grid's square
    in mm (``grid_mm``; None: places are not told by square)."""

    name: str
    mm: float
    grid_mm: float | None = None


@lru_cache(maxsize=None)
def units_of(ruleset_id: str) -> LogUnits:
    """The unit ruleset ``ruleset_id`` declares in ``game/rulesets/<id>/data/style.json``
    (``units``); centimetres when it declares none. Raises nothing: a missing
    or unreadable sheet gives centimetres."""
    path = Path(__file__).resolve().parents[1] / "rulesets" / ruleset_id / "data" / "style.json"
    try:
        u = json.loads(path.read_text(encoding="utf-8")).get("units") or {}
        return LogUnits(str(u["name"]), float(u["mm"]), float(u["grid_mm"]) if u.get("grid_mm") else None)
    except (OSError, ValueError, KeyError, TypeError):
        return LogUnits("cm", 10.0)


def distance_words(mm: float, units: LogUnits) -> str:
    """``mm`` (table mm) in the ruleset's unit: ``"4.5 in"``, ``"12 cm"``,
    ``"151 yd"``, ``'3.9"'`` (one decimal below 100 units, none when whole;
    the inch mark ``"`` follows the number without a space)."""
    v = mm / units.mm
    text = f"{v:.1f}".rstrip("0").rstrip(".") if abs(v) < 100 else f"{v:.0f}"
    return f"{text}{units.name}" if units.name == '"' else f"{text} {units.name}"


def grid_column(i: int) -> str:
    """Column letters of the table grid: 0 -> A, 25 -> Z, 26 -> AA."""
    out = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


def grid_square(x: float, y: float, grid_mm: float) -> str:
    """The grid square of table point (x, y) mm, squares ``grid_mm`` wide,
    columns lettered from the west edge and rows numbered from the north
    edge: ``"C4"``."""
    return f"{grid_column(max(0, int(x // grid_mm)))}{max(0, int(y // grid_mm)) + 1}"


def compass_words(degrees: float) -> str:
    """The nearest of the eight compass points to a direction given in
    degrees clockwise from east (+x, the table's y pointing south):
    0 -> "east", 90 -> "south", 270 -> "north"."""
    return COMPASS[round((degrees % 360.0) / 45.0) % 8]


def facing_words(heading: float) -> str:
    """A facing as every log line gives it: ``"facing south"`` (``heading``
    in degrees clockwise from east)."""
    return f"facing {compass_words(heading)}"


def _shape(where):
    """A landmark's geometry: a shapely geometry as it is, an (x, y) point as a Point."""
    return where if hasattr(where, "distance") else Point(float(where[0]), float(where[1]))


def nearest_landmark(x: float, y: float, landmarks: Iterable[tuple[str, object]], near_mm: float) -> tuple[str, float] | None:
    """``(name, distance mm)`` of the landmark nearest the table point (x, y)
    within ``near_mm``, or None. ``landmarks``: (name, where) pairs, where a
    shapely geometry (a terrain piece, a planet) or an (x, y) point (a model,
    a marker, an objective); ties go to the first listed."""
    pt = Point(x, y)
    best: tuple[str, float] | None = None
    for name, where in landmarks:
        d = _shape(where).distance(pt)
        if d <= near_mm and (best is None or d < best[1]):
            best = (name, d)
    return best


def way_words(x0: float, y0: float, x1: float, y1: float, landmarks: Iterable[tuple[str, object]] = (),
              near_mm: float = 0.0, models: Iterable[tuple[str, object]] = ()) -> str:
    """Which way a move from (x0, y0) to (x1, y1) went, in words: "into the
    farmhouse" when it ends inside a named area, "toward the farmhouse" when
    it ends within ``near_mm`` of a named feature or objective (``landmarks``)
    and closer to it than it began, else the same toward the nearest of
    ``models`` (the features tell a place better than a model that moves
    too), else the compass direction of the step ("north-east")."""
    for tier in (list(landmarks), list(models)):
        best = nearest_landmark(x1, y1, tier, near_mm) if tier and near_mm > 0 else None
        if best is None:
            continue
        name, d1 = best
        where = _shape(next(w for n, w in tier if n == name))
        d0 = where.distance(Point(x0, y0))
        if d1 <= 1e-6 and getattr(where, "area", 0.0) > 0 and d0 > 1e-6:
            return f"into {name}"
        if d1 < d0 - 1e-6:
            return f"toward {name}"
    return compass_words(math.degrees(math.atan2(y1 - y0, x1 - x0)))


def move_words(x0: float, y0: float, x1: float, y1: float, units: LogUnits,
               landmarks: Iterable[tuple[str, object]] = (), near_mm: float | None = None,
               dist_mm: float | None = None, models: Iterable[tuple[str, object]] = ()) -> str:
    """A move as every ruleset's log gives it: its length in the ruleset's
    unit and its way (:func:`way_words`): ``"3.5 in toward the farmhouse"``,
    ``"20 cm south"``; just the length for a move of under half a mm.
    ``near_mm`` (how close the end must come to a landmark to be named)
    defaults to the larger of three units and half the move; ``dist_mm``
    (the distance travelled, when the path was not straight) defaults to the
    straight line."""
    d = math.hypot(x1 - x0, y1 - y0) if dist_mm is None else dist_mm
    if math.hypot(x1 - x0, y1 - y0) < 0.5:
        return distance_words(d, units)
    near = max(3 * units.mm, d / 2) if near_mm is None else near_mm
    return f"{distance_words(d, units)} {way_words(x0, y0, x1, y1, landmarks, near, models)}"


def place_words(x: float, y: float, table: tuple[float, float], units: LogUnits,
                landmarks: Iterable[tuple[str, object]] = (), near_mm: float | None = None,
                models: Iterable[tuple[str, object]] = ()) -> str:
    """Where on the table (x, y) mm is, in words: "in the farmhouse" inside a
    named area, "by the farmhouse" within ``near_mm`` (default three units)
    of a named feature or objective (``landmarks``), else of one of
    ``models``, else the part of the table
    ("in the north-west of the table", "in the middle of the table", "at the
    south edge")."""
    near = 3 * units.mm if near_mm is None else near_mm
    for tier in (list(landmarks), list(models)):
        best = nearest_landmark(x, y, tier, near) if tier else None
        if best is not None:
            name, d = best
            where = _shape(next(w for n, w in tier if n == name))
            return f"in {name}" if d <= 1e-6 and getattr(where, "area", 0.0) > 0 else f"by {name}"
    w, h = table
    edge = {"west": x, "east": w - x, "north": y, "south": h - y}
    e = min(edge, key=edge.get)
    if edge[e] <= units.mm:
        return f"at the {e} edge"
    col = "west" if x < w / 3 else "east" if x > 2 * w / 3 else ""
    row = "north" if y < h / 3 else "south" if y > 2 * h / 3 else ""
    part = f"{row}-{col}" if row and col else (row or col)
    return f"in the {part} of the table" if part else "in the middle of the table"


def landmark_names(pairs: Iterable[tuple[str, object]], grid_mm: float | None = None) -> list[tuple[str, object]]:
    """(name, where) pairs named as a sentence reads them: a proper name
    (capitalised, "Sgt. Reyes") or one with its article as it is; a common
    name with "the" when it is the only one of that name ("the humvee"); one
    of several of that name by its grid square when ``grid_mm`` is given
    ("the barbed wire at C4", :func:`grid_square` of its middle), else with
    "a"/"an" ("a low wall"; a name ending in s, "sandbags", takes "the" and
    its square or stays bare). Empty names are left out."""
    pairs = [(n.strip(), w) for n, w in pairs if n and n.strip()]
    count: dict[str, int] = {}
    for n, _ in pairs:
        count[n.lower()] = count.get(n.lower(), 0) + 1
    out = []
    for n, w in pairs:
        if n[:1].isupper() or n.lower().startswith(("the ", "a ", "an ")):
            out.append((n, w))
        elif count[n.lower()] == 1:
            out.append((f"the {n}", w))
        elif grid_mm:
            c = _shape(w).representative_point()
            out.append((f"the {n} at {grid_square(c.x, c.y, grid_mm)}", w))
        elif n.endswith("s") and not n.endswith("ss"):
            out.append((n, w))
        else:
            out.append((("an " if n[:1].lower() in "aeiou" else "a ") + n, w))
    return out

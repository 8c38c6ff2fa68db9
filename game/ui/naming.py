"""Names instead of ids in the text a player reads (no pygame).

Rulesets label buttons and write previews from the action alone
(``describe_action``), so their words may carry the ids the action names
("Activate reyes", "Fire at a0", "Breach t2", "Move to (432, 610)"). A
:class:`Namer` built from what is on the table rewrites such text: a
figure's id becomes its name (the head of its profile, with its id only
when several figures share that name), a terrain feature's id its map name
(with its grid square when several share it), a table point ``(x, y)`` in
mm its grid square and nearest feature. Ids inside a figure's own profile
heading ("Sgt. Reyes (reyes, fireteam)") are dropped.
"""

from __future__ import annotations

import re
from collections import Counter

from game.core.logtext import first_upper, name_sides
from game.ui import units as U

POINT = re.compile(r"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
#: an id-like word; a possessive "'s" may follow it ("End okafor's activation")
TOKEN = re.compile(r"(?<![\w'])([A-Za-z][A-Za-z0-9_]*)(?![\w]|'(?!s\b))")
#: the id patterns a player should never read where a name exists (tests)
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
WEAPON_INDEX = re.compile(r"\bweapon \d+\b")
#: a file path or file name ("/home/me/saves/mission1_2x2-20250101.save.json", "mission1_2x2.map.json"):
#: left as written, underscores and all, since the player types or finds it as it is
PATH = re.compile(r"\S*[/\\]\S*|[\w.-]+\.(?:json|jsonl|png|toml|csv|html|txt)\b")


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised, the way a label on the
    table reads ("hesperus well 15 cm" -> "Hesperus well 15 cm"); the rest
    is left as written."""
    return first_upper(text)


def phase_words(phase: str) -> str:
    """A ruleset's phase as a header reads it: capitalised, a one-word phase
    named as a phase ("player" -> "Player phase", "movement" -> "Movement
    phase"); a longer one only capitalised ("weapon lost" -> "Weapon lost")."""
    phase = phase.strip()
    if not phase:
        return ""
    return sentence(phase) + (" phase" if " " not in phase and "phase" not in phase.lower() else "")


def ruleset_name(ruleset) -> str:
    """What a player calls a ruleset (a ruleset object or its id): its ``title``
    without the bracketed gloss some titles carry ("Space fleet (Battlefleet-style
    ...)" -> "Space fleet"); the id itself for an unknown ruleset or one without
    a title."""
    if isinstance(ruleset, str):
        from game import rulesets

        try:
            ruleset = rulesets.get(ruleset)
        except Exception:  # noqa: BLE001 - an unknown id (or one that does not load) is shown as it is
            return ruleset
    title = str(getattr(ruleset, "title", "") or getattr(ruleset, "id", "") or "?")
    return title.split(" (", 1)[0].strip() or title


def head_of(profile_line: str) -> str:
    """A profile's first line without its bracketed ids: ``"Sgt. Reyes"``."""
    return profile_line.split(" (")[0].strip()


def figure_names(figures) -> dict[str, str]:
    """id -> the name a player reads for every figure (see the module notes)."""
    heads = {}
    for f in figures:
        head = head_of(f.profile[0]) if f.profile else ""
        heads[f.id] = head or f.label or f.id.replace("_", " ")
    count = Counter(heads.values())
    labels = {f.id: f.label for f in figures}
    groups: dict[str, list[str]] = {}
    for fid, head in heads.items():
        groups.setdefault(head, []).append(fid)
    out = {}
    for fid, head in heads.items():
        # the id stays in the name where the ruleset uses it as the model's mark ("Fighter a0", the
        # label on its base); several models sharing a name are told apart by their ids' numbers
        # ("Sword class frigate 2") when those differ, else by their ids
        if fid.lower() in head.lower() or (count[head] == 1 and labels.get(fid) != fid):
            out[fid] = head
            continue
        nums = [re.search(r"(\d+)$", g) for g in groups[head]]
        digits = [m.group(1) if m else None for m in nums]
        mine = re.search(r"(\d+)$", fid)
        if labels.get(fid) != fid and mine and None not in digits and len(set(digits)) == len(digits):
            out[fid] = f"{head} {mine.group(1)}"
        else:
            out[fid] = f"{head} {fid.replace('_', ' ')}"
    return out


def feature_names(pieces, map_file=None, styles=None, units=U.CM) -> dict[str, str]:
    """id -> the name a player reads for every terrain piece: the map's
    name, else the kind's; with its grid square when names repeat."""
    names = {p.id: U.feature_name(p, map_file, styles) for p in pieces}
    count = Counter(names.values())
    out = {}
    for p in pieces:
        n = names[p.id]
        if count[n] > 1:
            c = p.polygon.representative_point()
            n = f"{n} at {U.square(c.x, c.y, units)}"
        out[p.id] = n
    return out


class Namer:
    """Rewrites text for a player (see the module notes).

    Args:
        figures: the figures on the table (``game.core.view.Figure``).
        pieces: the terrain pieces; ``map_file``, ``styles``, ``units`` name them.
        known: id -> name of figures seen earlier and gone since (killed,
            left the table), which the log still names.
        sides: side id -> the side's name (the scenario's ``side_name``):
            a side id in a bracketed list of ids ("Sgt. Reyes (reyes,
            fireteam)") becomes its name, and so does every other side id
            standing as a word (:func:`game.core.logtext.name_sides`: "the
            enemy acts" -> "Al Wahid acts"), as in the battle log.
    """

    def __init__(self, figures=(), pieces=(), map_file=None, styles=None, units=U.CM, known=None, sides=None) -> None:
        self.sides = {k: v for k, v in (sides or {}).items() if v and v != k}
        self.figures = {**(known or {}), **figure_names(figures)}
        self.features = feature_names(pieces, map_file, styles, units)
        self.pieces = list(pieces)
        self.map = map_file
        self.styles = styles
        self.units = units
        # feature ids that read like words ("roof") are left alone: only ids with a digit or "_" are rewritten
        self.names = {**{k: v for k, v in self.features.items() if any(c.isdigit() or c == "_" for c in k)},
                      **self.figures}
        self._own = {f.id: (f.side or "") for f in figures}

    def point(self, x: float, y: float) -> str:
        """A table point in words (grid square, nearest feature)."""
        return U.place(x, y, self.pieces, self.units, self.map, self.styles)

    def __call__(self, text: str, ids: bool = True) -> str:
        """``text`` with ids and table points in words; ``ids=False``: the
        table points only, for text a ruleset already wrote with names (whose
        plain words may equal an id: a unit ``spears`` and "Set spears").
        File paths and file names in it are left as they are (:data:`PATH`)."""
        if not text:
            return text
        out, at = [], 0
        for m in PATH.finditer(text):
            out += [self._words(text[at:m.start()], ids), m.group(0)]
            at = m.end()
        return "".join(out + [self._words(text[at:], ids)])

    def _words(self, text: str, ids: bool = True) -> str:
        """:meth:`__call__` on text without paths."""
        if not text:
            return text
        if ids:
            text = self._drop_bracketed_ids(text)
        text = POINT.sub(lambda m: self.point(float(m.group(1)), float(m.group(2))), text)
        if ids:
            text = TOKEN.sub(self._name_token, text)
        text = name_sides(text, self.sides)
        if not ids:
            return text
        return SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)  # any other id-like word: its words

    def _name_token(self, m: re.Match) -> str:
        """One id-like word as its name; an id already preceded by the rest of
        its name ("Al Wahid Fighter st2") is left alone, so naming twice changes
        nothing. An id after the words its name begins with, as a log writes
        a model ("Fighter a0" for "Al Wahid Fighter 1"), becomes the rest of
        the name ("Fighter 1")."""
        tid = m.group(1)
        name = self.names.get(tid)
        if name is None:
            return tid
        before = m.string[:m.start()]
        if name.endswith(tid) and before.endswith(name[:-len(tid)]):
            return tid
        words = name.split(" ")
        for i in range(len(words) - 1):
            if before.endswith(" ".join(words[i:-1]) + " "):
                return words[-1]
        return name

    def _drop_bracketed_ids(self, text: str) -> str:
        def fix(m: re.Match) -> str:
            parts = [p.strip() for p in m.group(1).split(",")]
            keep = [self.sides.get(p, p) for p in parts if p not in self.figures]
            if keep == parts:
                return m.group(0)
            return f" ({', '.join(keep)})" if keep else ""

        return re.sub(r" \(([^()]*)\)", fix, text)

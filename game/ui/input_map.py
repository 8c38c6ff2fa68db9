"""The input map: every keyboard shortcut of the battle scene, the replay
viewer and the help overlay, built from the defaults below plus the user's
overrides in ``settings.json`` under ``keys``.

A binding is a *chord*: modifiers and one key, written ``"ctrl+z"``,
``"shift+right"``, ``"space"``, ``"kp_enter"`` (key names are pygame's
``K_*`` constant names in lower case, without ``K_``). An action may have
several chords: the settings store them comma-separated (``"ctrl+z, u"``);
an empty string unbinds the action. Unknown actions and unreadable chords in
the settings are ignored (the defaults stay).

Scenes ask :meth:`InputMap.action` which action a ``KEYDOWN`` event means in
their context (``"battle"``, ``"replay"``, ``"help"``, ``"menu"``); the table's camera
keys (pan, zoom, fit) are the ``"table"`` context, looked up after the
scene's own. No default key means two things on one screen: the replay
viewer's own keys (step, speed, to the start) are keys the camera does not
use, so the arrows and Home work the table there as in a battle.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Iterable, Mapping

import pygame

#: modifier names in the order they are written
MODS = ("ctrl", "alt", "shift")


@dataclass(frozen=True)
class ActionSpec:
    """One bindable action."""

    name: str
    label: str  #: what the help overlay and the settings call it
    contexts: tuple[str, ...]  #: where it applies: battle, replay, table (both), help
    default: tuple[str, ...]  #: default chords


B, R, T, H, BR = ("battle",), ("replay",), ("table",), ("help",), ("battle", "replay")

ACTIONS: tuple[ActionSpec, ...] = (
    # the battle scene
    ActionSpec("undo", "Undo (to the last roll)", B, ("ctrl+z",)),
    ActionSpec("save", "Save the game", B, ("ctrl+s",)),
    ActionSpec("load", "Load a game", B, ("ctrl+l",)),
    ActionSpec("commit", "Do the chosen action", B, ("return", "kp_enter")),
    ActionSpec("cancel", "Cancel the choice, then the selection", B, ("escape",)),
    ActionSpec("next_model", "Select the next model", B, ("tab",)),
    ActionSpec("ranges", "Range bands", B, ("r",)),
    ActionSpec("skip_ai", "Skip the AI's animation", B, ("space",)),
    ActionSpec("pause_ai", "Pause / resume the AI", B, ("p",)),
    ActionSpec("screenshot", "Screenshot", B, ("f12",)),
    # both the battle scene and the replay viewer
    ActionSpec("los", "Line-of-sight overlay", BR, ("l",)),
    ActionSpec("groups", "Unit groupings", BR, ("g",)),
    ActionSpec("help", "Keys and mouse help (toggles)", BR + H + ("menu",), ("h", "f1")),
    # the table's camera (battle and replay)
    ActionSpec("pan_left", "Pan left", T, ("left", "a")),
    ActionSpec("pan_right", "Pan right", T, ("right", "d")),
    ActionSpec("pan_up", "Pan up", T, ("up", "w")),
    ActionSpec("pan_down", "Pan down", T, ("down", "s")),
    ActionSpec("zoom_in", "Zoom in", T, ("plus", "equals", "kp_plus")),
    ActionSpec("zoom_out", "Zoom out", T, ("minus", "kp_minus")),
    ActionSpec("fit", "Fit the table", T, ("f", "home")),
    # the replay viewer
    ActionSpec("play_pause", "Play / pause", R, ("space",)),
    ActionSpec("step_forward", "One action forward", R, ("period",)),
    ActionSpec("step_back", "One action back", R, ("comma",)),
    ActionSpec("event_forward", "One event forward", R, ("e",)),
    ActionSpec("next_turn", "Next turn", R, ("pagedown",)),
    ActionSpec("prev_turn", "Previous turn", R, ("pageup",)),
    ActionSpec("faster", "Faster", R, ("rightbracket",)),
    ActionSpec("slower", "Slower", R, ("leftbracket",)),
    ActionSpec("to_start", "To the start", R, ("ctrl+home",)),
    ActionSpec("to_end", "To the end", R, ("end", "ctrl+end")),
    # the help overlay
    ActionSpec("close", "Close this overlay", H, ("escape", "return", "kp_enter")),
)
SPECS: dict[str, ActionSpec] = {a.name: a for a in ACTIONS}


def _key_tables() -> tuple[dict[str, int], dict[int, str]]:
    by_name: dict[str, int] = {}
    for attr in dir(pygame):
        if attr.startswith("K_"):
            by_name[attr[2:].lower()] = getattr(pygame, attr)
    by_code: dict[int, str] = {}
    for name, code in sorted(by_name.items(), key=lambda kv: (len(kv[0]), kv[0])):
        by_code.setdefault(code, name)
    return by_name, by_code


KEY_CODES, KEY_NAMES = _key_tables()
#: keys that are only modifiers (never bound alone)
MODIFIER_KEYS = {KEY_CODES[n] for n in ("lctrl", "rctrl", "lshift", "rshift", "lalt", "ralt", "lmeta", "rmeta",
                                        "lgui", "rgui", "mode", "capslock", "numlock") if n in KEY_CODES}
_PRETTY = {"return": "Enter", "kp_enter": "Keypad Enter", "escape": "Esc", "kp_plus": "Keypad +",
           "kp_minus": "Keypad -", "plus": "+", "minus": "-", "equals": "=", "period": ".", "comma": ",",
           "pageup": "Page Up", "pagedown": "Page Down", "leftbracket": "[", "rightbracket": "]", "backspace": "Backspace", "space": "Space"}


def event_mods(mod: int) -> frozenset[str]:
    """The modifiers of a key event (Cmd / Meta counts as Ctrl)."""
    out = set()
    if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
        out.add("ctrl")
    if mod & pygame.KMOD_ALT:
        out.add("alt")
    if mod & pygame.KMOD_SHIFT:
        out.add("shift")
    return frozenset(out)


Chord = tuple[frozenset, int]


def parse_chord(text: str) -> Chord:
    """``"ctrl+z"`` -> (modifiers, key code). ValueError for a bad one."""
    parts = [p.strip().lower() for p in text.strip().split("+")]
    if text.strip().endswith("+") and len(parts) >= 2:  # "ctrl++"
        parts = parts[:-2] + ["plus"]
    *mods, key = parts
    bad = [m for m in mods if m not in MODS]
    if bad or not key:
        raise ValueError(f"bad key chord {text!r}")
    code = KEY_CODES.get(key)
    if code is None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                code = pygame.key.key_code(key)
        except (ValueError, pygame.error):
            raise ValueError(f"unknown key {key!r} in {text!r}") from None
    return frozenset(mods), code


def chord_text(chord: Chord) -> str:
    """The canonical settings text of a chord (``"ctrl+z"``)."""
    mods, code = chord
    name = KEY_NAMES.get(code) or pygame.key.name(code) or str(code)
    return "+".join([m for m in MODS if m in mods] + [name])


def chord_label(chord: Chord) -> str:
    """How a chord is shown to people (``"Ctrl+Z"``)."""
    mods, code = chord
    name = KEY_NAMES.get(code) or str(code)
    key = _PRETTY.get(name) or (name.upper() if len(name) == 1 else name.replace("_", " ").title())
    if name.startswith("f") and name[1:].isdigit():
        key = name.upper()
    return "+".join([m.capitalize() for m in MODS if m in mods] + [key])


def chord_of_event(event) -> Chord | None:
    """The chord a KEYDOWN event presses (None for a lone modifier key)."""
    if event.key in MODIFIER_KEYS:
        return None
    return event_mods(getattr(event, "mod", 0)), event.key


class InputMap:
    """Action <-> chords for every context. Build with :meth:`from_settings`."""

    def __init__(self, bindings: Mapping[str, Iterable[Chord]]) -> None:
        self.bindings: dict[str, tuple[Chord, ...]] = {a.name: tuple(bindings.get(a.name, ())) for a in ACTIONS}
        self._lookup: dict[str, dict[Chord, str]] = {}
        for a in ACTIONS:
            for ctx in a.contexts:
                table = self._lookup.setdefault(ctx, {})
                for ch in self.bindings[a.name]:
                    table.setdefault(ch, a.name)

    @classmethod
    def defaults(cls) -> "InputMap":
        """The built-in bindings."""
        return cls({a.name: [parse_chord(c) for c in a.default] for a in ACTIONS})

    @classmethod
    def from_settings(cls, overrides: Mapping[str, str] | None) -> "InputMap":
        """Defaults with the settings' ``keys`` overrides (bad entries ignored)."""
        b = {a.name: [parse_chord(c) for c in a.default] for a in ACTIONS}
        for name, text in (overrides or {}).items():
            if name not in SPECS or not isinstance(text, str):
                continue
            try:
                b[name] = [parse_chord(c) for c in text.split(",") if c.strip()]
            except ValueError:
                continue
        return cls(b)

    # -- lookup --------------------------------------------------------------------------
    def action(self, event, *contexts: str) -> str | None:
        """The action a KEYDOWN ``event`` means in ``contexts`` (first match
        wins). Exact modifiers first; a chord without Shift also matches with
        Shift held when nothing is bound to the shifted chord."""
        if getattr(event, "type", pygame.KEYDOWN) != pygame.KEYDOWN:
            return None
        ch = chord_of_event(event)
        if ch is None:
            return None
        tries = [ch]
        if "shift" in ch[0]:
            tries.append((ch[0] - {"shift"}, ch[1]))
        for c in tries:
            for ctx in contexts:
                name = self._lookup.get(ctx, {}).get(c)
                if name is not None:
                    return name
        return None

    def effective(self, action: str, contexts: Iterable[str]) -> tuple[Chord, ...]:
        """The chords that reach ``action`` on a screen whose contexts are
        ``contexts`` in order of precedence (a user's override may give a
        scene key to a camera action too: the scene's own wins)."""
        order = list(contexts)

        def first(ch: Chord) -> str | None:
            for ctx in order:
                name = self._lookup.get(ctx, {}).get(ch)
                if name is not None:
                    return name
            return None
        return tuple(c for c in self.bindings[action] if first(c) == action)

    def label_in(self, action: str, contexts: Iterable[str]) -> str:
        """:meth:`label` of only the chords that reach ``action`` there (see :meth:`effective`)."""
        return ", ".join(chord_label(c) for c in self.effective(action, contexts)) or "-"

    def chords(self, action: str) -> tuple[Chord, ...]:
        """The chords bound to ``action``."""
        return self.bindings[action]

    def label(self, action: str) -> str:
        """The bindings of ``action`` as people read them (``"Ctrl+Z"``, ``"H, F1"``; ``"-"`` unbound)."""
        return ", ".join(chord_label(c) for c in self.bindings[action]) or "-"

    def conflicts(self, action: str, chord: Chord) -> list[str]:
        """Other actions that share a context with ``action`` and use ``chord``."""
        mine = _scenes(SPECS[action])
        return [a.name for a in ACTIONS if a.name != action and chord in self.bindings[a.name] and mine & _scenes(a)]

    def rebound(self, action: str, chord: Chord) -> tuple[dict[str, str], list[str]]:
        """Settings overrides after binding ``chord`` (alone) to ``action``:
        the chord is taken from any other action of the same screens.
        Returns (overrides for the changed actions, the actions it was taken from)."""
        out = {action: chord_text(chord)}
        taken = self.conflicts(action, chord)
        for other in taken:
            out[other] = ", ".join(chord_text(c) for c in self.bindings[other] if c != chord)
        return out, taken

    def help_lines(self, contexts: Iterable[str]) -> list[str]:
        """``"Ctrl+Z: Undo (to the last roll)"`` for every action of ``contexts``."""
        ctx = set(contexts)
        return [f"{self.label(a.name)}: {a.label}" for a in ACTIONS if ctx & set(a.contexts)]


def _scenes(spec: ActionSpec) -> set[str]:
    """The screens an action is live on (table keys live on both battle and replay)."""
    s = set(spec.contexts)
    if "table" in s:
        s |= {"battle", "replay"}
    return s


def overrides_for(current: Mapping[str, str], changes: Mapping[str, str]) -> dict[str, str]:
    """``current`` settings overrides with ``changes`` applied; entries equal
    to the default are dropped so the file stays small."""
    out = dict(current)
    out.update(changes)
    for name in list(out):
        spec = SPECS.get(name)
        if spec is None:
            continue
        try:
            now = [parse_chord(c) for c in out[name].split(",") if c.strip()]
        except ValueError:
            continue
        if now == [parse_chord(c) for c in spec.default]:
            out.pop(name)
    return out

"""The battle log's one formatter: the line for an event, shared by the
desktop app's log panel (``game/ui/log.py``) and the terminal log (headless
play, ``battletable replay --headless``), so both print the same words.

Rolls are written by :meth:`DiceRolled.describe` (dice, every modifier, the
target number itemised and the outcome); every other event in the ruleset's
own words (``Ruleset.describe``), or a generic sentence when it has none.
"""

from __future__ import annotations

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


def event_line(ruleset, event: Event) -> str:
    """The battle-log line for ``event`` under ``ruleset`` (never empty)."""
    if isinstance(event, DiceRolled):
        return event.describe()
    try:
        text = ruleset.describe(event) or ""
    except Exception:  # noqa: BLE001 - a log line never stops a battle or the app
        text = ""
    return text or generic_text(event)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 turn"``, ``"2 turns"``: ``n`` and ``word`` in the right number (``many``: an
    irregular plural)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _pairs(reason: dict) -> list:
    """The recorded candidates of ``reason`` that are (label, score) pairs (a damaged entry is left out)."""
    cands = reason.get("candidates")
    return [c for c in (cands if isinstance(cands, list) else [])
            if isinstance(c, list) and len(c) == 2 and isinstance(c[1], (int, float)) and not isinstance(c[1], bool)]


def _has_text(reason: dict | None) -> bool:
    return isinstance(reason, dict) and isinstance(reason.get("text"), str) and bool(reason["text"])


def reason_tip(reason: dict | None) -> list[str]:
    """The lines of the box the app shows when the mouse rests on an AI
    action in the log: what decided it, then each candidate weighed with its
    score (best first, at most three); [] when the agent gave no reason."""
    if not _has_text(reason):
        return []
    out = [f"Why: {reason['text']}"]
    pairs = _pairs(reason)[:3]
    if pairs:
        out.append("Weighed:")
        out += [f"- {label}: {score:.3g}" for label, score in pairs]
    return out


def reason_line(reason: dict | None) -> str:
    """The battle-log line under an AI action saying why the agent chose it
    (a replay's recorded ``reason``: its words and best candidates with their
    scores), or "" when the agent gave none."""
    if not _has_text(reason):
        return ""
    best = "; ".join(f"{label} {score:.3g}" for label, score in _pairs(reason)[:3])
    return f"  why: {reason['text']}" + (f" (weighed: {best})" if best else "")


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

"""End of battle: the outcome, the score, and a button to watch the replay."""

from __future__ import annotations

from game.core.logtext import name_sides, plural
from game.ui.scenes.dialog import PanelScene


def score_line(score: dict, sides, ruleset=None, state=None) -> str:
    """The score as a player reads it: ``"Score: Imperial Navy 0, Chaos
    raiders 28.5"``, ``"British VP 1, German kills (silver) 2"`` (``sides``: the
    scenario or side id -> name, naming each side id a key holds; None: as they are).
    A ruleset whose score is a measure of its own says which in its
    ``score_words(score)`` (side ids as written): Battlesystem's
    ``"Strength: Valmark 100%, the Horde 100%"``; one that needs the battle's
    state to say whose score it is, in ``score_text(state, score)`` (Foxhole's
    ``"ARVN convoy took 1 of 3 objectives"``). Names keep their case mid-line."""
    words = getattr(ruleset, "score_words", None)
    in_state = getattr(ruleset, "score_text", None) if state is not None else None
    if in_state is not None:
        text = in_state(state, score)
    elif words is not None:
        text = words(score)
    else:
        text = "Score: " + ", ".join(f"{k} {v:g}" for k, v in score.items())
    return name_sides(text, sides)


class SummaryScene(PanelScene):
    """Shown over the battle when it ends."""

    name = "summary"

    def __init__(self, outcome, turns: int, actions: int, replay_path, on_replay, on_menu, side_name=None,
                 sides=None, ruleset=None, state=None) -> None:
        """``side_name``: side id -> the name a player reads (the scenario's
        :meth:`~game.data.scenario.Scenario.side_name`; None: ids as they are);
        ``sides``: the scenario (or side id -> name), naming the sides the reason names."""
        name = side_name or (lambda s: s)
        lines = [f"Winner: {name(outcome.winner) if outcome.winner else 'nobody (a draw)'}",
                 f"Why: {name_sides(outcome.reason, sides) or '-'}",
                 f"{plural(turns, 'turn')}, {plural(actions, 'action')}."]
        if outcome.score:
            lines.append(score_line(outcome.score, sides, ruleset, state))
        lines.append(f"Replay: {replay_path}")
        super().__init__("Battle over", lines)
        self.outcome = outcome
        self.buttons = {"Watch replay": on_replay, "Menu": on_menu, "Close": lambda: self.app.pop(self)}

"""End of battle: the outcome, the score, and a button to watch the replay."""

from __future__ import annotations

from game.core.logtext import plural
from game.ui.scenes.dialog import PanelScene


class SummaryScene(PanelScene):
    """Shown over the battle when it ends."""

    name = "summary"

    def __init__(self, outcome, turns: int, actions: int, replay_path, on_replay, on_menu) -> None:
        lines = [f"Winner: {outcome.winner or 'nobody (a draw)'}", f"Why: {outcome.reason or '-'}",
                 f"{plural(turns, 'turn')}, {plural(actions, 'action')}."]
        if outcome.score:
            lines.append("Score: " + ", ".join(f"{k} {v:g}" for k, v in outcome.score.items()))
        lines.append(f"Replay: {replay_path}")
        super().__init__("Battle over", lines)
        self.outcome = outcome
        self.buttons = {"Watch replay": on_replay, "Menu": on_menu, "Close": lambda: self.app.pop(self)}

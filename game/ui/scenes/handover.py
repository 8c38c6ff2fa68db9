"""Hot-seat handover: an opaque screen between two human sides when the
ruleset hides part of the battle from each side, so the next player does not
see the previous side's private view. It says who takes the seat and why,
and sums up what the other player did since."""

from __future__ import annotations

from game.ui.scenes.dialog import PanelScene


class HandoverScene(PanelScene):
    """Hides the table until the next player takes the seat."""

    opaque = True
    dim = 255
    name = "handover"

    def __init__(self, side: str, on_ready, why: str = "", summary: list[str] | None = None) -> None:
        lines = [why or f"{side} to act.", "The previous player should look away.",
                 f"Press Enter or the button when {side} is seated."]
        if summary:
            lines += ["", "Since your last move:"] + [f"- {s}" for s in summary]
        super().__init__(f"Pass to {side}", lines)
        self.side = side
        self.on_ready = on_ready
        self.buttons = {f"I am {side}": self.ready}

    def ready(self) -> None:
        self.app.pop(self)
        self.on_ready()

    def draw(self, surface) -> None:
        surface.fill((10, 11, 14))
        super().draw(surface)

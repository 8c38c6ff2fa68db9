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

    def __init__(self, side: str, on_ready, why: str = "", summary: list[str] | None = None, name: str = "",
                 first: bool = False) -> None:
        """``side``: the side id taking the seat; ``name``: that side as the
        player reads it (the scenario's side name; "" : the id); ``first``: no
        player has acted yet (nobody to look away from the screen yet)."""
        name = name or side
        away = "The other players should look away." if first else "The previous player should look away."
        lines = [why or f"{name} to act.", away,
                 f"Press Enter or the button when {name} is seated."]
        if summary:
            lines += ["", "Since your last move:"] + [f"- {s}" for s in summary]
        super().__init__(f"Pass to {name}", lines)
        self.side = side
        self.on_ready = on_ready
        self.ready_label = f"I am {name}"  #: the button the next player presses
        self.buttons = {self.ready_label: self.ready}

    def ready(self) -> None:
        self.app.pop(self)
        self.on_ready()

    def draw(self, surface) -> None:
        surface.fill((10, 11, 14))
        super().draw(surface)

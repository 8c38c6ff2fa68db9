"""Foxhole's section of the in-battle Help: how a turn goes and what the
player does, in a few lines (the Help screen's ``help_lines`` hook)."""

HELP_LINES = (
    "Set-up: the defender picks its end of the table and places its possible objectives, the attacker "
    "chooses a mission, then each side places its elements (hidden ones as numbered markers).",
    "Each turn a side gets command points from a roll, then uses its elements one at a time: select one, "
    "then move it, fire with it or change its standing fire order.",
    "A move begins with a motivation roll; command points spent on an element improve it. "
    "Enemies that see the move may interrupt it with fire.",
    "The side panel lists your mission or objectives, your command points and your hidden elements.",
)

"""Ruleset-agnostic, deterministic engine core: dice, actions, events, state,
the ruleset protocol, the one door for change (:func:`engine.step`), history
with undo, replays and per-side views. No pygame, no clock."""

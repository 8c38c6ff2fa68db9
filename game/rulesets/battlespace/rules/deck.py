"""The SITREP deck itself: reshuffling the discard pile when the deck runs out,
and discarding the top card unread (Battlespace: Sitrep Phase; the civilian
chart's "friendly" result). Drawing and the cards' effects: :mod:`.sitrep`."""

from __future__ import annotations

from ..events import CardDrawn, DeckShuffled
from .common import Emitter


def ensure_deck(em: Emitter) -> bool:
    """Reshuffle the discard pile into a new deck when the deck is empty. False: no cards at all."""
    s = em.s
    if s.deck:
        return True
    if not s.discard:
        return False
    r = em.dice.shuffle(len(s.discard), "SITREP deck reshuffled")
    em.emit(r)
    em.emit(DeckShuffled(order=[s.discard[i - 1] for i in r.faces]))
    return True


def discard_top(em: Emitter) -> bool:
    """Discard the top card of the deck unread (reshuffling first if it is empty);
    False when there is no card at all."""
    if not ensure_deck(em):
        return False
    em.emit(CardDrawn(card=em.s.deck[0], applies=False))
    return True

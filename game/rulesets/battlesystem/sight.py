"""Battlesystem's one sight adjudication (filled in by the sight layer)."""

from __future__ import annotations


def hook_sight(state, viewer_id: str, target_id: str):
    return None


def hook_region(state, viewer_id: str):
    return None

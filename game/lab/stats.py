"""Statistics of the lab with statsmodels (and scipy for the exact binomial
test): Wilson intervals, a two-proportion test between arms, the games needed
for a margin, and Bradley-Terry ratings for the ladder."""

from __future__ import annotations

import math

import numpy as np
from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint, proportions_ztest, samplesize_confint_proportion

Z95 = 1.959964


def wilson(k: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of ``k`` successes in ``n`` games
    ((0, 1) for no games)."""
    if n == 0:
        return (0.0, 1.0)
    lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    return (float(max(0.0, lo)), float(min(1.0, hi)))


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled z-test that two arms have the same
    rate; 1.0 when it cannot be computed (no games, or both rates 0 or 1)."""
    if min(n1, n2) == 0 or (k1 + k2) in (0, n1 + n2):
        return 1.0
    _, p = proportions_ztest([k1, k2], [n1, n2])
    return float(p) if math.isfinite(p) else 1.0


def games_for_margin(margin: float, rate: float = 0.5) -> int:
    """Games one arm needs for its 95% interval to be at most ``margin``
    either side of ``rate`` (0.5: the worst case)."""
    return int(math.ceil(samplesize_confint_proportion(rate, margin, alpha=0.05)))


def bradley_terry(names: list[str], wins: np.ndarray, prior: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    """Bradley-Terry strengths of ``names`` from ``wins[i, j]`` (games i won
    against j; a draw counts half to each), as Elo-scaled ratings centred on
    0 and their standard errors. A small ridge ``prior`` keeps an unbeaten
    agent's rating finite. Maximum likelihood by Newton's method.

    Returns:
        (ratings, standard errors), each of shape (len(names),), Elo points;
        the errors are those of the centred ratings (two agents at 8-2: each
        about 69 Elo, half the difference's).
    """
    k = len(names)
    theta = np.zeros(k)
    n = wins + wins.T
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (wins - n * p).sum(axis=1) - prior * theta
        w = n * p * (1 - p)
        hess = -np.diag(w.sum(axis=1)) + w - prior * np.eye(k)
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.abs(step).max() < 1e-9:
            break
    theta -= theta.mean()
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    w = n * p * (1 - p)
    info = np.diag(w.sum(axis=1)) - w + prior * np.eye(k)
    # The ratings are centred, so their covariance is the centring projection's:
    # without it the ridge's variance along "every rating up by the same amount"
    # (about 1/(k * prior), which the games never measure) swamped every interval.
    centre = np.eye(k) - 1.0 / k
    se = np.sqrt(np.clip(np.diag(centre @ np.linalg.inv(info) @ centre), 0, None))
    scale = 400.0 / math.log(10.0)
    return theta * scale, se * scale


def binomial_p(wins: float, losses: float) -> float:
    """Two-sided exact binomial p-value that two agents are even, from the
    decisive games between them (draws left out)."""
    w, l = int(round(wins)), int(round(losses))
    if w + l == 0:
        return 1.0
    return float(binomtest(w, w + l, 0.5).pvalue)

"""The lab's outputs from its results table: the summary per arm
(``summary.json``), the plots (PNG, matplotlib's Agg backend), the exact
numbers each plot shows (``plot_data.json``) and one HTML report."""

from __future__ import annotations

import html
import json
from pathlib import Path

from game.lab.stats import two_proportions, wilson


def summarise(rows: list[dict], side: str) -> dict:
    """Per arm, in the table's order: games, successes of ``side``, win rate
    with its Wilson 95% interval, mean turns, the game lengths, and the
    p-value of the two-proportion test against the first arm."""
    arms: dict[str, dict] = {}
    for r in rows:
        a = arms.setdefault(r["arm"], {"arm": r["arm"], "value": r["value"], "games": 0, "wins": 0, "turns": []})
        a["games"] += 1
        a["wins"] += r["success"]
        a["turns"].append(r["turns"])
    out = []
    first = next(iter(arms.values()), None)
    for a in arms.values():
        n, k = a["games"], a["wins"]
        lo, hi = wilson(k, n)
        out.append({"arm": a["arm"], "value": a["value"], "games": n, "wins": k, "win_rate": k / n if n else 0.0,
                    "ci95": [lo, hi], "mean_turns": sum(a["turns"]) / n if n else 0.0, "turns": a["turns"],
                    "p_vs_first": two_proportions(k, n, first["wins"], first["games"]) if first is not a else None})
    return {"side": side, "games": len(rows), "arms": out}


def _numeric(values: list) -> list[float] | None:
    try:
        return [float(v) for v in values]
    except (TypeError, ValueError):
        return None


def plot_all(summary: dict, out: Path, sweep: str | None) -> dict:
    """Write the PNG plots into ``out`` and return the numbers each shows:
    ``win_rate`` (x, rate, low, high per arm; x the swept value when it is a
    number, else the arm's position), ``lengths`` (turns per arm) and
    ``arms`` (rate and interval per arm)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    arms = summary["arms"]
    names = [a["arm"] for a in arms]
    rates = [a["win_rate"] for a in arms]
    lows = [a["ci95"][0] for a in arms]
    highs = [a["ci95"][1] for a in arms]
    xs = _numeric([a["value"] for a in arms]) if sweep else None
    err = [[max(0.0, r - lo) for r, lo in zip(rates, lows)], [max(0.0, hi - r) for r, hi in zip(rates, highs)]]
    data = {"win_rate": {"x": xs or list(range(len(arms))), "labels": names, "rate": rates, "low": lows, "high": highs,
                         "xlabel": sweep or "arm"},
            "lengths": {a["arm"]: a["turns"] for a in arms},
            "arms": {a["arm"]: {"rate": a["win_rate"], "low": a["ci95"][0], "high": a["ci95"][1]} for a in arms}}
    side = summary["side"]

    fig, ax = plt.subplots(figsize=(6.4, 4))
    x = data["win_rate"]["x"]
    ax.errorbar(x, rates, yerr=err, fmt="o-", capsize=4)
    if not xs:
        ax.set_xticks(x, names, rotation=20)
    ax.set_xlabel(sweep or "arm")
    ax.set_ylabel(f"{side} win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "win_rate.png", dpi=90)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6.4, 4))
    ax.boxplot([a["turns"] for a in arms], showmeans=True)
    ax.set_xticks(range(1, len(arms) + 1), names, rotation=20)
    ax.set_ylabel("game length (turns)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "game_length.png", dpi=90)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(6.4, 4))
    ax.bar(range(len(arms)), rates, yerr=err, capsize=4, color="#6a8caf")
    ax.set_xticks(range(len(arms)), names, rotation=20)
    ax.set_ylabel(f"{side} win rate")
    ax.set_ylim(0, 1)
    fig.tight_layout()
    fig.savefig(out / "arms.png", dpi=90)
    plt.close(fig)
    (out / "plot_data.json").write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    return data


def write_html(summary: dict, out: Path, title: str, notes: list[str]) -> Path:
    """``report.html``: the notes (the plan and the run), the summary table
    and the three plots."""
    rows = "".join(
        f"<tr><td>{html.escape(str(a['arm']))}</td><td>{a['games']}</td><td>{a['wins']}</td><td>{a['win_rate']:.1%}</td>"
        f"<td>{a['ci95'][0]:.1%} - {a['ci95'][1]:.1%}</td><td>{a['mean_turns']:.2f}</td>"
        f"<td>{'' if a['p_vs_first'] is None else format(a['p_vs_first'], '.3g')}</td></tr>" for a in summary["arms"])
    body = (f"<h1>{html.escape(title)}</h1>" + "".join(f"<p>{html.escape(n)}</p>" for n in notes)
            + f"<table border=1 cellpadding=4><tr><th>arm</th><th>games</th><th>{html.escape(summary['side'])} wins</th>"
              "<th>win rate</th><th>95% Wilson</th><th>mean turns</th><th>p vs first arm</th></tr>" + rows + "</table>"
            + "".join(f'<h2>{t}</h2><img src="{f}" alt="{t}">' for t, f in
                      (("Win rate", "win_rate.png"), ("Game length", "game_length.png"), ("Arms compared", "arms.png"))))
    path = out / "report.html"
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title></head>"
                    f"<body>{body}</body></html>\n", encoding="utf-8")
    return path

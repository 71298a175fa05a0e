"""Plots as inline SVG strings (matplotlib, no display needed)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from ..workbench.deps import need


def _pyplot():
    mpl = need("matplotlib")
    mpl.use("Agg")
    mpl.rcParams["svg.hashsalt"] = "fuba"  # the same data gives the same SVG
    mpl.rcParams["svg.fonttype"] = "path"  # text as outlines: no font needed to view it
    return need("matplotlib.pyplot")


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    _pyplot().close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def grouped_bars(title: str, categories: Sequence[str], series: Mapping[str, Sequence[float]], ylabel: str = "share of matches") -> str:
    """Bars side by side per category, one colour per series (e.g. simulated vs real)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    k = max(len(series), 1)
    width = 0.8 / k
    for j, (name, values) in enumerate(series.items()):
        xs = [i + (j - (k - 1) / 2) * width for i in range(len(categories))]
        ax.bar(xs, list(values), width=width, label=name)
    ax.set_xticks(range(len(categories)), list(categories))
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return _svg(fig)


def forest(title: str, labels: Sequence[str], means: Sequence[float], lows: Sequence[float], highs: Sequence[float], marked: Sequence[bool],
           xlabel: str = "difference with 95% interval (red: significant after correction)") -> str:
    """One row per metric: the difference with its interval; zero is no change."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 0.3 * len(labels) + 1.2))
    ys = list(range(len(labels)))[::-1]
    for y, m, lo, hi, mark in zip(ys, means, lows, highs, marked):
        ax.errorbar([m], [y], xerr=[[m - lo], [hi - m]], fmt="o", color="tab:red" if mark else "tab:blue", capsize=3)
    if min(lows, default=0) <= 0 <= max(highs, default=0):
        ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(ys, list(labels))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    return _svg(fig)


def curve(title: str, xs: Sequence[str], means: Sequence[float], lows: Sequence[float], highs: Sequence[float], xlabel: str, ylabel: str) -> str:
    """A metric against a swept value, with 95% intervals."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(5, 3))
    pos = list(range(len(xs)))
    ax.errorbar(pos, list(means), yerr=[[m - lo for m, lo in zip(means, lows)], [hi - m for m, hi in zip(means, highs)]], fmt="o-", capsize=3)
    ax.set_xticks(pos, list(xs))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return _svg(fig)


def heatmap(title: str, rows: Sequence[str], cols: Sequence[str], values: Sequence[Sequence[float]], xlabel: str, ylabel: str) -> str:
    """A matrix of values (e.g. win rate of the row option against the column option)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(1 + 0.6 * len(cols), 1 + 0.45 * len(rows)))
    im = ax.imshow([list(r) for r in values], cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(cols)), list(cols), rotation=45, ha="right")
    ax.set_yticks(range(len(rows)), list(rows))
    for i, r in enumerate(values):
        for j, v in enumerate(r):
            ax.text(j, i, f"{v:.2f}", ha="center", va="center", fontsize=7)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.colorbar(im, ax=ax)
    return _svg(fig)


def history(title: str, losses: Sequence[float], ylabel: str = "miss (0 = every target hit)") -> str:
    """Each trial's miss in the order played, with the best so far."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6, 3))
    xs = list(range(len(losses)))
    best = [min(losses[: i + 1]) for i in xs]
    ax.plot(xs, list(losses), "o", label="trial")
    ax.step(xs, best, where="post", color="tab:red", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return _svg(fig)


def response(title: str, xs: Sequence[float], means: Sequence[float], lows: Sequence[float], highs: Sequence[float],
             target: float, chosen: float, xlabel: str, ylabel: str) -> str:
    """A metric against a varied value, one point per trial with its 95% interval; the
    target as a horizontal line, the chosen value as a vertical one."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(5, 3))
    ax.errorbar(list(xs), list(means), yerr=[[m - lo for m, lo in zip(means, lows)], [hi - m for m, hi in zip(means, highs)]], fmt="o", capsize=3)
    ax.axhline(target, color="tab:red", linewidth=1, label="target")
    ax.axvline(chosen, color="grey", linestyle="--", linewidth=1, label="chosen")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize="small")
    return _svg(fig)

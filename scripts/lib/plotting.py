"""One house style for every figure: a method has the same colour and marker everywhere,
rates carry their 95 % Wilson interval, and each figure carries a caption naming the paper
panel, the scale profile and any deviation from the paper."""
from __future__ import annotations

import os
import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Sampling procedure / test -> colour and marker (Okabe-Ito palette: colour-blind safe).
METHOD_STYLE = {
    "RRS": {"color": "#D55E00", "marker": "o"},
    "RS": {"color": "#D55E00", "marker": "o"},
    "ERS": {"color": "#E69F00", "marker": "s"},
    "NCV": {"color": "#0072B2", "marker": "^"},
    "RS-C": {"color": "#009E73", "marker": "D"},
    "NB-corrected": {"color": "#CC79A7", "marker": "v"},
    "5x2cv": {"color": "#56B4E9", "marker": "P"},
}
TEST_LINESTYLE = {"paired_t": "-", "unpaired_t": "--", "wilcoxon": ":"}

RC = {
    "figure.figsize": (4.8, 4.2),
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "legend.frameon": False,
    "svg.hashsalt": "reproduction",
    "pdf.fonttype": 42,
}


def style(method: str, test: str = "paired_t") -> dict:
    base = METHOD_STYLE.get(method, {"color": "0.3", "marker": "x"})
    return {**base, "linestyle": TEST_LINESTYLE.get(test, "-")}


def new_figure():
    plt.rcParams.update(RC)
    fig, ax = plt.subplots(constrained_layout=False)
    return fig, ax


def rate_line(ax, x, rate, lo, hi, label: str, method: str, test: str = "paired_t") -> None:
    """A rate curve with its Wilson interval drawn as error bars."""
    s = style(method, test)
    ax.errorbar(x, rate, yerr=[[r - l for r, l in zip(rate, lo)], [h - r for r, h in zip(rate, hi)]],
                label=label, capsize=2.5, markersize=4.5, linewidth=1.4, **s)


def add_caption(fig, caption: str, width: int = 88) -> None:
    text = "\n".join(textwrap.wrap(caption, width))
    lines = text.count("\n") + 1
    bottom = 0.11 + 0.028 * lines
    fig.subplots_adjust(left=0.13, right=0.97, top=0.93, bottom=bottom)
    fig.text(0.02, 0.01, text, fontsize=6.5, va="bottom", ha="left", color="0.25")


def save(fig, pdf: str | os.PathLike, png: str | os.PathLike) -> None:
    """Save PDF and PNG without timestamps so reruns give identical files; atomically."""
    for path, meta in ((Path(pdf), {"CreationDate": None, "ModDate": None, "Producer": None,
                                    "Creator": None}),
                       (Path(png), {"Software": None})):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp" + path.suffix)
        fig.savefig(tmp, dpi=150, metadata=meta)
        os.replace(tmp, path)
    plt.close(fig)


def profile_note(profile: str, trials: int, paper_trials: int | None = None) -> str:
    if profile == "paper":
        return f"Paper scale: {trials} trials per point."
    extra = f" (the paper uses {paper_trials})" if paper_trials else ""
    return f"QUICK PROFILE: {trials} trials per point{extra}; intervals are wide."

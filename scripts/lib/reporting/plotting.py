"""One house style for every figure: a method has the same colour and marker everywhere,
rates carry their 95 % Wilson interval, and each figure carries a caption naming the paper
panel, the scale profile and any deviation from the paper."""

from __future__ import annotations

import functools
import os
import textwrap
from pathlib import Path

# Sampling procedure / test -> colour and marker (Okabe-Ito palette: colour-blind safe).
METHOD_STYLE = {
    "RRS": {"color": "#D55E00", "marker": "o"},
    "RS": {"color": "#D55E00", "marker": "o"},
    "ERS": {"color": "#E69F00", "marker": "s"},
    "NCV": {"color": "#0072B2", "marker": "^"},
    "RS-C": {"color": "#009E73", "marker": "D"},
    "NB-corrected": {"color": "#CC79A7", "marker": "v"},
    "5x2cv": {"color": "#56B4E9", "marker": "P"},
    "Bayes": {"color": "#000000", "marker": "X"},
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


@functools.cache
def pyplot():
    """matplotlib.pyplot on the file-only Agg backend, imported on first use: the workflow reads the
    artifacts' declarations (lib.views) when it starts, and drawing is only needed inside a job."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def style(method: str, test: str = "paired_t") -> dict:
    base = METHOD_STYLE.get(method, {"color": "0.3", "marker": "x"})
    return {**base, "linestyle": TEST_LINESTYLE.get(test, "-")}


def new_figure(ncols: int = 1):
    """A figure in the house style; ``ncols`` panels side by side share the y axis."""
    plt = pyplot()
    plt.rcParams.update(RC)
    width, height = RC["figure.figsize"]
    fig, ax = plt.subplots(1, ncols, figsize=(width * (0.85 * ncols + 0.15), height), sharey=ncols > 1, squeeze=True)
    return fig, ax


def rate_line(ax, x, rate, lo, hi, label: str, method: str, test: str = "paired_t") -> None:
    """A rate curve with its Wilson interval drawn as error bars."""
    s = style(method, test)
    ax.errorbar(
        x,
        rate,
        yerr=[[r - a for r, a in zip(rate, lo)], [b - r for r, b in zip(rate, hi)]],
        label=label,
        capsize=2.5,
        markersize=4.5,
        linewidth=1.4,
        **s,
    )


def add_caption(fig, caption: str, width: int | None = None, **margins) -> None:
    """Wrap ``caption`` under the axes (``width`` characters a line), leaving room for it; the
    figure's own ``margins`` (``subplots_adjust`` keywords) replace the house ones."""
    inches = fig.get_size_inches()[0]
    text = "\n".join(textwrap.wrap(caption, width or int(88 * inches / 4.8)))
    lines = text.count("\n") + 1
    bottom = 0.11 + 0.028 * lines
    house = {"left": 0.13 * 4.8 / inches, "right": 0.97, "top": 0.90, "bottom": bottom, "wspace": 0.12}
    fig.subplots_adjust(**{**house, **margins})
    fig.text(0.02, 0.01, text, fontsize=6.5, va="bottom", ha="left", color="0.25")


def save(fig, pdf: str | os.PathLike, png: str | os.PathLike) -> None:
    """Save PDF and PNG without timestamps so reruns give identical files; atomically."""
    for path, meta in (
        (Path(pdf), {"CreationDate": None, "ModDate": None, "Producer": None, "Creator": None}),
        (Path(png), {"Software": None}),
    ):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp" + path.suffix)
        fig.savefig(tmp, dpi=150, metadata=meta)
        os.replace(tmp, path)
    pyplot().close(fig)


#: The profiles that run at least the papers' scale: ``decisive`` (config/decisive.yaml) runs more
#: where a claim needs it; every other profile (quick, smoke) runs less and says so loudly.
FULL_SCALE = {"paper": "Paper scale", "decisive": "Decisive scale (at least the paper's)"}


def scale_label(profile: str) -> str | None:
    """How a caption names a full-scale profile's scale (:data:`FULL_SCALE`); None for a reduced one."""
    return FULL_SCALE.get(profile)


def profile_note(profile: str, trials: int, paper_trials: int | None = None, unit: str = "trials") -> str:
    """The caption's statement of scale: what was run and, on a reduced profile (quick, smoke), named
    loudly, what the paper ran."""
    if profile in FULL_SCALE:
        return f"{scale_label(profile)}: {trials} {unit} per point."
    extra = f" (the paper uses {paper_trials})" if paper_trials else ""
    return f"{profile.upper()} PROFILE: {trials} {unit} per point{extra}; intervals are wide."


def rate_curve(ax, frame, x: str, label: str, method: str, test: str = "paired_t") -> None:
    """Plot ``frame``'s rate (with Wilson interval) against column ``x``, sorted by ``x``."""
    part = frame.sort_values(x)
    rate_line(
        ax,
        part[x].to_numpy(),
        part["rate"].to_numpy(),
        part["rate_low"].to_numpy(),
        part["rate_high"].to_numpy(),
        label=label,
        method=method,
        test=test,
    )


def alpha_line(ax, alpha: float) -> None:
    ax.axhline(alpha, color="0.5", linewidth=0.8, linestyle=":", label=f"α = {alpha:g}")


def sequence_colors(n: int) -> list:
    """``n`` colours from a perceptually ordered map, for curves indexed by a parameter."""
    cmap = pyplot().colormaps["viridis"]
    return [cmap(0.1 + 0.8 * i / max(n - 1, 1)) for i in range(n)]


def finish_panels(
    fig, axes, title: str, ylabel: str, *, legend_loc: str = "upper right", rate_high_max: float | None = None
) -> None:
    """Shared finish of a row of per-network-set panels: small panel titles, the y label on the
    first panel, one legend, the figure title, and -- for Type I panels -- a common y range
    from 0 to just above the highest interval (at least 0.5, at most 1)."""
    for ax in axes:
        ax.title.set_fontsize(8)
        if rate_high_max is not None:
            ax.set_ylim(0.0, min(1.0, max(0.5, float(rate_high_max) + 0.05)))
    axes[0].set_ylabel(ylabel)
    axes[0].legend(loc=legend_loc, fontsize=7)
    fig.suptitle(title, fontsize=9, y=0.995)


def set_panels(curves: dict[str, dict], x: str, lines: dict, titles: dict):
    """Neville 2009 Fig. 1(f) / Wang 2011 Fig. 3 axes: one panel per network set (``curves``: set ->
    label -> curve), in it a rate curve per method against ``x``, titled ``titles[set]``. ``lines``
    maps a curve's name to its (sampler, test) style. Returns ``(fig, axes)``, finished by
    :func:`finish_panels`."""
    fig, axes = new_figure(ncols=len(curves))
    axes = list(axes) if len(curves) > 1 else [axes]
    for ax, (name, by_method) in zip(axes, curves.items()):
        for label, curve in by_method.items():
            sampler, test = lines[label]
            rate_curve(ax, curve, x, label, sampler, test)
        ax.set_title(titles[name])
    return fig, axes


def type1_vs_labeled(curves: dict, lines: dict, alpha: float, title: str, rate_high_max: float):
    """Neville 2009 Fig. 1(c) / Wang 2011 Fig. 2(a) axes: one Type I error curve per method
    against the proportion labeled, a dotted line at ``alpha``, the y axis from 0 to just above the
    highest interval (at least 0.6: the paper's axis is 0-0.5). ``lines`` maps a curve's name to its
    (sampler, test) style. Returns ``(fig, ax)``."""
    fig, ax = new_figure()
    for name, part in curves.items():
        sampler, test = lines[name]
        rate_curve(ax, part, "prop_labeled", name, sampler, test)
    alpha_line(ax, alpha)
    ax.set(
        xlabel="Proportion Labeled",
        ylabel="Type I Error Rate",
        xlim=(0.05, 0.45),
        ylim=(0.0, min(1.0, max(0.6, float(rate_high_max) + 0.05))),
        title=title,
    )
    ax.legend(loc="upper right")
    return fig, ax


def power_vs_difference(curves: dict, lines: dict, target: float | None, title: str):
    """Neville 2009 Fig. 1(d)/(e) / Wang 2011 Fig. 2(b) axes: one power curve per method against
    the mean accuracy difference on the calibration set, a dotted line at ``target`` (none for
    None). ``lines`` maps a curve's name to its (sampler, test) style. Returns ``(fig, ax)``."""
    fig, ax = new_figure()
    for name, part in curves.items():
        sampler, test = lines[name]
        rate_curve(ax, part, "calibration_difference", name, sampler, test)
    if target is not None:
        ax.axvline(target, color="0.6", linewidth=0.8, linestyle=":")
    ax.set(xlabel="Mean performance difference (calibration set)", ylabel="Power", ylim=(0.0, 1.02), title=title)
    ax.legend(loc="lower right")
    return fig, ax

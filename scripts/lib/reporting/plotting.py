"""One house style for every figure: a method has the same colour and marker everywhere,
rates carry their 95 % Wilson interval, and each figure carries a caption naming the paper
panel, the scale profile and any deviation from the paper."""

from __future__ import annotations

import functools
import os
import re
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


def caption_width(fig, width: int | None = None) -> int:
    """Characters a caption line under ``fig`` holds: ``width``, or 88 for the house figure's 4.8
    inches and as many more as the figure is wider (the 6.5-point caption font fills the same line)."""
    return width or int(88 * fig.get_size_inches()[0] / 4.8)


def caption_lines(fig, caption: str, width: int | None = None) -> list[str]:
    """The lines :func:`add_caption` prints under ``fig`` for ``caption``, exactly."""
    return textwrap.wrap(caption, caption_width(fig, width))


def add_caption(fig, caption: str, width: int | None = None, **margins) -> None:
    """Wrap ``caption`` under the axes (``width`` characters a line, :func:`caption_lines`), leaving
    room for it; the figure's own ``margins`` (``subplots_adjust`` keywords) replace the house ones."""
    inches = fig.get_size_inches()[0]
    text = "\n".join(caption_lines(fig, caption, width))
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


# ---- the caption printed under a figure ---------------------------------------------------------
# A figure carries a short caption, as a journal's does: at most PRINTED_LINES lines naming the scale,
# each deviation from the paper and the readings, and where the full caption is (the artifact's
# Markdown, lib.views.artifact). Built from the full caption's text alone, by the house convention
# that a caption states a deviation from the paper's scale or procedure in CAPITALS (profile_note's
# "QUICK PROFILE", "DEVIATION:", "STAND-IN cora", "FEWER TRIALS ... THAN THE PAPER").

#: Lines of caption printed under a figure at most.
PRINTED_LINES = 4

# "Fig. 1(d)", "Sec. 6", "e.g. best of": a full stop after these ends no sentence
_ABBREVIATIONS = {"Fig", "Figs", "Sec", "Eq", "eq", "Eqs", "e.g", "i.e", "vs", "cf", "al", "approx", "No"}
# a word in capitals: letters, inner hyphens and apostrophes ("STAND-IN", "PAPER'S")
_CAPITALS = r"[A-Z][A-Z'’-]*[A-Z]"
# a deviation's mark: two words in capitals in a row ("QUICK PROFILE", "THAN THE PAPER"), or one of
# at least six letters ("DEVIATION", "STAND-IN"); acronyms have fewer (RS-C, NCV, IMDB, PR-BEP, II-III)
_CAPITALS_RUN = re.compile(rf"(?<![\w'’-]){_CAPITALS}(?:\s+{_CAPITALS})+(?![\w'’-])")
_CAPITALS_WORD = re.compile(rf"(?<![\w'’-]){_CAPITALS}(?![\w'’-])")
# how a caption names its scale: a profile ("QUICK PROFILE", "(profile: quick)"), a full-scale label
# (:data:`FULL_SCALE`) or a count against the paper's ("FEWER TRIALS ... THAN THE PAPER")
_SCALE = re.compile(r"\bprofile\b|\b(paper|decisive) scale\b|\bthan the paper\b", re.IGNORECASE)
# a reading's study prefix ("relational.cross_rule=mean" -> "cross_rule=mean": the names are unique)
_READING_PREFIX = re.compile(r"(?<=[\s:;])[a-z_]+\.(?=[a-z0-9_]+=)")


def sentences(text: str) -> list[str]:
    """``text`` cut into its sentences: at a full stop before a space or the end, outside brackets
    and not after an abbreviation (:data:`_ABBREVIATIONS`)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}" and depth > 0)
        if ch != "." or depth or (i + 1 < len(text) and not text[i + 1].isspace()):
            continue
        if text[start:i].split()[-1:] and text[start:i].split()[-1] in _ABBREVIATIONS:
            continue
        out.append(text[start : i + 1].strip())
        start = i + 1
    tail = text[start:].strip()
    return [s for s in [*out, tail] if s]


def deviation_mark(sentence: str):
    """Where ``sentence`` marks a deviation from the paper by the house convention (the first words
    in capitals that are no acronym: a ``re.Match``), or None."""
    marks = [m for m in _CAPITALS_WORD.finditer(sentence) if sum(c.isalpha() for c in m.group()) >= 6]
    marks += [m for m in [_CAPITALS_RUN.search(sentence)] if m]
    return min(marks, key=lambda m: (m.start(), -m.end()), default=None)


def marks_deviation(sentence: str) -> bool:
    """Whether ``sentence`` states a deviation from the paper (:func:`deviation_mark`)."""
    return deviation_mark(sentence) is not None


def first_clause(sentence: str) -> str:
    """``sentence`` up to its first semicolon outside brackets, as a sentence."""
    depth = 0
    for i, ch in enumerate(sentence):
        depth += (ch in "([{") - (ch in ")]}" and depth > 0)
        if ch == ";" and not depth:
            return sentence[:i].rstrip() + "."
    return sentence


def cut(sentence: str, limit: int) -> str:
    """``sentence`` in at most ``limit`` characters: cut at a word's end, marked "…"; never inside
    the mark that names its deviation (nor its first two words), so the name stays."""
    if len(sentence) <= limit:
        return sentence
    mark = deviation_mark(sentence)
    floor = max(mark.end() if mark else 0, len(" ".join(sentence.split(" ")[:2])))
    end = sentence.rfind(" ", 0, limit + 1)  # after the last word that ends within the limit,
    if end < floor:  # or else after the name
        end = sentence.find(" ", floor)
    return sentence if end == -1 else sentence[:end].rstrip(" ,;:(") + "…"


def scale_named(parts: list[str], profile: str) -> list[str]:
    """The sentence naming the scale when no sentence marked as a deviation does (the first of
    ``parts`` that mentions a profile or the scale; else the profile's own name)."""
    if any(_SCALE.search(s) for s in parts if marks_deviation(s)):
        return []
    found = [s for s in parts if _SCALE.search(s) and not s.startswith("Readings:")]
    return found[:1] or [f"{scale_label(profile) or profile.upper() + ' PROFILE'}."]


def brief_caption(caption: str, *, profile: str, pointer: str, width: int, lines: int = PRINTED_LINES) -> str:
    """The caption printed under a figure of ``width``-character lines: ``caption`` itself when it
    fits in ``lines`` lines, else its brief in at most ``lines`` lines: the sentence naming the
    scale, every sentence marked as a deviation (:func:`marks_deviation`), the readings (their
    names without the study) and ``pointer`` (where the full caption is).

    Shortened deterministically, each step only when the one before does not fit: the sentences
    cut to their first clause; then to one common length, lowered in steps of 5 characters down to
    the name of each deviation (:func:`cut`); then the readings too; then the whole text before the
    pointer, as a last resort, so that the printed caption never exceeds ``lines`` lines."""

    def fits(text: str) -> bool:
        return len(textwrap.wrap(text, width)) <= lines

    if fits(caption):
        return caption
    parts = sentences(caption)
    readings = [_READING_PREFIX.sub("", s) for s in parts if s.startswith("Readings:")][-1:]
    shown = list(dict.fromkeys([*scale_named(parts, profile), *(s for s in parts if marks_deviation(s))]))
    for shorten in (lambda s: s, first_clause):
        text = " ".join([*map(shorten, shown), *readings, pointer])
        if fits(text):
            return text
    shown = [first_clause(s) for s in shown]
    longest = max([len(s) for s in [*shown, *readings]], default=0)
    for limit in range(longest, 0, -5):
        text = " ".join([*(cut(s, limit) for s in shown), *readings, pointer])
        if fits(text):
            return text
    for limit in range(longest, 0, -5):
        text = " ".join([*(cut(s, 0) for s in shown), *(cut(s, limit) for s in readings), pointer])
        if fits(text):
            return text
    body = " ".join([*(cut(s, 0) for s in shown), *(cut(s, 0) for s in readings)])
    for limit in range(len(body), 0, -5):
        text = f"{textwrap.shorten(body, limit, placeholder='…')} {pointer}"
        if fits(text):
            return text
    return textwrap.shorten(pointer, width * lines, placeholder="…")


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

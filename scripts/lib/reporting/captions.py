"""Caption and title text that depends on a study's data (figure titles, caption sentences).

Real-network panels (Neville 2009 Fig. 1(f); Wang 2011 Fig. 3): how a network set is named, one
sentence per set describing it, and the deviation sentence of a Type I panel. Every panel of a
handicapped model (synthetic and real networks): what the handicap does to a chosen prediction.
"""

from __future__ import annotations

from ..models import handicap


def values_text(grid) -> str:
    """A grid of values as a caption writes it: '0.1, 0.2, 0.3'."""
    return ", ".join(f"{v:g}" for v in grid)


def handicap_clause(magnitude: str, strength: float = 1.0, chosen: str = "a chosen prediction") -> str:
    """What the handicap does to a prediction it chooses, in a caption's words: ``chosen`` (the
    predictions it chooses) and how each moves under reading ``network_tests.handicap_magnitude``
    and the handicap's ``strength`` (:func:`lib.models.handicap.handicap_words`), e.g. "a chosen
    prediction flips P(+)"."""
    return f"{chosen} {handicap.handicap_words(magnitude, strength)}"


#: How a power panel's caption says what its x is (reading relational.power_x_measure).
POWER_X_WORDS = {
    "signed_mean": "x = mean difference on the calibration set",
    "mean_absolute": "x = mean absolute per-split difference on the calibration set (reading power_x_measure)",
}


def power_x_clause(measure: str, calibration_networks: int, calibration_folds: int) -> str:
    """'x = mean difference on the calibration set (50 networks x 10 NCV folds)' for the measure."""
    return f"{POWER_X_WORDS[measure]} ({calibration_networks} networks x {calibration_folds} NCV folds)"


def set_label(name: str, spec: dict) -> str:
    """How a figure names a network set: public stand-ins say "stand-in"."""
    if "dataset" in spec:
        return f"stand-in: {spec['dataset'].capitalize()} '{spec['task']}'"
    return f"{name} ({spec.get('label', 'user data')})"


def set_labels(set_specs: dict) -> dict:
    """How a figure names each network set of ``set_specs`` (:func:`set_label`), in their order."""
    return {name: set_label(name, spec) for name, spec in set_specs.items()}


def is_stand_in(spec: dict) -> bool:
    return "dataset" in spec


def sets_note(networks_frame, set_specs: dict) -> str:
    """One caption sentence per network set: source, how its networks were chosen (reading
    realnet.selection, with the bands), and the ranges of size, mean degree, autocorrelation and P(+).
    A stand-in's first clause (up to the semicolon) names it, its networks and their sizes: what the
    figure's printed brief keeps of it (:func:`lib.reporting.plotting.brief_caption`)."""
    out = []
    for name, spec in set_specs.items():
        part = networks_frame[networks_frame["set"] == name]
        sizes = f"{int(part['nodes'].min())}-{int(part['nodes'].max())} nodes"
        stats = (
            f"mean degree {part['mean_degree'].min():.2f}-{part['mean_degree'].max():.2f}, autocorrelation "
            f"{part['autocorrelation'].min():.2f}-{part['autocorrelation'].max():.2f}, P(+) "
            f"{part['p_pos'].min():.2f}-{part['p_pos'].max():.2f}"
        )
        if is_stand_in(spec):
            kept = int(part["links_kept_in_set"].iloc[0])
            total = int(part["source_edges"].iloc[0])
            if selected_similar(part):
                row = part.iloc[0]
                out.append(
                    f"STAND-IN {name} (reading realnet.selection=similar): {len(part)} disjoint networks of "
                    f"{spec['dataset'].capitalize()} ('{spec['task']}'), {sizes}; each "
                    f"{int(row['blocks']) // len(part)} of {int(row['blocks'])} region-grown blocks, the first of "
                    f"{int(row['candidates'])} stratified deals within the bands {bands_text(row)} "
                    f"(deal {int(row['candidate'])}; {int(row['within_bands'])} within) ({kept} of {total} links "
                    f"kept, all links inside a network), {stats}."
                )
            else:
                out.append(
                    f"STAND-IN {name}: {len(part)} disjoint subnetworks of {spec['dataset'].capitalize()} "
                    f"('{spec['task']}') carved by seeded region growing, {sizes}; {kept} of {total} links "
                    f"kept (all links inside a part), {stats}."
                )
        else:
            out.append(f"{name}: user-supplied network set, {len(part)} networks ({sizes}), {stats}.")
    return " ".join(out)


BAND_NAMES = {"p_pos": "P(+)", "autocorrelation": "autocorrelation", "mean_degree": "mean degree", "nodes": "size"}


def selected_similar(networks_rows) -> bool:
    """Whether a set's statistics rows come from the reading realnet.selection=similar."""
    return "selection" in networks_rows and (networks_rows["selection"] == "similar").all()


def bands_text(row) -> str:
    """The bands of a similar set, e.g. "max/min P(+) ≤ 1.4, ..." (columns ``band_<statistic>``)."""
    bands = [(k[len("band_") :], row[k]) for k in row.index if k.startswith("band_") and row[k] == row[k]]
    return "max/min " + ", ".join(f"{BAND_NAMES.get(k, k)} ≤ {v:.3g}" for k, v in bands)


def gap_note(summary, sets, similar: bool = False) -> str:
    """Caption sentence stating the deviation of a real-data Type I panel: the mean over held-out
    networks of |acc(wvRN) - acc(nBC)| left by a calibration on the other networks (summary column
    ``held_out_abs_gap``, NCV paired rows), at the lowest and highest labeling level of each set;
    ``similar``: the sets were chosen within bands (reading realnet.selection), so the gap is
    stated as a measurement rather than as a known deviation."""
    parts = []
    for name in sets:
        t = summary[
            (summary["set"] == name)
            & (summary["purpose"] == "type1")
            & (summary["sampler"] == "NCV")
            & (summary["test"] == "paired_t")
        ].sort_values("prop_labeled")
        parts.append(
            f"{name} {t['held_out_abs_gap'].iloc[0]:.3f} at {t['prop_labeled'].iloc[0]:g} to "
            f"{t['held_out_abs_gap'].iloc[-1]:.3f} at {t['prop_labeled'].iloc[-1]:g}"
        )
    if similar:
        return (
            "Accuracy gap the handicap calibrated on the other networks leaves on the held-out one (mean "
            "|acc(wvRN) - acc(nBC)| over held-out networks, NCV: " + "; ".join(parts) + "); where it exceeds the "
            "tolerance, part of the rejections are true differences."
        )
    return (
        "DEVIATION: the networks of a set differ, so the handicap calibrated on the other networks leaves a real "
        "accuracy gap on the held-out one (mean |acc(wvRN) - acc(nBC)| over held-out networks, NCV: "
        + "; ".join(parts)
        + "); part of the rejections are true differences."
    )


def figure_title(panel: str, set_specs: dict, shown) -> str:
    """``panel``, marked as shown on public STAND-IN networks when any shown set is one."""
    stand_in = any(is_stand_in(set_specs[name]) for name in shown)
    return f"{panel} on public STAND-IN networks" if stand_in else panel

"""Caption and title text that depends on a study's data (figure titles, caption sentences).

Real-network panels (Neville 2009 Fig. 1(f); Wang 2011 Fig. 3): how a network set is named, one
sentence per set describing it, and the deviation sentence of a Type I panel.
"""
from __future__ import annotations

def set_label(name: str, spec: dict) -> str:
    """How a figure names a network set: public stand-ins say "stand-in"."""
    if "dataset" in spec:
        return f"stand-in: {spec['dataset'].capitalize()} '{spec['task']}'"
    return f"{name} ({spec.get('label', 'user data')})"


def is_stand_in(spec: dict) -> bool:
    return "dataset" in spec


def sets_note(networks_frame, set_specs: dict) -> str:
    """One caption sentence per network set: source, sizes, degree and autocorrelation range."""
    out = []
    for name, spec in set_specs.items():
        part = networks_frame[networks_frame["set"] == name]
        sizes = f"{int(part['nodes'].min())}-{int(part['nodes'].max())} nodes"
        stats = (f"mean degree {part['mean_degree'].mean():.1f}, autocorrelation "
                 f"{part['autocorrelation'].min():.2f}-{part['autocorrelation'].max():.2f}, P(+) "
                 f"{part['p_pos'].min():.2f}-{part['p_pos'].max():.2f}")
        if is_stand_in(spec):
            kept = int(part["links_kept_in_set"].iloc[0])
            total = int(part["source_edges"].iloc[0])
            out.append(f"STAND-IN {name}: {len(part)} disjoint subnetworks of {spec['dataset'].capitalize()} "
                       f"('{spec['task']}') carved by seeded region growing ({sizes}; {kept} of {total} links kept, "
                       f"all links inside a part), {stats}.")
        else:
            out.append(f"{name}: user-supplied network set, {len(part)} networks ({sizes}), {stats}.")
    return " ".join(out)


def gap_note(summary, sets) -> str:
    """Caption sentence stating the deviation of a real-data Type I panel: the mean over held-out
    networks of |acc(wvRN) - acc(nBC)| left by a calibration on the other networks (summary column
    ``held_out_abs_gap``, NCV paired rows), at the lowest and highest labeling level of each set."""
    parts = []
    for name in sets:
        t = summary[(summary["set"] == name) & (summary["purpose"] == "type1") & (summary["sampler"] == "NCV")
                    & (summary["test"] == "paired_t")].sort_values("prop_labeled")
        parts.append(f"{name} {t['held_out_abs_gap'].iloc[0]:.3f} at {t['prop_labeled'].iloc[0]:g} to "
                     f"{t['held_out_abs_gap'].iloc[-1]:.3f} at {t['prop_labeled'].iloc[-1]:g}")
    return ("DEVIATION: the networks of a set differ, so the handicap calibrated on the other networks leaves a real "
            "accuracy gap on the held-out one (mean |acc(wvRN) - acc(nBC)| over held-out networks, NCV: "
            + "; ".join(parts) + "); part of the rejections are true differences.")


def figure_title(panel: str, set_specs: dict, shown) -> str:
    """``panel``, marked as shown on public STAND-IN networks when any shown set is one."""
    stand_in = any(is_stand_in(set_specs[name]) for name in shown)
    return f"{panel} on public STAND-IN networks" if stand_in else panel

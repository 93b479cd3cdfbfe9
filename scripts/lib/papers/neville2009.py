"""Neville, Gallagher & Eliassi-Rad (2009), *Evaluating Statistical Tests for Within-Network
Classifiers of Relational Data*, ICDM: every claim the pipeline checks.

Each check reads the artifact's own table (``results/neville2009/<artifact>.csv``, passed as
``Evidence.tables["summary"]``) plus the named extra tables and params listed at its artifact.
"""
from __future__ import annotations

import pandas as pd

from . import criteria
from .claims import Evidence, Paper, judged

PAPER = Paper("neville2009", "Neville, Gallagher & Eliassi-Rad 2009, Evaluating Statistical Tests for "
                             "Within-Network Classifiers of Relational Data (ICDM)")
claim = PAPER.claim


# ---- Fig. 1(a): Type I error vs proportion labeled, simulated classifiers ---------------------
# Evidence: summary = the figure's table (paired t-test rows: sampler, prop_labeled, rate,
# rate_low, rate_high).
def _sampler_curve(evidence: Evidence, sampler: str) -> pd.DataFrame:
    table = evidence["summary"]
    return table[table["sampler"] == sampler].sort_values("prop_labeled")


def _series(curve: pd.DataFrame):
    return curve["rate"].to_numpy(), curve["rate_low"].to_numpy(), curve["rate_high"].to_numpy()


def _fmt_curve(curve: pd.DataFrame) -> str:
    return criteria.fmt_series(curve["prop_labeled"], curve["rate"], curve["rate_low"], curve["rate_high"])


def _falls(sampler: str):
    def check(evidence: Evidence):
        curve = _sampler_curve(evidence, sampler)
        return judged(criteria.falls_as_x_rises(*_series(curve)), _fmt_curve(curve))
    return check


for _sampler in ("RRS", "ERS"):
    PAPER.add("fig1a", f"{_sampler.lower()}_rises_as_labeled_falls", f"{_sampler} Type I error rises as propLabeled falls",
              _falls(_sampler), value="decreasing in propLabeled", location="Sec. 4.2",
              criterion="first vs last 95% intervals disjoint; no significant rise between neighbours")


@claim("fig1a", "rrs_high_at_lowest", "RRS Type I error is unacceptably high at propLabeled 0.1",
       value="well above α=0.05 (figure axis reaches 0.5)", location="Fig. 1(a)", criterion="95% interval above 0.05")
def _(evidence: Evidence):
    rate, lo, hi = _series(_sampler_curve(evidence, "RRS"))
    return judged(lo[0] > 0.05, criteria.fmt_rate(rate[0], lo[0], hi[0]))


@claim("fig1a", "ncv_low", "NCV Type I error stays low across propLabeled", value="low and flat",
       location="Sec. 4.2", criterion="every NCV interval reaches down to 0.05 or below")
def _(evidence: Evidence):
    curve = _sampler_curve(evidence, "NCV")
    return judged((curve["rate_low"] <= 0.05).all(), _fmt_curve(curve))


@claim("fig1a", "ncv_below_rrs", "NCV Type I error below RRS at every propLabeled < 0.9", value="NCV < RRS",
       location="Sec. 4.2", criterion="95% intervals disjoint")
def _(evidence: Evidence):
    r_rate, r_lo, _ = _series(_sampler_curve(evidence, "RRS"))
    n_rate, _, n_hi = _series(_sampler_curve(evidence, "NCV"))
    return judged(criteria.significantly_below(n_hi[:-1], r_lo[:-1]),
                  f"NCV max {n_rate[:-1].max():.3f}, RRS min {r_rate[:-1].min():.3f}")


@claim("fig1a", "ers_below_rrs", "ERS Type I error below RRS",
       value="ERS < RRS ('lower than simple random resampling')", location="Sec. 4.2",
       criterion="ERS interval wholly below RRS interval at one propLabeled or more, never above")
def _(evidence: Evidence):
    ers, rrs = _sampler_curve(evidence, "ERS"), _sampler_curve(evidence, "RRS")
    e_rate, e_lo, e_hi = _series(ers)
    r_rate, r_lo, r_hi = _series(rrs)
    return judged((e_hi < r_lo).any() and criteria.not_above(e_lo, r_hi),
                  "; ".join(f"{x:g}: ERS {e:.3f} vs RRS {r:.3f}" for x, e, r in zip(ers["prop_labeled"], e_rate, r_rate)))


@claim("fig1a", "ers_above_ncv", "ERS Type I error above NCV", value="ERS not competitive with NCV",
       location="Sec. 4.2", criterion="95% intervals disjoint at propLabeled < 0.9")
def _(evidence: Evidence):
    e_rate, e_lo, _ = _series(_sampler_curve(evidence, "ERS"))
    n_rate, _, n_hi = _series(_sampler_curve(evidence, "NCV"))
    return judged(criteria.significantly_below(n_hi[:-1], e_lo[:-1]),
                  f"ERS min {e_rate[:-1].min():.3f}, NCV max {n_rate[:-1].max():.3f}")

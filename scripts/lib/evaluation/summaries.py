"""From tidy per-trial tables to rates per setting."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.rates import t_interval, wilson_interval


def rejection_rates(trials: pd.DataFrame, keys: list[str], extra_means: list[str]) -> pd.DataFrame:
    """One row per setting x test: rejections, trials, rate and its 95 % Wilson interval.

    Tests are found from the ``reject_<test>`` columns; a setting where a test has no outcome (it
    does not apply to the sampler) gets no row for that test.

    Parameters
    ----------
    trials : pandas.DataFrame
        Tidy per-trial table: the ``keys`` columns, a ``chunk`` column, one 0/1 ``reject_<test>``
        column per test (NaN where the test does not apply) and the ``extra_means`` columns.
    keys : list of str
        Columns that identify a setting (grouping keys).
    extra_means : list of str
        Columns averaged per setting (NaN values ignored); may be empty.

    Returns
    -------
    summary : pandas.DataFrame
        Columns ``keys``, ``test``, ``rejections`` (int), ``trials``, ``rate``, ``rate_low``,
        ``rate_high`` (the 95 % Wilson interval), ``chunk_rate_sd`` and the ``extra_means``.
        ``chunk_rate_sd`` is the standard deviation (``ddof=1``) of the per-chunk rates (the
        spread over Neville's "10 simulations"). Rows are sorted by the first key, then ``test``,
        then the other keys.

    Raises
    ------
    ValueError
        If ``trials`` has no ``reject_<test>`` column.

    Notes
    -----
    The rejection rate of a test is its Type I error rate or power (Neville, Gallagher &
    Eliassi-Rad 2009, Sec. 4.1, Table 6: "Calculate null hypotheses rejection rate for
    simulation" over 10 simulations; Wang et al. 2011, Sec. 5).
    """
    tests = sorted(c.removeprefix("reject_") for c in trials.columns if c.startswith("reject_"))
    if not tests:
        raise ValueError("no reject_<test> columns in the trial table")
    grouped = trials.groupby(keys, sort=True)
    means = grouped[extra_means].mean().reset_index() if extra_means else grouped.size().reset_index()[keys]
    parts = []
    for test in tests:
        column = f"reject_{test}"
        agg = grouped[column].agg(["sum", "count"]).reset_index()
        agg = agg[agg["count"] > 0]  # tests that do not apply to a sampler have no outcomes
        per_chunk = trials.groupby([*keys, "chunk"], sort=True)[column].mean()
        sd = per_chunk.groupby(level=list(range(len(keys)))).std(ddof=1).reset_index(name="chunk_rate_sd")
        rate, lo, hi = wilson_interval(agg["sum"].to_numpy(), agg["count"].to_numpy())
        part = agg.rename(columns={"sum": "rejections", "count": "trials"})
        part.insert(len(keys), "test", test)
        part["rate"], part["rate_low"], part["rate_high"] = rate, lo, hi
        part = part.merge(sd, on=keys, how="left")
        part["rejections"] = part["rejections"].astype(int)
        parts.append(part.merge(means, on=keys, how="left"))
    out = pd.concat(parts, ignore_index=True)
    return out.sort_values([*keys[:1], "test", *keys[1:]], kind="stable").reset_index(drop=True)


def chunk_rates(trials: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """The rejection rate of every test in every chunk (one evaluation network of the relational
    study): one row per setting x test x chunk with ``trials`` and ``rate``.

    Trials of one network share that network, so they are not independent draws: a statement
    about networks is judged by the spread of these per-network rates (:func:`clustered_interval`),
    not by a binomial interval over the pooled trials (Neville 2009 Sec. 5.4: "Type I error rates
    for each dataset are measured over 100 trials and averaged").
    """
    tests = sorted(c.removeprefix("reject_") for c in trials.columns if c.startswith("reject_"))
    parts = []
    for test in tests:
        column = f"reject_{test}"
        part = trials[trials[column].notna()].groupby([*keys, "chunk"], sort=True)[column].agg(["size", "mean"])
        part = part.reset_index().rename(columns={"size": "trials", "mean": "rate"})
        part.insert(len(keys), "test", test)
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def clustered_interval(rates) -> tuple[float, float, float]:
    """``(mean, low, high)``: the 95 % Student t interval of the mean of independent units' rates
    (e.g. per-network rates), clipped to [0, 1]; NaN bounds with fewer than two units."""
    mean, _, low, high = t_interval(np.asarray(rates, dtype=float))
    return (
        float(mean),
        float(max(0.0, low)) if np.isfinite(low) else np.nan,
        float(min(1.0, high)) if np.isfinite(high) else np.nan,
    )


def with_network_intervals(shown: pd.DataFrame, per_network: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """``shown`` with ``networks``, ``rate_networks_low`` and ``rate_networks_high``: the
    :func:`clustered_interval` of each row's per-network rates (``per_network`` rows matched on
    ``keys``)."""
    stats = (
        per_network.groupby(keys, sort=False)["rate"]
        .agg(
            networks="size",
            rate_networks_low=lambda r: clustered_interval(r)[1],
            rate_networks_high=lambda r: clustered_interval(r)[2],
        )
        .reset_index()
    )
    return shown.merge(stats, on=keys, how="left", validate="many_to_one")


def select(summary: pd.DataFrame, **equal) -> pd.DataFrame:
    """Rows of ``summary`` whose columns equal the given values.

    Parameters
    ----------
    summary : pandas.DataFrame
        Table to filter.
    **equal : dict
        Column name to value; float values are compared with :func:`numpy.isclose` (default
        tolerances), others with ``==``.

    Returns
    -------
    rows : pandas.DataFrame
        The rows of ``summary`` matching every condition (all rows when none is given).
    """
    mask = np.ones(len(summary), dtype=bool)
    for column, value in equal.items():
        values = summary[column]
        mask &= np.isclose(values, value) if isinstance(value, float) else (values == value).to_numpy()
    return summary[mask]


def method_curves(summary: pd.DataFrame, lines: dict, x: str) -> dict[str, pd.DataFrame]:
    """One curve per displayed method, each sorted by ``x``.

    Parameters
    ----------
    summary : pandas.DataFrame
        Rejection-rate table with ``sampler`` and ``test`` columns (:func:`rejection_rates`).
    lines : dict of str to (str, str)
        Maps a curve label to its ``(sampler, test)``.
    x : str
        Column to sort each curve by (the plot's x axis).

    Returns
    -------
    curves : dict of str to pandas.DataFrame
        For each label, the rows of ``summary`` with its sampler and test, sorted by ``x``.
    """
    return {
        label: select(summary, sampler=sampler, test=test).sort_values(x) for label, (sampler, test) in lines.items()
    }


def curves_table(curves: dict[str, pd.DataFrame], columns: list[str]) -> pd.DataFrame:
    """The curves of :func:`method_curves` as one table: ``method`` (the curve's label) first, then
    ``columns``, curve after curve -- the table a figure writes next to its plot."""
    return pd.concat([c.assign(method=name) for name, c in curves.items()], ignore_index=True)[["method", *columns]]


def method_network_rates(network_rates: pd.DataFrame, lines: dict, **equal) -> pd.DataFrame:
    """The per-network rates of each curve of :func:`method_curves`: the rows of ``network_rates``
    that match ``equal`` (as :func:`select`) and a line's ``(sampler, test)``, labelled by the line
    in a ``method`` column -- what :func:`with_network_intervals` takes to match a
    :func:`curves_table` on ``method`` and the x column."""
    chosen = select(network_rates, **equal)
    return pd.concat(
        [select(chosen, sampler=sampler, test=test).assign(method=name) for name, (sampler, test) in lines.items()],
        ignore_index=True,
    )


def rate_at(
    curve: pd.DataFrame, x: str, x0: float, columns: tuple[str, ...] = ("rate", "rate_low", "rate_high")
) -> dict | None:
    """Rate and 95 % bounds at ``x0`` by linear interpolation along a curve.

    Interpolates between the two measured points of ``curve`` that bracket ``x0``, each of
    ``columns`` separately.

    Parameters
    ----------
    curve : pandas.DataFrame
        One method's rows (:func:`method_curves`), sorted by column ``x`` in increasing order,
        with ``columns``.
    x : str
        Column holding the x values.
    x0 : float
        Where to interpolate.
    columns : tuple of str
        The columns to interpolate (e.g. the rate with the per-network bounds of
        :func:`with_network_intervals`).

    Returns
    -------
    rates : dict of str to float or None
        Each of ``columns`` at ``x0``; None when ``x0`` lies outside the measured range of ``x``.
    """
    xs = curve[x].to_numpy()
    if not xs.min() <= x0 <= xs.max():
        return None
    return {k: float(np.interp(x0, xs, curve[k].to_numpy())) for k in columns}

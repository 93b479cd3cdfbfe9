"""Attribute descriptions of tabular data (the convention every classifier and loader shares).

``X`` is a float array ``(n, m)``; nominal attributes hold the value's index ``0 .. V-1`` (Weka's
internal nominal representation) as a float; ``NaN`` marks a missing value, for numeric and
nominal attributes alike. :class:`AttributeSpec` says which columns are nominal and how many
values each has. ``y`` holds class indices ``0 .. C-1`` in the order of the class attribute's
values in the ARFF header: Weka resolves exact ties by taking the first (lowest) class index
(``Utils.maxIndex``), and so does every re-implementation in :mod:`lib.models`. It lives in the
data layer because loaders produce it and classifiers consume it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AttributeSpec:
    """Types of the ``m`` attributes: ``n_values[j] == 0`` means numeric, ``V > 0`` nominal.

    Nominal values are coded ``0 .. V-1`` in ``X``; ``NaN`` is missing.
    """

    n_values: tuple[int, ...]

    @classmethod
    def numeric(cls, m: int) -> AttributeSpec:
        """All ``m`` attributes numeric."""
        return cls((0,) * int(m))

    @classmethod
    def nominal(cls, n_values: Sequence[int]) -> AttributeSpec:
        """All attributes nominal with the given numbers of values."""
        nv = tuple(int(v) for v in n_values)
        if any(v < 1 for v in nv):
            raise ValueError("nominal attributes need at least one value")
        return cls(nv)

    @property
    def m(self) -> int:
        return len(self.n_values)

    @property
    def is_nominal(self) -> np.ndarray:
        return np.asarray(self.n_values, dtype=int) > 0

    @property
    def numeric_cols(self) -> np.ndarray:
        return np.flatnonzero(~self.is_nominal)

    @property
    def nominal_cols(self) -> np.ndarray:
        return np.flatnonzero(self.is_nominal)


def check_X(X, spec: AttributeSpec) -> np.ndarray:
    """``X`` as a float array, checked against ``spec``: shape ``(n, spec.m)`` and nominal columns
    holding codes ``0 .. V-1`` or NaN; a ValueError names the first column that does not."""
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[1] != spec.m:
        raise ValueError(f"X must be (n, {spec.m}), got shape {X.shape}")
    for j in spec.nominal_cols:
        col = X[:, j]
        ok = np.isnan(col) | ((col >= 0) & (col < spec.n_values[j]) & (col == np.round(col)))
        if not ok.all():
            raise ValueError(f"nominal attribute {j} must hold codes 0..{spec.n_values[j] - 1} or NaN")
    return X

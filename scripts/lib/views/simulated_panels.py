"""What every paper's panel of the simulated-classifier study reads and is configured by: one
scenario's summary and settings (Neville 2009 Fig. 1(a)-(b), Wang 2011 Fig. 1 and the tests
compared all draw from ``simulated.scenarios.<scenario>``)."""

from __future__ import annotations

from .artifact import Reads


def scenario_summary(scenario: str, tests: tuple[str, ...] | None = None) -> Reads:
    """The summary of the simulated-classifier scenario ``scenario`` (read as a list of one table);
    its rows of ``tests`` only, when given."""
    rows = {"test": tests} if tests else None
    return Reads("simulated_summary", "summary", lambda config: {"scenario": scenario}, rows)


def scenario_settings(scenario: str, *keys: str):
    """The settings of a panel of ``scenario``: the study's ``keys``, and the scenario's reading
    of the group draw and grid (which the captions state)."""

    def settings(config) -> dict:
        study = config["simulated"]
        return {
            **{key: study[key] for key in keys},
            "reading": study["scenarios"][scenario]["reading"],
            "scenario": study["scenarios"][scenario],
        }

    return settings

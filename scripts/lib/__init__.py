"""Shared science of the reproduction pipeline.

Each module owns one idea (see DESIGN.md): ``seeding``, ``sampling``, ``significance``,
``simulated``, ``rates``, ``tables``, ``plotting``, ``scorecard``, ``configcheck``.
No module here imports Snakemake; rule scripts in ``scripts/`` are the only bridge.
"""

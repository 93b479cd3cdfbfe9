"""Shared science of the reproduction pipeline, as a package of layers whose imports point down
(lowest first): ``core``, ``data``, ``models``, ``evaluation``, ``studies``, ``papers``,
``reporting``, then ``views`` and ``infra`` side by side on top. Each module owns one idea; none
imports Snakemake (rule scripts in ``scripts/`` are the only bridge). ``tests/test_lib_layers.py``
enforces the direction; docs/architecture.md lists every module of each layer and explains the cuts.
"""

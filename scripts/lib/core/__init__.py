"""Seeding, tables, run logs and rates: what every other layer uses."""

"""Figures, claims/scorecard and captions."""

"""Classifiers: Weka re-implementations (one per module) and relational (collective) models."""

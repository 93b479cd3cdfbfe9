"""Evaluation statistics: sampling designs, significance tests, RS-C, permutation tests, metrics."""

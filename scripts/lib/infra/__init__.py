"""Configuration checks, the reproduction archive and the SLURM profile."""

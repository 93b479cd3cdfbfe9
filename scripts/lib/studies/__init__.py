"""One module per study: what a study's jobs compute, callable from rule scripts and tests."""

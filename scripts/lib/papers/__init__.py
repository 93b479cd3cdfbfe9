"""What each paper claims, and how the pipeline checks it: ``claims`` (the vocabulary),
``criteria`` (shared judgements), one module per paper, ``registry`` (all four)."""

"""Data: the dataset registry, acquisition, file formats, attribute descriptions and networks."""

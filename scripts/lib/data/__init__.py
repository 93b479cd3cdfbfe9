"""Data: the dataset catalogue and its loaders, acquisition, file formats, checksums, attribute
descriptions, synthetic networks and a user's own files."""

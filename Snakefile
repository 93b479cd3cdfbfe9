"""The workflow is workflow/Snakefile (the Snakemake workflow catalog's layout); this file includes it
for tools and readers that look for a Snakefile at the repository's root."""


include: "workflow/Snakefile"


# `include` keeps the including file's default target, so name the workflow's own (`rule all`) again.
workflow.default_target = "all"

"""The papers' artifacts, each declared once (:mod:`lib.views.artifact`): what it reads, the numbers
it shows, its figure, its caption and its claims. The top layer: a view may use everything below."""

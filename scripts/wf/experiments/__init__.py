"""The experiments of `make experiments` (scripts/experiments.py runs them):
one module per experiment, each with NAME and run(ctx, plan). run is called
twice: with plan=True it only asks the Runner for the points it needs, with
plan=False (after every point has run) it draws its plots and appends its
markdown section, whose prose is in templates/NAME.md."""
from . import banks, collectors, replay, sb, war, warps

EXPERIMENTS = [(m.NAME, m.run) for m in (warps, banks, collectors, war, replay, sb)]

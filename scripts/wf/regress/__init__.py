"""The seeded regression (scripts/regress.py, `make regress`; docs/verification.md),
one module per layer: proc (process control), files, settings (the knobs),
runner (the RTL leg), cleg (the C leg), report, run (a run from start to
report), slurm, cli (the command line)."""

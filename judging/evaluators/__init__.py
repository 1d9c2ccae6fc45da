"""The evaluator registry (registry.py): every language's evaluator and environments
(declared with judging/languages/evaluator.py in the language modules), and what each
environment is on this host."""

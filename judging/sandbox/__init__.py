"""Isolation for untrusted programs. See base.py for the interface every sandbox implements."""

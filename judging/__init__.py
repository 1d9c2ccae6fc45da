"""Juiz judging engine: pure Python, no Django. Used by the RQ workers and the command line."""

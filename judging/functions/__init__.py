"""Function problems (LeetCode style): neutral JSON case files, per-language harnesses and the
LLJUDGE protocol. See docs/functions.md."""

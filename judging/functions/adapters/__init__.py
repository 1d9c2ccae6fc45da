"""One harness adapter per language: how a solution and its harness are laid out, compiled and
run in the box."""

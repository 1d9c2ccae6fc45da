"""The jury's pages (mounted at /jury/). Views check the role, validate the form and call a
service; they change no state themselves."""

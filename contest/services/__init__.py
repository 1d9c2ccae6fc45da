"""Services of the contest app: the rules, without HTTP."""

"""Services of the judge app: what happens to judgements and submissions (no HTTP here)."""

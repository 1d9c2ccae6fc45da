"""Teams, organizations, groups and accounts in bulk: read from CSV or from the CCS Contest
Package's organizations.json, groups.json, teams.json and accounts.json (`specs`, `csv_format`,
`ccs_format`, `sources`), written in one transaction (`importer`), exported to the same formats
(`exporter`), and passwords generated for an account list (`passwords`). docs/web.md, "Teams".
"""

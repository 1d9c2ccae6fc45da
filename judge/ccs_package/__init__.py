"""The CCS Contest Package (../shared/ccs-specs/Contest_Package.md), in and out.

`files` opens a package (a folder or a zip) and reads its JSON/YAML documents; `reader` turns
them into checked specs, each refusal naming the file and the field; `importer` writes a read
package in one transaction (files only after it commits); `writer` exports a contest. The
objects have one module each: `contest_file`, `problems` (and `kattis`, a problem as a Kattis
package), `people` (teams, organizations, groups, accounts: accounts/bulk), `submissions`,
`clarifications`. docs/contest-package.md says what is read and written.
"""

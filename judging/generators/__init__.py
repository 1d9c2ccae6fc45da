"""Case generators of the function-problem library (docs/functions.md), one per problem id;
modules whose names start with an underscore are helpers they share."""

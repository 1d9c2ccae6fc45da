"""The Contest API's writes beyond submissions and clarifications (api/submit.py,
api/clarifications.py): the contest's start and thaw, and the configuration objects an admin
may create, replace and delete. Each turns the JSON body into a call of the services the web
pages use; the checks here are only about the request's shape."""

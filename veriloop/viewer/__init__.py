"""`veriloop view`: a local web app over a run's trajectory store and metrics (see `app.py`)."""

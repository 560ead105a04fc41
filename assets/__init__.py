"""Package data of Holdem Dealer: the card art (``cards/``) and the bundled fonts (``fonts/``).

No code lives here. The folder is a package only so that a wheel, a Docker image and an
editable checkout all carry the files to the same place, where :mod:`render.resources` finds
them with :mod:`importlib.resources` whatever the working folder is.
"""

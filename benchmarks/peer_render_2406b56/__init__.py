"""The renderer as it was at commit 2406b56, before issue 26: the named peer of the benchmarks.

``benchmarks/bench_render.py`` and ``benchmarks/bench_load.py`` draw the same views with this
copy and with ``bot.pictures`` in one run, so "twice as fast" is a ratio measured side by side
on the same machine at the same moment, not a comparison with figures from another day. The
modules are ``git show 2406b56:bot/pictures/<module>.py`` with their imports pointed here; the
views, the bundled assets and the font files are shared with ``bot.pictures`` (the views of
today are a superset of the old ones: every new field has a default the old code ignores). Do
not edit them except to keep them importable.
"""

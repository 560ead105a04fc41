"""The Discord layer: commands, buttons and forms, and one loop per table that alone posts and
edits a table's messages. The only package that imports ``discord``.
"""

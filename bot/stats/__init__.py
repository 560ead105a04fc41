"""Player statistics as tracking software counts them, and what members look at after a hand:
their stats, a session's chart, a stored hand to replay.
"""

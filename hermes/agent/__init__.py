"""The conversation engine: litellm client, prompt building, tools, the turn loop, background work.

Importing this package does not import litellm; the client loads it lazily.
"""

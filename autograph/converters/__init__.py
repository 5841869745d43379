"""Converters: each removes one kind of syntax through ``transform(node, ctx)``."""

"""Analyses: they read the AST and annotate it; they never rewrite it."""

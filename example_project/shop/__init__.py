"""Corner Shop: the demo app the example suite tests, with planted UX flaws (see ../README.md) and a fixed variant."""

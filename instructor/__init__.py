"""The instructor's tools: the gradebook, the student edition, the website, the course's links.

Nothing here is imported by the notebooks or shipped in the student edition (see ``release.py``):
learners use only :mod:`helpers`.
"""

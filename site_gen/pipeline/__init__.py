"""The build: find the project, load and compute every competition, plan its pages and
files, render them and write the site (build.py reads as that pipeline)."""

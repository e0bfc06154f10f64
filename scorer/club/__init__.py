"""A club evening or tournament: the draw of each Passe's seat plan (issue 15).

plan.py holds a seat plan and the pairs a table makes; sitout.py who sits a Passe out;
search.py the local search; draw.py the draw of one Passe; quality.py what a plan repeats;
bounds.py the fewest repeats possible.
"""

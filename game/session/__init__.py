"""A battle's flow, with no window: rounds, whose turn it is, a controller per side
(a person at the window is one too), hot-seat hand-overs, autosaves, the end.

`Session` (in `flow.py`) drives a `Battle` through its rounds one step at a
time; the game window, `simulate`, `render` and the tests all go through it.
`controller.py` holds what a controller sees and does; `sides.py` reads who
plays each side from the battle's meta.  Nothing here imports pygame.
"""

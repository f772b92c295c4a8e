"""The pieces of the battle screen (`game.ui.scenes.battle`), one concern each: its
components (the drawing, the input, the draft's commands, the focus, what the window's side
sees, the saves) and what each may read of the screen (`host`), the input modes, the plans
drawn on the map, the order panel, the action menus, the overlays' inputs, the stage bar
and hint."""

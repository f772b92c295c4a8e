"""The pieces of the battle screen (`game.ui.scenes.battle`), one concern each: the plans
drawn on the map, the order panel, the action menus, the overlays' inputs, the stage
bar and hint, and the screen's input."""

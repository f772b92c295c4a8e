"""Controllers that produce orders for the combatants they command."""

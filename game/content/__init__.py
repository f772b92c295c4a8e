"""Content: data files (the armory, scenarios) loaded into typed objects and validated."""

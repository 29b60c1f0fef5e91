"""The built-in rule files: one YAML file per variant, shipped in the wheel as package data."""

"""The run report: sessions collected on the controller, aggregated (pure), rendered from templates."""

"""Who decides the persona's next step: Claude through the official SDK, or the offline engine."""

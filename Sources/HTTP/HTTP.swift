// The HTTP module: see ARCHITECTURE.md. Work in progress.

// The Storage module: see ARCHITECTURE.md for its job. Work in progress.

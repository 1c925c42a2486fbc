// The TempestCloud module: see ARCHITECTURE.md. Work in progress.

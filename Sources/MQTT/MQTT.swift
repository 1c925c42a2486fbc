// The MQTT module: see ARCHITECTURE.md for its job. Work in progress.

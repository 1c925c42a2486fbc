// Tests arrive with the CLI.

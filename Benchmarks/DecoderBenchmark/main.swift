print("decoder benchmark: not yet written")

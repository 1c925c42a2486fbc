print("tempest-gateway: work in progress")

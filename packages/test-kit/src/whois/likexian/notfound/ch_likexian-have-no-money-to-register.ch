The domain name is not registered.

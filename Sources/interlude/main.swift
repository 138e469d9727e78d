print("interlude: not yet")

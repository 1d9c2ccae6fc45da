import time

time.sleep(1000)  # never reads, never writes: the wall limit ends it

# Tries to read the harness's payload (and its nonce) again through stdin; any success is a
# harness bug, so the solution then raises and the case is not Accepted.
import os


def _payload_again() -> bytes:
    data = b""
    try:
        data += os.pread(0, 1 << 20, 0)
    except OSError:
        pass
    try:
        with open("/proc/self/fd/0", "rb") as stream:
            data += stream.read(1 << 20)
    except OSError:
        pass
    return data


def two_sum(nums, target):
    if b"nonce" in _payload_again():
        raise RuntimeError("the payload could be read again")
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
    return []

"""Any peak index is right: nums[i] is greater than each neighbour that exists."""

from __future__ import annotations

from typing import Any


def validate(args: list[Any], got: Any) -> bool | str:
    nums: list[int] = args[0]
    # bool is an int in Python; a boolean answer is not an index.
    if not isinstance(got, int) or isinstance(got, bool):
        return f"expected an index, got {got!r}"
    if not 0 <= got < len(nums):
        return f"index {got} is outside 0..{len(nums) - 1}"
    if got > 0 and nums[got - 1] >= nums[got]:
        return f"nums[{got}] = {nums[got]} is not greater than its left neighbour {nums[got - 1]}"
    if got + 1 < len(nums) and nums[got + 1] >= nums[got]:
        return f"nums[{got}] = {nums[got]} is not greater than its right neighbour {nums[got + 1]}"
    return True

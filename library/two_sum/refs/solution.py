from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        seen: dict[int, int] = {}
        for j, value in enumerate(nums):
            i = seen.get(target - value)
            if i is not None:
                return [i, j]
            seen[value] = j
        return []

from typing import List


class Solution:
    def subsets(self, nums: List[int]) -> List[List[int]]:
        answer: List[List[int]] = [[]]
        for value in nums:
            answer += [[*subset, value] for subset in answer]
        return answer

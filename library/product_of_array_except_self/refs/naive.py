from typing import List


class Solution:
    def productExceptSelf(self, nums: List[int]) -> List[int]:
        answer: List[int] = []
        for i in range(len(nums)):
            product = 1
            for j in range(len(nums)):
                if j != i:
                    product *= nums[j]
            answer.append(product)
        return answer

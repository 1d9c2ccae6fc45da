from collections import Counter
from typing import List


class Solution:
    def topKFrequent(self, nums: List[int], k: int) -> List[int]:
        counts = Counter(nums)
        buckets: List[List[int]] = [[] for _ in range(len(nums) + 1)]
        for value, count in counts.items():
            buckets[count].append(value)
        answer: List[int] = []
        for count in range(len(nums), 0, -1):
            for value in buckets[count]:
                answer.append(value)
                if len(answer) == k:
                    return answer
        return answer

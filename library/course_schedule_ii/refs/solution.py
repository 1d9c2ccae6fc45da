from collections import deque
from typing import List


class Solution:
    def findOrder(self, numCourses: int, prerequisites: List[List[int]]) -> List[int]:
        unlocks: List[List[int]] = [[] for _ in range(numCourses)]
        missing = [0] * numCourses
        for course, first in prerequisites:
            unlocks[first].append(course)
            missing[course] += 1
        queue = deque(c for c in range(numCourses) if missing[c] == 0)
        order: List[int] = []
        while queue:
            course = queue.popleft()
            order.append(course)
            for later in unlocks[course]:
                missing[later] -= 1
                if missing[later] == 0:
                    queue.append(later)
        return order if len(order) == numCourses else []

from typing import List


class Solution:
    def isBipartite(self, graph: List[List[int]]) -> bool:
        colour: dict[int, int] = {}
        for start in range(len(graph)):
            if start in colour:
                continue
            colour[start] = 0
            stack = [start]
            while stack:
                node = stack.pop()
                for neighbour in graph[node]:
                    if neighbour not in colour:
                        colour[neighbour] = 1 - colour[node]
                        stack.append(neighbour)
                    elif colour[neighbour] == colour[node]:
                        return False
        return True

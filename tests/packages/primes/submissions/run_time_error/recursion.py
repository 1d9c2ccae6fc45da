# RecursionError: exit status 1 (Invalid Exit Value).
def count(n):
    return count(n - 1) + 1


print(count(int(input())))

# Right but far too slow on the large tests: trial division of every number by every smaller one.
n = int(input())
count = 0
for k in range(2, n + 1):
    if all(k % d for d in range(2, k)):
        count += 1
print(count)

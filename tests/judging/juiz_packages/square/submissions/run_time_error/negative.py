# Refuses negative numbers: a crash on test secret/2.
n = int(input())
if n < 0:
    raise ValueError(f"negative: {n}")
print(n * n)

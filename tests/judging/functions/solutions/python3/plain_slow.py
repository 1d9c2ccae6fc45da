def two_sum(nums, target):
    while True:
        pass

def two_sum(nums, target):
    return [0, 0]

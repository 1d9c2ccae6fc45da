/**
 * @param {number[]} nums
 * @param {number} target
 * @return {number[]}
 */
var twoSum = function (nums, target) {
    const seen = new Map();
    for (let j = 0; j < nums.length; j++) {
        const i = seen.get(target - nums[j]);
        if (i !== undefined) return [i, j];
        seen.set(nums[j], j);
    }
    return [];
};

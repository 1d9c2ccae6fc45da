var twoSum = function (nums, target) {
  for (let i = 0; i < nums.length; i++ {
    return [i, i];
  }
};

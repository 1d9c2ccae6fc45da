var twoSum = function (nums, target) {
  let spin = 0;
  for (;;) spin++;
};

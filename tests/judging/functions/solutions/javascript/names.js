// The entry's own name is wrong on purpose: the `names` override must be the one called.
var maxValue = function (nums) {
  return -1;
};

var largestJs = function (nums) {
  return Math.max(...nums);
};

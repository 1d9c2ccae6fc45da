var MinStack = function () {
  this.items = [];
  this.mins = [];
};

/** @param {number} val @return {void} */
MinStack.prototype.push = function (val) {
  this.items.push(val);
  const min = this.mins.length ? Math.min(val, this.mins[this.mins.length - 1]) : val;
  this.mins.push(min);
};

/** @return {void} */
MinStack.prototype.pop = function () {
  this.items.pop();
  this.mins.pop();
};

/** @return {number} */
MinStack.prototype.top = function () {
  return this.items[this.items.length - 1];
};

/** @return {number} */
MinStack.prototype.getMin = function () {
  return this.mins[this.mins.length - 1];
};

// Juiz C++ harness: the comparators of docs/functions.md, on Json trees. They only decide the
// pass/fail status of visible cases; the host compares every result again and has the last word.
#pragma once

#include <string>

#include "juiz_json.hpp"

namespace juiz {

// Whether `got` matches `want` under the named comparator (validators never get here: their
// cases carry no expected value).
bool matches(const std::string& comparator, const Json& got, const Json& want);

// A total order on JSON values: equality for `exact`, sorting for the order-free comparators.
int compare(const Json& a, const Json& b);

}  // namespace juiz

// The engine's one error type for bad input and failed operations at its API boundary.
// Messages are for people: say which file, which field, which offset, what was expected.
#pragma once

#include <stdexcept>
#include <string>

namespace strata {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace strata

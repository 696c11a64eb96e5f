#include "lib.hpp"

#include "lib.hpp"
#include "words.hpp"
#include "scan_pieces.hpp"

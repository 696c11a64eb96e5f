// The ground floor of proof/: the IR (or asm) holds something the model does
// not cover. Every layer throws it; prove.cpp turns it into the verdict
// "not provable: <what()>".
#pragma once
#include <stdexcept>

namespace scanproof::proof {

struct not_modelled : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace scanproof::proof

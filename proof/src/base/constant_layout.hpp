// The one walk over a constant's memory layout (arrays, vectors, data
// arrays, structs; the DataLayout's offsets): the executor's table images and the
// start-up interpreter's globals both lay constants out through it, each
// deciding what a scalar leaf (an integer, a float, undef, a pointer...) is.
#pragma once
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>

#include <cstdint>

namespace scanproof::proof {

// Calls leaf(offset, constant) for every part of `k` at byte offset `at`
// that is not an aggregate; parts that are all zero bits are skipped (the
// memory they go to starts zeroed).
template <class Leaf>
void for_each_leaf(const llvm::Constant* k, const llvm::DataLayout& dl, std::uint64_t at, Leaf&& leaf) {
  if (k->isNullValue()) return;
  if (auto* seq = llvm::dyn_cast<llvm::ConstantDataSequential>(k)) {
    const std::uint64_t step = dl.getTypeAllocSize(seq->getElementType());
    for (unsigned i = 0; i < seq->getNumElements(); ++i) for_each_leaf(seq->getElementAsConstant(i), dl, at + i * step, leaf);
    return;
  }
  if (llvm::isa<llvm::ConstantArray>(k) || llvm::isa<llvm::ConstantVector>(k)) {
    // A vector's lanes are packed at their store size (the same as the
    // allocation size for the byte-sized lanes memory holds).
    llvm::Type* element = k->getType()->isVectorTy()
                                    ? llvm::cast<llvm::VectorType>(k->getType())->getElementType()
                                    : k->getType()->getArrayElementType();
    const std::uint64_t step = k->getType()->isVectorTy() ? dl.getTypeStoreSize(element)
                                                          : dl.getTypeAllocSize(element);
    for (unsigned i = 0; i < k->getNumOperands(); ++i)
      for_each_leaf(llvm::cast<llvm::Constant>(k->getOperand(i)), dl, at + i * step, leaf);
    return;
  }
  if (auto* st = llvm::dyn_cast<llvm::ConstantStruct>(k)) {
    const llvm::StructLayout* layout = dl.getStructLayout(st->getType());
    for (unsigned i = 0; i < st->getNumOperands(); ++i)
      for_each_leaf(llvm::cast<llvm::Constant>(st->getOperand(i)), dl, at + layout->getElementOffset(i), leaf);
    return;
  }
  leaf(at, k);
}

}  // namespace scanproof::proof

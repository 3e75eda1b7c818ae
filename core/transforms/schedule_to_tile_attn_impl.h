// Shared pieces of the attention-family scalar kernels (schedule_to_tile_attn.cpp,
// schedule_to_tile_attnselect.cpp): MiniMax index scores and the block ranking's selection.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms::attn_text {

using scalar_text::Text;

/// Entries of a local buffer the attention kernels keep per row (a row, logits, kept keys).
constexpr int64_t kMaxLocal = 16384;

/// Index names of a kernel value and a function of one.
using Emit = std::function<std::string(const std::string&)>;

/// Extents of msa_index_scores' q [B, Hq, Sq, D] (operand %in0) and k [B, Hkv, Sk, D] (%in1).
struct MsaGeom {
  DType t;
  int64_t hq, hkv, sq, sk, d, bs;
  float scale;
};

/// The block mean (f32) of column e of the rows t0 .. t1-1 of `mem` (storage type t, rows of
/// `dc` elements from `base`): their sum in order from +0, divided by `bsf` (bs as f32).
std::string block_mean(Text& x, DType t, const std::string& base, const std::string& t0,
                       const std::string& t1, const std::string& dc, const std::string& e,
                       const std::string& bsf, const std::string& mem = "%in1");

/// Emits msa_index_scores_s1 for query row i of batch b, kv group gi (index values): the
/// group-mean query in a local buffer, then for each block cb in increasing order its score
/// (f32), handed to `sink(cb, score)` inside the loop.
void index_scores(Text& x, const MsaGeom& g, const std::string& b, const std::string& gi,
                  const std::string& i,
                  const std::function<void(const std::string&, const std::string&)>& sink);

/// An i1: block `b` is among the first `limit` blocks of attn::rank_blocks' order over blocks
/// 0 .. nbc-1 (`score(c)` of compute type `c`, `masked(c)` an i1), not counting `forced` (a
/// block moved to the front, which is kept; "" for none).
std::string block_kept(Text& x, const std::string& b, const std::string& nbc, const Emit& score,
                       DType c, const Emit& masked, const std::string& forced,
                       const std::string& limit);

}  // namespace tessera::transforms::attn_text

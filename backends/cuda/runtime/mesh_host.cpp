// A mesh plan run on host memory: the reference of the device executor (mesh_executor.cpp), step
// for step: zeroed results, strided copies, rank-order folds (interp fold()), constants.
#include <cstring>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_plan.h"
#include "plugins/plugin_support.h"

namespace tessera::cuda {
namespace {

size_t elem_bytes(DType t) { return interp::mesh::element_bytes(t); }

/// Checks that elements [first, first + count) lie inside a buffer of `bytes`.
void check_range(const std::string& where, int64_t first, int64_t count, size_t esize,
                 size_t bytes) {
  if (first < 0 || count < 0 ||
      static_cast<uint64_t>(first) + static_cast<uint64_t>(count) > bytes / esize)
    throw Failure(TESSERA_ERROR_INTERNAL, where + ": mesh plan step outside its buffer");
}

/// A piece of a split tile kernel on every rank: its kernel run directly by the interpreter, every
/// memref parameter starting with its input's contents (operands, then the results' current
/// contents twice: the unused parameters and the result buffers).
void run_tile_piece(const MeshPlan& plan, const MeshStep& s,
                    std::vector<std::vector<std::vector<std::byte>>>& slots) {
  const size_t nres = s.results.size();
  if (s.operands.size() < nres)
    throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": a tile piece without its results' inputs");
  interp::RunOptions opt;
  opt.entry = s.host_entry;
  opt.source_name = s.where;
  for (auto& rank : slots) {
    std::vector<interp::HostTensor> in;
    for (int k : s.operands) {
      const TensorSpec& t = plan.slots[static_cast<size_t>(k)];
      in.push_back(interp::HostTensor{t.dtype, t.shape, rank[static_cast<size_t>(k)]});
    }
    for (size_t j = 0; j < nres; ++j) in.push_back(in[s.operands.size() - nres + j]);
    std::vector<interp::HostTensor> out;
    try {
      out = interp::run_module_text(s.host_text, in, opt);
    } catch (const std::exception& e) {
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, s.where + ": " + e.what());
    }
    if (out.size() < nres)
      throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": the tile piece returned too few buffers");
    for (size_t j = 0; j < nres; ++j)
      rank[static_cast<size_t>(s.results[j])] = std::move(out[out.size() - nres + j].data);
  }
}

}  // namespace

std::vector<std::vector<interp::HostTensor>> run_mesh_plan_on_host(
    const MeshPlan& plan, const std::vector<std::vector<interp::HostTensor>>& per_rank) {
  const auto n = static_cast<size_t>(plan.ranks);
  if (per_rank.size() != n)
    throw Failure(
        TESSERA_ERROR_INVALID_ARGUMENT,
        std::to_string(per_rank.size()) + " argument lists for a mesh of " + std::to_string(n));
  std::vector<std::vector<std::vector<std::byte>>> slots(
      n, std::vector<std::vector<std::byte>>(plan.slots.size()));
  for (size_t r = 0; r < n; ++r) {
    if (per_rank[r].size() != plan.inputs.size())
      throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                    "rank " + std::to_string(r) + ": " + std::to_string(per_rank[r].size()) +
                        " arguments, the entry takes " + std::to_string(plan.inputs.size()));
    for (size_t i = 0; i < plan.inputs.size(); ++i) {
      const interp::HostTensor& t = per_rank[r][i];
      if (t.dtype != plan.inputs[i].dtype || t.shape != plan.inputs[i].shape)
        throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, "rank " + std::to_string(r) + ": argument " +
                                                          std::to_string(i) +
                                                          " has another type than the entry's");
      slots[r][i] = t.data;
    }
  }
  for (const MeshStep& s : plan.steps) {
    if (s.compute) {
      if (s.host_text.empty())
        unimplemented(s.where + ": " + s.op + ": a compute step needs a device");
      run_tile_piece(plan, s, slots);
      continue;
    }
    for (size_t k = 0; k < s.results.size(); ++k) {
      auto bytes =
          plugins::support::packed_byte_size(s.result_types[k].dtype, s.result_types[k].shape);
      if (!bytes) throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, s.where + ": result too large");
      for (size_t r = 0; r < n; ++r)
        slots[r][static_cast<size_t>(s.results[k])].assign(*bytes, std::byte{0});
    }
    for (const MeshCopy& c : s.copies) {
      const size_t es = elem_bytes(plan.slots[static_cast<size_t>(c.dst_slot)].dtype);
      auto& src = slots[static_cast<size_t>(c.src_rank)][static_cast<size_t>(c.src_slot)];
      auto& dst = slots[static_cast<size_t>(c.dst_rank)][static_cast<size_t>(c.dst_slot)];
      for (int64_t j = 0; j < c.rows; ++j) {
        const int64_t si = c.src_elem + j * c.src_pitch, di = c.dst_elem + j * c.dst_pitch;
        check_range(s.where, si, c.count, es, src.size());
        check_range(s.where, di, c.count, es, dst.size());
        if (c.count > 0)
          std::memcpy(dst.data() + static_cast<size_t>(di) * es,
                      src.data() + static_cast<size_t>(si) * es, static_cast<size_t>(c.count) * es);
      }
    }
    for (const MeshFold& f : s.folds) {
      const size_t es = elem_bytes(f.dtype);
      std::vector<const std::byte*> ins;
      for (int64_t m : f.members) {
        auto& src = slots[static_cast<size_t>(m)][static_cast<size_t>(f.src_slot)];
        check_range(s.where, f.src_elem, f.count, es, src.size());
        ins.push_back(src.data() + static_cast<size_t>(f.src_elem) * es);
      }
      auto& dst = slots[static_cast<size_t>(f.dst_rank)][static_cast<size_t>(f.dst_slot)];
      check_range(s.where, f.dst_elem, f.count, es, dst.size());
      interp::mesh::fold(f.op, f.dtype, ins, dst.data() + static_cast<size_t>(f.dst_elem) * es,
                         static_cast<size_t>(f.count));
    }
    for (const MeshConst& c : s.consts) {
      auto& dst = slots[static_cast<size_t>(c.rank)][static_cast<size_t>(c.slot)];
      if (c.bytes.size() != dst.size())
        throw Failure(TESSERA_ERROR_INTERNAL, s.where + ": constant of another size");
      std::memcpy(dst.data(), c.bytes.data(), c.bytes.size());
    }
  }
  std::vector<std::vector<interp::HostTensor>> out(n);
  for (size_t r = 0; r < n; ++r)
    for (int slot : plan.returns) {
      const TensorSpec& t = plan.slots[static_cast<size_t>(slot)];
      out[r].push_back(interp::HostTensor{t.dtype, t.shape, slots[r][static_cast<size_t>(slot)]});
    }
  return out;
}

}  // namespace tessera::cuda

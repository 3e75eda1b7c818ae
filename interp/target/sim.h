// Target IR interpreter state: buffers, warps (SIMD register files and active masks), blocks.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interp/api.h"
#include "interp/graph/isa.h"
#include "interp/target/program.h"

namespace tessera::interp::target {

inline constexpr int kGlobal = 0, kShared = 3, kLocal = 5;

/// Shadow of one shared element under --check races/init: the last write and up to two reading
/// warps of the current barrier epoch (any other warp differs from at least one of them).
struct Shadow {
  uint64_t w_step = 0;  ///< the writing warp's instruction count (one st = one instance)
  uint32_t w_epoch = 0, r_epoch = 0;
  int32_t w_pc = -1, r_pc = -1;
  int16_t w_warp = -1, r_warp1 = -1, r_warp2 = -1;
  uint8_t w_lane = 0, r_lane = 0;
  bool init = false;
};

/// One memory buffer. Local buffers hold one copy per thread, interleaved by lane within each
/// warp: element i of lane l of warp w is at physical index (w numel + i) 32 + l, so the lanes
/// of a warp accessing one element touch 32 consecutive ones.
struct Buf {
  std::byte* data = nullptr;
  int64_t step = 1;  ///< physical distance of consecutive elements of one thread (local: 32)
  DType dt = DType::f32;
  int esize = 4;
  int64_t numel = 0;
  std::vector<int64_t> shape;
  int space = kGlobal;
  bool readonly = false;
  std::string name;
  std::vector<std::byte> own;
  std::vector<uint16_t> in_flight;  ///< cp.async copies issued to each element, not yet waited
  std::vector<Shadow> shadow;       ///< shared buffers under --check races/init
  std::vector<uint8_t> local_init;  ///< local buffers under --check init: per thread's element
  int64_t pending = 0;              ///< sum of in_flight
};

/// One cp.async element copy waiting for its wait_group.
struct Copy {
  Buf* dst = nullptr;
  int64_t index = 0;
  uint64_t bits = 0;  ///< the element's bytes, read from the source at issue
};

struct Warp {
  int32_t id = 0;
  int32_t pc = 0;
  uint32_t active = 0;  ///< lanes executing now
  uint32_t exited = 0;  ///< lanes that have exited (or do not exist in a partial last warp)
  bool done = false;
  bool at_barrier = false;
  std::vector<uint32_t> stack;  ///< saved active masks of enclosing scf.if / scf.for
  std::vector<Cell> regs;       ///< num_slots * 32 cells: slot-major, lane-minor
  std::vector<Copy> uncommitted;
  std::vector<std::vector<Copy>> committed;  ///< oldest first
  std::vector<Copy> spare;                   ///< storage of the last landed group, for reuse
  uint64_t steps = 0;
  Cell* reg(int32_t slot) { return regs.data() + static_cast<size_t>(slot) * kWarp; }
  const Cell* reg(int32_t slot) const { return regs.data() + static_cast<size_t>(slot) * kWarp; }
};

/// Everything one launch shares across blocks.
struct Launch {
  const Program* prog = nullptr;
  const SourceManager* sm = nullptr;
  std::vector<Buf> globals;       ///< one per parameter (empty for scalars)
  std::vector<Cell> scalar_args;  ///< per parameter: the scalar, or the buffer handle
  int64_t grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  int64_t num_blocks = 1;
  int32_t threads = 32, warps = 1;
  TileDebugOptions opts;
  Isa isa = Isa::kScalar;          ///< of the fused fast paths (exec_fused.cpp)
  std::atomic<uint64_t> steps{0};  ///< instructions of every block so far (--max-steps)
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();  ///< of the run
};

/// A block: its warps and its shared and local buffers (indexed by allocation number).
struct Block {
  Launch* launch = nullptr;
  int64_t id = 0;
  int64_t coord[3] = {0, 0, 0};
  std::vector<Warp> warps;
  std::vector<Buf> allocs;
  uint32_t epoch = 0;                ///< barrier epochs completed
  std::vector<std::string> reports;  ///< rendered sanitizer reports, in execution order
  std::vector<std::pair<int32_t, int32_t>> reported;  ///< (pc, other pc) pairs already reported
};

/// Handles in registers: space in bits 32..39, buffer number in bits 0..31.
inline constexpr int64_t make_handle(int space, int64_t id) { return (int64_t(space) << 32) | id; }

/// Runs block `id` of `l` to completion, appending its sanitizer reports to `reports`. Throws
/// tessera::Error on a fatal finding.
void run_block(Launch& l, int64_t id, std::vector<std::string>& reports);

/// Runs warp `w` of `b` until it exits or stops at a bar.sync.
void run_warp(Block& b, Warp& w);

/// Throws "file:line:col: error: 'op' op msg (block b, warp w[, lane l] of kernel @k)".
[[noreturn]] void fatal(const Block& b, const Warp& w, const Inst& in, const std::string& msg,
                        int lane = -1);

/// Under --check races/init: lane `lane` of `w` reads or writes elements [i, i + n) of shared
/// buffer `buf` at instruction `in` (sanitize.cpp).
/// --check init on local memory: i is the element's index among all threads' copies.
void local_init_access(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                       int lane, bool write);
void shadow_access(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                   int lane, bool write);

/// The warp-collective ops (exec_warp.cpp).
void exec_shfl(Block& b, Warp& w, const Inst& in);
void exec_vote(Block& b, Warp& w, const Inst& in);
void exec_ldmatrix(Block& b, Warp& w, const Inst& in);
void exec_mma(Block& b, Warp& w, const Inst& in);

/// The buffer a handle names (for lane `lane` of warp `w`), checked.
Buf& buffer_of(Block& b, const Warp& w, const Inst& in, int64_t handle, int lane);
/// Element `i` of `buf` (as seen by `lane` of `w` for local buffers) decoded into a cell, and
/// the store of a cell; `index` is range-checked by the caller.
Cell load_elem(const Buf& buf, int64_t i);
void store_elem(Buf& buf, int64_t i, Cell v);
/// The physical element of logical element `i` of buffer `buf` for lane `lane` of warp `w`
/// after bounds, alignment and async checks (fatal otherwise); element i + e is at the result
/// plus e * buf.step.
int64_t checked_index(Block& b, const Warp& w, const Inst& in, Buf& buf, int64_t i, int64_t n,
                      int lane, bool write);

}  // namespace tessera::interp::target

// 1F1B schedule, lock-step timetable and the SPMD text of a pipelined chain of linear stages.
#include "core/transforms/pipeline.h"

#include <algorithm>
#include <sstream>

#include "core/support/error.h"
#include "core/text/printer.h"

namespace tessera::transforms {
namespace {

using Kind = PipeAction::Kind;

bool is_bubble(const PipeAction& a) { return a.micro < 0; }

/// Emits the module text; SSA names are %t<tick>_<what>.
class LinearEmitter {
 public:
  explicit LinearEmitter(const LinearPipelineSpec& s) : s_(s), calls_(!s.stage.forward.empty()) {
    act_ = type({s.batch, s.dim});
    wshape_ = calls_ ? s.stage.weight_shape : std::vector<int64_t>{s.dim, s.dim};
    wt_ = type(wshape_);
    xt_ = type({s.micro, s.batch, s.dim});
  }

  std::string emit(const PipeTimetable& tt) {
    header();
    for (size_t t = 0; t < tt.ticks.size(); ++t) tick(static_cast<int>(t), tt.ticks[t]);
    footer();
    return out_.str();
  }

 private:
  std::string type(const std::vector<int64_t>& shape) const {
    std::string r = "tensor<";
    for (int64_t d : shape) r += std::to_string(d) + "x";
    return r + s_.dtype + ">";
  }
  std::string fresh(const std::string& hint) { return "%" + hint + std::to_string(next_++); }
  std::string zeros(const std::string& t, int64_t count, int bytes) {
    std::string v = fresh("zero");
    out_ << "    " << v << " = \"tessera.constant\"() {value = dense<\"0x"
         << std::string(static_cast<size_t>(count * bytes * 2), '0') << "\"> : " << t
         << "} : () -> " << t << "\n";
    return v;
  }
  int elem_bytes() const {
    if (s_.dtype == "f64" || s_.dtype == "i64") return 8;
    if (s_.dtype == "f16" || s_.dtype == "bf16" || s_.dtype == "i16") return 2;
    if (s_.dtype == "i8" || s_.dtype == "f8E4M3FN" || s_.dtype == "f8E5M2") return 1;
    return 4;
  }
  /// select(is_stage[s], a, b).
  std::string select(int s, const std::string& a, const std::string& b, const std::string& t) {
    std::string v = fresh("sel");
    out_ << "    " << v << " = \"tessera.select\"(" << is_stage_[static_cast<size_t>(s)] << ", "
         << a << ", " << b << ") : (tensor<i1>, " << t << ", " << t << ") -> " << t << "\n";
    return v;
  }
  std::string binary(const char* op, const std::string& a, const std::string& ta,
                     const std::string& b, const std::string& tb, const std::string& tr) {
    std::string v = fresh("v");
    out_ << "    " << v << " = \"tessera." << op << "\"(" << a << ", " << b << ") : (" << ta << ", "
         << tb << ") -> " << tr << "\n";
    return v;
  }
  std::string transpose(const std::string& a, const std::string& ta, const std::string& tr) {
    std::string v = fresh("tr");
    out_ << "    " << v << " = \"tessera.transpose\"(" << a << ") {perm = [1, 0]} : (" << ta
         << ") -> " << tr << "\n";
    return v;
  }
  void send(const std::string& v, int src, int dst, int channel, const PipeAction& a) {
    out_ << "    \"tessera.send\"(" << v << ") {axes = [\"pp\"], pairs = [[" << src << ", " << dst
         << "]], channel = " << channel << ", label = \"" << to_string(a) << "\"} : (" << act_
         << ") -> ()\n";
  }
  std::string recv(int src, int dst, int channel, const PipeAction& a) {
    std::string v = fresh("recv");
    out_ << "    " << v << " = \"tessera.recv\"() {axes = [\"pp\"], pairs = [[" << src << ", "
         << dst << "]], channel = " << channel << ", label = \"" << to_string(a) << "\"} : () -> "
         << act_ << "\n";
    return v;
  }

  /// The stage's output for input `in`: `in W` or a call of the forward stage function.
  std::string forward(const std::string& in) {
    if (!calls_) return binary("matmul", in, act_, "%w", wt_, act_);
    std::string v = fresh("f");
    out_ << "    " << v << " = \"func.call\"(" << in << ", %w) {callee = @" << s_.stage.forward
         << "} : (" << act_ << ", " << wt_ << ") -> " << act_ << "\n";
    return v;
  }

  /// The gradients (input, weight) of the stage for input `xin` and output gradient `dy`; the
  /// input gradient only when `need_dx` (linear stages skip its matmul otherwise).
  std::pair<std::string, std::string> backward(const std::string& xin, const std::string& dy,
                                               bool need_dx) {
    if (calls_) {
      std::string v = fresh("b");
      out_ << "    " << v << ":2 = \"func.call\"(" << xin << ", " << dy << ", %w) {callee = @"
           << s_.stage.backward << "} : (" << act_ << ", " << act_ << ", " << wt_ << ") -> ("
           << act_ << ", " << wt_ << ")\n";
      return {v + "#0", v + "#1"};
    }
    std::string dx = need_dx ? binary("matmul", dy, act_, wT_, wt_, act_) : std::string();
    std::string xT = transpose(xin, act_, type({s_.dim, s_.batch}));
    return {dx, binary("matmul", xT, type({s_.dim, s_.batch}), dy, act_, wt_)};
  }

  void header() {
    out_ << "// 1F1B pipeline of " << s_.stages << " "
         << (calls_ ? "stages (@" + s_.stage.forward + ", @" + s_.stage.backward + ")"
                    : std::string("linear stages"))
         << ", " << s_.micro
         << " micro-batches (core/transforms/pipeline.h, docs/collectives.md).\n"
         << "module attributes {tessera.mesh = {axes = [\"pp\"], shape = [" << s_.stages
         << "]}} {\n";
    if (calls_) out_ << s_.stage.text;
    out_ << "  func.func @main(%x: " << xt_ << ", %w: " << wt_
         << " {tessera.shard = {partition = [0], mesh_axes = [\"pp\"]}}) -> (" << xt_ << ", " << wt_
         << ") attributes {tessera.result_shards = [{}, {partition = [0], mesh_axes = "
         << "[\"pp\"]}]} {\n";
    out_ << "    %stage = \"tessera.axis_index\"() {axes = [\"pp\"]} : () -> tensor<i32>\n";
    for (int s = 0; s < s_.stages; ++s) {
      std::string c = fresh("c");
      out_ << "    " << c << " = \"tessera.constant\"() {value = dense<\"0x";
      for (int b = 0; b < 4; ++b) {  // little-endian i32
        static const char* kHex = "0123456789ABCDEF";
        unsigned byte = (static_cast<unsigned>(s) >> (8 * b)) & 0xFF;
        out_ << kHex[byte >> 4] << kHex[byte & 15];
      }
      out_ << "\"> : tensor<i32>} : () -> tensor<i32>\n";
      std::string is = fresh("is");
      out_ << "    " << is << " = \"tessera.cmp_eq\"(%stage, " << c
           << ") : (tensor<i32>, tensor<i32>) -> tensor<i1>\n";
      is_stage_.push_back(is);
    }
    zero_act_ = zeros(act_, s_.batch * s_.dim, elem_bytes());
    int64_t wnum = 1;
    for (int64_t d : wshape_) wnum *= d;
    zero_w_ = zeros(wt_, wnum, elem_bytes());
    if (!calls_) wT_ = transpose("%w", wt_, wt_);
    stash_in_.assign(static_cast<size_t>(s_.micro), zero_act_);
    stash_out_.assign(static_cast<size_t>(s_.micro), zero_act_);
    gw_ = zero_w_;
  }

  /// Micro-batch m of %x as batch x dim.
  std::string micro_input(int m) {
    std::string sl = fresh("xs"), v = fresh("xm");
    std::string t3 = type({1, s_.batch, s_.dim});
    out_ << "    " << sl << " = \"tessera.slice\"(%x) {start = [" << m << ", 0, 0], sizes = [1, "
         << s_.batch << ", " << s_.dim << "]} : (" << xt_ << ") -> " << t3 << "\n";
    out_ << "    " << v << " = \"tessera.reshape\"(" << sl << ") : (" << t3 << ") -> " << act_
         << "\n";
    return v;
  }

  void tick(int t, const std::vector<PipeAction>& acts) {
    out_ << "    // tick " << t << ":";
    for (size_t s = 0; s < acts.size(); ++s)
      out_ << " " << (is_bubble(acts[s]) ? std::string("-") : to_string(acts[s]));
    out_ << "\n";
    const int last = s_.stages - 1;
    std::vector<std::pair<int, PipeAction>> fwd, bwd;
    for (int s = 0; s <= last; ++s) {
      const PipeAction& a = acts[static_cast<size_t>(s)];
      if (is_bubble(a)) continue;
      (a.kind == Kind::forward ? fwd : bwd).emplace_back(s, a);
    }
    // Receives first (each message was sent at an earlier tick).
    std::vector<std::pair<int, std::string>> fin, bin;  // (stage, value)
    for (auto& [s, a] : fwd)
      fin.emplace_back(s, s == 0 ? micro_input(a.micro) : recv(s - 1, s, 0, a));
    for (auto& [s, a] : bwd)
      bin.emplace_back(s,
                       s == last ? stash_out_[static_cast<size_t>(a.micro)] : recv(s + 1, s, 1, a));
    if (!fwd.empty()) {
      std::string in = zero_act_;
      for (auto& [s, v] : fin) in = select(s, v, in, act_);
      std::string h = forward(in);
      for (auto& [s, a] : fwd) {
        auto m = static_cast<size_t>(a.micro);
        stash_in_[m] = select(s, in, stash_in_[m], act_);
        if (s == last) stash_out_[m] = select(s, h, stash_out_[m], act_);
      }
      for (auto& [s, a] : fwd)
        if (s < last) send(h, s, s + 1, 0, a);
    }
    if (!bwd.empty()) {
      std::string dy = zero_act_, xin = zero_act_;
      for (size_t k = 0; k < bwd.size(); ++k) {
        int s = bwd[k].first;
        dy = select(s, bin[k].second, dy, act_);
        xin = select(s, stash_in_[static_cast<size_t>(bwd[k].second.micro)], xin, act_);
      }
      bool any_send = std::any_of(bwd.begin(), bwd.end(), [](auto& b) { return b.first > 0; });
      auto [dx, dw] = backward(xin, dy, any_send);
      std::string acc = binary("add", gw_, wt_, dw, wt_, wt_);
      std::string gw = gw_;
      for (auto& [s, a] : bwd) gw = select(s, acc, gw, wt_);
      gw_ = gw;
      for (auto& [s, a] : bwd)
        if (s > 0) send(dx, s, s - 1, 1, a);
    }
  }

  void footer() {
    std::string t3 = type({1, s_.batch, s_.dim});
    std::vector<std::string> parts;
    for (int m = 0; m < s_.micro; ++m) {
      std::string v = fresh("y");
      out_ << "    " << v << " = \"tessera.reshape\"(" << stash_out_[static_cast<size_t>(m)]
           << ") : (" << act_ << ") -> " << t3 << "\n";
      parts.push_back(v);
    }
    std::string y = "%y";
    out_ << "    " << y << " = \"tessera.concat\"(";
    for (size_t i = 0; i < parts.size(); ++i) out_ << (i ? ", " : "") << parts[i];
    out_ << ") {axis = 0} : (";
    for (size_t i = 0; i < parts.size(); ++i) out_ << (i ? ", " : "") << t3;
    out_ << ") -> " << xt_ << "\n";
    out_ << "    %gw = \"tessera.reshape\"(" << gw_ << ") : (" << wt_ << ") -> " << wt_ << "\n";
    out_ << "    return " << y << ", %gw : " << xt_ << ", " << wt_ << "\n  }\n}\n";
  }

  const LinearPipelineSpec& s_;
  const bool calls_;  // stage functions instead of linear layers
  std::vector<int64_t> wshape_;
  std::ostringstream out_;
  int next_ = 0;
  std::string act_, wt_, xt_, zero_act_, zero_w_, wT_, gw_;
  std::vector<std::string> is_stage_, stash_in_, stash_out_;
};

}  // namespace

std::string to_string(const PipeAction& a) {
  return (a.kind == Kind::forward ? "F" : "B") + std::to_string(a.micro);
}

std::vector<std::vector<PipeAction>> one_f_one_b(int stages, int micro) {
  if (stages < 1 || stages > 1024 || micro < 1 || micro > 4096)
    throw Error("1F1B needs 1 <= stages <= 1024 and 1 <= micro-batches <= 4096, got " +
                std::to_string(stages) + " and " + std::to_string(micro));
  std::vector<std::vector<PipeAction>> order(static_cast<size_t>(stages));
  for (int s = 0; s < stages; ++s) {
    auto& o = order[static_cast<size_t>(s)];
    const int warmup = std::min(stages - s - 1, micro);
    for (int m = 0; m < warmup; ++m) o.push_back({Kind::forward, m});
    for (int i = 0; i < micro - warmup; ++i) {
      o.push_back({Kind::forward, warmup + i});
      o.push_back({Kind::backward, i});
    }
    for (int m = micro - warmup; m < micro; ++m) o.push_back({Kind::backward, m});
  }
  return order;
}

PipeTimetable lockstep(const std::vector<std::vector<PipeAction>>& order) {
  const size_t n = order.size();
  std::vector<size_t> next(n, 0);
  // done[kind][stage] = set of micro-batches finished before the current tick.
  std::vector<std::vector<std::vector<bool>>> done(2, std::vector<std::vector<bool>>(n));
  int micro = 0;
  for (const auto& o : order)
    for (const PipeAction& a : o) micro = std::max(micro, a.micro + 1);
  for (auto& k : done)
    for (auto& v : k) v.assign(static_cast<size_t>(micro), false);
  PipeTimetable tt;
  size_t remaining = 0;
  for (const auto& o : order) remaining += o.size();
  while (remaining > 0) {
    std::vector<PipeAction> row(n, PipeAction{Kind::forward, -1});
    for (size_t s = 0; s < n; ++s) {
      if (next[s] == order[s].size()) continue;
      const PipeAction& a = order[s][next[s]];
      auto m = static_cast<size_t>(a.micro);
      bool ready = a.kind == Kind::forward ? (s == 0 || done[0][s - 1][m])
                                           : (s + 1 == n ? done[0][s][m] : done[1][s + 1][m]);
      if (ready) row[s] = a;
    }
    bool any = false;
    for (size_t s = 0; s < n; ++s) {
      if (is_bubble(row[s])) continue;
      any = true;
      done[row[s].kind == Kind::forward ? 0 : 1][s][static_cast<size_t>(row[s].micro)] = true;
      ++next[s];
      --remaining;
    }
    if (!any) throw Error("pipeline schedule deadlocks at tick " + std::to_string(tt.ticks.size()));
    tt.ticks.push_back(std::move(row));
  }
  return tt;
}

void read_stage_functions(const ir::Module& m, const std::string& forward,
                          const std::string& backward, LinearPipelineSpec& spec) {
  const ir::Op* f = m.lookup_func(forward);
  const ir::Op* b = m.lookup_func(backward);
  if (!f || !b) throw Error("the stage module needs functions @" + forward + " and @" + backward);
  auto inputs = [](const ir::Op& fn) {
    std::vector<ir::Type> t;
    if (!fn.regions.empty() && !fn.regions[0].blocks.empty())
      for (const auto& a : fn.regions[0].front().args) t.push_back(a->type);
    return t;
  };
  auto sig = [&](const ir::Op& fn) {
    std::string r = "(";
    for (const ir::Type& t : inputs(fn)) r += (r.size() > 1 ? ", " : "") + ir::to_string(t);
    r += ") -> (";
    const auto outs = ir::func_result_types(fn);
    for (size_t k = 0; k < outs.size(); ++k) r += (k ? ", " : "") + ir::to_string(outs[k]);
    return r + ")";
  };
  const auto fin = inputs(*f), bin = inputs(*b);
  const auto fout = ir::func_result_types(*f), bout = ir::func_result_types(*b);
  const bool fwd_ok = fin.size() == 2 && fout.size() == 1 && fin[0].is_tensor() &&
                      fin[0].rank() == 2 && fin[0].has_static_shape() && fout[0] == fin[0] &&
                      fin[1].is_tensor() && fin[1].rank() >= 1 && fin[1].has_static_shape() &&
                      fin[1].dtype == fin[0].dtype;
  if (!fwd_ok)
    throw Error("@" + forward + " must be (tensor<BxDxT>, W) -> tensor<BxDxT> with a static W " +
                "of element type T, got " + sig(*f));
  if (!(bin.size() == 3 && bout.size() == 2 && bin[0] == fin[0] && bin[1] == fin[0] &&
        bin[2] == fin[1] && bout[0] == fin[0] && bout[1] == fin[1]))
    throw Error("@" + backward + " must be (A, A, W) -> (A, W) with A and W of @" + forward + " (" +
                ir::to_string(fin[0]) + ", " + ir::to_string(fin[1]) + "), got " + sig(*b));
  int64_t wnum = 1;
  for (int64_t d : fin[1].shape) wnum = d > 0 && wnum <= (int64_t{1} << 24) / d ? wnum * d : -1;
  if (wnum < 0)
    throw Error("@" + forward + ": the weight type " + ir::to_string(fin[1]) +
                " is too large for an emitted pipeline (at most 2^24 elements per stage)");
  spec.batch = fin[0].shape[0];
  spec.dim = fin[0].shape[1];
  spec.dtype = dtype_mlir_name(fin[0].dtype);
  spec.stage.forward = forward;
  spec.stage.backward = backward;
  spec.stage.weight_shape = fin[1].shape;
  spec.stage.text.clear();
  for (const ir::Op* fn : m.funcs()) spec.stage.text += "  " + text::print_op_generic(*fn) + "\n";
}

std::string emit_linear_pipeline(const LinearPipelineSpec& spec) {
  if (spec.batch < 1 || spec.dim < 1 || spec.batch > 4096 || spec.dim > 4096)
    throw Error("pipeline: batch and dim must be in [1, 4096]");
  static const char* kTypes[] = {"f64", "f32", "f16", "bf16"};
  if (std::find(std::begin(kTypes), std::end(kTypes), spec.dtype) == std::end(kTypes))
    throw Error("pipeline: dtype must be f64, f32, f16 or bf16, got '" + spec.dtype + "'");
  PipeTimetable tt = lockstep(one_f_one_b(spec.stages, spec.micro));
  return LinearEmitter(spec).emit(tt);
}

}  // namespace tessera::transforms

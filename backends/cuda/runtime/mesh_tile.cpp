// A tile kernel split at its collectives: segments of top-level ops and their programs.
#include "backends/cuda/runtime/mesh_tile.h"

#include <algorithm>
#include <map>
#include <set>

#include "backends/cuda/runtime/failure.h"
#include "core/ops/registry.h"
#include "core/ops/tile_util.h"
#include "core/text/parser.h"
#include "core/text/printer.h"

namespace tessera::cuda {
namespace {

/// A value a later segment may compute again: pure, no regions, no memory behind it.
bool recomputable(const ir::Op& o) {
  if (o.def == nullptr || !o.def->pure() || !o.regions.empty()) return false;
  for (const ir::Value* v : o.operands)
    if (v->type.is_memref()) return false;
  for (size_t k = 0; k < o.num_results(); ++k)
    if (o.result(k)->type.is_memref()) return false;
  return true;
}

/// Calls f(op) for `o` and every op nested in its regions.
template <typename F>
void visit(const ir::Op& o, F&& f) {
  f(o);
  for (const ir::Region& r : o.regions)
    for (const auto& b : r.blocks)
      for (const auto& n : b->ops) visit(*n, f);
}

class Splitter {
 public:
  Splitter(const ir::Op& kernel, const SourceManager& sm)
      : sm_(sm), body_(kernel.regions.at(0).front()) {
    for (size_t i = 0; i < body_.ops.size(); ++i) index_[body_.ops[i].get()] = i;
  }

  std::vector<TilePiece> run() {
    std::vector<size_t> own;
    for (size_t i = 0; i < body_.ops.size(); ++i) {
      const ir::Op& o = *body_.ops[i];
      if (o.def != nullptr && o.def->has(ops::kTerminator)) continue;
      if (ops::tile::is_tile_collective(o)) {
        flush(own);
        pieces_.push_back(TilePiece{&o, {}});
        last_ = &o;
        continue;
      }
      visit(o, [&](const ir::Op& n) {
        if (&n != &o && ops::tile::is_tile_collective(n))
          unimplemented(at_op(sm_, n,
                              "a tile collective inside '" + o.name +
                                  "': the CUDA backend splits a kernel into launches only at "
                                  "collectives at the top level of its body"));
      });
      own.push_back(i);
    }
    flush(own);
    return std::move(pieces_);
  }

 private:
  /// Closes the segment of top-level ops `own`: adds the values it recomputes, or refuses one it
  /// cannot.
  void flush(std::vector<size_t>& own) {
    if (own.empty()) return;
    std::set<size_t> keep(own.begin(), own.end());
    std::vector<size_t> work(own.begin(), own.end());
    while (!work.empty()) {
      const ir::Op& o = *body_.ops[work.back()];
      work.pop_back();
      visit(o, [&](const ir::Op& user) {
        for (const ir::Value* v : user.operands) {
          if (v->def == nullptr || v->def->parent != &body_) continue;  // argument or nested
          const size_t d = index_.at(v->def);
          if (keep.count(d)) continue;
          if (!recomputable(*v->def))
            unimplemented(at_op(
                sm_, user,
                "uses a value of '" + v->def->name + "' (" + format_location(&sm_, v->def->loc) +
                    ") across the tile collective at " + format_location(&sm_, last_->loc) +
                    ": the CUDA backend runs the pieces of a kernel between collectives as "
                    "separate launches, so only values recomputable from ids and constants may "
                    "cross a collective (pass others through a result buffer)"));
          keep.insert(d);
          work.push_back(d);
        }
      });
    }
    bool effect = false;
    for (size_t i : keep) effect = effect || !recomputable(*body_.ops[i]);
    if (effect)
      pieces_.push_back(TilePiece{nullptr, std::vector<size_t>(keep.begin(), keep.end())});
    own.clear();
  }

  const SourceManager& sm_;
  const ir::Block& body_;
  std::map<const ir::Op*, size_t> index_;
  std::vector<TilePiece> pieces_;
  const ir::Op* last_ = nullptr;  ///< The last collective seen.
};

std::string types_text(const std::vector<std::string>& types) {
  std::string out;
  for (size_t k = 0; k < types.size(); ++k) out += (k ? ", " : "") + types[k];
  return out;
}

}  // namespace

std::vector<TilePiece> split_tile_kernel(const ir::Op& kernel, const SourceManager& sm) {
  if (kernel.regions.empty() || kernel.regions[0].blocks.size() != 1)
    unimplemented(at_op(sm, kernel, "the CUDA backend splits single-block tile kernels only"));
  return Splitter(kernel, sm).run();
}

SegmentPrograms segment_programs(const ir::Module& module, const SourceManager& sm,
                                 const ir::Op& launch, const TilePiece& piece) {
  const ir::Op* kernel = ir::lookup_callee(launch);
  if (kernel == nullptr)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT, at_op(sm, launch, "callee not found"));
  const std::string name = ir::func_name(*kernel);
  if (name == "main")  // the piece's program launches it from its own @main
    unimplemented(at_op(sm, launch,
                        "the CUDA backend runs a tile kernel of a mesh program only when it is "
                        "not named @main"));
  // The module's own text, parsed again: the segment's ops keep their source locations.
  const uint32_t file = kernel->loc.file;
  const std::string text = file != 0 ? sm.text(file) : text::print_module(module);
  const std::string source = file != 0 ? sm.name(file) : "<mesh program>";
  auto build = [&](bool host) {
    SourceManager sm2;
    DiagnosticEngine diag(&sm2);
    std::unique_ptr<ir::Module> m = text::parse_module(text, source, sm2, diag);
    ir::Op* f = m ? m->lookup_func(name) : nullptr;
    if (f == nullptr)
      throw Failure(TESSERA_ERROR_INTERNAL,
                    at_op(sm, launch, "the mesh program's text does not parse back"));
    ir::Block& body = f->regions.at(0).front();
    std::vector<std::unique_ptr<ir::Op>> ops;
    for (size_t i : piece.keep) ops.push_back(std::move(body.ops.at(i)));
    ops.push_back(std::move(body.ops.back()));  // the return
    body.ops = std::move(ops);
    // The results' current contents: one more (unused) parameter per result, after the operands.
    const size_t nin = launch.operands.size(), nres = launch.num_results();
    std::vector<ir::Type> result_params;
    for (size_t j = 0; j < nres; ++j) result_params.push_back(body.args.at(nin + j)->type);
    for (size_t j = 0; j < nres; ++j) {
      auto v = std::make_unique<ir::Value>();
      v->type = result_params[j];
      v->name = "tsr_prev" + std::to_string(j);
      v->owner = &body;
      body.args.insert(body.args.begin() + static_cast<std::ptrdiff_t>(nin + j), std::move(v));
    }
    std::vector<ir::Type> arg_types;
    for (size_t a = 0; a < body.args.size(); ++a) {
      body.args[a]->index = static_cast<int>(a);
      arg_types.push_back(body.args[a]->type);
    }
    f->attrs.set("function_type", ir::Attr::func_type_attr(arg_types, ir::func_result_types(*f)));
    std::erase_if(m->body().ops, [&](const std::unique_ptr<ir::Op>& o) { return o.get() != f; });
    m->rebuild_symbols();
    m->op().attrs.erase("tessera.mesh");
    if (host) {
      f->attrs.set("tile.grid", *launch.attrs.get("grid"));
      f->attrs.set("tile.tiles", ir::Attr::integer_attr(launch.attrs.get_int("tiles", 1)));
      f->attrs.set("tile.lanes", ir::Attr::integer_attr(launch.attrs.get_int("lanes", 32)));
    }
    return text::print_module(*m);
  };
  SegmentPrograms p;
  p.kernel = name;
  p.host = build(true);
  std::string mod = build(false);
  std::vector<std::string> ins, outs, args, rets;
  for (size_t k = 0; k < launch.operands.size(); ++k) {
    ins.push_back(ir::to_string(launch.operands[k]->type));
    args.push_back("%tsr_a" + std::to_string(k));
  }
  for (size_t j = 0; j < launch.num_results(); ++j) {
    outs.push_back(ir::to_string(launch.result(j)->type));
    ins.push_back(outs.back());
    args.push_back("%tsr_p" + std::to_string(j));
    rets.push_back("%tsr_r" + std::to_string(j));
  }
  std::string params;
  for (size_t k = 0; k < args.size(); ++k) params += (k ? ", " : "") + args[k] + ": " + ins[k];
  const std::string out_sig = outs.size() == 1 ? outs[0] : "(" + types_text(outs) + ")";
  std::string main = "  func.func @main(" + params + ") -> " + out_sig + " {\n    " +
                     types_text(rets) + " = tile.launch " + types_text(args) + " {callee = @" +
                     name + ", grid = " + ir::to_string(*launch.attrs.get("grid")) +
                     ", tiles = " + std::to_string(launch.attrs.get_int("tiles", 1)) +
                     ", lanes = " + std::to_string(launch.attrs.get_int("lanes", 32)) + "} : (" +
                     types_text(ins) + ") -> " + out_sig + "\n    return " + types_text(rets) +
                     " : " + types_text(outs) + "\n  }\n";
  const size_t close = mod.rfind('}');
  if (close == std::string::npos)
    throw Failure(TESSERA_ERROR_INTERNAL, at_op(sm, launch, "printed module without a body"));
  p.device = mod.substr(0, close) + main + mod.substr(close);
  return p;
}

}  // namespace tessera::cuda

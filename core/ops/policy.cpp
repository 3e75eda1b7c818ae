// Numeric policies written as op attributes.
#include "core/ops/policy.h"

#include "core/support/error.h"

namespace tessera::ops {

std::optional<num::RoundingMode> parse_rounding(const std::string& s) {
  if (s == "rne" || s == "nearest") return num::RoundingMode::kNearestEven;
  if (s == "rtz") return num::RoundingMode::kTowardZero;
  if (s == "rup") return num::RoundingMode::kUp;
  if (s == "rdown") return num::RoundingMode::kDown;
  if (s == "rna") return num::RoundingMode::kNearestAway;
  if (s == "stochastic" || s == "rs") return num::RoundingMode::kStochastic;
  return std::nullopt;
}

NumericPolicy read_policy(const ir::Op& op) {
  NumericPolicy p;
  const ir::Attr* a = op.attrs.get("numeric_policy");
  if (!a) return p;
  auto bad = [&](const std::string& msg, const char* label) -> Error {
    return Error("'" + op.name + "' op numeric_policy: " + msg + " (" + label + ")");
  };
  if (a->kind != ir::Attr::Kind::dict) throw bad("must be a dictionary", "policy_c1");
  for (const auto& entry : a->dict) {
    // Named references, not structured bindings: clang before 16 cannot capture bindings.
    const std::string& k = entry.first;
    const ir::Attr& v = entry.second;
    auto str = [&]() -> std::string {
      if (v.kind != ir::Attr::Kind::string)
        throw bad("field '" + k + "' must be a string", "policy_c2");
      return v.s;
    };
    auto dtype = [&]() {
      auto d = ir::parse_dtype_any(str());
      if (!d) throw bad("unknown type \"" + v.s + "\" in field '" + k + "'", "policy_c2");
      return *d;
    };
    if (k == "storage")
      p.storage = dtype();
    else if (k == "compute")
      p.compute = dtype();
    else if (k == "accum")
      p.accum = dtype();
    else if (k == "softmax")
      p.softmax = dtype();
    else if (k == "accum_model")
      p.accum_model = str();
    else if (k == "rounding") {
      auto r = parse_rounding(str());
      if (!r) throw bad("unknown rounding \"" + v.s + "\"", "policy_c2");
      p.convert.rounding = *r;
    } else if (k == "saturate") {
      if (v.kind != ir::Attr::Kind::boolean)
        throw bad("'saturate' must be true or false", "policy_c2");
      p.convert.saturate = v.b;
    } else if (k == "denorm") {
      std::string s = str();
      if (s == "preserve") {
      } else if (s == "flush") {
        p.convert.flush_input_denormals = p.convert.flush_output_denormals = true;
      } else if (s == "flush_out") {
        p.convert.flush_output_denormals = true;
      } else if (s == "flush_in") {
        p.convert.flush_input_denormals = true;
      } else {
        throw bad("'denorm' must be preserve, flush, flush_in or flush_out", "policy_c2");
      }
    } else if (k == "profile") {
      std::string s = str();
      if (s == "ocp")
        p.convert.profile = num::Profile::kOcp;
      else if (s == "cuda")
        p.convert.profile = num::Profile::kCuda;
      else
        throw bad("'profile' must be \"ocp\" or \"cuda\"", "policy_c2");
    } else if (k == "seed") {
      if (v.kind != ir::Attr::Kind::integer) throw bad("'seed' must be an integer", "policy_c2");
      p.convert.seed = static_cast<uint64_t>(v.i);
    } else if (k == "loss_scale") {
      if (!v.is_number()) throw bad("'loss_scale' must be a number", "policy_c2");
      p.loss_scale = v.as_double();
    } else if (k == "execution_mode") {
      p.execution_mode = str();
    } else {
      throw bad("unknown field '" + k + "'", "policy_c3");
    }
  }
  return p;
}

}  // namespace tessera::ops

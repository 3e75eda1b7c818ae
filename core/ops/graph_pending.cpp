// PLACEHOLDER verifier hooks: each is replaced by its family file (graph_<family>.cpp).
#include "core/ops/registry.h"

namespace tessera::ops {

bool infer_Cast(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Matmul(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Conv2dNhwc(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Reduce(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Softmax(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_LogSoftmax(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_LayerNorm(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_RmsNorm(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Transpose(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Permute(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Reshape(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Broadcast(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Concat(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Slice(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Constant(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_FlashAttn(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }
bool infer_Mse(InferCtx& c) { return c.fail("is not implemented yet", "unimplemented"); }

}  // namespace tessera::ops

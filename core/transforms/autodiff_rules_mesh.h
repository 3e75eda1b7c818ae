// Autodiff rules of the mesh collectives and the effect ops (docs/autodiff.md, "Collectives",
// "Effects"), rows of the rule table in autodiff_rules.cpp. Named after the ops' record
// identifiers, as autodiff_rules.h does.
#pragma once

#include "core/transforms/autodiff.h"

namespace tessera::transforms::autodiff {

#define TESSERA_AD_MESH_RULE(id) \
  bool vjp_##id(VjpCtx&);        \
  bool jvp_##id(JvpCtx&);

// autodiff_rules_mesh.cpp: JAX shard_map's transposes.
TESSERA_AD_MESH_RULE(AllReduce)
TESSERA_AD_MESH_RULE(AllGather)
TESSERA_AD_MESH_RULE(ReduceScatter)
TESSERA_AD_MESH_RULE(AllToAll)
TESSERA_AD_MESH_RULE(Ppermute)
TESSERA_AD_MESH_RULE(CollectiveBroadcast)
TESSERA_AD_MESH_RULE(CollectiveReduce)
TESSERA_AD_MESH_RULE(CollectiveGather)
TESSERA_AD_MESH_RULE(CollectiveScatter)
TESSERA_AD_MESH_RULE(Send)
TESSERA_AD_MESH_RULE(Recv)
TESSERA_AD_MESH_RULE(Redistribute)
// autodiff_rules_random.cpp: dropout replays its Philox bits.
TESSERA_AD_MESH_RULE(Dropout)

#undef TESSERA_AD_MESH_RULE

}  // namespace tessera::transforms::autodiff

// Umbrella header of the numerics library: formats, conversions, Philox, MX, accumulation.
#pragma once

#include "core/numerics/accumulate.h"
#include "core/numerics/bits.h"
#include "core/numerics/convert.h"
#include "core/numerics/dtype.h"
#include "core/numerics/formats.h"
#include "core/numerics/mx.h"
#include "core/numerics/philox.h"
#include "core/numerics/rounding.h"

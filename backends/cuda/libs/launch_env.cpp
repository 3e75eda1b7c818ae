// The launcher's environment, the unique-id file and mesh axis splits.
#include "backends/cuda/libs/launch_env.h"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

namespace tessera::cuda::libs {

namespace {

bool parse_int(const char* text, int* out) {
  if (!text || !*text) return false;
  long long v = 0;
  for (const char* p = text; *p; ++p) {
    if (*p < '0' || *p > '9') return false;
    v = v * 10 + (*p - '0');
    if (v > 1000000) return false;
  }
  *out = static_cast<int>(v);
  return true;
}

Status read_triple(const std::function<const char*(const char*)>& getenv, const char* rank_name,
                   const char* world_name, const char* local_name, LaunchEnv* out) {
  const char* names[3] = {rank_name, world_name, local_name};
  int values[3] = {0, 1, 0};
  for (int i = 0; i < 3; ++i) {
    const char* text = getenv(names[i]);
    if (!text && i == 2) {
      values[2] = values[0];  // no local rank: one process per node, rank = local rank
      continue;
    }
    if (!parse_int(text, &values[i])) {
      return Status::error(std::string("launch environment: ") + names[i] + " = '" +
                           (text ? text : "") + "' is not a non-negative integer");
    }
  }
  if (values[1] < 1 || values[0] >= values[1] || values[2] > values[0]) {
    return Status::error(
        std::string("launch environment: ") + rank_name + " = " + std::to_string(values[0]) + ", " +
        world_name + " = " + std::to_string(values[1]) + ", " + local_name + " = " +
        std::to_string(values[2]) + " (need 0 <= local rank <= rank < world size)");
  }
  out->rank = values[0];
  out->world = values[1];
  out->local_rank = values[2];
  out->source = std::string(rank_name) + "/" + world_name + "/" + local_name;
  return {};
}

}  // namespace

Status read_launch_env(const std::function<const char*(const char*)>& getenv, LaunchEnv* out) {
  if (getenv("RANK") || getenv("WORLD_SIZE")) {
    return read_triple(getenv, "RANK", "WORLD_SIZE", "LOCAL_RANK", out);
  }
  if (getenv("OMPI_COMM_WORLD_RANK") || getenv("OMPI_COMM_WORLD_SIZE")) {
    return read_triple(getenv, "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE",
                       "OMPI_COMM_WORLD_LOCAL_RANK", out);
  }
  *out = LaunchEnv{};
  out->source = "single process";
  return {};
}

Status publish_unique_id(const std::string& path, const std::string& bytes) {
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    f.close();
    if (!f) {
      return Status::error("NCCL unique id: cannot write '" + tmp + "': " + std::strerror(errno));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    return Status::error("NCCL unique id: cannot rename '" + tmp + "' to '" + path + "': " + why);
  }
  return {};
}

Status read_unique_id(const std::string& path, size_t size, int timeout_ms, std::string* bytes) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    std::ifstream f(path, std::ios::binary);
    if (f) {
      std::ostringstream all;
      all << f.rdbuf();
      std::string got = all.str();
      if (got.size() != size) {
        return Status::error("NCCL unique id: '" + path + "' holds " + std::to_string(got.size()) +
                             " bytes, expected " + std::to_string(size));
      }
      *bytes = std::move(got);
      return {};
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      return Status::error("NCCL unique id: '" + path + "' did not appear within " +
                           std::to_string(timeout_ms) + " ms (rank 0 writes it)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

Status axis_split(const std::vector<int>& sizes, int linear, int axis, AxisSplit* out) {
  int64_t total = 1;
  for (int s : sizes) {
    if (s < 1 || !checked_mul(total, s, &total) || total > INT32_MAX) {
      return Status::error("mesh: axis sizes must be >= 1 with a product below 2^31");
    }
  }
  if (axis < 0 || axis >= static_cast<int>(sizes.size())) {
    return Status::error("mesh: axis " + std::to_string(axis) + " out of range for a mesh of " +
                         std::to_string(sizes.size()) + " axes");
  }
  if (linear < 0 || linear >= total) {
    return Status::error("mesh: device index " + std::to_string(linear) +
                         " out of range for a mesh of " + std::to_string(total) + " devices");
  }
  // Row-major coordinates; color = the linear index of the other coordinates in order.
  int rest = linear, color = 0, key = 0, stride = 1;
  for (int a = static_cast<int>(sizes.size()) - 1; a >= 0; --a) {
    int c = rest % sizes[a];
    rest /= sizes[a];
    if (a == axis) {
      key = c;
    } else {
      color += c * stride;
      stride *= sizes[a];
    }
  }
  out->color = color;
  out->key = key;
  return {};
}

}  // namespace tessera::cuda::libs

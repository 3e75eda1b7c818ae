// Point-to-point messages between ranks: posted by a send, taken by a recv, FIFO per route
// (source, destination, channel). Used by tessera.send/recv and tile.send/recv.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>

#include "core/ir/ir.h"
#include "interp/tensor.h"

namespace tessera::interp::mesh {

/// One message posted by a send and not yet taken by a recv.
struct Message {
  int64_t src = 0, dst = 0;  ///< global ranks
  Tensor value;
  const ir::Op* send = nullptr;
};

class Mailbox {
 public:
  void post(int64_t channel, Message m) { boxes_[channel].push_back(std::move(m)); }

  /// Removes and returns the oldest message from `src` to `dst` on `channel`; nullopt when
  /// none was posted.
  std::optional<Message> take(int64_t channel, int64_t src, int64_t dst) {
    auto& box = boxes_[channel];
    auto it = std::find_if(box.begin(), box.end(),
                           [&](const Message& m) { return m.src == src && m.dst == dst; });
    if (it == box.end()) return std::nullopt;
    Message m = std::move(*it);
    box.erase(it);
    return m;
  }

  /// The send of the oldest message waiting on `channel` (between any ranks), or nullptr.
  const ir::Op* oldest_send(int64_t channel) const {
    auto it = boxes_.find(channel);
    return it == boxes_.end() || it->second.empty() ? nullptr : it->second.front().send;
  }

  /// The oldest message not taken, on the lowest such channel (set in `channel`), or nullptr.
  const Message* unreceived(int64_t& channel) const {
    for (const auto& [c, box] : boxes_)
      if (!box.empty()) {
        channel = c;
        return &box.front();
      }
    return nullptr;
  }

 private:
  std::map<int64_t, std::deque<Message>> boxes_;
};

}  // namespace tessera::interp::mesh

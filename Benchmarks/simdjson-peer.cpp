// A benchmark peer for `replay check`: reads a recording with simdjson (On-Demand, one document
// per line) and extracts every field of every event, as the replayer's decoder does, then prints
// a checksum of what it read so that nothing can be optimized away. It does no replaying, no
// diagnostics and no error reporting beyond "bad line": it is the floor a fast native JSON
// parser sets for the decoding alone.
//
//   g++ -O3 -std=c++17 Benchmarks/simdjson-peer.cpp -lsimdjson -o simdjson-peer
//   simdjson-peer FILE
//   simdjson-peer --implementation   (the kernel simdjson chose for this CPU: haswell, icelake…)
#include <simdjson.h>

#include <cstdio>
#include <string>
#include <string_view>

using namespace simdjson;

namespace {

double sum = 0;
size_t textBytes = 0;

void rect(ondemand::object frame) {
  sum += double(frame["x"]) + double(frame["y"]) + double(frame["width"]) +
         double(frame["height"]);
}

void insets(ondemand::object value) {
  sum += double(value["top"]) + double(value["left"]) + double(value["bottom"]) +
         double(value["right"]);
}

// Fields are read in the order the format writes them, as the replayer's fast path expects.
void event(ondemand::object line) {
  double t;
  if (line["t"].get(t) != SUCCESS) {
    // The session header has no `t`; its `type` comes first.
    std::string_view header = line.find_field_unordered("type");
    textBytes += header.size();
    return;
  }
  sum += t;
  std::string_view type = line["type"];
  if (type == "keyboard") {
    std::string_view name = line["name"];
    textBytes += name.size();
    ondemand::value begin = line["frameBegin"];
    if (!begin.is_null()) rect(begin.get_object());
    ondemand::value end = line["frameEnd"];
    if (!end.is_null()) rect(end.get_object());
    sum += double(line["duration"]) + double(line["curve"]);
    sum += bool(line["isLocal"]) ? 1 : 0;
  } else if (type == "textChange" || type == "receive") {
    std::string_view text = line["text"];
    textBytes += text.size();
  } else if (type == "pan") {
    sum += double(line["y"]);
    std::string_view state = line["state"];
    textBytes += state.size();
  } else if (type == "scroll") {
    sum += double(line["offsetY"]);
  } else if (type == "safeArea") {
    insets(line["insets"].get_object());
  } else if (type == "viewport") {
    ondemand::object screen = line["screen"];
    sum += double(screen["width"]) + double(screen["height"]);
    insets(line["safeArea"].get_object());
  }
  textBytes += type.size();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string_view(argv[1]) == "--implementation") {
    std::printf("%s\n", std::string(get_active_implementation()->name()).c_str());
    return 0;
  }
  if (argc != 2) {
    std::fprintf(stderr, "usage: simdjson-peer FILE\n");
    return 64;
  }
  padded_string json;
  if (padded_string::load(argv[1]).get(json)) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  ondemand::parser parser;
  ondemand::document_stream lines;
  if (parser.iterate_many(json).get(lines)) {
    std::fprintf(stderr, "cannot parse %s\n", argv[1]);
    return 1;
  }
  size_t count = 0;
  try {
    for (auto line : lines) {
      event(line.get_object());
      count += 1;
    }
  } catch (simdjson_error& error) {
    std::fprintf(stderr, "bad line after %zu lines: %s\n", count, error.what());
    return 1;
  }
  std::printf("%zu lines, checksum %.3f, %zu bytes of text\n", count, sum, textBytes);
  return 0;
}

import Foundation
import ReplayTestSupport
import Testing

/// The replay's core built with Embedded Swift as a WebAssembly module
/// (`Sources/ChatReplayWasm/build.sh`) and run in a real browser, headless Chromium: each
/// recording gives the same bytes as `replay FILE --json --keep-going` (its states, then its
/// errors as the command reports them), so the same model can run in a page.
///
/// The module is built unoptimized here (`-Onone`, about 9 s of one core against 35 s): the same
/// source, and a test run within its time budget. Built, the browser run and the command's runs
/// happen on threads of their own from when the run is planned (``Replays/whileBuilding(_:)``).
@Suite(.enabled(if: chromiumPath != nil))
struct WasmReplayTests {
  @Test(arguments: Replays.whileBuilding(Replays.names))
  func replaysInTheBrowserAsTheCommandReplays(_ name: String) async throws {
    let replays = try await Replays.shared.value.get()
    let browser = try #require(replays.browser[name], "\(name): the page gave no result")
    let command = try #require(replays.command[name])
    #expect(
      browser.output == command.output, "\(name): the browser's bytes differ from the command's")
    #expect(
      (browser.errors == 0) == (command.status == 0),
      "\(name): \(browser.errors) errors in the browser, exit \(command.status) from the command")
    if name == Replays.badLines {
      // Both bad lines, each once: an unknown notification and a time that is a string.
      #expect(browser.errors == 2)
    }
  }

  @Test func everyBundledRecordingIsReplayed() {
    #expect(Replays.names.count >= 24)
    #expect(Replays.names.contains("ipad-split-keyboard.jsonl"))  // a header with options
  }
}

/// The recordings replayed in the browser and by the command, and what each gave.
struct Replays: Sendable {
  /// What one replay gave: its bytes (states, then errors) and how it ended.
  struct Browser: Sendable {
    var output: Data
    var errors: Int
  }

  struct Command: Sendable {
    var output: Data
    var status: Int32
  }

  var browser: [String: Browser]
  var command: [String: Command]

  static let badLines = "bad-lines.jsonl"
  static let adversarialSeeds = 1...3

  /// Every bundled recording, one with bad lines, and generated adversarial ones.
  static let names: [String] = {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings").path
    let bundled = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
    return bundled + [badLines] + adversarialSeeds.map { "adversarial-\($0).jsonl" }
  }()

  static let shared = Background { () -> Result<Replays, RenderedPages.Failure> in
    do { return .success(try make()) } catch let failure as RenderedPages.Failure {
      return .failure(failure)
    } catch { return .failure(RenderedPages.Failure("\(error)")) }
  }

  /// `arguments`, once the work has started.
  static func whileBuilding<Arguments>(_ arguments: Arguments) -> Arguments {
    if chromiumPath != nil { _ = shared }
    return arguments
  }

  static func make() throws -> Replays {
    let folder = try TemporaryDirectory()
    for name in names where !name.hasPrefix("adversarial-") && name != badLines {
      try FileManager.default.copyItem(
        atPath: ReplayBinary.recording(name), toPath: folder.path + "/" + name)
    }
    _ = try folder.write(
      """
      {"type":"session","version":1}
      {"t":1,"type":"textChange","text":"hi"}
      {"t":2,"type":"keyboard","name":"willSho"}
      {"t":3,"type":"sendTap"}
      {"t":"x"}

      """, name: badLines)
    // Anything the format allows, in any order: extreme numbers, hostile text.
    for seed in adversarialSeeds {
      let generated = try ReplayBinary.run(
        [
          "generate", "--adversarial", "--seed", "\(seed)", "--events", "400", "--output",
          "adversarial-\(seed).jsonl",
        ], in: folder.path)
      guard generated.status == 0 else {
        throw RenderedPages.Failure("replay generate: \(generated.standardError)")
      }
    }
    let path = folder.path
    let module = try buildModule(in: path)
    let commandRuns: [@Sendable () throws -> Command] = names.map { name in
      {
        let result = try ReplayBinary.run([name, "--json", "--keep-going"], in: path)
        return Command(
          output: result.outputBytes + Data(result.standardError.utf8), status: result.status)
      }
    }
    let commands = try allAtOnce(commandRuns)
    return Replays(
      browser: try replayInBrowser(names, module: module, in: path),
      command: Dictionary(uniqueKeysWithValues: zip(names, commands)))
  }

  /// Builds the module (unoptimized) with its script; its bytes.
  static func buildModule(in folder: String) throws -> Data {
    let script = ReplayBinary.packageRoot.appendingPathComponent("Sources/ChatReplayWasm/build.sh")
    let path = folder + "/replay.wasm"
    let process = Process()
    process.executableURL = script
    process.arguments = [path, "-Onone"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RenderedPages.Failure(
        "build.sh failed (exit \(process.terminationStatus)): "
          + String(decoding: message, as: UTF8.self).suffix(2_000))
    }
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Replays the recordings `names` in `folder` with `module` in one page in the browser; each
  /// one's result by name.
  static func replayInBrowser(_ names: [String], module: Data, in folder: String) throws
    -> [String: Browser]
  {
    let recordings = try names.map { name in
      let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      return "[\"\(name)\", \"\(bytes.base64EncodedString())\"]"
    }
    let page = """
      <!doctype html><html><body><pre id="results">pending</pre><script>
      const bytes = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const recordings = [\(recordings.joined(separator: ",\n"))];
      let instance;
      // The C library's system calls: only the hashing seed is asked for (zeros, the same at
      // every run); any other call is an error.
      const importsOf = (module) => {
        const imports = {};
        for (const { module: from, name } of WebAssembly.Module.imports(module)) {
          imports[from] ??= {};
          imports[from][name] = () => { throw new Error("the module called " + name); };
        }
        imports.wasi_snapshot_preview1.random_get = (pointer, count) => {
          new Uint8Array(instance.exports.memory.buffer, pointer, count).fill(0);
          return 0;
        };
        return imports;
      };
      WebAssembly.compile(bytes("\(module.base64EncodedString())")).then((module) =>
        WebAssembly.instantiate(module, importsOf(module))
      ).then((made) => {
        instance = made;
        const e = instance.exports;
        const put = (data) => {
          const pointer = e.replay_alloc(data.length);
          new Uint8Array(e.memory.buffer, pointer, data.length).set(data);
          return pointer;
        };
        const results = {};
        for (const [name, recording] of recordings) {
          const data = bytes(recording);
          const file = new TextEncoder().encode(name);
          const dataPointer = put(data), filePointer = put(file);
          const errors = e.replay_json(dataPointer, data.length, filePointer, file.length);
          e.replay_free(dataPointer);
          e.replay_free(filePointer);
          const output = new Uint8Array(e.memory.buffer, e.replay_output(), e.replay_output_count());
          let text = "";
          for (let start = 0; start < output.length; start += 8192) {
            text += String.fromCharCode.apply(null, output.subarray(start, start + 8192));
          }
          results[name] = { errors, output: btoa(text) };
        }
        document.getElementById("results").textContent = JSON.stringify(results);
      }).catch((error) => {
        document.getElementById("results").textContent = "failed: " + error + " " + error.stack;
      });
      </script></body></html>
      """
    let path = folder + "/harness.html"
    try Data(page.utf8).write(to: URL(fileURLWithPath: path))
    let dom = try RenderedPages.browser(["--dump-dom"], "file://\(path)")
    guard let start = dom.range(of: "<pre id=\"results\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { throw RenderedPages.Failure("no results in the page: \(dom.prefix(500))") }
    let text = RenderedPages.unescaped(String(dom[start.upperBound..<end.lowerBound]))
    guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { throw RenderedPages.Failure("the page did not replay: \(text.prefix(2_000))") }
    var results: [String: Browser] = [:]
    for (name, value) in json {
      guard let value = value as? [String: Any], let errors = value["errors"] as? Int,
        let output = (value["output"] as? String).flatMap({ Data(base64Encoded: $0) })
      else { throw RenderedPages.Failure("\(name): a result the test cannot read") }
      results[name] = Browser(output: output, errors: errors)
    }
    return results
  }
}

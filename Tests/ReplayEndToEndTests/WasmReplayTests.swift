import ChatReplay
import Foundation
import ReplayPageModule
import ReplayTestSupport
import Testing

/// The WebAssembly module `replay html` ships (``PageModule``) is stamped with the digest of the
/// sources it was built from; `.ci/run` also builds it again and compares the bytes
/// (`build.sh --verify`), which takes too long for a test.
struct ShippedModuleTests {
  /// The shipped module is the one its sources make: `build.sh --ship` was run after the last
  /// change to the library (the module's code, or its script).
  @Test func theShippedModuleIsBuiltFromTheseSources() throws {
    let script = ReplayBinary.packageRoot.appendingPathComponent("Sources/ChatReplayWasm/build.sh")
    let result = try ReplayBinary.runProgram(script, ["--source-digest"], timeout: 60)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        == PageModule.sourceDigest,
      "the library changed since the page's module was built: run Sources/ChatReplayWasm/build.sh --ship"
    )
  }
}

/// The replay's core built with Embedded Swift as a WebAssembly module
/// (`Sources/ChatReplayWasm/build.sh`), as `replay html` ships it in the pages that replay their
/// recording (``PageModule``), run in a real browser, headless Chromium: each recording gives the
/// same bytes as `replay FILE --json --keep-going` (its states, then its errors as the command
/// reports them), and a long recording the same page data as the library makes natively for
/// `replay html`, so the same model runs in a page.
///
/// The browser run and the command's runs happen on threads of their own from when the run is
/// planned (``Replays/whileBuilding(_:)``).
@Suite(.enabled(if: chromiumPath != nil, "needs headless Chromium, which .ci/run installs"))
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

  @Test(arguments: Replays.whileBuilding(Replays.pageNames))
  func makesThePageDataInTheBrowserAsTheLibraryMakesIt(_ name: String) async throws {
    let replays = try await Replays.shared.value.get()
    let browser = try #require(replays.browserPages[name], "\(name): the page gave no data")
    let native = try #require(replays.nativePages[name])
    #expect(browser.errors == 0)
    #expect(browser.output.count > 10_000)
    #expect(browser.output == native, "\(name): the browser's page data differ from the library's")
  }

  @Test func everyBundledRecordingIsReplayed() {
    #expect(Replays.bundled.count >= 23)
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
  /// The page data of ``pageNames``, made in the browser (`replay_page_data`) and natively.
  var browserPages: [String: Browser]
  var nativePages: [String: Data]

  static let badLines = "bad-lines.jsonl"
  /// Recordings long enough for a page without `why` and `blame`: a generated session and an
  /// adversarial one.
  static let pageNames = ["generated-600.jsonl", "adversarial-1.jsonl"]
  static let adversarialSeeds = 1...3

  /// The recordings in `Recordings/`.
  static let bundled: [String] = {
    let folder = ReplayBinary.packageRoot.appendingPathComponent("Recordings").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".jsonl") }.sorted()
  }()

  /// Every bundled recording, one with bad lines, generated adversarial ones and a long one.
  static let names: [String] =
    bundled + [badLines] + adversarialSeeds.map { "adversarial-\($0).jsonl" } + [pageNames[0]]

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
    for name in bundled {
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
    let generated = try ReplayBinary.run(
      ["generate", "--seed", "7", "--events", "600", "--output", pageNames[0]], in: folder.path)
    guard generated.status == 0 else {
      throw RenderedPages.Failure("replay generate: \(generated.standardError)")
    }
    let path = folder.path
    var nativePages: [String: Data] = [:]
    for name in pageNames {
      nativePages[name] = try nativePageData(
        Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), name: name)
    }
    let commandRuns: [@Sendable () throws -> Command] = names.map { name in
      {
        let result = try ReplayBinary.run([name, "--json", "--keep-going"], in: path)
        return Command(
          output: result.outputBytes + Data(result.standardError.utf8), status: result.status)
      }
    }
    let commands = try allAtOnce(commandRuns)
    let (browser, browserPages) = try replayInBrowser(
      names, pages: pageNames, in: path)
    return Replays(
      browser: browser, command: Dictionary(uniqueKeysWithValues: zip(names, commands)),
      browserPages: browserPages, nativePages: nativePages)
  }

  /// The page data the library makes natively for `recording` in one pass, as the module's
  /// `replay_page_data` makes it.
  static func nativePageData(_ recording: Data, name: String) throws -> Data {
    var pass = PageData.OnePass(
      options: Replayer.Options(), first: 0, last: nil,
      expectedSteps: recording.reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
    recording.withUnsafeBytes { bytes in
      _ = pass.read(bytes.bindMemory(to: UInt8.self))
    }
    _ = pass.finishReading()
    guard case .ready = pass.outcome else {
      throw RenderedPages.Failure("\(name): no page in one pass (\(pass.outcome))")
    }
    var data = Data()
    pass.write(name: name) { data.append(contentsOf: $0) }
    return data
  }

  /// Replays the recordings `names` in `folder` with the shipped module in one page in the
  /// browser; each one's result by name.
  static func replayInBrowser(_ names: [String], pages: [String], in folder: String) throws -> (
    replays: [String: Browser], pages: [String: Browser]
  ) {
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
      // Compiled and run before the page has loaded, so the DOM the browser dumps has the
      // results (an asynchronous compile could still be running when it dumps).
      try {
        const module = new WebAssembly.Module(bytes("\(PageModule.base64)"));
        instance = new WebAssembly.Instance(module, importsOf(module));
        const e = instance.exports;
        const put = (data) => {
          const pointer = e.replay_alloc(data.length);
          new Uint8Array(e.memory.buffer, pointer, data.length).set(data);
          return pointer;
        };
        // The page data's settings (see PageReplaySettings): the name, the first step, no last
        // step, the header's layout, RxKeyboard 1.0.0.
        const run = (call, name, recording) => {
          const data = bytes(recording);
          const file = new TextEncoder().encode(
            call === e.replay_page_data ? [name, "0", "", "", "1.0.0"].join("\\0") : name);
          const dataPointer = put(data), filePointer = put(file);
          const errors = call(dataPointer, data.length, filePointer, file.length);
          e.replay_free(dataPointer);
          e.replay_free(filePointer);
          const output = new Uint8Array(e.memory.buffer, e.replay_output(), e.replay_output_count());
          let text = "";
          for (let start = 0; start < output.length; start += 8192) {
            text += String.fromCharCode.apply(null, output.subarray(start, start + 8192));
          }
          return { errors, output: btoa(text) };
        };
        const results = { replays: {}, pages: {} };
        for (const [name, recording] of recordings) {
          results.replays[name] = run(e.replay_json, name, recording);
          if (\(pages).includes(name)) results.pages[name] = run(e.replay_page_data, name, recording);
        }
        document.getElementById("results").textContent = JSON.stringify(results);
      } catch (error) {
        document.getElementById("results").textContent = "failed: " + error + " " + error.stack;
      }
      </script></body></html>
      """
    let path = folder + "/harness.html"
    try Data(page.utf8).write(to: URL(fileURLWithPath: path))
    let dom = try RenderedPages.browser(["--dump-dom"], "file://\(path)")
    guard let start = dom.range(of: "<pre id=\"results\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
    else { throw RenderedPages.Failure("no results in the page: \(dom.prefix(500))") }
    let text = RenderedPages.unescaped(String(dom[start.upperBound..<end.lowerBound]))
    guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let replays = json["replays"] as? [String: Any], let pages = json["pages"] as? [String: Any]
    else { throw RenderedPages.Failure("the page did not replay: \(text.prefix(2_000))") }
    func read(_ values: [String: Any]) throws -> [String: Browser] {
      var results: [String: Browser] = [:]
      for (name, value) in values {
        guard let value = value as? [String: Any], let errors = value["errors"] as? Int,
          let output = (value["output"] as? String).flatMap({ Data(base64Encoded: $0) })
        else { throw RenderedPages.Failure("\(name): a result the test cannot read") }
        results[name] = Browser(output: output, errors: errors)
      }
      return results
    }
    return (try read(replays), try read(pages))
  }
}

import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Where a failing call was written, as the `#fileID`, `#filePath`, `#line` and `#column` its
/// caller passed.
struct SourceCode {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Fails the running test: through Swift Testing when a Swift Testing test is running, else
/// through XCTest.
enum TestFailure {
  static func record(_ message: String, at source: SourceCode) {
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: "\(source.fileID)", filePath: "\(source.filePath)", line: Int(source.line),
          column: Int(source.column)))
      return
    }
    #if canImport(XCTest)
      XCTFail(message, file: source.filePath, line: source.line)
    #else
      Issue.record(Comment(rawValue: message))
    #endif
  }
}

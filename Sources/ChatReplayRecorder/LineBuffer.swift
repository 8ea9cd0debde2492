internal import Dispatch
internal import Foundation

/// The bounded queue between the thread that records and the sink: adding a line never waits
/// for the sink, and a line that does not fit is counted, never silently lost.
///
/// Lost lines (the queue was full, a line was too long, or the sink failed to write one) are
/// reported by one `gap` record where they would have been, with how many were lost and the time
/// of the first: `{"t":2.5,"type":"gap","dropped":3}`.
final class LineBuffer: @unchecked Sendable {
  private enum Pending {
    case line(t: Double, bytes: [UInt8])
    case lost(Gap)
  }

  private struct Gap {
    var t: Double
    var dropped: Int

    mutating func add(t: Double, count: Int = 1) {
      self.t = min(self.t, t)
      dropped += count
    }

    var line: [UInt8] {
      var writer = LineWriter()
      writer.beginObject()
      writer.key("t")
      writer.number(t)
      writer.key("type")
      writer.string("gap")
      writer.key("dropped")
      writer.number(Double(dropped))
      writer.endObject()
      return writer.line
    }
  }

  let capacity: Int
  let maximumLineLength: Int
  private let sink: any RecordingSink
  private let queue: DispatchQueue?

  // Guarded by `lock`: what `append` touches.
  private let lock = NSLock()
  private var lines: [Pending] = []
  private var overflow: Gap?
  private var isDrainScheduled = false

  // Guarded by `drainLock`: what draining touches.
  private let drainLock = NSLock()
  private var unwritten: Gap?
  private var isClosed = false

  /// A buffer of `capacity` lines in front of `sink`; with a `queue`, each append schedules a
  /// drain on it, otherwise the owner calls ``drain()``.
  init(capacity: Int, maximumLineLength: Int, sink: any RecordingSink, queue: DispatchQueue?) {
    precondition(capacity > 0, "A recorder's buffer holds at least one line.")
    self.capacity = capacity
    self.maximumLineLength = maximumLineLength
    self.sink = sink
    self.queue = queue
  }

  /// Queues `line` (recorded at `t`), or counts it as lost; never waits for the sink.
  ///
  /// A line is lost when the queue is full or it is longer than the replayer reads. The header
  /// (the first line, into an empty queue) always fits.
  func append(_ line: [UInt8], t: Double, isHeader: Bool = false) {
    lock.lock()
    if overflow != nil || lines.count == capacity {
      // Once the queue is full, later lines wait for the gap record, so that order is kept.
      if overflow == nil { overflow = Gap(t: t, dropped: 0) }
      overflow?.add(t: t)
    } else if !isHeader && line.count > maximumLineLength {
      if case .lost(var gap) = lines.last {
        gap.add(t: t)
        lines[lines.count - 1] = .lost(gap)
      } else {
        lines.append(.lost(Gap(t: t, dropped: 1)))
      }
    } else {
      lines.append(.line(t: t, bytes: line))
    }
    let schedule = queue != nil && !isDrainScheduled
    if schedule { isDrainScheduled = true }
    lock.unlock()
    if schedule, let queue {
      queue.async { self.drain() }
    }
  }

  /// Writes every queued line to the sink, then the gap record for lines lost since.
  func drain() {
    drainLock.lock()
    defer { drainLock.unlock() }
    lock.lock()
    let taken = lines
    let lost = overflow
    lines.removeAll(keepingCapacity: true)
    overflow = nil
    isDrainScheduled = false
    lock.unlock()
    guard !isClosed else { return }
    for entry in taken {
      switch entry {
      case .line(let t, let bytes):
        write(bytes, t: t)
      case .lost(let gap):
        count(gap)
      }
    }
    if let lost {
      count(lost)
    }
    writeGap()
  }

  /// Drains what is left, waiting for a background drain to finish, and closes the sink.
  func close() {
    if let queue {
      queue.sync { self.drain() }
    } else {
      drain()
    }
    drainLock.lock()
    defer { drainLock.unlock() }
    guard !isClosed else { return }
    isClosed = true
    sink.close()
  }

  private func write(_ bytes: [UInt8], t: Double) {
    writeGap()
    guard unwritten == nil else {
      unwritten?.add(t: t)
      return
    }
    do {
      try sink.write(bytes)
    } catch {
      unwritten = Gap(t: t, dropped: 1)
    }
  }

  private func count(_ lost: Gap) {
    if unwritten == nil {
      unwritten = lost
    } else {
      unwritten?.add(t: lost.t, count: lost.dropped)
    }
  }

  private func writeGap() {
    guard let gap = unwritten, gap.dropped > 0 else { return }
    do {
      try sink.write(gap.line)
      unwritten = nil
    } catch {
      // The sink refuses even the gap record; try again before the next line.
    }
  }
}

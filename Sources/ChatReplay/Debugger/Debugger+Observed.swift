extension Debugger {
  /// The device's value of `path` from the last `observed` event at or before the current step,
  /// with that event's step; `nil` when `path` is not observable or nothing observed it.
  ///
  /// The change index's kind codes find the observed steps without decoding any other event.
  func lastObservation(of path: StatePath) -> (step: Int, value: Double)? {
    guard let observed = ObservedPath(rawValue: path.description) else { return nil }
    let code = EventClass.plain(.observed).code
    var candidate = step
    while candidate > 0 {
      if index.kind(at: candidate) == code,
        case .observed(let observation) = timeline.event(at: candidate).event,
        let value = observation.value(at: observed)
      {
        return (candidate, value)
      }
      candidate -= 1
    }
    return nil
  }

  /// `observed: 472 (step 5, 34 pt more than the model)`, or `nil` when nothing observed `path`.
  ///
  /// An observation from before the model's value last changed is not compared with it:
  /// `observed: 774 (step 2, before the model's change at step 3)`.
  func observedNote(for path: StatePath, model: StateNode) -> String? {
    guard let (observedStep, device) = lastObservation(of: path), case .number(let value) = model
    else { return nil }
    let f = JSONWriter.format
    if let changed = lastChanges(of: [path], atOrBefore: step)[0]?.step, changed > observedStep {
      return
        "observed: \(f(device)) (step \(observedStep), before the model's change at step \(changed))"
    }
    return "observed: \(f(device)) (step \(observedStep), \(comparison(device, value, path)))"
  }

  /// `agrees with the model`, or `34 pt more than the model`.
  func comparison(_ device: Double, _ model: Double, _ path: StatePath) -> String {
    let f = JSONWriter.format
    let difference = device - model
    guard difference.magnitude > Observation.tolerance else { return "agrees with the model" }
    let unit = ObservedPath(rawValue: path.description)?.isInPoints == true ? " pt" : ""
    return "\(f(difference.magnitude))\(unit) \(difference > 0 ? "more" : "less") than the model"
  }
}

/// The expression of `break when EXPR`: comparisons over state paths, the event of the step and
/// the diagnostics it shows, joined with `and`, `or`, `not` and parentheses.
///
/// ```text
/// keyboard.visibleHeight > 300
/// event sendTap and messageCount >= 20
/// diagnostic keyboard-gap or list.contentOffset.y < 0
/// event keyboard willHide
/// ```
public indirect enum Condition: Hashable, Sendable {
  /// `LEFT OP RIGHT`, where each side is a path or a literal.
  case comparison(Operand, ComparisonOperator, Operand)
  /// A path alone: true when its value is `true`.
  case truth(StatePath)
  /// `event TYPE` or `event keyboard NAME` (or `event NAME` for a keyboard notification).
  case event(Event.Kind?, KeyboardNotification.Name?)
  /// `diagnostic ID`: the state shows that diagnostic.
  case diagnostic(Diagnostic.Kind)
  case not(Condition)
  case and(Condition, Condition)
  case or(Condition, Condition)

  /// One side of a comparison: a path, a literal, or arithmetic on them.
  public indirect enum Operand: Hashable, Sendable {
    case path(StatePath)
    case literal(StateNode)
    /// `LEFT OP RIGHT` on numbers: `inputBar.frame.maxY - keyboard.frame.y`.
    case arithmetic(Operand, ArithmeticOperator, Operand)

    /// The paths the operand reads.
    public var paths: [StatePath] {
      switch self {
      case .path(let path): [path]
      case .literal: []
      case .arithmetic(let left, _, let right): left.paths + right.paths
      }
    }

    /// The operand's value in `state`: `nil` when a path has none, or arithmetic meets something
    /// other than a number (or divides by zero).
    public func value(in state: ChatState) -> StateNode? {
      switch self {
      case .path(let path): return path.value(in: state)
      case .literal(let node): return node
      case .arithmetic(let left, let op, let right):
        guard case .number(let a)? = left.value(in: state),
          case .number(let b)? = right.value(in: state)
        else { return nil }
        return op.apply(a, b).map(StateNode.number)
      }
    }
  }

  /// The paths the condition reads.
  public var paths: [StatePath] {
    switch self {
    case .comparison(let left, _, let right):
      return left.paths + right.paths
    case .truth(let path): return [path]
    case .event, .diagnostic: return []
    case .not(let inner): return inner.paths
    case .and(let left, let right), .or(let left, let right): return left.paths + right.paths
    }
  }

  /// Whether the condition holds for `state`, produced by `event` (`nil` at step 0).
  ///
  /// With `eventsHold: false`, every `event` term is false: the step before a stop, where the
  /// condition must not have held yet, has no "current" event in the sense of the stop.
  public func holds(in state: ChatState, event: Event?, eventsHold: Bool = true) -> Bool {
    switch self {
    case .comparison(let left, let op, let right):
      guard let a = Self.value(left, in: state), let b = Self.value(right, in: state) else {
        return false
      }
      return op.compare(a, b)
    case .truth(let path):
      return path.value(in: state) == .bool(true)
    case .event(let kind, let name):
      guard eventsHold, let event else { return false }
      if let kind, event.kind != kind { return false }
      if let name {
        guard case .keyboard(let notification) = event else { return false }
        return notification.name == name
      }
      return true
    case .diagnostic(let kind):
      return state.diagnostics.contains { $0.kind == kind }
    case .not(let inner):
      return !inner.holds(in: state, event: event, eventsHold: eventsHold)
    case .and(let left, let right):
      return left.holds(in: state, event: event, eventsHold: eventsHold)
        && right.holds(in: state, event: event, eventsHold: eventsHold)
    case .or(let left, let right):
      return left.holds(in: state, event: event, eventsHold: eventsHold)
        || right.holds(in: state, event: event, eventsHold: eventsHold)
    }
  }

  private static func value(_ operand: Operand, in state: ChatState) -> StateNode? {
    operand.value(in: state)
  }
}

/// What `print EXPR` evaluates: a value (a path, a literal, arithmetic on them) or a condition.
public enum ValueExpression: Hashable, Sendable {
  case operand(Condition.Operand)
  case condition(Condition)

  /// The paths the expression reads.
  public var paths: [StatePath] {
    switch self {
    case .operand(let operand): operand.paths
    case .condition(let condition): condition.paths
    }
  }
}

/// `+`, `-`, `*`, `/`.
public enum ArithmeticOperator: String, CaseIterable, Hashable, Sendable {
  case plus = "+"
  case minus = "-"
  case times = "*"
  case dividedBy = "/"

  /// `a OP b`; `nil` for a division by zero.
  func apply(_ a: Double, _ b: Double) -> Double? {
    switch self {
    case .plus: a + b
    case .minus: a - b
    case .times: a * b
    case .dividedBy: b == 0 ? nil : a / b
    }
  }

  /// Whether the operator binds tighter than `+` and `-`.
  var isMultiplicative: Bool {
    switch self {
    case .times, .dividedBy: true
    case .plus, .minus: false
    }
  }
}

/// `<`, `<=`, `>`, `>=`, `==`, `!=`.
public enum ComparisonOperator: String, CaseIterable, Hashable, Sendable {
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case equal = "=="
  case notEqual = "!="

  /// Compares numbers as numbers and strings by their characters; other pairs are only equal
  /// or not.
  func compare(_ a: StateNode, _ b: StateNode) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): return ordered(x, y)
    case (.string(let x), .string(let y)): return ordered(x, y)
    default:
      switch self {
      case .equal: return a == b
      case .notEqual: return a != b
      case .less, .lessOrEqual, .greater, .greaterOrEqual: return false
      }
    }
  }

  private func ordered<T: Comparable>(_ x: T, _ y: T) -> Bool {
    switch self {
    case .less: x < y
    case .lessOrEqual: x <= y
    case .greater: x > y
    case .greaterOrEqual: x >= y
    case .equal: x == y
    case .notEqual: x != y
    }
  }
}

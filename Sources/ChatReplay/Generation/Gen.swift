/// A generator of values from ``Choices``: seeded, reproducible and shrinkable.
///
/// Combinators build bigger generators from smaller ones; all of them keep the rule that a
/// smaller decision gives a simpler value, so a shrunk list of decisions gives a simpler value.
///
/// ```swift
/// let texts = Gen.element(of: ["Hi", "On my way"]).array(count: 0...5)
/// var choices = Choices(seed: 1)
/// let value = texts.generate(&choices)
/// ```
public struct Gen<Value>: Sendable {
  private let body: @Sendable (inout Choices) -> Value

  public init(_ body: @escaping @Sendable (inout Choices) -> Value) {
    self.body = body
  }

  /// A value made from the next decisions in `choices`.
  public func generate(_ choices: inout Choices) -> Value {
    body(&choices)
  }

  /// A value made from a fresh generator seeded with `seed`.
  public func generate(seed: UInt64) -> Value {
    var choices = Choices(seed: seed)
    return body(&choices)
  }

  /// Always `value`, using no decision.
  public static func always(_ value: Value) -> Gen<Value> where Value: Sendable {
    Gen { _ in value }
  }

  /// The values transformed by `transform`.
  public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
    Gen<Other> { choices in transform(body(&choices)) }
  }

  /// A generator chosen by each value, run on the decisions that follow.
  public func flatMap<Other>(_ next: @escaping @Sendable (Value) -> Gen<Other>) -> Gen<Other> {
    Gen<Other> { choices in next(body(&choices)).generate(&choices) }
  }

  /// One of `generators`, equally likely; shrinks towards the first.
  public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
    precondition(!generators.isEmpty, "oneOf needs a generator")
    return Gen { choices in generators[choices.draw(below: generators.count)].generate(&choices) }
  }

  /// One of `generators`, each as likely as its weight; shrinks towards the first.
  public static func frequency(_ generators: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
    let total = generators.reduce(0) { $0 + max($1.weight, 0) }
    precondition(total > 0, "frequency needs a positive weight")
    return Gen { choices in
      var pick = choices.draw(below: total)
      for (weight, generator) in generators where weight > 0 {
        if pick < weight { return generator.generate(&choices) }
        pick -= weight
      }
      return generators[generators.count - 1].generator.generate(&choices)
    }
  }

  /// Arrays of `count.lowerBound…count.upperBound` values, about `averageExtra` more than the
  /// least on average.
  ///
  /// Each element past the least is preceded by a "one more?" decision, so deleting the
  /// decisions of an element deletes the element, and a 0 there ends the array.
  public func array(count: ClosedRange<Int>, averageExtra: Int = 8) -> Gen<[Value]> {
    let stop = UInt64(max(averageExtra, 1) + 1)
    return Gen<[Value]> { choices in
      var values: [Value] = []
      while values.count < count.upperBound {
        if values.count >= count.lowerBound && choices.draw(below: stop) == 0 { break }
        values.append(body(&choices))
      }
      return values
    }
  }
}

extension Gen where Value == Int {
  /// Integers in `range`; shrinks towards the lower bound.
  public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
    let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
    return Gen { choices in
      let offset = width == 0 ? choices.draw(below: UInt64.max) : choices.draw(below: width)
      return range.lowerBound &+ Int(truncatingIfNeeded: offset)
    }
  }
}

extension Gen where Value == Bool {
  /// `false` or `true`; shrinks towards `false`.
  public static let bool = Gen { choices in choices.draw(below: 2) == 1 }
}

extension Gen {
  /// One of `elements`, equally likely; shrinks towards the first.
  public static func element(of elements: [Value]) -> Gen<Value> where Value: Sendable {
    precondition(!elements.isEmpty, "element(of:) needs an element")
    return Gen { choices in elements[choices.draw(below: elements.count)] }
  }

  /// `nil` or a value; shrinks towards `nil`.
  public var optional: Gen<Value?> {
    Gen<Value?> { choices in choices.draw(below: 4) == 0 ? nil : generate(&choices) }
  }
}

extension Gen where Value == Double {
  /// Doubles in `range`, often an awkward one.
  ///
  /// Awkward values: 0, the bounds, −1, 0.5, an exact integer, a huge or a tiny magnitude.
  /// Shrinks towards 0 (or the bound nearest it), then towards whole numbers.
  public static func double(in range: ClosedRange<Double>) -> Gen<Double> {
    let lower = range.lowerBound
    let upper = range.upperBound
    let awkward = [
      0, lower, upper, -1, 1, 0.5, -0.5, 44, 1e9, -1e9, 1e-9, .leastNonzeroMagnitude,
      (lower + upper) / 2,
    ]
    .filter { range.contains($0) && $0.isFinite }
    return Gen { choices in
      let kind = choices.draw(below: 4)
      if kind == 0 || awkward.isEmpty {
        // The simplest: 0 clamped into the range.
        return min(max(0, lower), upper)
      }
      if kind == 1 {
        return awkward[choices.draw(below: awkward.count)]
      }
      let unit = Double(choices.draw(below: UInt64(1) << 53)) / Double(UInt64(1) << 53)
      let value = lower + (upper - lower) * unit
      let clamped = value.isFinite ? min(max(value, lower), upper) : lower
      // kind 2: a whole number; kind 3: any.
      return kind == 2 ? min(max(clamped.rounded(.down), lower), upper) : clamped
    }
  }
}

/// Which diagnostics make `replay check` fail: `--fail-on ID[,ID…]|any|none`.
public enum FailurePolicy: Hashable, Sendable {
  /// Every diagnostic fails the check.
  case any
  /// Diagnostics never fail the check (the default): only bad recordings do.
  case none
  /// The diagnostics of these kinds fail the check.
  case kinds(Set<Diagnostic.Kind>)

  /// Whether a run of `kind` fails the check.
  public func fails(on kind: Diagnostic.Kind) -> Bool {
    switch self {
    case .any: true
    case .none: false
    case .kinds(let kinds): kinds.contains(kind)
    }
  }
}

import Foundation

/// The value at a dotted path in decoded JSON.
package func value(at path: String, in object: Any?) -> Any? {
  var current = object
  for key in path.split(separator: ".") {
    current = (current as? [String: Any])?[String(key)]
  }
  return current
}

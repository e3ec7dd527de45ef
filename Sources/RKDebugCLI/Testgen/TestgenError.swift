/// Why `rkdebug testgen` cannot write a test for a session.
enum TestgenError: Error, CustomStringConvertible {
  /// A value of this type has neither a Swift literal nor a JSON form.
  case unwritable(String)

  var description: String {
    switch self {
    case let .unwritable(type):
      "a value of type \(type) can be written neither as a Swift literal nor as JSON"
    }
  }
}

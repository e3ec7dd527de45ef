extension ValuePath {
  /// Parses the `--path` argument of a command, turning a syntax error into a usage error that
  /// quotes the path: `--path 'todos[': expected an index … at column 7`.
  static func parsingArgument(_ text: String) throws -> ValuePath {
    do {
      return try ValuePath(parsing: text)
    } catch {
      throw RKDebugError("--path \(InputLimits.quoted(text)): \(error)", exitCode: 64)
    }
  }
}

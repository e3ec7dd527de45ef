import CustomDump
import Foundation
import Testing

/// Errors of every shape an effect throws, for the tests of `Result`'s coding: custom-dump
/// prints each differently inside `.failure(…)`.
enum SampleErrors {
  enum APIError: Error, Equatable {
    case notFound
    case timeout(seconds: Int)
    case server(code: Int, message: String)
    case wrapped(ReferenceError)
  }

  /// One child: custom-dump prints it on one line, but on lines of its own in a case.
  struct CodedError: Error {
    var code: Int
  }

  /// Several children: on several lines.
  struct ValidationError: Error {
    var field: String
    var reasons: [String]
  }

  struct EmptyError: Error {}

  struct Unavailable: LocalizedError {
    var errorDescription: String? { "The service is unavailable." }
  }

  enum Described: Error, CustomStringConvertible {
    case offline
    var description: String { "You are offline." }
  }

  struct Dumped: Error, CustomDumpStringConvertible {
    var customDumpDescription: String { "Dumped(#42)" }
  }

  /// A class: custom-dump prints it itself, not the in-house dumper.
  final class ReferenceError: Error, @unchecked Sendable, Equatable {
    let message = "gone"
    static func == (lhs: ReferenceError, rhs: ReferenceError) -> Bool { lhs === rhs }
  }

  /// Each sample with a name for test arguments.
  static let all: [(name: String, error: any Error)] = [
    ("enum case", APIError.notFound),
    ("enum case with a payload", APIError.timeout(seconds: 3)),
    ("enum case with payloads", APIError.server(code: 503, message: "Try \"later\"\n")),
    ("enum case holding a class", APIError.wrapped(ReferenceError())),
    ("single-child struct", CodedError(code: 42)),
    ("struct", ValidationError(field: "email", reasons: ["empty", "no @"])),
    ("empty struct", EmptyError()),
    ("localized error", Unavailable()),
    ("custom description", Described.offline),
    ("custom dump", Dumped()),
    ("class", ReferenceError()),
    ("URLError", URLError(.notConnectedToInternet)),
    ("CocoaError", CocoaError(.fileNoSuchFile)),
    ("CancellationError", CancellationError()),
  ]
}

/// A sample error by name, for `@Test(arguments:)`.
struct SampleError: CustomTestStringConvertible, @unchecked Sendable {
  let name: String
  let error: any Error
  var testDescription: String { name }

  static let all = SampleErrors.all.map { SampleError(name: $0.name, error: $0.error) }
}

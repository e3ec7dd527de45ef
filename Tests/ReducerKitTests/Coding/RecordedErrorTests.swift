import CustomDump
import Foundation
import Testing

@testable import ReducerKit

/// A failure read back from its JSON prints, describes itself and dumps as the original error,
/// through custom-dump and through the in-house dumper alike.
@Suite struct RecordedErrorTests {
  enum Action {
    case response(Result<Int, any Error>)
    case labeled(result: Result<Int, any Error>, retry: Bool)
  }

  /// `error` as the log's reader gets it: encoded in a `Result`, decoded.
  static func recorded(_ error: any Error) throws -> any Error {
    let json = try JSONEncoder().encode(Result<Int, any Error>.failure(error))
    let decoded = try JSONDecoder().decode(Result<Int, any Error>.self, from: json)
    guard case .failure(let recorded) = decoded else {
      Issue.record("a failure decoded as \(decoded)")
      return error
    }
    #expect(recorded is RecordedError)
    return recorded
  }

  @Test(arguments: SampleError.all)
  func dumpsAsTheOriginalInAnAction(sample: SampleError) throws {
    let recorded = try Self.recorded(sample.error)
    for (original, decoded) in [
      (Action.response(.failure(sample.error)), Action.response(.failure(recorded))),
      (
        Action.labeled(result: .failure(sample.error), retry: true),
        Action.labeled(result: .failure(recorded), retry: true)
      ),
    ] {
      let expected = String(customDumping: original)
      #expect(String(customDumping: decoded) == expected)
      #expect(CustomDumpText.dump(decoded) == expected)
      #expect(CustomDumpText.dump(decoded, indent: 2) == CustomDumpText.dump(original, indent: 2))
    }
    let result = Result<Int, any Error>.failure(recorded)
    let original = Result<Int, any Error>.failure(sample.error)
    #expect(String(customDumping: result) == String(customDumping: original))
  }

  @Test(arguments: SampleError.all)
  func describesItselfAsTheOriginal(sample: SampleError) throws {
    let recorded = try Self.recorded(sample.error)
    #expect("\(recorded)" == "\(sample.error)")
    #expect(String(describing: recorded) == String(describing: sample.error))
    #expect(recorded.localizedDescription == sample.error.localizedDescription)
    #expect((recorded as? RecordedError)?.type == String(reflecting: type(of: sample.error)))
  }

  @Test func theInHouseDumperPrintsItWithoutCustomDump() throws {
    let recorded = try Self.recorded(SampleErrors.ValidationError(field: "a", reasons: []))
    let action = Action.response(.failure(recorded))
    #expect(try CustomDumpText.modeledDump(action) == String(customDumping: action))
  }

  @Test func dumpsAsAnAssociatedValue() {
    #expect(RecordedError(SampleErrors.APIError.notFound).customDump == ".notFound")
    #expect(
      RecordedError(SampleErrors.APIError.wrapped(.init())).customDump
        == """
        .wrapped(
          SampleErrors.ReferenceError(message: "gone")
        )
        """)
    #expect(
      RecordedError(SampleErrors.CodedError(code: 1)).customDump
        == "SampleErrors.CodedError(code: 1)")
    #expect(RecordedError(SampleErrors.CodedError(code: 1)).dumpsInline == false)
    #expect(RecordedError(SampleErrors.EmptyError()).dumpsInline)
    #expect(RecordedError(SampleErrors.Dumped()).dumpsInline)
  }

  @Test func recordingARecordedErrorKeepsIt() throws {
    let recorded = try Self.recorded(SampleErrors.APIError.timeout(seconds: 3))
    let again = RecordedError(recorded)
    #expect(again == recorded as? RecordedError)
    #expect(again.type == String(reflecting: SampleErrors.APIError.self))
    #expect(try Self.recorded(recorded) as? RecordedError == again)
  }

  @Test func equalWhenAllItRecordedIs() {
    let notFound = RecordedError(SampleErrors.APIError.notFound)
    #expect(notFound == RecordedError(SampleErrors.APIError.notFound))
    #expect(notFound != RecordedError(SampleErrors.APIError.timeout(seconds: 1)))
    #expect(Set([notFound, RecordedError(SampleErrors.APIError.notFound)]).count == 1)
  }
}

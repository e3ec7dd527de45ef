import CustomDump
import ReducerKit
import ReducerKitSamples
import Testing

/// The samples' actions and state changes print the same through `CustomDumpText` (which
/// `_printChanges()`, `rkdebug changes` and recorded labels use) as through custom-dump, without
/// handing any of them to custom-dump.
@MainActor
@Suite("custom-dump agreement", .timeLimit(.minutes(1)))
struct CustomDumpAgreementTests {
  @Test(arguments: [1, 2] as [UInt64])
  func counter(seed: UInt64) async throws {
    try expectAgreement(await runRandomActions(Counter(), from: .init(), count: 300, seed: seed))
  }

  @Test(arguments: [1, 2] as [UInt64])
  func todos(seed: UInt64) async throws {
    try expectAgreement(await runRandomActions(Todos(), from: .init(), count: 300, seed: seed))
  }

  @Test(arguments: [1, 2] as [UInt64])
  func search(seed: UInt64) async throws {
    try expectAgreement(await runRandomActions(Search(), from: .init(), count: 300, seed: seed))
  }

  @Test(arguments: [1, 2] as [UInt64])
  func app(seed: UInt64) async throws {
    try expectAgreement(
      await runRandomActions(AppFeature(), from: .init(), count: 300, seed: seed))
  }

  @Test(arguments: [1, 2] as [UInt64])
  func library(seed: UInt64) async throws {
    try expectAgreement(
      await runRandomActions(Library(), from: .init(), count: 300, seed: seed, pace: .seconds(2)))
  }

  private func expectAgreement<Feature>(
    _ run: RandomRun<Feature>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var changed = 0
    let changes = zip(run.states, run.states.dropFirst())
    for (action, (old, new)) in zip(run.actions.dropFirst(), changes) {
      try #require(
        CustomDumpText.modeledDump(action) == String(customDumping: action),
        sourceLocation: sourceLocation)
      let expected = CustomDump.diff(old, new)
      try #require(
        CustomDumpText.modeledDiff(old, new) == expected, sourceLocation: sourceLocation)
      if expected != nil { changed += 1 }
    }
    #expect(changed > 100, "the run changes state", sourceLocation: sourceLocation)
  }
}

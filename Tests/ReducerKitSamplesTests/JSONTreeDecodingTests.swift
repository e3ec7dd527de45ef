import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import Testing

/// Every state and action of the samples decodes from its JSON tree (`JSONValue.decoded(as:)`,
/// which `changes`, replay and testgen use) to the value it was encoded from, without handing it
/// to `JSONDecoder`.
@MainActor
@Suite("JSON tree decoding of the samples", .timeLimit(.minutes(1)))
struct JSONTreeDecodingTests {
  @Test func counter() async throws {
    try expectTreeDecoding(await runRandomActions(Counter(), from: .init(), count: 300, seed: 1))
  }

  @Test func todos() async throws {
    try expectTreeDecoding(await runRandomActions(Todos(), from: .init(), count: 300, seed: 1))
  }

  @Test func search() async throws {
    try expectTreeDecoding(await runRandomActions(Search(), from: .init(), count: 300, seed: 1))
  }

  @Test func app() async throws {
    try expectTreeDecoding(
      await runRandomActions(AppFeature(), from: .init(), count: 300, seed: 1))
  }

  private func expectTreeDecoding<Feature: Reducer>(
    _ run: RandomRun<Feature>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws where Feature.State: Codable & Equatable, Feature.Action: Codable & Equatable {
    for (state, action) in zip(run.states, run.actions) {
      let stateJSON = try JSONValue(parsing: json(state))
      try #require(
        stateJSON.decodedFromTree(as: Feature.State.self) == state, sourceLocation: sourceLocation)
      let actionJSON = try JSONValue(parsing: json(action))
      try #require(
        actionJSON.decodedFromTree(as: Feature.Action.self) == action,
        sourceLocation: sourceLocation)
    }
    #expect(run.states.count == 300, sourceLocation: sourceLocation)
  }
}

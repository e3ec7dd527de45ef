import RKDebugCLI
import ReducerKit
import ReducerKitSamples

/// The features the shipped `rkdebug` registers: the samples, each with its random action
/// generator. Their clients are `DependencyKey`s whose live values are deterministic, so they
/// need no `dependencies:`; `record` sets the clocks and seeds `uuid`, `date` and random numbers.
enum SampleFeatures {
  /// Every sample: counter, todos, search, app, library and playlist.
  static let all: [DebugFeature] = [
    sample(
      Counter.name, Counter(), Counter.State(),
      summary: "A counter with a delayed increment and a cancellable fact request"),
    sample(
      Todos.name, Todos(), Todos.State(),
      summary: "A to-do list: forEach rows, uuid/date/random reads, a cancellable delayed sort"),
    sample(
      Search.name, Search(), Search.State(),
      summary: "A debounced search that cancels the request in flight"),
    sample(
      AppFeature.name, AppFeature(), AppFeature.State(),
      summary: "The samples composed with Scope, ifLet and ifCaseLet"),
    // Two seconds pass between two actions, so a pushed reading clock ticks while it is shown.
    sample(
      Library.name, Library(), Library.State(),
      summary: "A reading list that navigates: a stack, sheets, an alert, a ticking clock",
      actionInterval: .seconds(2)),
    // The playlist's file storage lives in memory: a recording writes no file.
    sample(
      Playlist.name, Playlist(), Playlist.State(),
      summary:
        "Shared state: a list and a player hold one song; the player's effect and the file change it",
      dependencies: { $0.defaultFileStorage = .inMemory }),
  ]

  /// A sample registered under `name`, with its random action generator.
  private static func sample<R: RandomActionGenerating & SendableMetatype>(
    _ name: String, _ reducer: @autoclosure @escaping @Sendable () -> R,
    _ initialState: @autoclosure @escaping @Sendable () -> R.State, summary: String,
    dependencies: (@Sendable (inout DependencyValues) -> Void)? = nil,
    actionInterval: Duration? = nil
  ) -> DebugFeature
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable {
    .feature(
      name, summary: summary, reducer: reducer, initialState: initialState,
      randomAction: { state, rng in R.randomAction(for: state, using: &rng) },
      randomOutsideChange: { state, rng in R.randomOutsideChange(for: state, using: &rng) },
      dependencies: dependencies, actionInterval: actionInterval
    )
  }
}

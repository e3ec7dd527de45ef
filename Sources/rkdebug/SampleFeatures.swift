import RKDebugCLI
import ReducerKitSamples

/// The features the shipped `rkdebug` registers: the samples, each with its random action
/// generator. Their clients are `DependencyKey`s whose live values are deterministic, so they
/// need no `dependencies:`; `record` sets the clocks and seeds `uuid`, `date` and random numbers.
enum SampleFeatures {
  /// Every sample: counter, todos, search and app.
  static let all: [DebugFeature] = [
    .feature(
      Counter.name,
      summary: "A counter with a delayed increment and a cancellable fact request",
      reducer: { Counter() },
      initialState: { Counter.State() },
      randomAction: { state, rng in Counter.randomAction(for: state, using: &rng) }
    ),
    .feature(
      Todos.name,
      summary: "A to-do list: forEach rows, uuid/date/random reads, a cancellable delayed sort",
      reducer: { Todos() },
      initialState: { Todos.State() },
      randomAction: { state, rng in Todos.randomAction(for: state, using: &rng) }
    ),
    .feature(
      Search.name,
      summary: "A debounced search that cancels the request in flight",
      reducer: { Search() },
      initialState: { Search.State() },
      randomAction: { state, rng in Search.randomAction(for: state, using: &rng) }
    ),
    .feature(
      AppFeature.name,
      summary: "The samples composed with Scope, ifLet and ifCaseLet",
      reducer: { AppFeature() },
      initialState: { AppFeature.State() },
      randomAction: { state, rng in AppFeature.randomAction(for: state, using: &rng) }
    ),
  ]
}

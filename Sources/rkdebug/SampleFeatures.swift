import RKDebugCLI
import ReducerKitSamples

/// The features the shipped `rkdebug` registers: the samples, each with its random action
/// generator, on an immediate clock unless `record --real-time` asks for real delays.
enum SampleFeatures {
  /// Every sample: counter, todos, search and app.
  static let all: [DebugFeature] = [
    .feature(
      Counter.name,
      summary: "A counter with a delayed increment and a cancellable fact request",
      reducer: { realTime in Counter(environment: .sample(clock(realTime))) },
      initialState: { Counter.State() },
      randomAction: { state, rng in Counter.randomAction(for: state, using: &rng) }
    ),
    .feature(
      Todos.name,
      summary: "A to-do list: forEach rows, filters and a cancellable delayed sort",
      reducer: { realTime in Todos(environment: .sample(clock(realTime))) },
      initialState: { Todos.State() },
      randomAction: { state, rng in Todos.randomAction(for: state, using: &rng) }
    ),
    .feature(
      Search.name,
      summary: "A debounced search that cancels the request in flight",
      reducer: { realTime in Search(environment: .sample(clock(realTime))) },
      initialState: { Search.State() },
      randomAction: { state, rng in Search.randomAction(for: state, using: &rng) }
    ),
    .feature(
      AppFeature.name,
      summary: "The samples composed with Scope, ifLet and ifCaseLet",
      reducer: { realTime in AppFeature(environment: .sample(clock(realTime))) },
      initialState: { AppFeature.State() },
      randomAction: { state, rng in AppFeature.randomAction(for: state, using: &rng) }
    ),
  ]

  /// The sample clock for `record`'s `--real-time` choice.
  private static func clock(_ realTime: Bool) -> SampleClock {
    realTime ? .realTime : .immediate
  }
}

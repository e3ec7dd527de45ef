import ReducerKit

// `@ObservableState` applies to structs only, so an enum state used as the root of a store
// conforms by hand, with no observed properties: the store then compares whole states with `==`
// and every change invalidates every reader.

extension IfCaseLetReducerTests.App.State: ObservableStateProtocol {
  static var _$observableProperties: [ObservableProperty<Self>] { [] }
}

import CustomDump

/// The state of a child feature that a parent presents (a sheet, a popover, an alert), or `nil`
/// when nothing is presented.
///
/// Write it with its TCA name, ``Presents``, and integrate the child with
/// `ifLet(\.$destination, action: \.destination)`, which runs the child's reducer, dismisses it
/// and cancels its effects when it goes away:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// ```
///
/// It encodes as the optional it wraps, and a struct's synthesized `Codable` leaves the key out
/// when nothing is presented, as it does for a plain optional.
@propertyWrapper
public struct PresentationState<State> {
  /// The presented state, or `nil`.
  public var wrappedValue: State?

  /// Wraps a presented state, or `nil` for nothing presented.
  public init(wrappedValue: State?) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself, so `\.$destination` names it for `ifLet`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

/// TCA's name for ``PresentationState`` as a property wrapper: `@Presents var alert: …?`.
public typealias Presents<State> = PresentationState<State>

extension PresentationState: Equatable where State: Equatable {}
extension PresentationState: Hashable where State: Hashable {}
extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the wrapped optional.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the wrapped optional.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try State?(from: decoder))
  }
}

extension KeyedEncodingContainer {
  /// Leaves the key out when nothing is presented, as synthesized `Codable` does for a plain
  /// optional: the recorder's patches treat an absent presentation as an absent key.
  public mutating func encode<State: Encodable>(
    _ value: PresentationState<State>, forKey key: Key
  ) throws {
    try encodeIfPresent(value.wrappedValue, forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// Reads a missing key as nothing presented.
  public func decode<State: Decodable>(
    _ type: PresentationState<State>.Type, forKey key: Key
  ) throws -> PresentationState<State> {
    PresentationState(wrappedValue: try decodeIfPresent(State.self, forKey: key))
  }
}

extension PresentationState: CustomReflectable {
  /// The wrapped optional's mirror, so dumps and diffs show the presented state itself.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

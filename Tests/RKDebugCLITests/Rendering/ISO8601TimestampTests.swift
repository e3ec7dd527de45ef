import Foundation
import Testing

@testable import RKDebugCLI

/// The timestamps of `--json` outputs, worked out directly, are `ISO8601DateFormatter`'s text.
@Suite struct ISO8601TimestampTests {
  static func formatted(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  @Test func datesAroundTheEdgesAreTheFormattersText() {
    let edges: [Double] = [
      0, -0.0005, -0.001, -1, 0.0005, 0.9995, 0.999_999_9, 951_782_400, 951_868_799.999,
      -2_208_988_800, -2_203_891_200.5, -12_219_292_800, -12_219_292_799.999, 253_402_300_799.999,
      1_764_566_095.343, 1_764_566_095.3435, 4_102_444_800, 1_000_000_000.123_456,
    ]
    for seconds in edges {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601Timestamp.string(from: date) == Self.formatted(date), "\(seconds)")
    }
  }

  @Test func randomDatesAreTheFormattersText() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<20_000 {
      let seconds = Double.random(in: -12_219_292_800..<253_402_300_800, using: &rng)
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601Timestamp.string(from: date) == Self.formatted(date), "\(seconds)")
    }
    for _ in 0..<20_000 {
      // Times a session holds: recent, microseconds apart.
      let seconds = 1_764_000_000 + Double(Int.random(in: 0..<100_000_000_000, using: &rng)) / 1e6
      let date = Date(timeIntervalSince1970: seconds)
      #expect(ISO8601Timestamp.string(from: date) == Self.formatted(date), "\(seconds)")
    }
  }
}

import ReducerKit

/// A feature whose banner shares the score, for the tests of shared state: its reducer changes
/// the score through the share, an effect adds a bonus with `withLock`, and `.resetBanner`
/// gives the banner the share again (or, with `bannerCopiesTheScore`, a copy: the one-line
/// change a replay must catch).
@Reducer
public struct Scoreboard {
  @ObservableState
  public struct State: Equatable, Codable {
    @Shared public var score: Int
    public var banner: Banner

    /// A scoreboard whose banner shows `score` through the same share.
    public init(score: Shared<Int>) {
      self._score = score
      self.banner = Banner(score: score)
    }
  }

  public struct Banner: Equatable, Codable, Sendable {
    @Shared public var score: Int

    public init(score: Shared<Int>) {
      self._score = score
    }
  }

  public enum Action: Equatable, Codable {
    /// Adds ten from an effect, which then sends `.bonusGiven`.
    case bonusButtonTapped
    case bonusGiven
    case point
    case resetBanner
  }

  /// Whether `.resetBanner` gives the banner a copy of the score instead of the score.
  public var bannerCopiesTheScore: Bool

  public init(bannerCopiesTheScore: Bool = false) {
    self.bannerCopiesTheScore = bannerCopiesTheScore
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .bonusButtonTapped:
        return .run { [score = state.$score] send in
          score.withLock { $0 += 10 }
          await send(.bonusGiven)
        }
      case .bonusGiven:
        return .none
      case .point:
        state.$score.withLock { $0 += 1 }
        return .none
      case .resetBanner:
        state.banner = Banner(
          score: bannerCopiesTheScore ? Shared(value: state.score) : state.$score)
        return .none
      }
    }
  }
}

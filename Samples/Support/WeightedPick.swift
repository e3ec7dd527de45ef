/// Picks one value of `choices`, each with a probability proportional to its weight.
///
/// Only `rng` decides, so a seeded generator gives the same picks every run. Choices with a
/// weight of zero or less are never picked.
///
/// - Precondition: At least one weight is positive.
@inline(__always)
func pick<Value>(
  _ choices: [(weight: Int, value: Value)], using rng: inout some RandomNumberGenerator
) -> Value {
  let total = choices.reduce(0) { $0 + max(0, $1.weight) }
  precondition(total > 0, "pick(_:using:) needs at least one positive weight")
  var roll = Int.random(in: 0..<total, using: &rng)
  for choice in choices where choice.weight > 0 {
    if roll < choice.weight { return choice.value }
    roll -= choice.weight
  }
  fatalError("unreachable: the roll is below the total weight")
}

import OnKit

/// Releases the values of dead hosts and waits (bounded) until `released` holds.
///
/// On Linux a sweep started by another suite's access may have taken a dead host's values just
/// before, and still be releasing them on its thread; `releaseValuesOfDeadHosts()` documents
/// that. So the test waits for the release it expects instead of assuming it is instant.
func releaseDeadHostValues(
    isolation: isolated (any Actor)? = #isolation,
    until released: () -> Bool
) async -> Bool {
    Associations.releaseValuesOfDeadHosts()
    return await pollUntil(released)
}

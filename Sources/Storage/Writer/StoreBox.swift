/// Hands the non-`Sendable` store to the writer thread, which is its only
/// user from then on.
final class StoreBox: @unchecked Sendable {
    let store: Store
    init(_ store: Store) {
        self.store = store
    }
}

import CProcess
import Glibc

/// The pthread that runs `WriterState.run`.
final class WriterThread: Sendable {
    private let handle: pthread_t
    private let joined = OnceFlag()

    init(store: StoreBox, state: WriterState) throws {
        let context = Unmanaged.passRetained(WriterThreadContext(store: store, state: state)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { raw in
            tempest_name_current_thread("store-writer")
            let context = Unmanaged<WriterThreadContext>.fromOpaque(raw!).takeRetainedValue()
            context.state.run(store: context.store.store)
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<WriterThreadContext>.fromOpaque(context).release()
            throw StorageError.invalidValue("could not start the writer thread (pthread_create returned \(result))")
        }
        handle = thread
    }

    /// Waits for the thread to finish (once; later calls return at once).
    func join() {
        guard joined.setOnce() else { return }
        pthread_join(handle, nil)
    }
}

private final class WriterThreadContext: @unchecked Sendable {
    let store: StoreBox
    let state: WriterState
    init(store: StoreBox, state: WriterState) {
        self.store = store
        self.state = state
    }
}

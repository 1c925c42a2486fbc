import CProcess
import Glibc

/// Runs a blocking job on its own detached POSIX thread, so a transfer that
/// waits on the network never occupies a cooperative-pool thread.
enum TransferThread {
    private final class Job {
        let work: () -> Void
        init(work: @escaping () -> Void) { self.work = work }
    }

    /// Starts `work` on a new thread; false if the thread could not be created.
    static func start(_ work: @escaping () -> Void) -> Bool {
        let job = Unmanaged.passRetained(Job(work: work)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { argument in
            let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
            tempest_name_current_thread("http-transfer")
            job.work()
            return nil
        }, job)
        guard created == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}

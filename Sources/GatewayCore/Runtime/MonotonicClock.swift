import SystemSupport

/// The shared clock under its own name in this module, so that the
/// pipeline's files read it without each importing SystemSupport.
typealias MonotonicClock = SystemSupport.MonotonicClock

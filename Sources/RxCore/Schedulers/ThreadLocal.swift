import Foundation

/// A per-thread slot holding an object, built on pthread keys (cheaper than
/// `Thread.current.threadDictionary` on the subscribe path).
final class ThreadLocalSlot<Value: AnyObject> {
    /// A `let`: a stored `var` is read under a dynamic exclusivity check (`swift_beginAccess`) on
    /// every `value` access, several per subscription through the trampoline's slots.
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            #if canImport(Glibc) || canImport(Musl)
            guard let pointer else { return }
            #endif
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(result == 0, "pthread_key_create failed")
        self.key = key
    }

    var value: Value? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) {
                Unmanaged<AnyObject>.fromOpaque(old).release()
            }
            if let newValue {
                pthread_setspecific(key, Unmanaged.passRetained(newValue as AnyObject).toOpaque())
            } else {
                pthread_setspecific(key, nil)
            }
        }
    }
}

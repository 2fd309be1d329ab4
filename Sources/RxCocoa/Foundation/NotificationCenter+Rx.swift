import Foundation
import RxSwift

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (any name when nil) posted by `object` (any object when
    /// nil), observed from subscription until disposal.
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = base
        return Observable.create { observer in
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                observer.on(.next(notification))
            }
            return Disposables.create { center.removeObserver(token) }
        }
    }
}

#if !canImport(Darwin)
// Off Apple platforms, Foundation's NotificationCenter is no longer an NSObject (checked with
// Swift 6.3.1 on Linux), so it does not get `rx` from RxCore's `NSObject: ReactiveCompatible`.
extension NotificationCenter: ReactiveCompatible {}
#endif

import Foundation

/// A data source of sectioned views (table and collection views) that can hand out the model
/// at an index path. Declared here because data-source code written against RxCocoa conforms
/// to it; the UIKit views that use it stay out of this package.
public protocol SectionedViewDataSourceType {
    /// The model at `indexPath`; throws `RxCocoaError.itemsNotYetBound(object:)` while the data
    /// source has no sections yet.
    func model(at indexPath: IndexPath) throws -> Any
}

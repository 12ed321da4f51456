#if canImport(UIKit) && !os(watchOS)  // UIKit on watchOS has no views, controls or recognizers
import UIKit

// The UIKit hosts of a delegate proxy (see `DelegateProxyHost`).
extension UITextField: DelegateProxyHost { typealias OnKitDelegateProxy = TextFieldDelegateProxy }
extension UITextView: DelegateProxyHost { typealias OnKitDelegateProxy = TextViewDelegateProxy }
extension UITableView: DelegateProxyHost { typealias OnKitDelegateProxy = TableViewDelegateProxy }
extension UICollectionView: DelegateProxyHost { typealias OnKitDelegateProxy = CollectionViewDelegateProxy }
extension UISearchBar: DelegateProxyHost { typealias OnKitDelegateProxy = SearchBarDelegateProxy }
extension UINavigationController: DelegateProxyHost { typealias OnKitDelegateProxy = NavigationControllerDelegateProxy }
extension UITabBarController: DelegateProxyHost { typealias OnKitDelegateProxy = TabBarControllerDelegateProxy }
extension UIPresentationController: DelegateProxyHost {
    typealias OnKitDelegateProxy = PresentationControllerDelegateProxy
}
#endif

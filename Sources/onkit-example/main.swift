// The OnKit tour: `swift run onkit-example`.
import Foundation
print("The OnKit tour: each section names what it shows; the indented lines are what it printed.\n")
await coreTour()
do {
    try await foundationTour()
    try await propertyChangeTour()
} catch {
    print("The tour failed: \(error)")
    exit(1)
}
print("\nEnd of the tour. Its code is in Sources/onkit-example; the README says where to go next.")

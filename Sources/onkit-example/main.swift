// The OnKit tour: `swift run onkit-example`.
import Foundation
print("OnKit tour\n")
await coreTour()
do {
    try await foundationTour()
    try await propertyChangeTour()
} catch {
    print("The tour failed: \(error)")
    exit(1)
}

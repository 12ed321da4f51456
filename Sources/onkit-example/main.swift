// The OnKit tour: `swift run onkit-example`.
print("OnKit tour\n")
await coreTour()

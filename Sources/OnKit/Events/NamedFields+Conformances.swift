// The values with named fields declared in folders this diagnostics change leaves alone (the
// property-change types): conformed here, so that three parameters on a change name its fields.

extension PropertyChange: NamedFields {}

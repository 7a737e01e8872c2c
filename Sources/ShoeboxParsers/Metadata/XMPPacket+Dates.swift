extension XMPPacket {
    static let exifNamespace = "http://ns.adobe.com/exif/1.0/"
    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    static let photoshopNamespace = "http://ns.adobe.com/photoshop/1.0/"

    /// The capture times the packet holds, as `XMPDate` reads them: the first readable value
    /// of each property.
    package func dates() -> [DateCandidate] {
        let properties: [(TakenAtSource, String, String)] = [
            (.xmpDateTimeOriginal, "DateTimeOriginal", Self.exifNamespace),
            (.xmpDateTimeDigitized, "DateTimeDigitized", Self.exifNamespace),
            (.xmpCreateDate, "CreateDate", Self.xmpNamespace),
            (.xmpPhotoshopDateCreated, "DateCreated", Self.photoshopNamespace),
            (.xmpModifyDate, "ModifyDate", Self.xmpNamespace),
        ]
        return properties.compactMap { source, name, namespace in
            values(name, namespace: namespace).lazy.compactMap(XMPDate.iso).first.map { DateCandidate(source, $0) }
        }
    }
}

/// A camera's name as a person says it, from EXIF's Make and Model: the model alone when it
/// names the brand already (`Canon` + `Canon EOS R5` is `Canon EOS R5`; `NIKON CORPORATION`
/// + `NIKON D750` is `NIKON D750`), else the make without its legal form, then the model
/// (`Apple` + `iPhone 15` is `Apple iPhone 15`; `Minolta Co., Ltd.` + `DiMAGE 7i` is
/// `Minolta DiMAGE 7i`). Nil when the file names neither.
public enum CameraName {
    public static func text(make: String?, model: String?) -> String? {
        let brand = words(make ?? "").filter { !legalForms.contains($0.uppercased()) }
        guard let model = model.map(trimmed), !model.isEmpty else { return brand.isEmpty ? nil : brand.joined(separator: " ") }
        let modelWords = Set(model.split { !$0.isLetter && !$0.isNumber }.map { $0.uppercased() })
        if brand.isEmpty || brand.contains(where: { modelWords.contains($0.uppercased()) }) { return model }
        return brand.joined(separator: " ") + " " + model
    }

    /// What a company's name ends with that no one says of its camera.
    static let legalForms: Set<String> = ["CORPORATION", "CORP", "CO", "LTD", "LIMITED", "INC", "COMPANY", "GMBH", "AG", "AB"]

    /// `make`'s words without their punctuation (`CO.,LTD.` is `CO` and `LTD`).
    private static func words(_ text: String) -> [String] {
        text.split { $0 == " " || $0 == "," }.map { String($0.filter { $0 != "." }) }.filter { !$0.isEmpty }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

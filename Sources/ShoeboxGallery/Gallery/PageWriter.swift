import Foundation

/// Writes a gallery's pages, each after the files it shows are in the folder
/// (`GalleryLinks.takeWanted`, `GalleryFiles`), so that no page appears before its images.
struct PageWriter {
    let folder: GalleryFolder
    let links: GalleryLinks
    let files: GalleryFiles

    func write(_ html: String, as name: String) throws {
        try files.put(links.takeWanted())
        try folder.write(Data(html.utf8), as: name)
    }
}

/// The gallery's style sheet, written into the gallery (no network, no framework).
///
/// Justified rows without script: each tile grows in proportion to its aspect ratio
/// (`--a`, width / height) from a basis of `--a` × the row height, and keeps that aspect, so
/// the tiles of a row share one height and fill its width; the grid's `::after` takes the
/// last row's slack so that row is not stretched.
enum GalleryStyle {
    static let css = """
        :root { --row: 200px; --gap: 4px; color-scheme: light dark; }
        body { font: 15px/1.4 system-ui, sans-serif; margin: 0 16px 32px; }
        header { display: flex; gap: 16px; padding: 12px 0; }
        h1 { font-size: 22px; margin: 4px 0 8px; overflow-wrap: anywhere; }
        .counts { color: GrayText; margin: 0 0 8px; }
        .grid { display: flex; flex-wrap: wrap; gap: var(--gap); }
        .grid::after { content: ""; flex-grow: 1000000; }
        .t { position: relative; display: block; flex: var(--a) 1 calc(var(--a) * var(--row)); aspect-ratio: var(--a); overflow: hidden; background: #8884; }
        .t img { width: 100%; height: 100%; object-fit: cover; display: block; }
        .t video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
        .t b { position: absolute; left: 6px; bottom: 6px; font: 600 11px system-ui, sans-serif; color: #fff; background: #000a; padding: 1px 5px; border-radius: 3px; }
        .albums { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
        .album { display: flex; flex-direction: column; text-decoration: none; color: inherit; }
        .album img { width: 100%; aspect-ratio: 1; object-fit: cover; background: #8884; border-radius: 6px; }
        .album .title { font-weight: 600; overflow-wrap: anywhere; }
        .album .counts { font-size: 13px; }
        .timeline h2 { font-size: 20px; margin: 20px 0 4px; }
        .timeline h3 { font-size: 15px; font-weight: 600; color: GrayText; margin: 10px 0 6px; }
        .timeline .albums, .places .albums { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 12px; }
        .places h2, .places h3 { margin: 16px 0 2px; }
        .places h2 a, .places h3 a { color: inherit; }
        .pages { margin: 12px 0; display: flex; flex-wrap: wrap; gap: 8px; }
        .pages .here { font-weight: 700; }
        .failures table { border-collapse: collapse; width: 100%; }
        .failures td { border-top: 1px solid #8886; padding: 4px 8px; vertical-align: top; }
        .failures .path { font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
        .failures details { font-size: 13px; color: GrayText; margin-top: 2px; }
        .failures code { white-space: pre-wrap; overflow-wrap: anywhere; }
        #lightbox { position: fixed; inset: 0; background: #000e; color: #eee; display: flex; gap: 16px; padding: 60px 16px 16px; box-sizing: border-box; z-index: 10; }
        #lightbox[hidden] { display: none; }
        #lightbox img, #lightbox video { flex: 1; min-width: 0; object-fit: contain; }
        #lightbox [hidden] { display: none; }
        #lightbox dl { width: 260px; margin: 0; overflow-wrap: anywhere; }
        #lightbox dt { color: #aaa; font-size: 12px; margin-top: 8px; }
        #lightbox a { color: #9cf; }
        #lightbox nav { position: absolute; top: 8px; right: 8px; display: flex; gap: 8px; z-index: 1; }
        #lightbox nav button { font: 600 20px/1 system-ui, sans-serif; color: #fff; background: #0009; border: 0; border-radius: 22px; width: 44px; height: 44px; }
        @media (max-width: 700px) {
          #lightbox { flex-direction: column; overflow-y: auto; padding: 60px 8px 16px; }
          #lightbox img, #lightbox video { flex: none; width: 100%; max-height: 70vh; }
          #lightbox dl { width: auto; }
        }
        """
}

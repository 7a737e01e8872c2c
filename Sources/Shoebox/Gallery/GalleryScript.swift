/// The gallery's script, written into the gallery: the lightbox (click a tile: its largest
/// rendition and its facts; Escape, a click or the arrow keys to close or move) and animated
/// GIFs playing on hover. Pages work without it: a tile is a link to its largest rendition.
enum GalleryScript {
    static let js = """
        "use strict";
        (function () {
          var labels = { n: "File", d: "Taken", c: "Camera", p: "Place", z: "Pixels" };
          var tiles = Array.prototype.slice.call(document.querySelectorAll("a.t"));
          var box = null, current = -1;
          function show(index) {
            if (!box) {
              box = document.createElement("div");
              box.id = "lightbox";
              box.innerHTML = "<img alt=''><dl></dl>";
              box.addEventListener("click", close);
              document.body.appendChild(box);
            }
            var tile = tiles[index];
            current = index;
            box.querySelector("img").src = tile.getAttribute("href");
            var list = box.querySelector("dl");
            list.textContent = "";
            Object.keys(labels).forEach(function (key) {
              var value = tile.dataset[key];
              if (!value) return;
              var term = document.createElement("dt"), detail = document.createElement("dd");
              term.textContent = labels[key];
              detail.textContent = value;
              list.appendChild(term);
              list.appendChild(detail);
            });
            box.hidden = false;
          }
          function close() { if (box) box.hidden = true; current = -1; }
          tiles.forEach(function (tile, index) {
            tile.addEventListener("click", function (event) { event.preventDefault(); show(index); });
            var original = tile.dataset.o;
            if (!original) return;
            var image = tile.querySelector("img"), still = image.getAttribute("src");
            tile.addEventListener("mouseenter", function () { image.removeAttribute("srcset"); image.src = original; });
            tile.addEventListener("mouseleave", function () { image.src = still; });
          });
          document.addEventListener("keydown", function (event) {
            if (current < 0) return;
            if (event.key === "Escape") close();
            if (event.key === "ArrowRight" && current + 1 < tiles.length) show(current + 1);
            if (event.key === "ArrowLeft" && current > 0) show(current - 1);
          });
        })();
        """
}

/// The gallery's script, written into the gallery: the lightbox (click a tile: its largest
/// rendition and its facts; Escape, a click, the arrow keys, its buttons or a swipe to close
/// or move), animated
/// GIFs and WebPs playing on hover, a Live Photo's video playing muted on hover or touch (a
/// `<video>` made for that tile only, removed when the pointer leaves), and a video playing
/// its web rendition in the lightbox. Pages work without it: a tile is a link to its largest
/// rendition.
enum GalleryScript {
    static let js = """
        "use strict";
        (function () {
          var labels = { n: "File", t: "Title", d: "Taken", c: "Camera", l: "Lens", e: "Exposure", r: "Rating",
                         k: "Keywords", p: "Place", z: "Pixels" };
          var tiles = Array.prototype.slice.call(document.querySelectorAll("a.t"));
          var box = null, current = -1;
          function lightbox() {
            if (box) return box;
            box = document.createElement("div");
            box.id = "lightbox";
            box.innerHTML = "<nav><button class='prev' aria-label='Previous'>‹</button>"
              + "<button class='next' aria-label='Next'>›</button><button class='close' aria-label='Close'>✕</button></nav>"
              + "<img alt=''><video controls playsinline hidden></video><dl></dl>";
            box.addEventListener("click", close);
            box.querySelector("video").addEventListener("click", function (event) { event.stopPropagation(); });
            button(".prev", function () { move(-1); });
            button(".next", function () { move(1); });
            button(".close", close);
            // A swipe of 50 px or more, more across than down: the next or previous asset.
            var start = null;
            box.addEventListener("touchstart", function (event) {
              var t = event.changedTouches[0];
              start = { x: t.clientX, y: t.clientY };
            }, { passive: true });
            box.addEventListener("touchend", function (event) {
              if (!start) return;
              var t = event.changedTouches[0], dx = t.clientX - start.x, dy = t.clientY - start.y;
              start = null;
              if (Math.abs(dx) >= 50 && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1);
            });
            document.body.appendChild(box);
            return box;
          }
          function show(index) {
            var tile = tiles[index], box = lightbox(), image = box.querySelector("img"), video = box.querySelector("video");
            current = index;
            image.src = tile.getAttribute("href");
            stopVideo(video);
            if (tile.dataset.v) {
              var live = tile.classList.contains("livePhoto");
              video.muted = live;
              video.controls = !live;
              video.poster = tile.getAttribute("href");
              video.src = tile.dataset.v;
              video.hidden = false;
              image.hidden = true;
              video.play().catch(function () {});
            } else {
              image.hidden = false;
            }
            var list = box.querySelector("dl");
            list.textContent = "";
            Object.keys(labels).forEach(function (key) {
              var value = tile.dataset[key];
              if (!value) return;
              var term = document.createElement("dt"), detail = document.createElement("dd");
              term.textContent = labels[key];
              detail.textContent = value;
              if (key === "p" && tile.dataset.m) {
                var map = document.createElement("a");
                map.href = tile.dataset.m;
                map.textContent = "map";
                map.target = "_blank";
                map.rel = "noopener";
                map.addEventListener("click", function (event) { event.stopPropagation(); });
                detail.appendChild(document.createTextNode(" · "));
                detail.appendChild(map);
              }
              list.appendChild(term);
              list.appendChild(detail);
            });
            if (tile.dataset.g) {
              var open = document.createElement("a");
              open.href = tile.dataset.g;
              open.textContent = "Open original";
              open.className = "original";
              open.addEventListener("click", function (event) { event.stopPropagation(); });
              var item = document.createElement("dd");
              item.appendChild(open);
              list.appendChild(item);
            }
            box.hidden = false;
          }
          // Pauses and lets go of the file and the decoder (a removed element keeps both until
          // it is collected; hovering over many tiles would hold a player each).
          function stopVideo(video) {
            video.pause();
            video.removeAttribute("src");
            video.load();
            video.hidden = true;
          }
          function button(selector, action) {
            box.querySelector(selector).addEventListener("click", function (event) { event.stopPropagation(); action(); });
          }
          function move(step) {
            var next = current + step;
            if (current >= 0 && next >= 0 && next < tiles.length) show(next);
          }
          function close() {
            if (box) { stopVideo(box.querySelector("video")); box.hidden = true; }
            current = -1;
          }
          function playLive(tile) {
            var clip = null;
            function play() {
              if (clip) return;
              clip = document.createElement("video");
              clip.muted = true;
              clip.loop = true;
              clip.playsInline = true;
              clip.src = tile.dataset.v;
              tile.insertBefore(clip, tile.querySelector("b"));
              clip.play().catch(function () {});
            }
            function stop() {
              if (!clip) return;
              stopVideo(clip);
              clip.remove();
              clip = null;
            }
            tile.addEventListener("mouseenter", play);
            tile.addEventListener("mouseleave", stop);
            tile.addEventListener("touchstart", play, { passive: true });
            tile.addEventListener("touchend", stop);
          }
          tiles.forEach(function (tile, index) {
            tile.addEventListener("click", function (event) { event.preventDefault(); show(index); });
            if (tile.dataset.v && tile.classList.contains("livePhoto")) playLive(tile);
            var original = tile.dataset.o;
            if (!original) return;
            var image = tile.querySelector("img"), still = image.getAttribute("src");
            tile.addEventListener("mouseenter", function () { image.removeAttribute("srcset"); image.src = original; });
            tile.addEventListener("mouseleave", function () { image.src = still; });
          });
          document.addEventListener("keydown", function (event) {
            if (current < 0) return;
            if (event.key === "Escape") close();
            if (event.key === "ArrowRight") move(1);
            if (event.key === "ArrowLeft") move(-1);
          });
        })();
        """
}

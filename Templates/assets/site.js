/* gen: progressive enhancement only. Every page works without this file (the menu scrolls, filters, sorting
   and pages are pre-rendered, photos switch with #photo-N and :target); it runs on pages opened from disk too. */
(function () {
  "use strict";
  var doc = document;

  /* Phones show the sections as one row that scrolls sideways: bring the current section into view. */
  var currentSection = doc.querySelector('.nav a[aria-current="page"]');
  if (currentSection) {
    var row = currentSection.closest(".nav");
    if (row && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = currentSection.offsetLeft - (row.clientWidth - currentSection.offsetWidth) / 2;
    }
  }

  function session(key, value) {
    try {
      if (value === undefined) { return sessionStorage.getItem(key); }
      sessionStorage.setItem(key, value);
    } catch (e) { /* storage unavailable: the links keep their built-in targets */ }
    return null;
  }

  /* Grid or list: remember the choice across pages (localStorage works from file:// too). */
  var KEY = "gen.gallery.layout";
  var radios = doc.querySelectorAll('input[name="layout"]');
  function store(value) { try { localStorage.setItem(KEY, value); } catch (e) { /* private mode */ } }
  try {
    var saved = localStorage.getItem(KEY);
    radios.forEach(function (r) { if (r.value === saved) { r.checked = true; } });
  } catch (e) { /* storage unavailable: keep the default */ }
  radios.forEach(function (r) { r.addEventListener("change", function () { if (r.checked) { store(r.value); } }); });

  /* A gallery page remembers itself (filter, order, page) for this tab, so a detail page's back link returns
     to it rather than to the photographer's first page. Only a gallery of the same organization's tree
     counts: the detail page lies in critiques/photo/, every gallery under critiques/. */
  var BACK = "gen.gallery.back";
  if (doc.querySelector(".gallery-controls")) {
    session(BACK, JSON.stringify({ href: location.href.split("#")[0], label: (doc.querySelector("h1") || {}).textContent || "" }));
  }
  var back = doc.querySelector('a[data-back="gallery"]');
  if (back) {
    var remembered = null;
    try { remembered = JSON.parse(session(BACK) || "null"); } catch (e) { remembered = null; }
    var galleries = new URL("../", location.href).href;
    if (remembered && typeof remembered.href === "string" && remembered.href.indexOf(galleries) === 0) {
      back.href = remembered.href;
      if (remembered.label) { back.textContent = "← " + remembered.label.trim(); }
    }
  }

  /* A remote image that fails to load shows the camera placeholder, not a broken-image glyph. */
  function broken(img) {
    var holder = doc.createElement("span");
    holder.className = "img-unavailable";
    holder.setAttribute("role", "img");
    holder.setAttribute("aria-label", "Image unavailable");
    holder.innerHTML = '<svg aria-hidden="true" focusable="false"><use href="#i-camera"/></svg><span aria-hidden="true">Image unavailable</span>';
    img.replaceWith(holder);
  }
  doc.querySelectorAll("img.remote").forEach(function (img) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) { broken(img); return; }
    img.addEventListener("error", function () { broken(img); });
  });

  /* On a phone a table wider than its box becomes stacked rows, each cell labelled with its column's header,
     so no value hides off the side of the screen (without this file the box scrolls sideways). The roles
     keep it a table for screen readers, which drop them from cells shown as blocks. */
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 600px)") : null;
  function stackTables() {
    doc.querySelectorAll(".table-scroll > table").forEach(function (table) {
      table.classList.remove("stacked");
      if (!narrow || !narrow.matches || !table.tHead || table.scrollWidth <= table.parentElement.clientWidth + 1) { return; }
      var headRow = table.tHead.rows[table.tHead.rows.length - 1];
      var heads = Array.prototype.map.call(headRow.cells, function (c) { return c.textContent.trim(); });
      table.setAttribute("role", "table");
      Array.prototype.forEach.call(table.rows, function (row) {
        row.setAttribute("role", "row");
        var column = 0;
        Array.prototype.forEach.call(row.cells, function (cell) {
          if (row.parentElement !== table.tHead) {
            // A row's own header heads its block; a cell says which column it is.
            cell.setAttribute("data-label", cell.tagName === "TH" ? "" : heads[column] || "");
            cell.setAttribute("role", cell.tagName === "TH" ? "rowheader" : "cell");
          } else {
            cell.setAttribute("role", "columnheader");
          }
          column += cell.colSpan || 1;
        });
      });
      table.classList.add("stacked");
    });
  }
  stackTables();
  var stackLater = null;
  window.addEventListener("resize", function () {
    clearTimeout(stackLater);
    stackLater = setTimeout(stackTables, 100);
  });

  /* Detail viewer: switch photos in place (no jump), arrows on the keyboard. */
  var viewer = doc.querySelector(".viewer");
  if (!viewer) { return; }
  var photos = Array.prototype.slice.call(viewer.querySelectorAll(".viewer-photo"));
  if (photos.length === 0) { return; }
  viewer.classList.add("js");
  var current = 0;
  function show(i, updateHash) {
    if (i < 0 || i >= photos.length) { return; }
    photos[current].classList.remove("is-current");
    current = i;
    photos[current].classList.add("is-current");
    viewer.querySelectorAll(".strip a").forEach(function (a, n) {
      if (n === current) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
    if (updateHash && history.replaceState) { history.replaceState(null, "", "#" + photos[current].id); }
  }
  var start = photos.findIndex(function (p) { return "#" + p.id === location.hash; });
  show(start < 0 ? 0 : start, false);
  viewer.addEventListener("click", function (event) {
    var link = event.target.closest('a[href^="#photo-"]');
    if (!link) { return; }
    var i = photos.findIndex(function (p) { return "#" + p.id === link.getAttribute("href"); });
    if (i < 0) { return; }
    event.preventDefault();
    show(i, true);
  });
  doc.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    if (event.key === "ArrowLeft") { show(current - 1, true); }
    if (event.key === "ArrowRight") { show(current + 1, true); }
  });
})();

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

  /* Sortable tables: a table whose thead is marked class="sortable" in its template (the data tables of the
     statistics, mileage and schools pages; not a report's fields, not route legs; the mark is on the thead so
     that the <table> tag stays as scripts/check-schools reads it) gets a button in each column header that
     sorts its tbody rows by that column, ascending, then descending at the next press (aria-sort on that header,
     an arrow by CSS). A column headed class="num" sorts as numbers ("1,234", "$244.50"); one whose cells are all
     dates ("Oct 3, 2024", "October 2024", or a <time datetime> in the cell) as dates; any other as text, accents
     and case ignored. Ties keep the built order; an empty cell, "—" or a muted placeholder ("No visits yet")
     goes last either way. Rows move whole (a row's th and the stacked labels with it); the tfoot stays put.
     Without this file the headers are plain text and the rows stay in the built order. */
  var MONTHS = "janfebmaraprmayjunjulaugsepoctnovdec";
  var collator = window.Intl ? new Intl.Collator(undefined, { numeric: true, sensitivity: "base" }) : null;
  function lead(cell) {   // the first words of a cell, or null for a placeholder
    var walk = doc.createTreeWalker(cell, NodeFilter.SHOW_TEXT), node;
    while ((node = walk.nextNode()) && !node.data.trim()) { /* skip blank text */ }
    var text = node ? node.data.trim() : "";
    return !text || /^[\u2014\u2013-]$/.test(text) || cell.contains(node.parentElement.closest(".muted")) ? null : text;
  }
  function dateOf(cell, text) {
    var time = cell.querySelector("time[datetime]");
    var iso = time && /^(\d{4})-(\d\d)(?:-(\d\d))?/.exec(time.getAttribute("datetime"));
    if (iso) { return iso[1] * 1e4 + iso[2] * 100 + (+iso[3] || 0); }
    var m = /^([A-Za-z]{3})[a-z]*\.?\s+(?:(\d{1,2}),?\s+)?(\d{4})$/.exec(text || "");
    var month = m ? MONTHS.indexOf(m[1].toLowerCase()) : -1;
    return month >= 0 && month % 3 === 0 ? m[3] * 1e4 + (month / 3 + 1) * 100 + (+m[2] || 0) : NaN;
  }
  function cellAt(row, column) {
    for (var i = 0, at = 0; i < row.cells.length; at += row.cells[i].colSpan || 1, i++) {
      if (at + (row.cells[i].colSpan || 1) > column) { return row.cells[i]; }
    }
    return null;
  }
  function sortBy(table, th, column, built) {
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    Array.prototype.forEach.call(table.tHead.querySelectorAll("th[aria-sort]"), function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    Array.prototype.forEach.call(table.tBodies, function (body) {
      var rows = Array.prototype.map.call(body.rows, function (row) {
        var cell = cellAt(row, column), text = cell && lead(cell);
        return { row: row, i: built.indexOf(row), cell: cell, text: text, date: cell ? dateOf(cell, text) : NaN };
      });
      var kind = th.classList.contains("num") ? "num" : rows.every(function (r) { return !r.text || !isNaN(r.date); }) ? "date" : "text";
      rows.forEach(function (r) {
        r.key = !r.text ? null : kind === "num" ? parseFloat(r.text.replace(/[$,\s]/g, "").replace("\u2212", "-"))
          : kind === "date" ? r.date : r.cell.textContent.replace(/\s+/g, " ").trim();
        if (r.key !== r.key) { r.key = null; }   // NaN: no number in the cell
      });
      rows.sort(function (a, b) {
        if (a.key === null || b.key === null) { return (a.key === null) - (b.key === null) || a.i - b.i; }
        var c = kind !== "text" ? a.key - b.key : collator ? collator.compare(a.key, b.key) : a.key.localeCompare(b.key);
        return dir * c || a.i - b.i;
      });
      rows.forEach(function (r) { body.appendChild(r.row); });
    });
  }
  doc.querySelectorAll("table > thead.sortable").forEach(function (head) {
    var table = head.parentElement, column = 0;
    var built = Array.prototype.slice.call(table.querySelectorAll(":scope > tbody > tr"));
    Array.prototype.forEach.call(head.rows[head.rows.length - 1].cells, function (th) {
      var at = column, button = doc.createElement("button");
      column += th.colSpan || 1;
      if (th.tagName !== "TH") { return; }
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, th, at, built); });
    });
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

  /* Lightbox: a critique's photo (its frame or "Full size") or a report's attached photo (its thumbnail) opens
     full screen over the page, with the other photos of the critique or report. Double-click or double-tap,
     the wheel, a pinch or + - 0 zoom; a zoomed photo pans by dragging (arrow keys too); swipe or the arrow
     keys move between photos; Esc closes and focus goes back to the link that opened it. Without this
     (or without <dialog>) the links open the photo's display file. */
  (function () {
    if (typeof HTMLDialogElement !== "function") { return; }
    var MAX = 4, dlg, stage, img, missing, count, title, sub, zoomB, closeB, prevB, nextB;
    var items = [], at = 0, opener = null, s = 1, x = 0, y = 0, pts = {}, down = null, pinched = false, lastTap = null, lastType = "";
    function el(tag, cls, parent, text) {
      var e = doc.createElement(tag);
      e.className = cls;
      if (text) { e.textContent = text; }
      parent.appendChild(e);
      return e;
    }
    function button(cls, label, glyph, parent, action) {
      var b = el("button", "lb-button " + cls, parent, glyph);
      b.type = "button";
      b.setAttribute("aria-label", label);
      b.addEventListener("click", action);
      return b;
    }
    function words(sel, root) {
      var n = (root || doc).querySelector(sel);
      return n ? n.textContent.replace(/\s+/g, " ").trim() : "";
    }
    function build() {
      dlg = el("dialog", "lightbox", doc.body);
      dlg.setAttribute("aria-label", "Photo viewer");
      var bar = el("div", "lb-bar", dlg);
      count = el("p", "lb-count", bar);
      count.setAttribute("aria-live", "polite");
      zoomB = button("lb-zoom", "Zoom in", "+", bar, function () { zoomAt(s > 1 ? 1 : 2.5); });
      closeB = button("lb-close", "Close", "\u00d7", bar, function () { dlg.close(); });
      stage = el("div", "lb-stage", dlg);
      img = el("img", "lb-img", stage);
      img.draggable = false;
      img.addEventListener("error", function () { if (img.getAttribute("src")) { shown(false); } });
      missing = el("p", "lb-missing", stage, "Image unavailable");
      prevB = button("lb-prev", "Previous photo", "\u2039", dlg, function () { go(at - 1); });
      nextB = button("lb-next", "Next photo", "\u203a", dlg, function () { go(at + 1); });
      var caption = el("p", "lb-caption", dlg);
      title = el("span", "lb-title", caption);
      sub = el("span", "lb-sub", caption);
      dlg.addEventListener("close", function () {
        doc.documentElement.classList.remove("lb-open");
        pts = {};
        if (opener) { opener.focus(); }
      });
      stage.addEventListener("pointerdown", pointerDown);
      stage.addEventListener("pointermove", pointerMove);
      stage.addEventListener("pointerup", pointerUp);
      stage.addEventListener("pointercancel", pointerUp);
      stage.addEventListener("dblclick", function (e) { if (lastType === "mouse") { zoomAt(s > 1 ? 1 : 2.5, e.clientX, e.clientY); } });
      stage.addEventListener("wheel", function (e) {
        e.preventDefault();
        zoomAt(s * Math.exp(-e.deltaY * (e.deltaMode ? 0.05 : 0.002)), e.clientX, e.clientY, true);
      }, { passive: false });
      window.addEventListener("resize", function () { if (dlg.open) { clamp(); apply(); } });
    }
    function apply(instant) {
      img.classList.toggle("lb-animate", !instant);
      img.style.transform = "translate(" + x + "px, " + y + "px) scale(" + s + ")";
      dlg.classList.toggle("lb-zoomed", s > 1);
      zoomB.textContent = s > 1 ? "\u2212" : "+";
      zoomB.setAttribute("aria-label", s > 1 ? "Zoom out" : "Zoom in");
    }
    /* Zoomed, the photo may move until its edge meets the screen's edge, never further. */
    function clamp() {
      var mx = Math.max(0, (img.offsetWidth * s - stage.clientWidth) / 2), my = Math.max(0, (img.offsetHeight * s - stage.clientHeight) / 2);
      x = Math.min(mx, Math.max(-mx, x));
      y = Math.min(my, Math.max(-my, y));
    }
    /* Zoom to `next`, the point (px, py) of the screen (else the middle) staying where it is. */
    function zoomAt(next, px, py, instant) {
      var r = stage.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      next = img.hidden ? 1 : Math.min(MAX, Math.max(1, next));
      if (px === undefined) { px = cx; py = cy; }
      x = px - cx - (px - cx - x) * next / s;
      y = py - cy - (py - cy - y) * next / s;
      s = next;
      clamp();
      apply(instant);
    }
    function shown(ok) {
      img.hidden = zoomB.hidden = !ok;
      missing.hidden = ok;
      var a = doc.activeElement;
      if (a && a.hidden) { (a === zoomB ? closeB : prevB.hidden ? nextB : prevB).focus(); }
    }
    function go(i) {
      if (i < 0 || i >= items.length) { return; }
      var item = items[i];
      at = i;
      s = 1; x = 0; y = 0;
      apply(true);
      if (item.src) { img.src = item.src; } else { img.removeAttribute("src"); }
      img.alt = item.alt;
      count.textContent = items.length > 1 ? (i + 1) + " of " + items.length : "";
      title.textContent = item.title;
      sub.textContent = item.sub;
      prevB.hidden = i === 0;
      nextB.hidden = i === items.length - 1;
      shown(!!item.src);
      [items[i - 1], items[i + 1]].forEach(function (n) { if (n && n.src) { new Image().src = n.src; } });
    }
    function pointerDown(e) {
      lastType = e.pointerType;
      if (e.button > 0) { return; }
      stage.setPointerCapture(e.pointerId);
      if (Object.keys(pts).length === 0) { down = { x: e.clientX, y: e.clientY, t: Date.now() }; pinched = false; }
      pts[e.pointerId] = { x: e.clientX, y: e.clientY };
    }
    function pointerMove(e) {
      var p = pts[e.pointerId], ids = Object.keys(pts);
      if (!p) { return; }
      if (ids.length === 2) {
        var o = pts[ids[0] === String(e.pointerId) ? ids[1] : ids[0]];
        var before = Math.hypot(p.x - o.x, p.y - o.y), after = Math.hypot(e.clientX - o.x, e.clientY - o.y);
        x += (e.clientX - p.x) / 2;
        y += (e.clientY - p.y) / 2;
        zoomAt(before ? s * after / before : s, (e.clientX + o.x) / 2, (e.clientY + o.y) / 2, true);
        pinched = true;
      } else if (ids.length === 1) {
        x += e.clientX - p.x;
        if (s > 1) { y += e.clientY - p.y; clamp(); }
        apply(true);
      }
      p.x = e.clientX;
      p.y = e.clientY;
    }
    function pointerUp(e) {
      if (!pts[e.pointerId]) { return; }
      delete pts[e.pointerId];
      if (Object.keys(pts).length || !down) { return; }
      var dx = e.clientX - down.x, dy = e.clientY - down.y, now = Date.now();
      if (s === 1 && !pinched && e.type === "pointerup" && Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy)) {
        var before = at;
        go(at + (dx < 0 ? 1 : -1));
        if (at !== before) { return; }
      }
      if (s === 1) { x = 0; y = 0; apply(); }
      if (e.pointerType === "mouse" || pinched || Math.abs(dx) > 10 || Math.abs(dy) > 10 || now - down.t > 300) { return; }
      if (lastTap && now - lastTap.t < 350 && Math.hypot(e.clientX - lastTap.x, e.clientY - lastTap.y) < 40) {
        zoomAt(s > 1 ? 1 : 2.5, e.clientX, e.clientY);
        lastTap = null;
      } else {
        lastTap = { t: now, x: e.clientX, y: e.clientY };
      }
    }
    function open(list, i, from) {
      if (!dlg) { build(); }
      items = list;
      opener = from;
      doc.documentElement.classList.add("lb-open");
      dlg.showModal();
      go(i);
      closeB.focus();
    }
    doc.addEventListener("keydown", function (e) {
      if (!dlg || !dlg.open || e.altKey || e.ctrlKey || e.metaKey) { return; }
      var k = e.key, step = 0.1 * stage.clientWidth;
      if (k === "Escape") { dlg.close(); }
      else if (s > 1 && /^Arrow/.test(k)) {
        x += k === "ArrowLeft" ? step : k === "ArrowRight" ? -step : 0;
        y += k === "ArrowUp" ? step : k === "ArrowDown" ? -step : 0;
        clamp();
        apply();
      }
      else if (k === "ArrowLeft" || k === "ArrowRight") { go(at + (k === "ArrowLeft" ? -1 : 1)); }
      else if (k === "+" || k === "=") { zoomAt(s * 1.5); }
      else if (k === "-" || k === "_") { zoomAt(s / 1.5); }
      else if (k === "0") { zoomAt(1); }
      else { return; }
      e.preventDefault();
      e.stopPropagation();   // not the page's own photo switching below
    }, true);
    doc.addEventListener("click", function (e) {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !e.target.closest) { return; }
      var a = e.target.closest(".viewer-open, .viewer .step.full, a.file-thumb");
      if (!a) { return; }
      e.preventDefault();
      if (a.classList.contains("file-thumb")) {
        var report = a.closest(".report") || doc, heading = words(".report-head h2", report) || words("h1");
        var thumbs = Array.prototype.slice.call(report.querySelectorAll("a.file-thumb"));
        open(thumbs.map(function (t) {
          var name = t.querySelector("img") ? t.querySelector("img").alt : "";
          return { src: t.href, alt: name, title: name, sub: heading };
        }), thumbs.indexOf(a), a);
        return;
      }
      var figures = Array.prototype.slice.call(a.closest(".viewer").querySelectorAll(".viewer-photo"));
      var what = words(".detail-head h1"), when = [words(".detail-head .badge"), words(".info-panel time")].filter(Boolean).join(" \u00b7 ");
      open(figures.map(function (f) {
        var full = f.querySelector(".step.full"), picture = f.querySelector(".viewer-frame img");
        return { src: full ? full.href : picture ? picture.src : "", alt: picture ? picture.alt : "", title: what, sub: when };
      }), figures.indexOf(a.closest(".viewer-photo")), a);
    });
  })();

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
